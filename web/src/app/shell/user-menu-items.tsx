import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { OverlayIcon, type OverlayIconName } from './overlay-icons';
import { setCustomizerOpen } from './customizer-state';
import { UserAvatar } from './user-avatar';

export interface UserLink {
  readonly key: 'profile' | 'settings' | 'plans';
  readonly to: string;
  readonly icon: OverlayIconName;
}

interface UserMenuItemsProps {
  readonly userId: string;
  readonly name: string;
  readonly roleLabel: string;
  readonly avatar: string | undefined;
  /** The links this user may follow. */
  readonly links: readonly UserLink[];
  readonly signingOut: boolean;
  readonly onNavigate: () => void;
  readonly onSignOut: () => void;
}

/**
 * The user menu's content (loaded with the menu: see ShellMenu): who is signed in, their links,
 * and sign out.
 */
export const UserMenuItems = ({
  name,
  roleLabel,
  userId,
  avatar,
  links,
  signingOut,
  onNavigate,
  onSignOut,
}: UserMenuItemsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1.25 }} role="presentation">
        <UserAvatar userId={userId} name={name} src={avatar} size={40} />
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
      {links.map((link) => (
        <MenuItem key={link.key} component={RouterLink} to={link.to} onClick={onNavigate}>
          <ListItemIcon>
            <OverlayIcon name={link.icon} fontSize="small" />
          </ListItemIcon>
          {t(`shell.user.${link.key}`)}
        </MenuItem>
      ))}
      <MenuItem
        onClick={() => {
          onNavigate();
          setCustomizerOpen(true);
        }}
      >
        <ListItemIcon>
          <OverlayIcon name="settings" fontSize="small" />
        </ListItemIcon>
        {t('customizer.title')}
      </MenuItem>
      <Divider />
      <MenuItem onClick={onSignOut} disabled={signingOut}>
        <ListItemIcon>
          <OverlayIcon name="logout" fontSize="small" />
        </ListItemIcon>
        {signingOut ? t('account.signingOut') : t('account.signOut')}
      </MenuItem>
    </>
  );
};
