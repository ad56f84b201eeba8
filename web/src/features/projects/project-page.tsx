import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Project, Task } from '@orbit/functions/projects/contract';
import { taskForRules } from './utils/task-rules';
import { isApiError } from '../../shared/api/api-error';
import { useAppAbility, useSession } from '../../shared/session/use-session';
import { NoticeSnackbar, type Notice } from '../../shared/ui/notice-snackbar';
import { PageTitle } from '../../shared/ui/page-title';
import { useArchiveProject, useBoard, useRestoreProject } from './api/projects';
import { ActivityList } from './components/activity-list';
import { BoardViewers } from './components/board-viewers';
import { DeleteProjectDialog } from './components/delete-project-dialog';
import { ArchiveIcon, BackIcon, RestoreIcon } from './components/icons';
import { DeleteIcon, EditIcon } from '../../shared/ui/icons';
import { DueBadge, PriorityChip, ProjectProgress, StatusChip, TypeChip } from './components/project-chips';
import { formatDay, formatMoney, isFinishedStatus, isolate } from './utils/project-meta';
import { editProjectPath, projectsListPath } from './utils/paths';
import { TaskBoard } from './components/task-board';
import { TaskDialog, type TaskDialogMode } from './components/task-dialog';
import { useLiveBoard } from './realtime/use-live-board';

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box component="div">
    <Typography component="dt" variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" dir="auto" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {children}
    </Typography>
  </Box>
);

const ProjectDetails = ({ project }: { project: Project }) => {
  const { t, i18n } = useTranslation();
  const day = (value: string | null) => (value ? formatDay(value, i18n.language) : t('projects.view.notSet'));
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, height: '100%', minWidth: 0 }}
      component="section"
      aria-labelledby="details-heading"
    >
      <Typography id="details-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('projects.view.details')}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, m: 0 }}>
        <Detail label={t('projects.view.client')}>{project.clientName}</Detail>
        <Detail label={t('projects.view.managers')}>
          {project.managers.length > 0
            ? project.managers.map((manager) => isolate(manager.fullName)).join(', ')
            : t('projects.view.noManagers')}
        </Detail>
        <Detail label={t('projects.view.start')}>{day(project.startDate)}</Detail>
        <Detail label={t('projects.view.due')}>{day(project.dueDate)}</Detail>
        <Detail label={t('projects.view.budget')}>
          {project.budget
            ? formatMoney(project.budget.amount, project.budget.currency, i18n.language)
            : t('projects.view.noBudget')}
        </Detail>
        <Detail label={t('projects.view.tags')}>
          {project.tags.length > 0 ? project.tags.map((tag) => isolate(`#${tag}`)).join(' ') : '—'}
        </Detail>
      </Box>
      <Typography variant="caption" color="text.secondary" component="h3" sx={{ mt: 2, display: 'block' }}>
        {t('projects.view.description')}
      </Typography>
      <Typography
        variant="body2"
        dir={project.description ? 'auto' : undefined}
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {project.description || t('projects.view.noDescription')}
      </Typography>
    </Paper>
  );
};

/**
 * /apps/projects/:id (apps-project-view, a route beyond the table of docs/product.md#routes): the project, its
 * progress and details, the task board and the activity. Admins edit, archive, restore and
 * delete; the project's client follows it and comments; anyone else gets "not found".
 */
export const ProjectPage = () => {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const ability = useAppAbility();
  const canManage = ability.can('update', 'Project');
  const board = useBoard(id);
  const me = useSession().userData?.id;
  const live = useLiveBoard(id, typeof me === 'string' ? me : undefined, board.isSuccess);
  const archive = useArchiveProject();
  const restore = useRestoreProject();
  // The tab and the open task live in the URL: reload keeps them, Back closes the task.
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: 'board' | 'activity' = searchParams.get('tab') === 'activity' ? 'activity' : 'board';
  const openTaskId = searchParams.get('task');
  const [creating, setCreating] = useState<string | null>(null);
  const dialog: TaskDialogMode | null = openTaskId
    ? { kind: 'edit', taskId: openTaskId }
    : creating
      ? { kind: 'create', stage: creating }
      : null;
  const changeParams = (change: (params: URLSearchParams) => void, options: { replace?: boolean; state?: unknown }) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    }, options);
  const selectTab = (value: 'board' | 'activity') =>
    changeParams((params) => (value === 'board' ? params.delete('tab') : params.set('tab', value)), { replace: true });
  const openTask = (taskId: string) =>
    changeParams((params) => params.set('task', taskId), { state: { openedFromBoard: true } });
  const closeDialog = () => {
    setCreating(null);
    if (!openTaskId) return;
    // Opened from the board: going back is closing. Opened from a link or a reload: drop the parameter.
    if ((location.state as { openedFromBoard?: boolean } | null)?.openedFromBoard) void navigate(-1);
    else changeParams((params) => params.delete('task'), { replace: true });
  };
  const [deleting, setDeleting] = useState(false);
  const handedNotice = (location.state as { notice?: string } | null)?.notice;
  const [notice, setNotice] = useState<Notice | null>(
    handedNotice ? { severity: 'success', text: handedNotice } : null,
  );

  useEffect(() => {
    if (handedNotice) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [handedNotice, location.pathname, location.search, navigate]);

  if (live.deleted) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <PageTitle title={t('projects.title')} />
        <Alert severity="warning">{t('project.live.deleted')}</Alert>
        <Link component={RouterLink} to={projectsListPath}>
          {t('projects.view.back')}
        </Link>
      </Stack>
    );
  }

  if (board.isPending) {
    return (
      <Stack spacing={2} aria-busy="true">
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={360} />
      </Stack>
    );
  }
  if (board.isError) {
    const missing = isApiError(board.error) && (board.error.status === 404 || board.error.status === 403);
    return (
      <Stack spacing={2} sx={{ maxWidth: 720 }}>
        <PageTitle title={t('projects.title')} />
        <Alert
          severity={missing ? 'warning' : 'error'}
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void board.refetch()}>
                {t('projects.list.retry')}
              </Button>
            )
          }
        >
          {missing ? t('projects.view.notFound') : t('projects.view.loadFailed')}
        </Alert>
        <Link component={RouterLink} to={projectsListPath}>
          {t('projects.view.back')}
        </Link>
      </Stack>
    );
  }

  const { project, tasks } = board.data;
  const archived = project.status === 'archived';
  const editable = canManage && !archived;
  // Tasks by the task rules (docs/roles.md): adding is `create Task`; moving and editing is
  // `update Task` on that task (Project Planning: only one's own; Manage Others' Tasks: any).
  const canAddTask = ability.can('create', 'Task') && !archived;
  const canEditTask = (task: Task) => !archived && ability.can('update', taskForRules(project, task));
  const failed = (error: unknown) =>
    setNotice({
      severity: 'warning',
      text:
        isApiError(error) && error.status === 409 ? t('projects.view.changedElsewhere') : t('projects.errors.generic'),
    });
  const dialogTask = dialog?.kind === 'edit' ? tasks.find((task) => task.id === dialog.taskId) : undefined;

  return (
    <Stack spacing={3} component="article" aria-labelledby="project-heading">
      <PageTitle title={project.name} />
      <Link
        component={RouterLink}
        to={projectsListPath}
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
      >
        <BackIcon
          fontSize="small"
          sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }}
        />
        {t('projects.view.back')}
      </Link>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Stack spacing={1}>
          <Typography id="project-heading" variant="h4" component="h1" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
            {project.name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TypeChip type={project.type} />
            <StatusChip status={project.status} />
            <PriorityChip priority={project.priority} />
            <DueBadge dueDate={project.dueDate} finished={isFinishedStatus(project.status)} />
            {project.tags.map((tag) => (
              <Chip
                key={tag}
                size="small"
                variant="outlined"
                label={<bdi>#{tag}</bdi>}
                sx={{ borderStyle: 'dashed' }}
              />
            ))}
          </Stack>
        </Stack>
        {canManage ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
            {editable ? (
              <Button variant="contained" startIcon={<EditIcon />} component={RouterLink} to={editProjectPath(project)}>
                {t('projects.view.edit')}
              </Button>
            ) : null}
            <Button
              variant="outlined"
              startIcon={archived ? <RestoreIcon /> : <ArchiveIcon />}
              disabled={archive.isPending || restore.isPending}
              onClick={() =>
                (archived ? restore : archive).mutate(
                  { id: project.id, version: project.version },
                  {
                    onSuccess: () =>
                      setNotice({
                        severity: 'success',
                        text: archived ? t('projects.notices.restored') : t('projects.notices.archived'),
                      }),
                    onError: (error) => {
                      failed(error);
                      void board.refetch();
                    },
                  },
                )
              }
            >
              {archived ? t('projects.view.restore') : t('projects.view.archive')}
            </Button>
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
              {t('projects.view.delete')}
            </Button>
          </Stack>
        ) : null}
      </Stack>

      {archived ? <Alert severity="info">{t('projects.view.archivedNotice')}</Alert> : null}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <ProjectProgress progress={project.progress} label={t('projects.view.progress')} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('projects.view.progressValue', {
                progress: project.progress,
                count: project.doneTaskCount,
                total: project.taskCount,
              })}
            </Typography>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ProjectDetails project={project} />
        </Grid>
      </Grid>

      <Box>
        <BoardViewers viewers={live.others} />
        <Tabs
          value={tab}
          onChange={(_event, value: 'board' | 'activity') => selectTab(value)}
          aria-label={t('projects.view.tabs')}
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        >
          <Tab value="board" label={t('projects.view.board')} id="tab-board" aria-controls="panel-board" />
          <Tab value="activity" label={t('projects.view.activity')} id="tab-activity" aria-controls="panel-activity" />
        </Tabs>
        <Box role="tabpanel" id="panel-board" aria-labelledby="tab-board" hidden={tab !== 'board'}>
          {tab === 'board' ? (
            <TaskBoard
              project={project}
              tasks={tasks}
              canEdit={canAddTask || (!archived && ability.can('update', 'Task'))}
              canEditTask={canEditTask}
              onOpenTask={openTask}
              onAddTask={setCreating}
              onMoveFailed={(error) =>
                setNotice({
                  severity: 'warning',
                  text:
                    isApiError(error) && error.status === 409
                      ? t('project.board.conflict')
                      : t('project.board.moveFailed'),
                })
              }
            />
          ) : null}
        </Box>
        <Box role="tabpanel" id="panel-activity" aria-labelledby="tab-activity" hidden={tab !== 'activity'}>
          {tab === 'activity' ? <ActivityList projectId={project.id} /> : null}
        </Box>
      </Box>

      {dialog ? (
        <TaskDialog
          key={dialog.kind === 'edit' ? dialog.taskId : `new-${dialog.stage}`}
          project={project}
          mode={dialog}
          task={dialogTask}
          canEdit={dialog.kind === 'create' ? canAddTask : dialogTask !== undefined && canEditTask(dialogTask)}
          onClose={closeDialog}
          onNotice={(text) => setNotice({ severity: 'success', text })}
        />
      ) : null}
      {deleting ? (
        <DeleteProjectDialog
          project={project}
          onClose={() => setDeleting(false)}
          onDeleted={() =>
            void navigate(projectsListPath, {
              state: { notice: t('projects.notices.deleted', { name: isolate(project.name) }) },
            })
          }
        />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} />
    </Stack>
  );
};
