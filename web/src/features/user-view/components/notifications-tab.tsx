import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  notificationChannels,
  notificationEvents,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationSettings,
} from '@orbit/functions/notifications/contract';
import { useAppAbility } from '../../../shared/session/use-session';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';

export interface NotificationsTabProps {
  /** The user whose view this is (the caller's own id, or another's for an admin). */
  readonly userId: string;
  /** True when the caller is looking at their own view. */
  readonly isSelf: boolean;
}

/**
 * The Notifications tab (docs/user-view.md, "Notifications"): a table of events × channels
 * (in-app, email) with a switch each, saved to the server as a whole. Settings are the user's
 * own: an admin looking at someone else's view sees a note, nothing to change.
 */
export function NotificationsTab({ isSelf }: NotificationsTabProps) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  // Only those who can turn an endpoint back on hear of one turned off; the hidden row's
  // values are still saved as they are (a save is the whole table).
  const events = notificationEvents.filter(
    (event) => event !== 'webhookDisabled' || ability.can('update', 'Integration'),
  );
  const settings = useNotificationSettings(isSelf);
  const save = useSaveNotificationSettings();
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);

  if (!isSelf) {
    return (
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('userNotifications.title')}
          </Typography>
          <InlineAlert severity="info">{t('userNotifications.othersNote')}</InlineAlert>
        </CardContent>
      </Card>
    );
  }

  const stored = settings.data?.settings;
  const current = draft ?? stored;
  const changed = draft !== null && JSON.stringify(draft) !== JSON.stringify(stored);
  const toggle = (channel: NotificationChannel, event: NotificationEvent, on: boolean) => {
    if (!current) return;
    setOutcome(null);
    setDraft({ ...current, [channel]: { ...current[channel], [event]: on } });
  };
  const onSave = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        setOutcome('saved');
      },
      onError: () => setOutcome('failed'),
    });
  };

  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {t('userNotifications.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('userNotifications.description')}
        </Typography>
        {settings.isError ? (
          <InlineAlert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                {t('userNotifications.retry')}
              </Button>
            }
          >
            {t('userNotifications.loadFailed')}
          </InlineAlert>
        ) : null}
        {current ? (
          <TableContainer>
            <Table size="small" aria-label={t('userNotifications.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('userNotifications.event')}</TableCell>
                  {notificationChannels.map((channel) => (
                    <TableCell key={channel} align="center">
                      {t(`userNotifications.channels.${channel}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {events.map((event) => (
                  <TableRow key={event}>
                    <TableCell component="th" scope="row">
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {t(`userNotifications.events.${event}`)}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t(`userNotifications.events.${event}Hint`)}
                      </Typography>
                    </TableCell>
                    {notificationChannels.map((channel) => (
                      <TableCell key={channel} align="center">
                        <Switch
                          checked={current[channel][event]}
                          onChange={(_, on) => toggle(channel, event, on)}
                          slotProps={{
                            input: {
                              'aria-label': t('userNotifications.toggle', {
                                event: t(`userNotifications.events.${event}`),
                                channel: t(`userNotifications.channels.${channel}`),
                              }),
                            },
                          }}
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
        {outcome ? (
          <Box sx={{ mt: 2 }} role="status">
            <InlineAlert severity={outcome === 'saved' ? 'success' : 'error'}>
              {t(outcome === 'saved' ? 'userNotifications.saved' : 'userNotifications.saveFailed')}
            </InlineAlert>
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={!changed || save.isPending} onClick={onSave}>
            {t('userNotifications.save')}
          </Button>
          <Button
            variant="outlined"
            color="secondary"
            disabled={!changed || save.isPending}
            onClick={() => {
              setDraft(null);
              setOutcome(null);
            }}
          >
            {t('userNotifications.discard')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
