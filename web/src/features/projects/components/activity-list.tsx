import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { i18n as I18n, ParseKeys, TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Activity } from '@orbit/functions/projects/contract';
import { useActivity } from '../api/projects';
import { initialsOf, personAvatarColours } from '../../../shared/ui/person-avatar';
import { formatDateTime, isolate } from '../utils/project-meta';
import { stageLabel } from '../utils/stage-label';

/** One line of the project's history, in the reader's language. */
export const describeActivity = (entry: Activity, t: TFunction, i18n: I18n): string => {
  const field = (name: string) => {
    const key = `project.activity.fields.${name}`;
    return i18n.exists(key) ? t(key as ParseKeys) : name;
  };
  return t(`project.activity.kinds.${entry.kind.replace('.', '_')}` as ParseKeys, {
    actor: isolate(entry.actor.fullName),
    task: isolate(entry.taskTitle ?? ''),
    from: entry.fromStage ? stageLabel(t, i18n, entry.fromStage) : '',
    to: entry.toStage ? stageLabel(t, i18n, entry.toStage) : '',
    fields: (entry.fields ?? []).map(field).join(', '),
  });
};

const ActivityPageView = ({
  projectId,
  cursor,
  isLast,
  onMore,
}: {
  projectId: string;
  cursor?: string;
  isLast: boolean;
  onMore: (cursor: string) => void;
}) => {
  const { t, i18n } = useTranslation();
  const page = useActivity(projectId, cursor);
  if (page.isPending) return <Skeleton variant="rounded" height={120} />;
  if (page.isError) return <Alert severity="error">{t('projects.errors.generic')}</Alert>;
  const entries = page.data.activity;
  return (
    <>
      {entries.length === 0 && cursor === undefined ? (
        <Typography color="text.secondary">{t('project.activity.empty')}</Typography>
      ) : null}
      {entries.map((entry) => (
        <Stack key={entry.id} component="li" direction="row" spacing={1.5} data-testid="activity-entry">
          <Avatar sx={{ ...personAvatarColours(entry.actor.id), width: 32, height: 32, fontSize: 13 }} aria-hidden>
            {initialsOf(entry.actor.fullName)}
          </Avatar>
          <Stack>
            <Typography variant="body2">{describeActivity(entry, t, i18n)}</Typography>
            <Typography variant="caption" color="text.secondary">
              <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>
            </Typography>
          </Stack>
        </Stack>
      ))}
      {isLast && page.data.nextCursor ? (
        <li>
          <Button onClick={() => onMore(page.data.nextCursor ?? '')}>{t('project.activity.more')}</Button>
        </li>
      ) : null}
    </>
  );
};

/** The project's history, newest first, a page at a time. */
export const ActivityList = ({ projectId }: { projectId: string }) => {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <Stack spacing={2} component="section" aria-labelledby="activity-heading">
      <Typography id="activity-heading" variant="h6" component="h2">
        {t('project.activity.title')}
      </Typography>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {cursors.map((cursor, index) => (
          <ActivityPageView
            key={cursor ?? 'first'}
            projectId={projectId}
            cursor={cursor}
            isLast={index === cursors.length - 1}
            onMore={(next) => setCursors((current) => [...current, next])}
          />
        ))}
      </Stack>
    </Stack>
  );
};
