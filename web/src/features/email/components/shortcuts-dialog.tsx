import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { shortcutActions, shortcutKeys } from './shortcuts';

/** `?`: the keyboard shortcuts (shortcuts.ts). */
export const ShortcutsDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} data-testid="email-shortcuts">
      <DialogTitle id={titleId}>{t('email.shortcuts.title')}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
          {shortcutActions.map((action) => (
            <Box key={action} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ m: 0 }}>
                <Box
                  component="kbd"
                  sx={{ px: 1, py: 0.25, border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: 'monospace' }}
                >
                  {shortcutKeys[action]}
                </Box>
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {t(`email.shortcuts.${action}`)}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('email.shortcuts.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
