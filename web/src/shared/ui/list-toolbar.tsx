import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { ProgressBar } from './progress-bar';

/**
 * A list page's filter row: the fields side by side, wrapping, stacked on phones. Under it a
 * 4 px strip that shows an indeterminate bar while the list reloads, so the page does not jump.
 */
export const ListToolbar = ({
  children,
  fetching,
  fetchingLabel,
}: {
  readonly children: ReactNode;
  /** True while the list (re)loads. */
  readonly fetching: boolean;
  /** The progress bar's accessible name ("Loading…"). */
  readonly fetchingLabel: string;
}) => (
  <>
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ p: 2, flexWrap: 'wrap' }}>
      {children}
    </Stack>
    <Box sx={{ height: 4 }}>{fetching ? <ProgressBar aria-label={fetchingLabel} /> : null}</Box>
  </>
);
