import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Enrolment, EnrolmentStatus, Sequence } from '@orbit/functions/mailings/sequence-contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnrolments } from '../api/sequences';
import { enrolmentStatuses } from './sequence-helpers';
import { CursorPager, useCursorPages } from '../components/cursor-pager';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';

const pageSize = 25;

const statusColor: Record<EnrolmentStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  active: 'info',
  completed: 'success',
  left: 'default',
  replied: 'success',
  opted_out: 'warning',
  stopped: 'default',
};

const EnrolmentRows = ({
  enrolments,
  steps,
}: {
  readonly enrolments: readonly Enrolment[];
  readonly steps: number;
}) => {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <TableContainer>
      <Table size="small" aria-labelledby="sequence-enrolments-heading">
        <TableHead>
          <TableRow>
            <TableCell>{t('sequences.detail.person')}</TableCell>
            <TableCell>{t('sequences.detail.status')}</TableCell>
            <TableCell align="right">{t('sequences.detail.step')}</TableCell>
            <TableCell>{t('sequences.detail.enrolledAt')}</TableCell>
            <TableCell>{t('sequences.detail.lastSentAt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {enrolments.map((enrolment) => (
            <TableRow key={enrolment.personId} data-testid="sequence-enrolment" data-status={enrolment.status}>
              <TableCell>{enrolment.fullName}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  variant="outlined"
                  color={statusColor[enrolment.status]}
                  label={t(`sequences.enrolmentStatuses.${enrolment.status}`)}
                />
              </TableCell>
              {/* `step` is the next step to send while active, how many were sent once ended: either way, the count sent. */}
              <TableCell align="right">{`${number.format(enrolment.step)} / ${number.format(steps)}`}</TableCell>
              <TableCell>{date.format(new Date(enrolment.enrolledAt))}</TableCell>
              <TableCell>
                {enrolment.lastSentAt ? date.format(new Date(enrolment.lastSentAt)) : t('sequences.detail.never')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** The people a sequence holds (GET …/sequences/{id}/enrolments), by status, a page at a time. */
export const EnrolmentsSection = ({ sequence }: { readonly sequence: Sequence }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<EnrolmentStatus | undefined>(undefined);
  const pages = useCursorPages();
  const query = useEnrolments(sequence.id, { status, cursor: pages.cursor, limit: pageSize });
  const enrolments = query.data?.enrolments ?? [];
  const choose = (next: EnrolmentStatus | undefined) => {
    pages.first();
    setStatus(next);
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="sequence-enrolments-heading"
      sx={{ overflow: 'hidden' }}
    >
      <Stack spacing={1.5} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id="sequence-enrolments-heading" variant="h6" component="h3">
          {t('sequences.detail.enrolments')}
        </Typography>
        <Stack
          direction="row"
          role="group"
          aria-label={t('sequences.detail.statusFilter')}
          sx={{ flexWrap: 'wrap', gap: 1 }}
        >
          {[undefined, ...enrolmentStatuses].map((value) => (
            <Chip
              key={value ?? 'all'}
              label={value ? t(`sequences.enrolmentStatuses.${value}`) : t('sequences.detail.allStatuses')}
              color={value === status ? 'primary' : 'default'}
              variant={value === status ? 'filled' : 'outlined'}
              onClick={() => choose(value)}
              aria-pressed={value === status}
            />
          ))}
        </Stack>
      </Stack>
      {query.isError ? (
        <Stack sx={{ p: 2 }}>
          <LoadFailedAlert actionLabel={t('sequences.detail.retry')} onAction={() => void query.refetch()}>
            {t('sequences.detail.loadFailed')}
          </LoadFailedAlert>
        </Stack>
      ) : query.isPending ? (
        <SkeletonBlock height={160} />
      ) : enrolments.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="sequence-no-enrolments">
          {t('sequences.detail.noEnrolments')}
        </Typography>
      ) : (
        <EnrolmentRows enrolments={enrolments} steps={sequence.steps.length} />
      )}
      {!pages.isFirst || query.data?.nextCursor ? (
        <CursorPager
          pages={pages}
          nextCursor={query.data?.nextCursor}
          label={t('sequences.detail.pages')}
          sx={{ p: 1 }}
        />
      ) : null}
    </Paper>
  );
};
