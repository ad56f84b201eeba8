import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import SvgIcon from '@mui/material/SvgIcon';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useMatches, useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out';
import { appName } from '../../shared/config';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { LanguageSelect } from '../../shared/ui/language-select';
import { isRouteHandle } from '../routing/route-handle';
import { canSeeNavItem, isNavItemActive, navItems } from './nav-items';

const drawerWidth = 260;
const menuIcon = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The routes' handles for the current location, innermost last. */
const useMatchedHandles = () =>
  useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle);

const Navigation = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const handles = useMatchedHandles();
  return (
    <Box component="nav" aria-label={t('nav.label')}>
      <List>
        {navItems
          .filter((item) => canSeeNavItem(item, ability))
          .map((item) => {
            const active = isNavItemActive(item, handles);
            const label = t(`nav.items.${item.name}`);
            return (
              <li key={item.name}>
                {item.external ? (
                  <ListItemButton component="a" href={item.href} target="_blank" rel="noopener noreferrer">
                    <ListItemText primary={label} />
                    <Box component="span" sx={visuallyHidden}>
                      ({t('nav.opensInNewTab')})
                    </Box>
                    <Box component="span" aria-hidden sx={{ color: 'text.secondary' }}>
                      ↗
                    </Box>
                  </ListItemButton>
                ) : (
                  <ListItemButton
                    component={RouterLink}
                    to={item.href}
                    selected={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={onNavigate}
                  >
                    <ListItemText primary={label} />
                  </ListItemButton>
                )}
              </li>
            );
          })}
      </List>
    </Box>
  );
};

/**
 * Spec §2 default layout, kept minimal until the shell issue: an app bar (name, language, the
 * signed-in user, sign out), a navigation of the routes this user may open, and the page. Below
 * 1280 px (spec §9) the navigation becomes an overlay drawer. Fixed-layout pages (chat, email)
 * get a content area exactly as tall as the window.
 */
export const DefaultLayout = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const session = useSession();
  const signOut = useSignOut();
  const leaf = useMatchedHandles().at(-1);
  const fixedHeight = leaf?.layout === 'fixed';
  const userName = typeof session.userData?.fullName === 'string' ? session.userData.fullName : '';

  const onSignOut = () => {
    signOut.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };

  return (
    <Box
      className={['layout-wrapper', leaf?.layoutWrapperClasses].filter(Boolean).join(' ')}
      sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}
    >
      <Link
        href="#main-content"
        sx={{
          ...visuallyHidden,
          '&:focus': {
            position: 'fixed',
            width: 'auto',
            height: 'auto',
            clip: 'auto',
            zIndex: 'tooltip',
            p: 1,
            bgcolor: 'background.paper',
          },
        }}
      >
        {t('app.skipToContent')}
      </Link>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider', zIndex: (th) => th.zIndex.drawer + 1 }}
      >
        <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
          {wide ? null : (
            <IconButton
              edge="start"
              aria-label={t('nav.open')}
              aria-expanded={drawerOpen}
              aria-controls="main-navigation"
              onClick={() => setDrawerOpen(true)}
            >
              <SvgIcon>
                <path d={menuIcon} />
              </SvgIcon>
            </IconButton>
          )}
          <Link component={RouterLink} to="/" underline="none" variant="h6" sx={{ fontWeight: 700 }}>
            {appName}
          </Link>
          <Box sx={{ flex: 1 }} />
          <LanguageSelect />
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center' }}
            aria-label={t('account.menuLabel')}
            role="group"
          >
            {userName ? (
              <Typography variant="body2" sx={{ display: { xs: 'none', md: 'block' } }} data-testid="signed-in-user">
                {t('account.signedInAs', { name: userName })}
              </Typography>
            ) : null}
            <Button variant="outlined" onClick={onSignOut} disabled={signOut.isPending} sx={{ whiteSpace: 'nowrap' }}>
              {signOut.isPending ? t('account.signingOut') : t('account.signOut')}
            </Button>
          </Stack>
        </Toolbar>
      </AppBar>
      <Drawer
        id="main-navigation"
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || drawerOpen}
        onClose={() => setDrawerOpen(false)}
        sx={{
          width: drawerWidth,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: drawerWidth, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Divider />
        <Navigation onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
      <Box
        component="main"
        id="main-content"
        tabIndex={-1}
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          p: { xs: 2, md: 3 },
          ...(fixedHeight ? { height: '100dvh', overflow: 'hidden' } : {}),
        }}
      >
        <Toolbar />
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <Outlet />
        </Box>
      </Box>
    </Box>
  );
};
