import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../shared/ui/page-title';

interface AuthCardProps {
  readonly title: string;
  readonly heading: string;
  readonly subtitle?: string;
  readonly children: ReactNode;
}

/** The card every signed-out page sits in, with its own heading and document title. */
export const AuthCard = ({ title, heading, subtitle, children }: AuthCardProps) => (
  <Paper
    component="section"
    aria-labelledby="auth-heading"
    variant="outlined"
    sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 5 } }}
  >
    <PageTitle title={title} />
    <Stack spacing={1} sx={{ mb: 3 }}>
      <Typography id="auth-heading" variant="h5" component="h1">
        {heading}
      </Typography>
      {subtitle ? <Typography color="text.secondary">{subtitle}</Typography> : null}
    </Stack>
    {children}
  </Paper>
);
