import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { Brand } from './brand';
import { Icon } from './icons';
import { LanguageSwitcher } from './language-switcher';
import { boxedWidth, mainNavigationId, navbarHeight, type ShellLayout } from './layout-state';
import { Search } from './search';
import { ShortcutsMenu } from './shortcuts-menu';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

const useScrolled = (): boolean => {
  const [scrolled, setScrolled] = useState(() => window.scrollY > 0);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return scrolled;
};

/**
 * The bar itself: what MUI's sticky AppBar is (a square, flat Paper as <header>, so the bordered
 * skin outlines it as it does every flat surface), without the module.
 */
const NavbarRoot = styled(Paper)(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  boxSizing: 'border-box',
  flexShrink: 0,
  position: 'sticky',
  zIndex: theme.zIndex.appBar,
  top: 0,
  color: 'inherit',
})) as typeof Paper;

/** The row of tools: MUI's Toolbar at its regular height. */
const NavbarRow = styled('div')({ position: 'relative', display: 'flex', alignItems: 'center' });

/**
 * The navbar (docs/product.md#shell, #behaviour): sticky (blurred over the page once it scrolls, when blur is
 * on) or hidden; the navigation toggle in overlay mode; search, language, theme, shortcuts, notifications, user menu.
 */
export const Navbar = ({
  layout,
  blur,
  navOpen,
  onOpenNav,
}: {
  layout: ShellLayout;
  blur: boolean;
  navOpen: boolean;
  onOpenNav: () => void;
}) => {
  const { t } = useTranslation();
  const scrolled = useScrolled();
  if (layout.navbar === 'hidden') return null;
  const floating = scrolled && blur;
  return (
    <NavbarRoot
      component="header"
      square
      elevation={0}
      sx={{
        bgcolor: floating ? 'transparent' : 'background.paper',
        backgroundImage: 'none',
        backdropFilter: floating ? 'blur(10px)' : 'none',
        background: floating ? 'rgba(var(--mui-palette-background-paperChannel) / 0.82)' : undefined,
        borderBottom: 1,
        borderColor: 'divider',
        boxShadow: scrolled ? 2 : 'none',
        transition: 'box-shadow 150ms',
      }}
    >
      <NavbarRow
        sx={{
          minHeight: navbarHeight,
          gap: { xs: 0.5, sm: 1 },
          width: '100%',
          mx: 'auto',
          px: { xs: 1.5, md: 3 },
          maxWidth: layout.boxed && layout.nav === 'horizontal' ? boxedWidth : 'none',
        }}
      >
        {layout.overlay ? (
          <IconButton
            edge="start"
            aria-label={t('nav.open')}
            aria-expanded={navOpen}
            aria-controls={mainNavigationId}
            onClick={onOpenNav}
          >
            <Icon name="menu" />
          </IconButton>
        ) : null}
        {layout.nav === 'horizontal' || layout.overlay ? (
          <Box sx={{ mx: 1, display: { xs: layout.overlay ? 'none' : 'block', sm: 'block' } }}>
            <Brand />
          </Box>
        ) : null}
        <Search compact={layout.overlay} />
        <Box sx={{ flex: 1 }} />
        <LanguageSwitcher />
        <ThemeSwitcher />
        <ShortcutsMenu />
        <NotificationBell />
        <UserMenu />
      </NavbarRow>
    </NavbarRoot>
  );
};
