import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppAbility } from '../../shared/session/use-session';
import { canSeeNavItem, navItems, type NavItem } from '../layouts/nav-items';
import { NavIcon } from './icons';
import { OverlayIcon } from './overlay-icons';
import { defaultShortcuts, maxShortcuts, setShortcuts, toggleShortcut, useShortcuts } from './shortcuts';

const Tile = ({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) => {
  const { t } = useTranslation();
  return (
    <ButtonBase
      component={RouterLink}
      to={item.href}
      onClick={onNavigate}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: 2,
        borderRadius: 2,
        textAlign: 'center',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 48,
          height: 48,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.selected',
          color: 'text.primary',
        }}
      >
        <NavIcon name={item.name} />
      </Box>
      <Typography variant="subtitle2" component="span">
        {t(`nav.items.${item.name}`)}
      </Typography>
    </ButtonBase>
  );
};

/** The shortcuts grid, and its editor: tick the pages to pin (up to eight), kept in a cookie. */
export const ShortcutsPanel = ({ onNavigate }: { onNavigate: () => void }) => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const shortcuts = useShortcuts();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const allowed = navItems.filter((item) => canSeeNavItem(item, ability));
  const pinned = shortcuts
    .map((name) => allowed.find((item) => item.name === name))
    .filter((item): item is NavItem => item !== undefined);

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5 }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1, fontSize: '1.05rem' }}>
          {t('shortcuts.title')}
        </Typography>
        <IconButton
          size="small"
          aria-pressed={editing}
          aria-label={t('shortcuts.edit')}
          onClick={() => setEditing((current) => !current)}
        >
          <OverlayIcon name={editing ? 'check' : 'edit'} fontSize="small" />
        </IconButton>
      </Box>
      <Divider />
      {editing ? (
        <Box sx={{ px: 2, py: 1.5 }} role="group" aria-labelledby={headingId}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('shortcuts.editHint', { count: maxShortcuts })}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr' }}>
            {allowed.map((item) => {
              const checked = shortcuts.includes(item.name);
              return (
                <FormControlLabel
                  key={item.name}
                  control={
                    <Checkbox
                      size="small"
                      checked={checked}
                      disabled={!checked && shortcuts.length >= maxShortcuts}
                      onChange={() => toggleShortcut(item.name)}
                    />
                  }
                  label={t(`nav.items.${item.name}`)}
                />
              );
            })}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1 }}>
            <Button size="small" onClick={() => setShortcuts(defaultShortcuts)}>
              {t('shortcuts.restore')}
            </Button>
            <Button size="small" variant="contained" onClick={() => setEditing(false)}>
              {t('shortcuts.done')}
            </Button>
          </Box>
        </Box>
      ) : pinned.length > 0 ? (
        <Box
          component="nav"
          aria-labelledby={headingId}
          sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5, p: 1 }}
        >
          {pinned.map((item) => (
            <Tile key={item.name} item={item} onNavigate={onNavigate} />
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {t('shortcuts.empty')}
        </Typography>
      )}
    </Box>
  );
};
