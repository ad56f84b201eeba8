import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ParseKeys } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { messageMaxLength, messageText } from '@orbit/functions/chat/contract';
import { sendAtProblem, type ScheduledMessage } from '@orbit/functions/chat/scheduled-contract';
import { isApiError } from '../../../shared/api/api-error';
import { useScheduleMessage, useUpdateScheduled } from '../api/scheduled-api';
import { fromLocalInput, toLocalInput } from '../utils/local-time';

export interface ScheduleDialogProps {
  readonly open: boolean;
  readonly contactId: string;
  readonly contactName: string;
  /** Editing this one; absent, a new schedule starting from `initialText`. */
  readonly editing?: ScheduledMessage;
  readonly initialText?: string;
  readonly onClose: () => void;
  /** Called once the server accepted it. */
  readonly onSaved: (scheduled: ScheduledMessage, kind: 'created' | 'updated') => void;
}

/** A new schedule proposes the next whole quarter hour at least 10 minutes away. */
const proposedTime = (now = new Date()): Date => {
  const at = new Date(now.getTime() + 10 * 60_000);
  at.setSeconds(0, 0);
  at.setMinutes(Math.ceil(at.getMinutes() / 15) * 15);
  return at;
};

type Problem = 'tooLate' | 'stale' | 'gone' | 'generic';

/**
 * Send later: a message and a local date and time (the browser's own picker: no date library),
 * checked with the API's own rules (the message schema, `sendAtProblem`) before sending. Editing
 * carries the version it opened with; a 409 says why (sent meanwhile, changed elsewhere).
 */
export const ScheduleDialog = ({
  open,
  contactId,
  contactName,
  editing,
  initialText = '',
  onClose,
  onSaved,
}: ScheduleDialogProps) => {
  const { t } = useTranslation();
  const create = useScheduleMessage(contactId);
  const update = useUpdateScheduled(contactId);
  const [text, setText] = useState(editing?.message ?? initialText);
  const [when, setWhen] = useState(toLocalInput(editing ? new Date(editing.sendAt) : proposedTime()));
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const titleId = useId();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const messageOk = v.safeParse(messageText, text).success;
  const sendAt = fromLocalInput(when);
  const timeProblem = sendAt ? sendAtProblem(sendAt, new Date()) : 'invalid';
  const saving = create.isPending || update.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (!messageOk || timeProblem || !sendAt) return;
    const message = text.trim();
    try {
      if (editing) {
        const { scheduled } = await update.mutateAsync({
          id: editing.id,
          version: editing.version,
          ...(message === editing.message ? {} : { message }),
          ...(sendAt.toISOString() === editing.sendAt ? {} : { sendAt: sendAt.toISOString() }),
        });
        onSaved(scheduled, 'updated');
      } else {
        const { scheduled } = await create.mutateAsync({ message, sendAt: sendAt.toISOString() });
        onSaved(scheduled, 'created');
      }
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 409) setProblem(error.fieldError('version') ? 'stale' : 'tooLate');
      else if (error.status === 404) setProblem('gone');
      else setProblem('generic');
    }
  };

  const showMessageError = submitted && !messageOk;
  const showTimeError = submitted && timeProblem !== undefined;
  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{editing ? t('chat.later.editTitle') : t('chat.later.title')}</DialogTitle>
      <Stack component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {problem ? (
            <Alert severity={problem === 'generic' ? 'error' : 'warning'} role="alert">
              {t(`chat.later.errors.${problem}` as ParseKeys)}
            </Alert>
          ) : null}
          <TextField
            label={t('chat.later.message')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={2}
            maxRows={6}
            autoFocus
            required
            error={showMessageError}
            helperText={
              showMessageError
                ? t('chat.later.errors.message', { max: messageMaxLength })
                : t('chat.later.to', { name: contactName })
            }
            slotProps={{ htmlInput: { dir: 'auto' }, formHelperText: { 'aria-live': 'polite' } as object }}
          />
          <TextField
            label={t('chat.later.when')}
            type="datetime-local"
            value={when}
            onChange={(event) => setWhen(event.target.value)}
            required
            error={showTimeError}
            helperText={
              showTimeError && timeProblem ? t(`chat.later.errors.${timeProblem}`) : t('chat.later.whenHint', { zone })
            }
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { min: toLocalInput(new Date()), 'data-testid': 'schedule-when' },
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {t('chat.later.close')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving || problem === 'gone' || problem === 'tooLate'}>
            {saving ? t('chat.later.saving') : editing ? t('chat.later.save') : t('chat.later.schedule')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
};
