import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A list page's header: its h1 (with the id the page's section is labelled by), a line under
 * it, and the page's main action at the end, below them on a phone.
 */
export const PageHeader = ({
  headingId,
  title,
  subtitle,
  action,
}: {
  headingId: string;
  title: string;
  subtitle: string;
  action?: ReactNode;
}) => (
  <Stack
    direction={{ xs: 'column', sm: 'row' }}
    spacing={2}
    sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-end' } }}
  >
    <Box>
      <Typography id={headingId} variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
    </Box>
    {action}
  </Stack>
);
