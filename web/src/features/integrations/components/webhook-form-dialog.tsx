import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createWebhookSchema,
  updateWebhookSchema,
  type Webhook,
  type WebhookEventType,
  type WebhookWithSecret,
} from '@orbit/functions/integrations/webhook-contract';
import { isApiError } from '../../../shared/api/api-error';
import { ConflictAlert } from '../../../shared/ui/action-alerts';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { fetchWebhooks, useCreateWebhook, useUpdateWebhook } from '../api/webhooks';
import { eventGroups } from '../utils/format';
import { invalidFields } from '../utils/forms';

interface Draft {
  readonly url: string;
  readonly description: string;
  readonly events: readonly WebhookEventType[];
  readonly enabled: boolean;
}

const draftOf = (webhook: Webhook | undefined): Draft => ({
  url: webhook?.url ?? '',
  description: webhook?.description ?? '',
  events: webhook?.events ?? [],
  enabled: webhook?.enabled ?? true,
});

type Problem = 'conflict' | 'limit' | 'failed' | 'network';

/**
 * Adds a subscription (the answer carries its secret, shown next by the caller) or edits one from
 * the version read: a stale save is refused (409), and "Reload" puts the current one in the form.
 */
export const WebhookFormDialog = ({
  webhook: initial,
  onCreated,
  onSaved,
  onClose,
}: {
  readonly webhook?: Webhook;
  readonly onCreated: (answer: WebhookWithSecret) => void;
  readonly onSaved: (webhook: Webhook) => void;
  readonly onClose: () => void;
}) => {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const pending = create.isPending || update.isPending;
  const change = (part: Partial<Draft>) => setDraft((current) => ({ ...current, ...part }));

  const toggleEvent = (event: WebhookEventType) =>
    change({
      events: draft.events.includes(event) ? draft.events.filter((one) => one !== event) : [...draft.events, event],
    });

  const reload = async () => {
    const { webhooks } = await fetchWebhooks();
    const current = webhooks.find((one) => one.id === base?.id);
    setBase(current);
    setDraft(draftOf(current));
    setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...draft, events: [...draft.events] };
    const input = base ? { ...body, version: base.version } : body;
    const fields = invalidFields(base ? updateWebhookSchema : createWebhookSchema, input);
    setInvalid(fields);
    setRefused(false);
    setProblem(null);
    if (fields.size > 0) return;
    try {
      if (base) onSaved((await update.mutateAsync({ ...body, id: base.id, version: base.version })).webhook);
      else onCreated(await create.mutateAsync(body));
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409 && base) setProblem('conflict');
      else if (error.fieldError('url')) setRefused(true);
      else if (error.status === 409 || error.status === 422) setProblem('limit');
      else setProblem(error.code === 'network' ? 'network' : 'failed');
    }
  };

  const urlError = invalid.has('url')
    ? t('integrations.webhooks.form.urlInvalid')
    : refused
      ? t('integrations.webhooks.form.urlRefused')
      : undefined;
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={(event) => void submit(event)} data-testid="webhook-form">
        <DialogTitle id={titleId}>
          {base ? t('integrations.webhooks.form.editTitle') : t('integrations.webhooks.form.createTitle')}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {problem === 'conflict' ? (
            <ConflictAlert actionLabel={t('integrations.common.reload')} onAction={() => void reload()}>
              {t('integrations.common.conflict')}
            </ConflictAlert>
          ) : problem ? (
            <InlineAlert severity="error">
              {problem === 'limit'
                ? t('integrations.webhooks.form.limit')
                : problem === 'network'
                  ? t('integrations.common.network')
                  : t('integrations.common.failed')}
            </InlineAlert>
          ) : null}
          <TextField
            label={t('integrations.webhooks.form.url')}
            name="url"
            type="url"
            required
            value={draft.url}
            onChange={(event) => change({ url: event.target.value })}
            error={urlError !== undefined}
            helperText={urlError ?? t('integrations.webhooks.form.urlHint')}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'webhook-url' } }}
            fullWidth
          />
          <TextField
            label={t('integrations.webhooks.form.description')}
            name="description"
            value={draft.description}
            onChange={(event) => change({ description: event.target.value })}
            error={invalid.has('description')}
            helperText={
              invalid.has('description')
                ? t('integrations.webhooks.form.descriptionInvalid')
                : t('integrations.webhooks.form.descriptionHint')
            }
            fullWidth
          />
          <FormControl component="fieldset" error={invalid.has('events')}>
            <FormLabel component="legend">{t('integrations.webhooks.form.events')}</FormLabel>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1, mt: 1 }}>
              {eventGroups().map(({ group, events }) => (
                <FormGroup key={group} role="group" aria-label={t(`integrations.webhooks.groups.${group}`)}>
                  <FormLabel sx={{ typography: 'subtitle2', color: 'text.primary' }}>
                    {t(`integrations.webhooks.groups.${group}`)}
                  </FormLabel>
                  {events.map((one) => (
                    <FormControlLabel
                      key={one}
                      control={
                        <Checkbox
                          checked={draft.events.includes(one)}
                          onChange={() => toggleEvent(one)}
                          slotProps={{ input: { 'data-testid': `webhook-event-${one}` } as object }}
                        />
                      }
                      label={t(`integrations.webhooks.eventTypes.${one}`)}
                    />
                  ))}
                </FormGroup>
              ))}
            </Box>
            {invalid.has('events') ? (
              <FormHelperText>{t('integrations.webhooks.form.eventsInvalid')}</FormHelperText>
            ) : null}
          </FormControl>
          <FormControlLabel
            control={<Switch checked={draft.enabled} onChange={(event) => change({ enabled: event.target.checked })} />}
            label={t('integrations.webhooks.form.enabled')}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={pending}>
            {t('integrations.common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending} data-testid="webhook-submit">
            {pending
              ? t('integrations.webhooks.form.saving')
              : base
                ? t('integrations.webhooks.form.save')
                : t('integrations.webhooks.form.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
