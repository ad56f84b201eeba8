import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useText } from '../../../shared/i18n/translate';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useSecurityLog } from '../api/security';
import { describeDevice, formatWhen } from './security-devices';

export interface ActivityTabProps {
  /** The user whose view this is (the caller's own id, or another's for an admin). */
  readonly userId: string;
  /** True when the caller is looking at their own view. */
  readonly isSelf: boolean;
}

/**
 * The user view's Activity tab: the security log, newest first, a page at a time ("show more"
 * follows the server's cursor). Each entry names the device (browser and system from its user
 * agent) and the IP address it came from.
 */
export function ActivityTab({ userId }: ActivityTabProps) {
  const { t, language } = useText();
  const log = useSecurityLog(userId);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <Card component="section" aria-labelledby="security-log-heading">
      <CardContent>
        <Typography id="security-log-heading" variant="h6" component="h2" gutterBottom>
          {t('userSecurity.activity.heading')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('userSecurity.activity.intro')}
        </Typography>
        {log.isError ? <InlineAlert severity="error">{t('userSecurity.errors.loadFailed')}</InlineAlert> : null}
        {log.isSuccess && entries.length === 0 ? (
          <Typography variant="body2">{t('userSecurity.activity.empty')}</Typography>
        ) : null}
        {entries.length > 0 ? (
          <TableContainer>
            <Table size="small" aria-labelledby="security-log-heading">
              <TableHead>
                <TableRow>
                  <TableCell>{t('userSecurity.activity.event')}</TableCell>
                  <TableCell>{t('userSecurity.activity.device')}</TableCell>
                  <TableCell>{t('userSecurity.activity.ip')}</TableCell>
                  <TableCell>{t('userSecurity.activity.when')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => {
                  const device = describeDevice(entry.userAgent);
                  const event = t(`userSecurity.activity.events.${entry.event}`);
                  return (
                    <TableRow key={entry.id} data-testid="security-log-entry" data-event={entry.event}>
                      <TableCell>
                        {entry.byAdmin ? `${event} (${t('userSecurity.activity.byAdmin')})` : event}
                        {entry.count ? ` · ${entry.count}` : ''}
                      </TableCell>
                      <TableCell>{[device.browser, device.os].filter(Boolean).join(' · ') || '—'}</TableCell>
                      <TableCell dir="ltr">{entry.ip ?? '—'}</TableCell>
                      <TableCell>{formatWhen(entry.at, language)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
        {log.hasNextPage ? (
          <Button sx={{ mt: 2 }} onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? t('userSecurity.activity.loading') : t('userSecurity.activity.more')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
