import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Project } from '@orbit/functions/projects/contract';
import { ArchiveIcon, MoreIcon, RestoreIcon } from './icons';
import { EditIcon } from '../../../shared/ui/icons';
import { DueBadge, PriorityChip, ProgressBar, StatusChip, TypeChip } from './project-chips';
import { isFinishedStatus } from './project-meta';
import { editProjectPath, projectPath } from './paths';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { DeferredMenu } from '../../../shared/ui/deferred';

export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

export interface ProjectActions {
  readonly canManage: boolean;
  readonly onArchive: (project: Project) => void;
  readonly onRestore: (project: Project) => void;
}

/** The admin's menu on a project: edit, archive or restore. */
export const ProjectMenu = ({ project, actions }: { project: Project; actions: ProjectActions }) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!actions.canManage) return null;
  const archived = project.status === 'archived';
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('projects.card.actions', { name: project.name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreIcon fontSize="small" />
      </IconButton>
      <DeferredMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {archived ? null : (
          <MenuItem component={RouterLink} to={editProjectPath(project)} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <EditIcon fontSize="small" />
            </ListItemIcon>
            {t('projects.card.edit')}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            if (archived) actions.onRestore(project);
            else actions.onArchive(project);
          }}
        >
          <ListItemIcon>{archived ? <RestoreIcon fontSize="small" /> : <ArchiveIcon fontSize="small" />}</ListItemIcon>
          {archived ? t('projects.card.restore') : t('projects.card.archive')}
        </MenuItem>
      </DeferredMenu>
    </>
  );
};

export const ProjectCard = ({ project, actions }: { project: Project; actions: ProjectActions }) => {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`project-${project.id}-name`}
      data-testid="project-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Avatar variant="rounded" sx={{ bgcolor: 'primary.main', width: 40, height: 40 }} aria-hidden>
            {initialsOf(project.name)}
          </Avatar>
          <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
            <Link
              component={RouterLink}
              to={projectPath(project.id)}
              id={`project-${project.id}-name`}
              variant="subtitle1"
              underline="hover"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {project.name}
            </Link>
            <Typography variant="body2" color="text.secondary" noWrap>
              {t('projects.card.client', { name: project.clientName })}
            </Typography>
          </Stack>
          <ProjectMenu project={project} actions={actions} />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <TypeChip type={project.type} />
          <StatusChip status={project.status} />
          <PriorityChip priority={project.priority} />
        </Stack>
        {project.description ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {project.description}
          </Typography>
        ) : null}
        <ProgressBar progress={project.progress} label={t('projects.card.progress')} />
        <Typography variant="caption" color="text.secondary">
          {t('projects.card.tasks', { done: project.doneTaskCount, count: project.taskCount })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 'auto' }}>
          <DueBadge dueDate={project.dueDate} finished={isFinishedStatus(project.status)} />
          {project.managers.length > 0 ? (
            <AvatarGroup max={3} aria-label={t('projects.card.managers')}>
              {project.managers.map((manager) => (
                <HintTooltip key={manager.id} title={manager.fullName}>
                  <Avatar sx={{ width: 28, height: 28, fontSize: 12 }} alt={manager.fullName}>
                    {initialsOf(manager.fullName)}
                  </Avatar>
                </HintTooltip>
              ))}
            </AvatarGroup>
          ) : null}
        </Stack>
        {project.tags.length > 0 ? (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {project.tags.map((tag) => (
              <Chip key={tag} size="small" label={`#${tag}`} variant="outlined" sx={{ borderStyle: 'dashed' }} />
            ))}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
};
