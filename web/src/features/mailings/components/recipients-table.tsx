import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
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
import { Link as RouterLink } from 'react-router';
import { recipientStatuses, type MailingState, type RecipientStatus } from '../api/mailing-types';
import { useRecipients } from '../api/mailings';
import { CursorPager, useCursorPages } from './cursor-pager';
import { RecipientStatusChip } from './state-chip';
import { useAppAbility } from '../../../shared/session/use-session';

const pageSize = 25;

/** Each recipient's status, filtered by status, in cursor pages; refreshed live while sending. */
export const RecipientsTable = ({
  mailingId,
  state,
  live,
}: {
  readonly mailingId: string;
  readonly state: MailingState;
  readonly live: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const canReadChat = useAppAbility().can('read', 'Chat');
  const [status, setStatus] = useState<RecipientStatus | ''>('');
  const pages = useCursorPages();
  const query = useRecipients(
    mailingId,
    state,
    { status: status || undefined, cursor: pages.cursor, limit: pageSize },
    live && pages.isFirst,
  );
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const recipients = query.data?.recipients ?? [];
  return (
    <Stack spacing={2}>
      <TextField
        select
        size="small"
        label={t('mailings.detail.statusFilter')}
        value={status}
        onChange={(event) => {
          setStatus(event.target.value as RecipientStatus | '');
          pages.first();
        }}
        slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'recipients-filter' } }}
        sx={{ maxWidth: 240 }}
      >
        <option value="">{t('mailings.detail.allStatuses')}</option>
        {recipientStatuses.map((value) => (
          <option key={value} value={value}>
            {t(`mailings.statuses.${value}`)}
          </option>
        ))}
      </TextField>
      <TableContainer>
        <Table size="small" aria-label={t('mailings.detail.recipients')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('mailings.detail.person')}</TableCell>
              <TableCell>{t('mailings.detail.address')}</TableCell>
              <TableCell>{t('mailings.detail.status')}</TableCell>
              <TableCell>{t('mailings.detail.updated')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {recipients.map((recipient) => (
              <TableRow key={recipient.personId} data-testid="recipient-row" data-person-id={recipient.personId}>
                <TableCell>
                  {recipient.fullName}
                  {/* A reply is the channel's message in Chat: the row leads to that conversation. */}
                  {recipient.repliedAt && canReadChat ? (
                    <Link
                      component={RouterLink}
                      to={`/apps/chat?contact=${encodeURIComponent(recipient.personId)}`}
                      data-testid="recipient-reply"
                      sx={{ display: 'block', typography: 'body2' }}
                    >
                      {t('mailings.detail.replied')}
                    </Link>
                  ) : null}
                </TableCell>
                <TableCell>
                  <Box component="bdi">{recipient.address}</Box>
                </TableCell>
                <TableCell>
                  <RecipientStatusChip status={recipient.status} />
                </TableCell>
                <TableCell>{recipient.sentAt ? time.format(new Date(recipient.sentAt)) : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {query.isSuccess && recipients.length === 0 ? (
        <Typography color="text.secondary">{t('mailings.detail.noRecipients')}</Typography>
      ) : null}
      <CursorPager pages={pages} nextCursor={query.data?.nextCursor} label={t('mailings.detail.pages')} />
    </Stack>
  );
};
