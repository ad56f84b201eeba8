import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppAbility } from '../../shared/session/use-session';
import { canSeeNavItem, navItems } from '../layouts/nav-items';
import { NavIcon } from './icons';
import { OverlayIcon } from './overlay-icons';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { useDataSearch } from './search-data';
import { pageEntries, searchEntries, type SearchEntry } from './search-index';

/**
 * The search dialog (Ctrl/Cmd+K): a combobox over the pages this user may open (docs/product.md#roles: only
 * what their rules allow) and, from two characters on, the projects and the people the APIs let
 * them see (search-data.ts). Arrow keys move through every group, Enter opens, Escape closes.
 */
export const SearchDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const titleId = useId();

  const entries = useMemo(
    () =>
      pageEntries(
        navItems.filter((item) => canSeeNavItem(item, ability)),
        (item) => t(`nav.items.${item.name}`),
      ),
    [ability, t],
  );
  const pages = useMemo(() => searchEntries(entries, query), [entries, query]);
  const data = useDataSearch(query);
  const groups = [
    { key: 'pages', label: t('search.pages'), entries: pages },
    ...data.groups.map((group) => ({ key: group.key, label: t(`search.${group.key}`), entries: group.entries })),
  ].filter((group) => group.key === 'pages' || group.entries.length > 0);
  // One list for the keyboard: the groups' entries in order.
  const results = groups.flatMap((group) => group.entries);
  const activeIndex = Math.min(active, Math.max(results.length - 1, 0));

  const close = () => {
    onClose();
    setQuery('');
    setActive(0);
  };

  const openEntry = (entry: SearchEntry) => {
    close();
    void navigate(entry.href);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = results[activeIndex];
      if (entry) openEntry(entry);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: { mt: { xs: 2, sm: '10vh' } } } }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        {t('search.title')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2.5,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <OverlayIcon name="search" sx={{ color: 'text.secondary' }} />
        <InputBase
          autoFocus
          fullWidth
          value={query}
          placeholder={t('search.placeholder')}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          slotProps={{
            input: {
              role: 'combobox',
              'aria-label': t('search.inputLabel'),
              'aria-expanded': true,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': results.length > 0 ? optionId(activeIndex) : undefined,
            },
          }}
          sx={{ fontSize: '1.05rem' }}
        />
        <Box
          component="kbd"
          sx={{
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            px: 0.75,
            py: 0.25,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            color: 'text.secondary',
          }}
        >
          Esc
        </Box>
      </Box>
      <Box sx={{ maxHeight: '60vh', overflowY: 'auto', py: 1 }}>
        <Box component="div" role="listbox" id={listId} aria-label={t('search.title')}>
          {groups.map((group) => {
            const first = results.indexOf(group.entries[0] as SearchEntry);
            const labelId = `${listId}-${group.key}`;
            return group.entries.length === 0 ? null : (
              <Box
                key={group.key}
                component="ul"
                role="group"
                aria-labelledby={labelId}
                sx={{ listStyle: 'none', m: 0, p: 0, px: 1 }}
              >
                <Typography
                  variant="overline"
                  component="li"
                  role="presentation"
                  color="text.secondary"
                  sx={{ display: 'block', px: 1.5 }}
                  id={labelId}
                >
                  {group.label}
                </Typography>
                {group.entries.map((entry, offset) => {
                  const index = first + offset;
                  return (
                    <Box
                      component="li"
                      key={entry.id}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === activeIndex}
                      onMouseMove={() => setActive(index)}
                      onClick={() => openEntry(entry)}
                      sx={{
                        display: 'flex',
                        alignItems: 'center',
                        gap: 1.5,
                        px: 1.5,
                        py: 1.25,
                        borderRadius: 1.5,
                        cursor: 'pointer',
                        bgcolor: index === activeIndex ? 'action.selected' : 'transparent',
                      }}
                    >
                      <NavIcon name={entry.icon} fontSize="small" sx={{ color: 'text.secondary' }} />
                      <Box sx={{ flex: 1, minWidth: 0 }}>
                        <Typography variant="body1">{entry.label}</Typography>
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          dir={entry.detail ? undefined : 'ltr'}
                          component="p"
                        >
                          {entry.detail ?? entry.href}
                        </Typography>
                      </Box>
                      {index === activeIndex ? (
                        <OverlayIcon name="enter" fontSize="small" sx={{ color: 'text.secondary' }} />
                      ) : null}
                    </Box>
                  );
                })}
              </Box>
            );
          })}
        </Box>
        {data.searching ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 1 }} role="status">
            {t('search.searching')}
          </Typography>
        ) : null}
        {results.length === 0 && !data.searching ? (
          <Typography color="text.secondary" sx={{ px: 2.5, py: 3, textAlign: 'center' }} role="status">
            {t('search.noResults', { query })}
          </Typography>
        ) : null}
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          px: 2.5,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          fontSize: '0.8125rem',
        }}
        aria-hidden
      >
        <span>↑↓ {t('search.hintMove')}</span>
        <span>↵ {t('search.hintOpen')}</span>
        <span>Esc {t('search.hintClose')}</span>
      </Box>
    </Dialog>
  );
};
