import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out';
import { roleLabel } from '../../shared/i18n/role-label';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { useMenuButton } from '../../shared/ui/use-menu-button';
import { lazyShellMenu } from './shell-menu';
import { UserAvatar } from './user-avatar';
import type { UserLink } from './user-menu-items';

const { LazyShellMenu: AccountMenu, preload } = lazyShellMenu(
  async () => (await import('./user-menu-items')).UserMenuItems,
);

/**
 * The signed-in user's menu: who is signed in, their profile, settings and plan, and sign out
 * (which revokes the session on the server and clears the stored values). Signing out lives here,
 * not in the menu's items, so it completes after the menu has closed.
 */
export const UserMenu = () => {
  const { t } = useTranslation();
  const session = useSession();
  const ability = useAppAbility();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const menu = useMenuButton(preload);
  const name = typeof session.userData?.fullName === 'string' ? session.userData.fullName : '';
  const role = typeof session.userData?.role === 'string' ? session.userData.role : '';
  const avatar = typeof session.userData?.avatar === 'string' ? session.userData.avatar : undefined;
  const userId = typeof session.userData?.id === 'string' ? session.userData.id : '';
  const label = roleLabel(t, role);

  const links = (
    [
      { key: 'profile', to: '/user/view', icon: 'person', allowed: ability.can('read', 'User') },
      { key: 'settings', to: '/user/view?tab=security', icon: 'settings', allowed: ability.can('read', 'User') },
      { key: 'plans', to: '/information/plans', icon: 'card', allowed: ability.can('read', 'Plan') },
    ] satisfies (UserLink & { allowed: boolean })[]
  ).filter((link) => link.allowed);

  const onSignOut = () => {
    menu.close();
    signOut.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };

  return (
    <>
      <ButtonBase {...menu.buttonProps} sx={{ borderRadius: '50%', position: 'relative' }}>
        {/* Named by hidden text rather than aria-label: the initials are not part of the name. */}
        <Box component="span" sx={visuallyHidden}>
          {name ? t('shell.user.button', { name }) : t('shell.user.buttonAnonymous')}
        </Box>
        <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
          <UserAvatar userId={userId} name={name} src={avatar} size={38} />
        </Box>
        <Box
          component="span"
          aria-hidden
          sx={{
            position: 'absolute',
            insetInlineEnd: 0,
            bottom: 0,
            width: 11,
            height: 11,
            borderRadius: '50%',
            bgcolor: 'success.main',
            border: 2,
            borderColor: 'background.paper',
          }}
        />
      </ButtonBase>
      <AccountMenu
        {...menu.menuProps}
        slotProps={{ list: { 'aria-label': t('shell.user.menu') } }}
        items={{
          userId,
          name,
          roleLabel: label,
          avatar,
          links,
          signingOut: signOut.isPending,
          onNavigate: menu.close,
          onSignOut,
        }}
      />
    </>
  );
};
