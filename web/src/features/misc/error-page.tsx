import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from '../../shared/ui/page-title';

interface ErrorPageProps {
  /** The document title, exactly as spec §8 gives it. */
  readonly documentTitle: string;
  readonly status: number;
  readonly heading: string;
  readonly message: string;
  readonly action: ReactNode;
}

/** The not-found, not-authorized and server-error pages share this shape. */
export const ErrorPage = ({ documentTitle, status, heading, message, action }: ErrorPageProps) => (
  <Stack
    component="section"
    aria-labelledby="error-heading"
    spacing={2}
    sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560, mx: 'auto', py: 6 }}
  >
    <PageTitle exact={documentTitle} />
    <Typography aria-hidden variant="h1" component="p" color="primary" sx={{ fontWeight: 700 }}>
      {status}
    </Typography>
    <Typography id="error-heading" variant="h4" component="h1">
      {heading}
    </Typography>
    <Typography color="text.secondary">{message}</Typography>
    <div>{action}</div>
  </Stack>
);
