import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Priority, ProjectStatus, ProjectType } from '@orbit/functions/projects/contract';
import { ProgressBar } from '../../../shared/ui/progress-bar';
import { Tag } from '../../../shared/ui/tag';
import { dueColor, dueStateOf, formatDay, priorityColor, statusColor } from '../utils/project-meta';

// Tags, not MUI Chips: a page of cards shows dozens and none is interactive (see shared/ui/tag.tsx).

export const StatusChip = ({ status }: { status: ProjectStatus }) => {
  const { t } = useTranslation();
  return <Tag color={statusColor[status]} label={t(`projects.statuses.${status}`)} />;
};

export const TypeChip = ({ type }: { type: ProjectType }) => {
  const { t } = useTranslation();
  return <Tag variant="outlined" label={t(`projects.types.${type}`)} />;
};

export const PriorityChip = ({ priority }: { priority: Priority }) => {
  const { t } = useTranslation();
  return <Tag variant="outlined" color={priorityColor[priority]} label={t(`projects.priorities.${priority}`)} />;
};

/** "Overdue · Mar 3, 2026", "Due today", "Due Mar 12, 2026" — coloured by urgency. */
export const DueBadge = ({ dueDate, finished }: { dueDate: string | null; finished: boolean }) => {
  const { t, i18n } = useTranslation();
  const state = dueStateOf(dueDate, finished);
  const date = dueDate ? formatDay(dueDate, i18n.language) : '';
  const label =
    state === 'none'
      ? t('projects.due.none')
      : state === 'overdue'
        ? t('projects.due.overdue', { date })
        : state === 'today'
          ? t('projects.due.today')
          : state === 'soon'
            ? t('projects.due.soon', { date })
            : t('projects.due.later', { date });
  return (
    <Tag
      variant={state === 'overdue' || state === 'today' ? 'filled' : 'outlined'}
      color={dueColor[state]}
      label={label}
      data-due={state}
    />
  );
};

/** The derived progress as a labelled bar (the label is the accessible value). */
export const ProjectProgress = ({ progress, label }: { progress: number; label: string }) => {
  const { t } = useTranslation();
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="project-progress">
          {t('projects.card.progressValue', { progress })}
        </Typography>
      </Box>
      <ProgressBar value={progress} aria-label={label} color={progress === 100 ? 'success' : 'primary'} thickness={8} />
    </Box>
  );
};
