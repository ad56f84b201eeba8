import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBulkTags, useDebounced, useMailingContacts, useTags } from '../api/audience';
import { parseTags } from './audience-helpers';
import { CursorPager, useCursorPages } from './cursor-pager';
import { isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';

const pageSize = 25;

type Outcome =
  { readonly kind: 'done'; readonly changed: number } | { readonly kind: 'failed'; readonly reason: string };

/**
 * The people's tags in bulk (docs/mailings.md, "Audiences"): a page of people by name or tag,
 * several chosen, tags added to or removed from all of them in one request. Who opted out is
 * shown (a tag does not bring them back into a mailing).
 */
export const ContactsSection = () => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [tag, setTag] = useState('');
  const pages = useCursorPages();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [tagText, setTagText] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const tags = useTags();
  const query = useMailingContacts({
    q: q || undefined,
    tag: tag || undefined,
    cursor: pages.cursor,
    limit: pageSize,
  });
  const bulk = useBulkTags();
  const contacts = query.data?.contacts ?? [];
  const typed = parseTags(tagText);
  const allShownSelected = contacts.length > 0 && contacts.every((contact) => selected.has(contact.id));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const contact of contacts) {
        if (allShownSelected) next.delete(contact.id);
        else next.add(contact.id);
      }
      return next;
    });
  const apply = (mode: 'add' | 'remove') => {
    setOutcome(null);
    bulk.mutate(
      { ids: [...selected], add: mode === 'add' ? typed : [], remove: mode === 'remove' ? typed : [] },
      {
        onSuccess: ({ changed }) => {
          setOutcome({ kind: 'done', changed });
          setTagText('');
        },
        onError: (error) =>
          setOutcome({
            kind: 'failed',
            reason: isApiError(error) ? (Object.values(error.errors)[0]?.[0] ?? error.message) : String(error),
          }),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="mailing-contacts">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('mailings.contacts.title')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            size="small"
            type="search"
            label={t('mailings.contacts.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              pages.first();
            }}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'contacts-search' } }}
          />
          <TextField
            select
            size="small"
            label={t('mailings.contacts.tagFilter')}
            value={tag}
            onChange={(event) => {
              setTag(event.target.value);
              pages.first();
            }}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'contacts-tag-filter' } }}
            sx={{ minWidth: 200 }}
          >
            <option value="">{t('mailings.contacts.allTags')}</option>
            {(tags.data?.tags ?? []).map((entry) => (
              <option key={entry.tag} value={entry.tag}>
                {t('mailings.audience.tagOption', { tag: entry.tag, count: entry.count })}
              </option>
            ))}
          </TextField>
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
          role="group"
          aria-label={t('mailings.contacts.bulkLabel')}
        >
          <Typography variant="body2" sx={{ minWidth: 120 }} data-testid="contacts-selected">
            {t('mailings.contacts.selected', { count: selected.size })}
          </Typography>
          <TextField
            size="small"
            label={t('mailings.contacts.tagsToChange')}
            helperText={t('mailings.contacts.tagsHint')}
            value={tagText}
            onChange={(event) => setTagText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'contacts-bulk-tags' } }}
          />
          <Button
            variant="contained"
            disabled={selected.size === 0 || typed.length === 0 || bulk.isPending}
            onClick={() => apply('add')}
            data-testid="contacts-add-tags"
          >
            {t('mailings.contacts.add')}
          </Button>
          <Button
            variant="outlined"
            disabled={selected.size === 0 || typed.length === 0 || bulk.isPending}
            onClick={() => apply('remove')}
            data-testid="contacts-remove-tags"
          >
            {t('mailings.contacts.remove')}
          </Button>
        </Stack>
        {outcome?.kind === 'done' ? (
          <InlineAlert severity="success">{t('mailings.contacts.changed', { count: outcome.changed })}</InlineAlert>
        ) : null}
        {outcome?.kind === 'failed' ? (
          <InlineAlert severity="error">{t('mailings.contacts.failed', { reason: outcome.reason })}</InlineAlert>
        ) : null}
        {query.isError ? (
          <LoadFailedAlert actionLabel={t('mailings.detail.retry')} onAction={() => void query.refetch()}>
            {t('mailings.contacts.loadFailed')}
          </LoadFailedAlert>
        ) : null}
        <TableContainer>
          <Table size="small" aria-label={t('mailings.contacts.title')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allShownSelected}
                    indeterminate={!allShownSelected && contacts.some((contact) => selected.has(contact.id))}
                    onChange={toggleAll}
                    slotProps={{ input: { 'aria-label': t('mailings.contacts.selectAll') } }}
                  />
                </TableCell>
                <TableCell>{t('mailings.contacts.name')}</TableCell>
                <TableCell>{t('mailings.contacts.status')}</TableCell>
                <TableCell>{t('mailings.contacts.tags')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {contacts.map((contact) => (
                <TableRow key={contact.id} data-testid="contact-row" data-contact-id={contact.id} hover>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(contact.id)}
                      onChange={() => toggle(contact.id)}
                      slotProps={{
                        input: { 'aria-label': t('mailings.contacts.select', { name: contact.fullName }) },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{contact.fullName}</span>
                      {contact.optedOut ? (
                        <Chip size="small" color="warning" variant="outlined" label={t('mailings.contacts.optedOut')} />
                      ) : null}
                    </Stack>
                  </TableCell>
                  <TableCell>{t(`mailings.audience.statuses.${contact.status}`)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      {contact.tags.map((name) => (
                        <Chip key={name} size="small" label={name} />
                      ))}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {query.isSuccess && contacts.length === 0 ? (
          <Typography color="text.secondary">{t('mailings.contacts.empty')}</Typography>
        ) : null}
        <CursorPager pages={pages} nextCursor={query.data?.nextCursor} label={t('mailings.contacts.pages')} />
      </Stack>
    </Paper>
  );
};
