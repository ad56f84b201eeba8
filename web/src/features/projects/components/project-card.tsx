import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { styled } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PersonRef, Project } from '@orbit/functions/projects/contract';
import { MoreIcon } from '../../../shared/ui/icons';
import { DueBadge, PriorityChip, ProjectProgress, StatusChip, TypeChip } from './project-chips';
import { isFinishedStatus, isolate } from '../utils/project-meta';
import { projectPath } from '../utils/paths';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { initialsOf, personAvatarColours } from '../../../shared/ui/person-avatar';
import { deferredMenuWithItems } from '../../../shared/ui/deferred';
import { Tag } from '../../../shared/ui/tag';
import { useMenuButton } from '../../../shared/ui/use-menu-button';

export interface ProjectActions {
  readonly canManage: boolean;
  readonly onArchive: (project: Project) => void;
  readonly onRestore: (project: Project) => void;
}

/** The items load with the menu (shared/ui/deferred.tsx). */
const { MenuWithItems: ProjectMenuWithItems, preload: preloadProjectMenu } = deferredMenuWithItems(
  async () => (await import('./menu-items')).ProjectMenuItems,
);

/** The admin's menu on a project: edit, archive or restore. */
export const ProjectMenu = ({ project, actions }: { project: Project; actions: ProjectActions }) => {
  const { t } = useTranslation();
  const menu = useMenuButton(preloadProjectMenu);
  if (!actions.canManage) return null;
  return (
    <>
      <IconButton size="small" aria-label={t('projects.card.actions', { name: project.name })} {...menu.buttonProps}>
        <MoreIcon fontSize="small" />
      </IconButton>
      <ProjectMenuWithItems
        {...menu.menuProps}
        items={{
          project,
          onClose: menu.close,
          onArchive: actions.onArchive,
          onRestore: actions.onRestore,
        }}
      />
    </>
  );
};

/** The project's name as the card's link, in the look of MUI's Link (subtitle1, underlined on hover). */
const NameLink = styled(RouterLink)(({ theme }) => ({
  ...theme.typography.subtitle1,
  fontWeight: 600,
  overflowWrap: 'anywhere',
  color: (theme.vars ?? theme).palette.primary.main,
  textDecoration: 'none',
  textDecorationColor: theme.alpha((theme.vars ?? theme).palette.primary.main, 0.4),
  '&:hover': { textDecoration: 'underline' },
  '&:focus-visible': {
    outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
    outlineOffset: 2,
    borderRadius: 2,
  },
}));

/** Overlapping avatars, the first on top, each ringed in the card's colour (MUI's AvatarGroup look). */
const AvatarRow = styled('div')(({ theme }) => ({
  display: 'flex',
  '& > .MuiAvatar-root': {
    position: 'relative',
    boxSizing: 'content-box',
    width: 28,
    height: 28,
    fontSize: 12,
    border: `2px solid ${(theme.vars ?? theme).palette.background.paper}`,
    '&:not(:first-of-type)': { marginInlineStart: -8 },
  },
}));

/** At most `max` avatars: past that, `max - 1` of them and a "+N" for the rest (as AvatarGroup). */
const ManagerAvatars = ({ managers, max = 3 }: { managers: readonly PersonRef[]; max?: number }) => {
  const { t } = useTranslation();
  const shown = managers.length <= max ? managers : managers.slice(0, max - 1);
  const surplus = managers.length - shown.length;
  return (
    <AvatarRow role="group" aria-label={t('projects.card.managers')}>
      {shown.map((manager, index) => (
        <HintTooltip key={manager.id} title={manager.fullName} style={{ zIndex: shown.length - index }}>
          <Avatar role="img" sx={personAvatarColours(manager.id)}>
            {initialsOf(manager.fullName)}
          </Avatar>
        </HintTooltip>
      ))}
      {surplus > 0 ? <Avatar>{`+${surplus}`}</Avatar> : null}
    </AvatarRow>
  );
};

/**
 * Memoised: the list keeps its cards while other parts of the page change (filters, counts), and
 * the query cache keeps an unchanged project the same object across refetches.
 */
export const ProjectCard = memo(function ProjectCard({
  project,
  actions,
}: {
  project: Project;
  actions: ProjectActions;
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={`project-${project.id}-name`}
      data-testid="project-card"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5, p: 2, pb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Avatar
            variant="rounded"
            sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', width: 40, height: 40 }}
            aria-hidden
          >
            {initialsOf(project.name)}
          </Avatar>
          <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
            <NameLink to={projectPath(project.id)} id={`project-${project.id}-name`} dir="auto">
              {project.name}
            </NameLink>
            <Typography variant="body2" color="text.secondary" noWrap>
              {t('projects.card.client', { name: isolate(project.clientName) })}
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
        <ProjectProgress progress={project.progress} label={t('projects.card.progress')} />
        <Typography variant="caption" color="text.secondary">
          {t('projects.card.tasks', { count: project.doneTaskCount, total: project.taskCount })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 'auto' }}>
          <DueBadge dueDate={project.dueDate} finished={isFinishedStatus(project.status)} />
          {project.managers.length > 0 ? <ManagerAvatars managers={project.managers} /> : null}
        </Stack>
        {project.tags.length > 0 ? (
          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {project.tags.map((tag) => (
              <Tag key={tag} variant="dashed" dir="auto" label={`#${tag}`} />
            ))}
          </Stack>
        ) : null}
      </Box>
    </Card>
  );
});
