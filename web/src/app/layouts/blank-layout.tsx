import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Outlet, Link as RouterLink } from 'react-router';
import { appName } from '../../shared/config';
import { LanguageSelect } from '../../shared/ui/language-select';

/** Spec §2 blank layout: sign-in, registration, recovery and the error pages, without the shell. */
export const BlankLayout = () => (
  <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
    <Stack
      component="header"
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}
    >
      <Link component={RouterLink} to="/" underline="none" variant="h6" sx={{ fontWeight: 700 }}>
        {appName}
      </Link>
      <LanguageSelect />
    </Stack>
    <Box
      component="main"
      id="main-content"
      sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 6 }}
    >
      <Outlet />
    </Box>
  </Box>
);
