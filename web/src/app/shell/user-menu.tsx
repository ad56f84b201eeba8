import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { Icon, type IconName } from './icons';
import { visuallyHidden } from './nav-links';
import { ShellMenu } from './shell-menu';

const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

interface UserLink {
  readonly key: 'profile' | 'settings' | 'plans';
  readonly to: string;
  readonly icon: IconName;
  readonly allowed: boolean;
}

/**
 * The signed-in user's menu: who is signed in, their profile, settings and plan, and sign out
 * (which revokes the session on the server and clears the stored values).
 */
export const UserMenu = () => {
  const { t } = useTranslation();
  const session = useSession();
  const ability = useAppAbility();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = typeof session.userData?.fullName === 'string' ? session.userData.fullName : '';
  const role = typeof session.userData?.role === 'string' ? session.userData.role : '';
  const avatar = typeof session.userData?.avatar === 'string' ? session.userData.avatar : undefined;
  const roleLabel = role === 'admin' || role === 'client' ? t(`shell.user.roles.${role}`) : role;

  const links: UserLink[] = [
    { key: 'profile', to: '/user/view', icon: 'person', allowed: ability.can('read', 'User') },
    { key: 'settings', to: '/user/view?tab=settings', icon: 'settings', allowed: ability.can('read', 'User') },
    { key: 'plans', to: '/information/plans', icon: 'card', allowed: ability.can('read', 'Plan') },
  ];

  const onSignOut = () => {
    setAnchor(null);
    signOut.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
  };

  const picture = (size: number) => (
    <Avatar
      src={avatar}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: size * 0.4 }}
    >
      {initialsOf(name)}
    </Avatar>
  );

  return (
    <>
      <ButtonBase
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ borderRadius: '50%', position: 'relative' }}
      >
        {/* Named by hidden text rather than aria-label: the initials are not part of the name. */}
        <Box component="span" sx={visuallyHidden}>
          {name ? t('shell.user.button', { name }) : t('shell.user.buttonAnonymous')}
        </Box>
        <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
          {picture(38)}
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
      <ShellMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('shell.user.menu') } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25 }} role="presentation">
          {picture(40)}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap data-testid="signed-in-user">
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {roleLabel}
            </Typography>
          </Box>
        </Box>
        <Divider />
        {links
          .filter((link) => link.allowed)
          .map((link) => (
            <MenuItem key={link.key} component={RouterLink} to={link.to} onClick={() => setAnchor(null)}>
              <ListItemIcon>
                <Icon name={link.icon} fontSize="small" />
              </ListItemIcon>
              {t(`shell.user.${link.key}`)}
            </MenuItem>
          ))}
        <Divider />
        <MenuItem onClick={onSignOut} disabled={signOut.isPending}>
          <ListItemIcon>
            <Icon name="logout" fontSize="small" />
          </ListItemIcon>
          {signOut.isPending ? t('account.signingOut') : t('account.signOut')}
        </MenuItem>
      </ShellMenu>
    </>
  );
};
