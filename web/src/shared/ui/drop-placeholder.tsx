import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The dashed slot an empty board column shows: a list item, so the column stays a list. */
export const DropPlaceholder = ({ children }: { readonly children: ReactNode }) => (
  <Box
    component="li"
    sx={{
      border: 1,
      borderStyle: 'dashed',
      borderColor: 'divider',
      borderRadius: 1,
      p: 2,
      textAlign: 'center',
      color: 'text.secondary',
      typography: 'body2',
    }}
  >
    {children}
  </Box>
);
