import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import {
  isMailFilter,
  isMailLabel,
  type MailDetail,
  type MailFilter,
  type MailLabel,
  type MailSummary,
} from '@orbit/functions/email/contract';
import { useDebouncedSearch } from '../../shared/hooks/use-debounced-search';
import { useAppAbility } from '../../shared/session/use-session';
import { LoadFailedAlert } from '../../shared/ui/action-alerts';
import { EmptyState } from '../../shared/ui/empty-state';
import { SearchIcon } from '../../shared/ui/icons';
import { ListSearchField } from '../../shared/ui/list-fields';
import { NoticeSnackbar, type Notice } from '../../shared/ui/notice-snackbar';
import { PageTitle } from '../../shared/ui/page-title';
import { visuallyHidden } from '../../shared/ui/visually-hidden';
import { fetchMail, useCounts, useMails, type MailListParams } from './api/email';
import { useMailActions } from './components/use-mail-actions';
import { BulkToolbar } from './components/bulk-toolbar';
import type { ComposeRequest } from './components/compose-state';
import { KeyboardIcon, MenuIcon } from './components/icons';
import { nameOf } from './components/mail-format';
import { MailList } from './components/mail-list';
import { MailView } from './components/mail-view';
import { shortcutFor } from './components/shortcuts';
import { ShortcutsDialog } from './components/shortcuts-dialog';
import { SidePanel } from './components/side-panel';
import { useEmailLive } from './realtime/use-email-live';

/** Tiptap and the dialog load when Compose (or an answer) first opens, never with the mailbox. */
const ComposeDialog = lazy(async () => ({ default: (await import('./components/compose-dialog')).ComposeDialog }));

type Confirm =
  | { readonly kind: 'empty'; readonly folder: 'spam' | 'trash' }
  | { readonly kind: 'forever'; readonly ids: readonly string[] };

/**
 * /apps/email, /apps/email/:filter and /apps/email/:label (docs/email.md): Vuexy's email app. The
 * side panel (a drawer on a phone) with the folders' and labels' counts, the list with its search,
 * filters and bulk actions, and the open mail in place of the list (`?mail=<id>` in the URL, so
 * Back and reload keep it). Live frames keep all of it current; Gmail's keys move around.
 */
export const EmailPage = () => {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const ability = useAppAbility();
  const canCompose = ability.can('create', 'Email');
  const canChange = ability.can('update', 'Email');
  const route = useParams();
  const value = route.filter ?? route.label ?? 'inbox';
  const label: MailLabel | undefined = isMailLabel(value) ? value : undefined;
  const filter: MailFilter | undefined = label ? undefined : isMailFilter(value) ? value : 'inbox';
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const unread = search.get('unread') === 'true';
  const attachments = search.get('attachments') === 'true';
  const openId = search.get('mail');
  const setParam = (name: string, next: string | null, replace = false) =>
    setSearch(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set(name, next);
        else copy.delete(name);
        return copy;
      },
      { replace },
    );
  const [qDraft, setQDraft] = useDebouncedSearch(q, (text) => setParam('q', text || null, true));

  const params: MailListParams = { filter, label, q, unread, attachments };
  const list = useMails(params);
  const counts = useCounts();
  const mails: readonly MailSummary[] = list.data?.pages.flatMap((page) => page.mails) ?? [];

  // A new folder or search starts with nothing selected.
  const listIdentity = JSON.stringify(params);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: listIdentity,
    ids: new Set(),
  });
  const selected: ReadonlySet<string> = selection.key === listIdentity ? selection.ids : new Set();
  const setSelected = (next: ReadonlySet<string> | ((current: ReadonlySet<string>) => ReadonlySet<string>)) =>
    setSelection((current) => {
      const ids = current.key === listIdentity ? current.ids : new Set<string>();
      return { key: listIdentity, ids: typeof next === 'function' ? next(ids) : next };
    });
  const [drawer, setDrawer] = useState(false);
  const [compose, setCompose] = useState<ComposeRequest | null>(null);
  const [help, setHelp] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const say = (text: string, severity: Notice['severity'] = 'success') => setNotice({ severity, text });

  useEmailLive((frame) => say(t('email.notices.newMail', { name: nameOf(frame.mail.from) }), 'info'));

  const open = (mail: MailSummary) => {
    if (mail.folder === 'draft' && canCompose) {
      void fetchMail(mail.id).then(({ mail: draft }) => setCompose({ kind: 'draft', draft }));
      return;
    }
    setParam('mail', mail.id);
  };
  const close = () => setParam('mail', null);
  const index = openId ? mails.findIndex((mail) => mail.id === openId) : -1;
  const step = (by: 1 | -1) => {
    const target = index + by;
    if (target >= 0 && target < mails.length) setParam('mail', mails[target]?.id ?? null, true);
    if (by === 1 && target >= mails.length - 1 && list.hasNextPage) void list.fetchNextPage();
  };

  const actions = useMailActions({ say, close, openId, selected, setSelected, setConfirm });

  const answer = (mode: 'reply' | 'replyAll' | 'forward', mail: Pick<MailDetail, 'id'>) =>
    canCompose && setCompose({ kind: 'answer', mode, of: mail.id });

  // Gmail's keys (components/shortcuts.ts), not while typing or in a dialog.
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (compose || help || confirm) return;
    const action = shortcutFor(event);
    if (!action) return;
    const openMail = openId ? mails.find((mail) => mail.id === openId) : undefined;
    switch (action) {
      case 'next':
        if (openId) step(1);
        else if (mails[0]) open(mails[0]);
        break;
      case 'previous':
        if (openId) step(-1);
        break;
      case 'reply':
      case 'replyAll':
      case 'forward':
        if (!openId) return;
        answer(action, { id: openId });
        break;
      case 'archive':
        if (!openMail || openMail.folder !== 'inbox' || !canChange) return;
        actions.move([openMail.id], 'trash');
        break;
      case 'delete':
        if (!canChange) return;
        if (openMail) actions.remove([openMail.id], openMail.folder);
        else if (selected.size > 0 && filter) actions.remove([...selected], filter);
        break;
      case 'compose':
        if (canCompose) setCompose({ kind: 'new' });
        break;
      case 'help':
        setHelp(true);
        break;
    }
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const active = label ?? filter ?? 'inbox';
  const heading = label ? t(`email.labels.${label}`) : t(`email.folders.${filter ?? 'inbox'}`);
  const panel = (
    <SidePanel
      active={active}
      counts={counts.data}
      canCompose={canCompose}
      onCompose={() => {
        setDrawer(false);
        setCompose({ kind: 'new' });
      }}
      onNavigate={() => setDrawer(false)}
    />
  );

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }}>
      <PageTitle title={`${heading} · ${t('email.title')}`} />
      <Typography variant="h4" component="h1" sx={visuallyHidden}>
        {t('email.title')}: {heading}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: 'flex', overflow: 'hidden', borderRadius: { xs: 2, md: 3 } }}
        data-testid="email-app"
      >
        {wide ? (
          <Box sx={{ width: 260, flexShrink: 0, borderInlineEnd: 1, borderColor: 'divider' }}>{panel}</Box>
        ) : (
          <Drawer
            // The panel's side is the start of the line: the right in Arabic.
            anchor={theme.direction === 'rtl' ? 'right' : 'left'}
            open={drawer}
            onClose={() => setDrawer(false)}
            slotProps={{ paper: { sx: { width: 280 }, 'aria-label': t('email.panel') } }}
          >
            {panel}
          </Drawer>
        )}
        <Box
          component="main"
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
          aria-label={heading}
        >
          {openId ? (
            <MailView
              id={openId}
              canChange={canChange}
              canCompose={canCompose}
              actions={{
                onBack: close,
                onPrevious: index > 0 ? () => step(-1) : undefined,
                onNext: index >= 0 && (index < mails.length - 1 || list.hasNextPage) ? () => step(1) : undefined,
                onAnswer: answer,
                onEditDraft: (draft) => setCompose({ kind: 'draft', draft }),
                onMove: (mail, folder) => actions.move([mail.id], folder),
                onDelete: (mail) => actions.remove([mail.id], mail.folder),
                onDeleteForever: (mail) => setConfirm({ kind: 'forever', ids: [mail.id] }),
                onLabel: (mail, name, add) => actions.label([mail.id], name, add),
                onStar: (mail) => actions.star(mail.id, !mail.starred),
                onMarkUnread: (mail) => {
                  actions.markRead([mail.id], false);
                  close();
                },
                onNotice: (text) => say(text, 'error'),
              }}
            />
          ) : (
            <>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                  px: 2,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                  flexWrap: 'wrap',
                }}
              >
                {wide ? undefined : (
                  <IconButton
                    aria-label={t('email.openPanel')}
                    onClick={() => setDrawer(true)}
                    data-testid="email-open-panel"
                  >
                    <MenuIcon />
                  </IconButton>
                )}
                <ListSearchField
                  label={t('email.search')}
                  value={qDraft}
                  onChange={setQDraft}
                  icon={<SearchIcon fontSize="small" />}
                  maxLength={200}
                  sx={{ flex: 1, minWidth: 160 }}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={unread}
                      onChange={(event) => setParam('unread', event.target.checked ? 'true' : null, true)}
                    />
                  }
                  label={t('email.filters.unread')}
                />
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={attachments}
                      onChange={(event) => setParam('attachments', event.target.checked ? 'true' : null, true)}
                    />
                  }
                  label={t('email.filters.attachments')}
                />
                <Tooltip title={t('email.shortcuts.title')}>
                  <IconButton aria-label={t('email.shortcuts.title')} onClick={() => setHelp(true)}>
                    <KeyboardIcon />
                  </IconButton>
                </Tooltip>
              </Box>
              <BulkToolbar
                filter={filter}
                shown={mails.length}
                selected={selected.size}
                canChange={canChange}
                onSelectAll={(all) => setSelected(all ? new Set(mails.map((mail) => mail.id)) : new Set())}
                onAction={(action) => actions.bulk(action, filter)}
                onEmpty={
                  canChange && (filter === 'spam' || filter === 'trash') && mails.length > 0
                    ? () => setConfirm({ kind: 'empty', folder: filter })
                    : undefined
                }
                onRefresh={() => void list.refetch()}
              />
              <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }} data-testid="email-list">
                {list.isError ? (
                  <LoadFailedAlert actionLabel={t('email.list.retry')} onAction={() => void list.refetch()}>
                    {t('email.list.loadFailed')}
                  </LoadFailedAlert>
                ) : undefined}
                {list.isPending ? (
                  <Box sx={{ p: 2 }}>
                    {[0, 1, 2, 3, 4].map((row) => (
                      <Skeleton key={row} height={48} />
                    ))}
                  </Box>
                ) : undefined}
                {list.isSuccess && mails.length === 0 ? (
                  <EmptyState
                    title={q || unread || attachments ? t('email.list.noMatch') : t('email.list.empty')}
                    testId="email-empty-list"
                  />
                ) : undefined}
                <MailList
                  mails={mails}
                  selected={selected}
                  canChange={canChange}
                  onSelect={(id, on) =>
                    setSelected((current) => {
                      const next = new Set(current);
                      if (on) next.add(id);
                      else next.delete(id);
                      return next;
                    })
                  }
                  onOpen={open}
                  onStar={(mail) => actions.star(mail.id, !mail.starred)}
                  hasMore={Boolean(list.hasNextPage)}
                  loadingMore={list.isFetchingNextPage}
                  onLoadMore={() => void list.fetchNextPage()}
                />
              </Box>
            </>
          )}
        </Box>
      </Paper>
      {compose ? (
        <Suspense fallback={null}>
          <ComposeDialog
            request={compose}
            onClose={(outcome) => {
              setCompose(null);
              if (outcome === 'sent') say(t('email.composer.sent'));
              if (outcome === 'discarded') say(t('email.composer.discarded'), 'info');
            }}
          />
        </Suspense>
      ) : undefined}
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
      <Dialog open={confirm !== null} onClose={() => setConfirm(null)} aria-describedby="email-confirm-text">
        <DialogContent>
          <DialogContentText id="email-confirm-text">
            {confirm?.kind === 'empty'
              ? t('email.actions.emptyConfirm', { folder: t(`email.folders.${confirm.folder}`) })
              : t('email.actions.deleteForeverConfirm')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)}>{t('email.actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="email-confirm"
            onClick={() => {
              if (confirm?.kind === 'empty') actions.empty(confirm.folder);
              if (confirm?.kind === 'forever') actions.deleteForever(confirm.ids);
              setConfirm(null);
            }}
          >
            {t('email.actions.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
