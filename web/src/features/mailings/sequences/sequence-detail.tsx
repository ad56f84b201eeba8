import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Sequence, SequenceStepStats } from '@orbit/functions/mailings/sequence-contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDeleteSequence, useSaveSequence, useSequence } from '../api/sequences';
import { ActiveChip, SequenceLoadFailed, sequenceEditPath, sequencesPath, TriggerText } from './sequence-bits';
import { EnrolmentsSection } from './sequence-enrolments';
import { formOf, requestOf, sendDays } from './sequence-helpers';
import { isApiError } from '../../../shared/api/api-error';
import { InlineAlert } from '../../../shared/ui/inline-alert';
import { SkeletonBlock } from '../../../shared/ui/skeleton-block';

const statKeys = [
  'sent',
  'delivered',
  'failed',
  'optedOut',
  'replies',
] as const satisfies readonly (keyof SequenceStepStats)[];

/** One step: when it goes, what it says, and what became of it. */
const StepCard = ({
  sequence,
  index,
  day,
}: {
  readonly sequence: Sequence;
  readonly index: number;
  readonly day: number;
}) => {
  const { t, i18n } = useTranslation();
  const step = sequence.steps[index];
  if (!step) return null;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: { xs: 2, sm: 3 }, listStyle: 'none' }}
      data-testid="sequence-step-card"
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="subtitle1" component="h4">
            {t('sequences.editor.step', { number: index + 1 })}
          </Typography>
          <Chip size="small" variant="outlined" label={t('sequences.detail.day', { day: number.format(day) })} />
        </Stack>
        <Typography sx={{ overflowWrap: 'anywhere' }} color={step.subject ? 'text.primary' : 'text.secondary'}>
          {step.subject || t('sequences.detail.noSubject')}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(7rem, 1fr))', gap: 1, m: 0 }}
        >
          {statKeys.map((key) => (
            <Box key={key} sx={{ m: 0 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t(`sequences.detail.stats.${key}`)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`sequence-step-${key}`}>
                {number.format(step.stats[key])}
              </Typography>
            </Box>
          ))}
        </Box>
      </Stack>
    </Paper>
  );
};

const DetailView = ({ sequence, onStale }: { readonly sequence: Sequence; readonly onStale: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveSequence();
  const remove = useDeleteSequence();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<'changeFailed' | 'stale' | null>(null);
  const days = sendDays(sequence.steps);
  const busy = save.isPending || remove.isPending;

  const toggle = async () => {
    setProblem(null);
    try {
      await save.mutateAsync({
        ...requestOf(formOf(sequence)),
        active: !sequence.active,
        id: sequence.id,
        version: sequence.version,
      });
    } catch (error) {
      const stale = isApiError(error) && error.status === 409;
      // Someone saved it meanwhile: show theirs, and let the user decide again.
      if (stale) onStale();
      setProblem(stale ? 'stale' : 'changeFailed');
    }
  };

  const confirmDelete = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync(sequence.id);
      setAsking(false);
      void navigate(sequencesPath);
    } catch {
      setAsking(false);
      setProblem('changeFailed');
    }
  };

  return (
    <Stack spacing={3} data-testid="sequence-detail" data-sequence-id={sequence.id}>
      <Link component={RouterLink} to={sequencesPath}>
        {t('sequences.detail.back')}
      </Link>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {sequence.name}
          </Typography>
          <ActiveChip active={sequence.active} />
          <Chip size="small" variant="outlined" label={t(`sequences.channels.${sequence.channel}`)} />
        </Stack>
        <Typography color="text.secondary">
          <TriggerText trigger={sequence.trigger} />
          {' · '}
          {t(sequence.active ? 'sequences.detail.enabledNote' : 'sequences.detail.disabledNote')}
        </Typography>
      </Stack>
      {problem ? <InlineAlert severity="error">{t(`sequences.detail.${problem}`)}</InlineAlert> : null}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="contained"
          component={RouterLink}
          to={sequenceEditPath(sequence.id)}
          data-testid="sequence-edit"
        >
          {t('sequences.detail.edit')}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => void toggle()} data-testid="sequence-toggle">
          {t(sequence.active ? 'sequences.detail.disable' : 'sequences.detail.enable')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          onClick={() => setAsking(true)}
          data-testid="sequence-delete"
        >
          {t('sequences.detail.delete')}
        </Button>
      </Stack>
      <Stack component="section" aria-labelledby="sequence-steps-heading" spacing={2}>
        <Typography id="sequence-steps-heading" variant="h6" component="h3">
          {t('sequences.detail.steps')}
        </Typography>
        <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }}>
          {sequence.steps.map((step, index) => (
            <StepCard key={`${index}-${step.delayDays}`} sequence={sequence} index={index} day={days[index] ?? 0} />
          ))}
        </Stack>
      </Stack>
      <EnrolmentsSection sequence={sequence} />
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="sequence-confirm-title">
        <DialogTitle id="sequence-confirm-title">{t('sequences.detail.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('sequences.detail.confirmDelete', { name: sequence.name, interpolation: { escapeValue: false } })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('sequences.detail.confirmNo')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={() => void confirmDelete()}
            data-testid="sequence-confirm-delete"
          >
            {t('sequences.detail.confirmYes')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
};

/** One sequence (`?sequence=<id>`): its steps with their statistics, its people, and what can be done with it. */
export const SequenceDetail = ({ id }: { readonly id: string }) => {
  const { t } = useTranslation();
  const query = useSequence(id);
  if (query.isError)
    return (
      <Stack spacing={2}>
        <Link component={RouterLink} to={sequencesPath}>
          {t('sequences.detail.back')}
        </Link>
        <SequenceLoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  if (!query.data) return <SkeletonBlock height={400} />;
  return <DetailView sequence={query.data.sequence} onStale={() => void query.refetch()} />;
};
