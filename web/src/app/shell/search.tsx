import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';

const loadDialog = () => import('./search-dialog');
const SearchDialog = lazy(async () => ({ default: (await loadDialog()).SearchDialog }));

const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Ctrl+K (⌘K on a Mac) opens the search from anywhere, inputs included, as in most dashboards. */
export const isSearchHotkey = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) =>
  event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/**
 * The navbar's search: a button that looks like a search field, and the hotkey. The dialog (its
 * code loads on first use) searches the pages this user may open.
 */
export const Search = ({ compact }: { compact: boolean }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const hotkey = isMac() ? '⌘K' : 'Ctrl+K';

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchHotkey(event)) return;
      event.preventDefault();
      setUsed(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <ButtonBase
        // Compact, the button is an icon: it needs a name. Otherwise its visible text is its name.
        aria-label={compact ? t('search.button', { hotkey }) : undefined}
        aria-haspopup="dialog"
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        sx={{
          gap: 1,
          px: compact ? 1 : 1.5,
          py: 1,
          borderRadius: 2,
          color: 'text.secondary',
          justifyContent: 'flex-start',
          minWidth: compact ? 0 : 220,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Icon name="search" />
        {compact ? null : (
          <>
            <Box component="span" sx={{ flex: 1, textAlign: 'start' }}>
              {t('search.placeholder')}
            </Box>
            <Box
              component="kbd"
              aria-hidden
              sx={{
                fontFamily: 'inherit',
                fontSize: '0.75rem',
                px: 0.75,
                py: 0.25,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              }}
            >
              {hotkey}
            </Box>
          </>
        )}
      </ButtonBase>
      {used ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
