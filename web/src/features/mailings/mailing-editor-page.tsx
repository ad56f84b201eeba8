import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import type { AudienceFilter, Mailing, MailingChannel, MailingInput } from './api/mailing-types';
import { useCreateMailing, useMailing, useSaveMailing, useTransitionMailing } from './api/mailings';
import { AudienceSection } from './components/audience-section';
import { TelegramChannelField } from './components/telegram-channel-field';
import { PreviewPanel } from './components/preview-panel';
import { SchedulePanel } from './components/schedule-panel';
import { isApiError } from '../../shared/api/api-error';
import { ConflictAlert, LoadFailedAlert } from '../../shared/ui/action-alerts';
import { InlineAlert } from '../../shared/ui/inline-alert';
import { PageTitle } from '../../shared/ui/page-title';
import { SkeletonBlock } from '../../shared/ui/skeleton-block';

// Tiptap loads with this page's editor only, never in a first download.
const MailingEditorBody = lazy(async () => ({
  default: (await import('./components/mailing-editor-body')).MailingEditorBody,
}));

const emptyAudience: AudienceFilter = { statuses: [], tags: [], tagMatch: 'any', roles: [] };
const defaultThrottle = 60;

const formOf = (mailing: Mailing | undefined): MailingInput => ({
  name: mailing?.name ?? '',
  channel: mailing?.channel ?? 'email',
  ...(mailing?.channelId ? { channelId: mailing.channelId } : {}),
  subject: mailing?.subject ?? '',
  html: mailing?.html ?? '',
  audience: mailing?.audience ?? emptyAudience,
  throttlePerMinute: mailing?.throttlePerMinute ?? defaultThrottle,
});

type Outcome = 'saved' | 'conflict' | 'notDraft' | 'failed' | null;

const EditorForm = ({
  mailing,
  onReload,
}: {
  readonly mailing: Mailing | undefined;
  readonly onReload: () => void;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<MailingInput>(() => formOf(mailing));
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [fieldErrors, setFieldErrors] = useState<Readonly<Record<string, readonly string[]>>>({});
  const create = useCreateMailing();
  const save = useSaveMailing();
  const transition = useTransitionMailing();
  const busy = create.isPending || save.isPending || transition.isPending;
  const change = (part: Partial<MailingInput>) => {
    setForm((current) => ({ ...current, ...part }));
    setOutcome(null);
  };

  /** Saves the form; the saved mailing (with its new version), or null when it did not save. */
  const persist = async (): Promise<Mailing | null> => {
    setFieldErrors({});
    try {
      const { mailing: saved } = mailing
        ? await save.mutateAsync({ ...form, id: mailing.id, version: mailing.version })
        : await create.mutateAsync(form);
      setOutcome('saved');
      // The same form stays on screen (state `created`): what was typed meanwhile is kept.
      if (!mailing) void navigate(`/apps/mailings/${saved.id}/edit`, { replace: true, state: { created: true } });
      return saved;
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setOutcome(error.fieldError('state') ? 'notDraft' : 'conflict');
      } else {
        if (isApiError(error) && error.status === 400) setFieldErrors(error.errors);
        setOutcome('failed');
      }
      return null;
    }
  };

  const go = async (body: { to: 'scheduled'; schedule: { at: string; timeZone: string } } | { sendNow: true }) => {
    const saved = await persist();
    if (!saved) return;
    try {
      const request =
        'sendNow' in body
          ? { id: saved.id, to: 'scheduled' as const, version: saved.version, sendNow: true as const }
          : { id: saved.id, ...body, version: saved.version };
      await transition.mutateAsync(request);
      void navigate(`/apps/mailings/${saved.id}`);
    } catch (error) {
      if (isApiError(error) && error.status === 400) setFieldErrors(error.errors);
      setOutcome(isApiError(error) && error.status === 409 ? 'conflict' : 'failed');
    }
  };

  const errorOf = (field: string) => fieldErrors[field]?.[0];
  return (
    <Stack spacing={3}>
      {outcome === 'conflict' ? (
        <ConflictAlert actionLabel={t('mailings.editor.reload')} onAction={onReload}>
          {t('mailings.editor.conflict')}
        </ConflictAlert>
      ) : null}
      {outcome === 'notDraft' ? <InlineAlert severity="warning">{t('mailings.editor.notDraft')}</InlineAlert> : null}
      {outcome === 'failed' ? <InlineAlert severity="error">{t('mailings.editor.saveFailed')}</InlineAlert> : null}
      {outcome === 'saved' ? <InlineAlert severity="success">{t('mailings.editor.saved')}</InlineAlert> : null}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <TextField
            label={t('mailings.editor.name')}
            value={form.name}
            required
            onChange={(event) => change({ name: event.target.value })}
            error={Boolean(errorOf('name'))}
            helperText={errorOf('name')}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'mailing-name' } }}
          />
          <TextField
            select
            label={t('mailings.editor.channel')}
            value={form.channel}
            onChange={(event) => change({ channel: event.target.value as MailingChannel })}
            slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'mailing-channel' } }}
          >
            <option value="email">{t('mailings.channels.email')}</option>
            <option value="telegram">{t('mailings.channels.telegram')}</option>
          </TextField>
          {form.channel === 'telegram' ? (
            <TelegramChannelField
              value={form.channelId}
              onChange={(channelId) => change({ channelId })}
              error={errorOf('channelId')}
            />
          ) : null}
          {form.channel === 'email' ? (
            <TextField
              label={t('mailings.editor.subject')}
              value={form.subject}
              onChange={(event) => change({ subject: event.target.value })}
              error={Boolean(errorOf('subject'))}
              helperText={errorOf('subject')}
              slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'mailing-subject' } }}
            />
          ) : null}
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="p">
              {t('mailings.editor.body')}
            </Typography>
            <Suspense fallback={<SkeletonBlock height={240} />}>
              <MailingEditorBody
                initialHtml={form.html}
                onChange={(html) => change({ html })}
                label={t('mailings.editor.body')}
              />
            </Suspense>
            {(errorOf('html') ?? errorOf('body')) ? (
              <Typography color="error" variant="caption" role="alert">
                {errorOf('html') ?? errorOf('body')}
              </Typography>
            ) : null}
          </Stack>
          <Divider />
          <AudienceSection
            channel={form.channel}
            channelId={form.channelId}
            value={form.audience}
            onChange={(audience) => change({ audience })}
          />
          <TextField
            type="number"
            label={t('mailings.editor.throttle')}
            value={form.throttlePerMinute}
            onChange={(event) => change({ throttlePerMinute: Number(event.target.value) })}
            error={Boolean(errorOf('throttlePerMinute'))}
            helperText={errorOf('throttlePerMinute') ?? t('mailings.editor.throttleHint')}
            slotProps={{ htmlInput: { min: 1, max: 10000, 'data-testid': 'mailing-throttle' } }}
            sx={{ maxWidth: 260 }}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={busy} onClick={() => void persist()} data-testid="mailing-save">
              {t('mailings.editor.save')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <SchedulePanel
          disabled={busy}
          onSchedule={(at, timeZone) => void go({ to: 'scheduled', schedule: { at, timeZone } })}
          onSendNow={() => {
            if (window.confirm(t('mailings.editor.confirmSendNow'))) void go({ sendNow: true });
          }}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <PreviewPanel mailingId={mailing?.id} tag={mailing?.audience.tags[0]} />
      </Paper>
    </Stack>
  );
};

/**
 * /apps/mailings/new and /apps/mailings/:id/edit: a draft's name, channel, subject, body (the
 * mailbox's rich-text editor with variables), audience, throttle; saved from the version read
 * (a 409 says someone else saved first, and offers their version); scheduled at a date, time and
 * zone, or sent now; previewed as a recipient and test-sent to oneself.
 */
export const MailingEditorPage = () => {
  const { t } = useTranslation();
  const { id } = useParams();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const query = useMailing(id);
  // A reload (their version) remounts the form with what the server holds now.
  const [generation, setGeneration] = useState(0);
  const title = id ? t('mailings.editor.editTitle') : t('mailings.editor.newTitle');
  const reload = () => {
    void query.refetch().then(() => setGeneration((value) => value + 1));
  };
  return (
    <Stack component="section" aria-labelledby="mailing-editor-heading" spacing={3} data-testid="mailing-editor">
      <PageTitle title={title} />
      <Link component={RouterLink} to="/apps/mailings">
        {t('mailings.editor.back')}
      </Link>
      <Typography id="mailing-editor-heading" variant="h4" component="h1">
        {title}
      </Typography>
      {id && query.isError ? (
        <LoadFailedAlert actionLabel={t('mailings.detail.retry')} onAction={() => void query.refetch()}>
          {t('mailings.detail.loadFailed')}
        </LoadFailedAlert>
      ) : id && !query.data ? (
        <SkeletonBlock height={400} />
      ) : (
        <EditorForm
          // A draft just created here keeps its form (no remount); another mailing gets a fresh one.
          key={`${created || !id ? 'draft' : id}:${generation}`}
          mailing={query.data?.mailing}
          onReload={reload}
        />
      )}
    </Stack>
  );
};
