import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useText } from '../../../shared/i18n/translate';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/security';
import { describeDevice, formatWhen } from './security-devices';
import { securityErrorOf } from './security-errors';

/**
 * Every live session: browser and system (from the user agent), IP address, when it signed in
 * and was last active, this device marked. Signing one out ends it at once (its next request is
 * 401, its socket closes); the owner can sign out every other device. An admin may sign out one
 * of another user's sessions, not all of them.
 */
export const SecuritySessionsCard = ({ userId, isSelf }: { readonly userId: string; readonly isSelf: boolean }) => {
  const text = useText();
  const { t, language } = text;
  const sessions = useSessions(userId);
  const revoke = useRevokeSession(userId);
  const revokeOthers = useRevokeOtherSessions(userId);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; message: string }>();
  const others = sessions.data?.sessions.filter((session) => !session.current).length ?? 0;
  const fail = (error: unknown) => setNotice({ severity: 'error', message: securityErrorOf(error, text).message });

  return (
    <Card component="section" aria-labelledby="security-sessions-heading">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, justifyContent: 'space-between' }}>
          <Typography id="security-sessions-heading" variant="h6" component="h2">
            {t('userSecurity.sessions.heading')}
          </Typography>
          {isSelf && others > 0 ? (
            <Button
              variant="outlined"
              color="error"
              disabled={revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: ({ revoked }) =>
                    setNotice({
                      severity: 'success',
                      message: t('userSecurity.sessions.othersRevoked', { count: revoked }),
                    }),
                  onError: fail,
                })
              }
            >
              {t('userSecurity.sessions.revokeOthers')}
            </Button>
          ) : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('userSecurity.sessions.intro')} {t('userSecurity.sessions.ipNote')}
        </Typography>
        {notice ? (
          <InlineAlert severity={notice.severity} action={undefined}>
            {notice.message}
          </InlineAlert>
        ) : null}
        {sessions.isError ? <InlineAlert severity="error">{t('userSecurity.errors.loadFailed')}</InlineAlert> : null}
        {sessions.data && sessions.data.sessions.length === 0 ? (
          <Typography variant="body2">{t('userSecurity.sessions.none')}</Typography>
        ) : null}
        {sessions.data && sessions.data.sessions.length > 0 ? (
          <TableContainer>
            <Table size="small" aria-labelledby="security-sessions-heading">
              <TableHead>
                <TableRow>
                  <TableCell>{t('userSecurity.sessions.browser')}</TableCell>
                  <TableCell>{t('userSecurity.sessions.system')}</TableCell>
                  <TableCell>{t('userSecurity.sessions.ip')}</TableCell>
                  <TableCell>{t('userSecurity.sessions.created')}</TableCell>
                  <TableCell>{t('userSecurity.sessions.lastUsed')}</TableCell>
                  <TableCell>{t('userSecurity.sessions.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sessions.data.sessions.map((session) => {
                  const device = describeDevice(session.userAgent);
                  const browser = device.browser || t('userSecurity.sessions.unknown');
                  const system = device.os || t('userSecurity.sessions.unknown');
                  return (
                    <TableRow key={session.id} data-testid="session-row" data-current={session.current}>
                      <TableCell>
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <span>{browser}</span>
                          {session.current ? (
                            <Chip size="small" color="primary" label={t('userSecurity.sessions.thisDevice')} />
                          ) : null}
                        </Stack>
                      </TableCell>
                      <TableCell>{system}</TableCell>
                      <TableCell dir="ltr">{session.ip ?? '—'}</TableCell>
                      <TableCell>{formatWhen(session.createdAt, language)}</TableCell>
                      <TableCell>{formatWhen(session.lastUsedAt, language)}</TableCell>
                      <TableCell>
                        {session.current ? null : (
                          <Button
                            size="small"
                            color="error"
                            disabled={revoke.isPending}
                            aria-label={t('userSecurity.sessions.revokeLabel', { browser, system })}
                            onClick={() =>
                              revoke.mutate(session.id, {
                                onSuccess: () =>
                                  setNotice({ severity: 'success', message: t('userSecurity.sessions.revoked') }),
                                onError: fail,
                              })
                            }
                          >
                            {t('userSecurity.sessions.revoke')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        ) : null}
      </CardContent>
    </Card>
  );
};
