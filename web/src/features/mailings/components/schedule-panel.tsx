import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneOptions, wallClockIn, zonedToInstant } from './mailing-helpers';

const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * When the mailing goes: a date, a time and a time zone (the zone of whoever schedules it
 * first), or now. `onSchedule` gets the instant (ISO) and the zone; the server keeps both, so
 * the detail page shows the time as it was meant.
 */
export const SchedulePanel = ({
  disabled,
  onSchedule,
  onSendNow,
}: {
  readonly disabled: boolean;
  readonly onSchedule: (at: string, timeZone: string) => void;
  readonly onSendNow: () => void;
}) => {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZoneOptions(ownZone()), []);
  const [timeZone, setTimeZone] = useState(zones[0] ?? 'UTC');
  // An hour from now, in the chosen zone, as a starting point.
  const [{ date, time }, setWhen] = useState(() => wallClockIn(new Date(Date.now() + 3_600_000), zones[0] ?? 'UTC'));
  const at = zonedToInstant(date, time, timeZone);
  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="h6">
        {t('mailings.editor.schedule')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          type="date"
          label={t('mailings.editor.date')}
          value={date}
          onChange={(event) => setWhen({ date: event.target.value, time })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'mailing-date' } }}
        />
        <TextField
          type="time"
          label={t('mailings.editor.time')}
          value={time}
          onChange={(event) => setWhen({ date, time: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'mailing-time' } }}
        />
        <TextField
          select
          label={t('mailings.editor.timeZone')}
          value={timeZone}
          onChange={(event) => setTimeZone(event.target.value)}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'mailing-time-zone' } }}
          sx={{ minWidth: 220 }}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={disabled || !at}
          onClick={() => at && onSchedule(at, timeZone)}
          data-testid="mailing-schedule"
        >
          {t('mailings.editor.scheduleAction')}
        </Button>
        <Button variant="outlined" disabled={disabled} onClick={onSendNow} data-testid="mailing-send-now">
          {t('mailings.editor.sendNow')}
        </Button>
      </Stack>
    </Stack>
  );
};
