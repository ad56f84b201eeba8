import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Sequence } from '@orbit/functions/mailings/sequence-contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSequences } from '../api/sequences';
import { ActiveChip, newSequencePath, sequenceViewPath, TriggerText } from './sequence-bits';
import { LoadFailedAlert } from '../../../shared/ui/action-alerts';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';

const SequencesTable = ({ sequences }: { readonly sequences: readonly Sequence[] }) => {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <TableContainer>
      <Table size="small" aria-label={t('sequences.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('sequences.list.name')}</TableCell>
            <TableCell>{t('sequences.list.trigger')}</TableCell>
            <TableCell>{t('sequences.list.channel')}</TableCell>
            <TableCell align="right">{t('sequences.list.steps')}</TableCell>
            <TableCell align="right">{t('sequences.list.enrolled')}</TableCell>
            <TableCell align="right">{t('sequences.list.active')}</TableCell>
            <TableCell>{t('sequences.list.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sequences.map((sequence) => (
            <TableRow key={sequence.id} hover data-testid="sequence-row" data-sequence-id={sequence.id}>
              <TableCell>
                <Link component={RouterLink} to={sequenceViewPath(sequence.id)}>
                  {sequence.name}
                </Link>
              </TableCell>
              <TableCell>
                <TriggerText trigger={sequence.trigger} />
              </TableCell>
              <TableCell>{t(`sequences.channels.${sequence.channel}`)}</TableCell>
              <TableCell align="right">{number.format(sequence.steps.length)}</TableCell>
              <TableCell align="right">{number.format(sequence.enrolments.total)}</TableCell>
              <TableCell align="right">{number.format(sequence.enrolments.active)}</TableCell>
              <TableCell>
                <ActiveChip active={sequence.active} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

/** The sequences, newest first, with their trigger, channel, steps and how many people they hold. */
export const SequencesList = () => {
  const { t } = useTranslation();
  const query = useSequences();
  const sequences = query.data?.sequences ?? [];
  if (query.isError)
    return (
      <LoadFailedAlert actionLabel={t('sequences.list.retry')} onAction={() => void query.refetch()}>
        {t('sequences.list.loadFailed')}
      </LoadFailedAlert>
    );
  if (query.isPending) return <SkeletonBlock height={240} />;
  if (sequences.length === 0)
    return (
      <EmptyState
        testId="sequences-empty"
        title={t('sequences.list.empty')}
        description={t('sequences.list.emptyHint')}
        action={
          <Button variant="contained" component={RouterLink} to={newSequencePath}>
            {t('sequences.newSequence')}
          </Button>
        }
      />
    );
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <SequencesTable sequences={sequences} />
    </Paper>
  );
};
