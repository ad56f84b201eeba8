import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { replayFailedSchema } from '@orbit/functions/integrations/webhook-contract';
import { isApiError } from '../../../shared/api/api-error';
import type { Notice } from '../../../shared/ui/notice-snackbar';
import { useReplayFailed } from '../api/webhooks';
import { invalidFields, isoFromLocalInput, localInputValue } from '../utils/forms';

const dayMs = 24 * 60 * 60 * 1000;

/** "Replay failed since…": a moment on the reader's clock (a day ago to start with), sent as ISO. */
export const ReplayFailedForm = ({
  webhookId,
  onNotice,
}: {
  readonly webhookId: string;
  readonly onNotice: (notice: Notice) => void;
}) => {
  const { t } = useTranslation();
  const headingId = useId();
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - dayMs)));
  const [invalid, setInvalid] = useState(false);
  const replay = useReplayFailed();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const moment = isoFromLocalInput(since);
    const bad = moment === undefined || invalidFields(replayFailedSchema, { since: moment }).size > 0;
    setInvalid(bad);
    if (bad) return;
    replay.mutate(
      { webhookId, since: moment },
      {
        onSuccess: ({ replayed }) =>
          onNotice({ severity: 'success', text: t('integrations.webhooks.notices.replayedMany', { count: replayed }) }),
        onError: (error) =>
          onNotice({
            severity: 'error',
            text:
              isApiError(error) && error.code === 'network'
                ? t('integrations.common.network')
                : t('integrations.common.failed'),
          }),
      },
    );
  };

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit} aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
        {t('integrations.deliveries.replayFailed.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          type="datetime-local"
          label={t('integrations.deliveries.replayFailed.since')}
          value={since}
          onChange={(event) => setSince(event.target.value)}
          error={invalid}
          helperText={
            invalid
              ? t('integrations.deliveries.replayFailed.sinceInvalid')
              : t('integrations.deliveries.replayFailed.sinceHint')
          }
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'replay-failed-since' } }}
          sx={{ minWidth: 260 }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={replay.isPending}
          sx={{ mt: { sm: 1 } }}
          data-testid="replay-failed"
        >
          {t('integrations.deliveries.replayFailed.submit')}
        </Button>
      </Stack>
    </Paper>
  );
};
