import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { projectLimits, type PersonRef, type Project, type Task } from '@orbit/functions/projects/contract';
import { createCommentRequest, taskFormSchema, type TaskFormInput } from '@orbit/functions/projects/requests';
import { isApiError } from '../../../shared/api/api-error';
import { ConflictAlert } from '../../../shared/ui/action-alerts';
import { useAppAbility } from '../../../shared/session/use-session';
import {
  useComments,
  useCreateComment,
  useCreateTask,
  useDeleteComment,
  useDeleteTask,
  useReloadBoard,
  useMoveTask,
  useUpdateTask,
} from '../api/projects';
import { CloseIcon, DeleteIcon } from '../../../shared/ui/icons';
import { initialsOf, personAvatarColours } from '../../../shared/ui/person-avatar';
import { DateField, MultilineField, PriorityField, useFieldMessage } from './form-fields';
import { formatDateTime } from '../utils/project-meta';
import { validationKeyOf } from '../utils/validation-key';
import { PersonPicker } from './person-picker';
import { stageLabel } from '../utils/stage-label';
import { taskForRules } from '../utils/task-rules';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';

export type TaskDialogMode =
  { readonly kind: 'create'; readonly stage: string } | { readonly kind: 'edit'; readonly taskId: string };

interface TaskDialogProps {
  readonly project: Project;
  readonly mode: TaskDialogMode;
  /** The task as the board has it now (edit mode); undefined if it was deleted meanwhile. */
  readonly task?: Task;
  readonly canEdit: boolean;
  readonly onClose: () => void;
  readonly onNotice: (text: string) => void;
}

const valuesOf = (task?: Task): TaskFormInput => ({
  title: task?.title ?? '',
  description: task?.description ?? '',
  assigneeId: task?.assignee?.id ?? null,
  dueDate: task?.dueDate ?? null,
  priority: task?.priority ?? 'medium',
});

const Comments = ({ project, task }: { project: Project; task: Task }) => {
  const { t, i18n } = useTranslation();
  const ability = useAppAbility();
  const comments = useComments(project.id, task.id);
  const create = useCreateComment();
  const remove = useDeleteComment();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const canComment = ability.can('create', 'Comment') && project.status !== 'archived';
  const canDelete = ability.can('delete', 'Comment');

  const post = () => {
    const parsed = v.safeParse(createCommentRequest, { body: draft });
    if (!parsed.success) {
      setError(t(validationKeyOf(parsed.issues[0].message)));
      return;
    }
    setError(null);
    create.mutate(
      { projectId: project.id, taskId: task.id, body: parsed.output.body },
      {
        onSuccess: () => setDraft(''),
        onError: () => setError(t('project.task.commentFailed')),
      },
    );
  };

  return (
    <Stack spacing={2} component="section" aria-labelledby="task-comments-heading">
      <Typography id="task-comments-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('project.task.comments')}
      </Typography>
      {comments.data && comments.data.comments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('project.task.noComments')}
        </Typography>
      ) : null}
      <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-busy={comments.isFetching}>
        {(comments.data?.comments ?? []).map((comment) => (
          <Stack key={comment.id} component="li" direction="row" spacing={1.5} data-testid="task-comment">
            <Avatar sx={{ ...personAvatarColours(comment.author.id), width: 32, height: 32, fontSize: 13 }}>
              {initialsOf(comment.author.fullName)}
            </Avatar>
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2">
                <Box component="bdi" sx={{ fontWeight: 600 }}>
                  {comment.author.fullName}
                </Box>{' '}
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  · {formatDateTime(comment.createdAt, i18n.language)}
                </Box>
              </Typography>
              <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.body}
              </Typography>
            </Box>
            {canDelete ? (
              <HintTooltip title={t('project.task.deleteComment')}>
                <IconButton
                  size="small"
                  aria-label={t('project.task.deleteComment')}
                  onClick={() => remove.mutate({ projectId: project.id, taskId: task.id, commentId: comment.id })}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </HintTooltip>
            ) : null}
          </Stack>
        ))}
      </Stack>
      {canComment ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            label={t('project.task.commentLabel')}
            multiline
            minRows={2}
            fullWidth
            error={Boolean(error)}
            helperText={error ?? undefined}
            slotProps={{ htmlInput: { maxLength: projectLimits.commentMax } }}
          />
          <Button variant="contained" onClick={post} disabled={create.isPending}>
            {create.isPending ? t('project.task.posting') : t('project.task.postComment')}
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
};

/**
 * One task: admins edit it (from the version they read; a 409 offers a reload) or delete it;
 * everyone who sees the project reads it and its comments, and may comment.
 */
export const TaskDialog = ({ project, mode, task, canEdit, onClose, onNotice }: TaskDialogProps) => {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const createTask = useCreateTask();
  const updateTask = useUpdateTask();
  const moveTask = useMoveTask();
  const deleteTask = useDeleteTask();
  const reloadBoard = useReloadBoard();
  const editing = mode.kind === 'edit';
  const [stage, setStage] = useState(mode.kind === 'create' ? mode.stage : (task?.stage ?? ''));
  const [problem, setProblem] = useState<'conflict' | 'gone' | 'error' | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [assignee, setAssignee] = useState<PersonRef | null>(task?.assignee ?? null);
  const { control, handleSubmit, reset, setError, formState } = useForm<TaskFormInput>({
    resolver: standardSchemaResolver(taskFormSchema),
    defaultValues: valuesOf(task),
  });
  const readOnly = !canEdit || project.status === 'archived';
  // Deleting is its own rule (Manage Others' Tasks), not part of editing one's own task.
  const ability = useAppAbility();
  const canDeleteTask = task !== undefined && ability.can('delete', taskForRules(project, task));
  const message = useFieldMessage();
  const client: PersonRef = { id: project.clientId, fullName: project.clientName };

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      if (editing && task) {
        let version = task.version;
        const moving = stage !== task.stage;
        if (formState.isDirty || !moving) {
          const saved = await updateTask.mutateAsync({ projectId: project.id, taskId: task.id, version, ...values });
          version = saved.task.version;
        }
        // A new stage from the dialog: the end of that stage's column, as the board's "Move to" does.
        if (moving) {
          await moveTask.mutateAsync({
            projectId: project.id,
            taskId: task.id,
            stage,
            index: projectLimits.tasksPerProject,
            version,
          });
        }
        onNotice(t('projects.notices.taskSaved'));
      } else {
        await createTask.mutateAsync({ projectId: project.id, stage, ...values });
        onNotice(t('projects.notices.taskCreated'));
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status === 409) setProblem('conflict');
      else if (isApiError(error) && error.status === 404) setProblem('gone');
      else if (isApiError(error) && error.status === 400) {
        for (const [field, messages] of Object.entries(error.errors)) {
          if (field in values && messages[0]) setError(field as keyof TaskFormInput, { message: messages[0] });
          else setProblem('error');
        }
      } else setProblem('error');
    }
  });

  const reload = async () => {
    await reloadBoard(project.id);
    setProblem(null);
  };

  // After a reload the board hands a newer task: show it (the user chose to drop their edits).
  const [shownVersion, setShownVersion] = useState(task?.version);
  if (task && task.version !== shownVersion && problem === null) {
    setShownVersion(task.version);
    reset(valuesOf(task));
    setAssignee(task.assignee ?? null);
    setStage(task.stage);
  }

  const title = editing ? (task?.title ?? t('project.task.editTitle')) : t('project.task.newTitle');

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="task-dialog-title">
      <DialogTitle id="task-dialog-title" sx={{ pe: 7 }}>
        {title}
        <IconButton
          aria-label={t('project.task.close')}
          onClick={onClose}
          sx={{ position: 'absolute', insetInlineEnd: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          {problem === 'conflict' ? (
            <ConflictAlert actionLabel={t('project.task.reload')} onAction={() => void reload()}>
              {t('project.task.conflict')}
            </ConflictAlert>
          ) : problem ? (
            <Alert severity="error">
              {problem === 'gone' ? t('projects.view.notFound') : t('projects.errors.generic')}
            </Alert>
          ) : null}
          {editing && !task ? <Alert severity="warning">{t('projects.view.notFound')}</Alert> : null}
          {!canEdit ? <Alert severity="info">{t('project.task.readOnly')}</Alert> : null}

          <Box component="form" id="task-form" noValidate onSubmit={(event) => void submit(event)}>
            <Grid container spacing={2}>
              <Grid size={12}>
                <Controller
                  control={control}
                  name="title"
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      label={t('project.task.title')}
                      required
                      fullWidth
                      autoFocus={!editing}
                      disabled={readOnly}
                      error={Boolean(fieldState.error)}
                      helperText={message(fieldState.error)}
                      slotProps={{ htmlInput: { maxLength: projectLimits.taskTitleMax } }}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  label={t('project.task.stage')}
                  value={stage}
                  onChange={(event) => setStage(event.target.value)}
                  disabled={readOnly}
                  fullWidth
                >
                  {project.stages.map((candidate) => (
                    <MenuItem key={candidate.key} value={candidate.key}>
                      {stageLabel(t, i18n, candidate.key)}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <PriorityField
                  control={control}
                  name="priority"
                  label={t('project.task.priority')}
                  disabled={readOnly}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="assigneeId"
                  render={({ field, fieldState }) => (
                    <PersonPicker
                      role="staff"
                      name="assigneeId"
                      label={t('project.task.assignee')}
                      value={assignee}
                      extraOptions={[client]}
                      disabled={readOnly}
                      onChange={(person) => {
                        setAssignee(person);
                        field.onChange(person?.id ?? null);
                      }}
                      error={Boolean(fieldState.error)}
                      helperText={message(fieldState.error) ?? (assignee ? undefined : t('project.task.unassigned'))}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <DateField control={control} name="dueDate" label={t('project.task.dueDate')} disabled={readOnly} />
              </Grid>
              <Grid size={12}>
                <MultilineField
                  control={control}
                  name="description"
                  label={t('project.task.description')}
                  disabled={readOnly}
                />
              </Grid>
            </Grid>
          </Box>

          {editing && task ? (
            <>
              <Divider />
              <Comments project={project} task={task} />
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between', px: 3 }}>
        <Box>
          {editing && task && canEdit && canDeleteTask && project.status !== 'archived' ? (
            confirmingDelete ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="body2">{t('project.task.deleteConfirm')}</Typography>
                <Button
                  color="error"
                  variant="contained"
                  disabled={deleteTask.isPending}
                  onClick={() =>
                    deleteTask.mutate(
                      { projectId: project.id, taskId: task.id },
                      {
                        onSuccess: () => {
                          onNotice(t('projects.notices.taskDeleted'));
                          onClose();
                        },
                        onError: () => setProblem('error'),
                      },
                    )
                  }
                >
                  {t('project.task.deleteYes')}
                </Button>
                <Button onClick={() => setConfirmingDelete(false)}>{t('project.task.cancel')}</Button>
              </Stack>
            ) : (
              <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirmingDelete(true)}>
                {t('project.task.delete')}
              </Button>
            )
          ) : null}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button onClick={onClose}>{readOnly ? t('project.task.close') : t('project.task.cancel')}</Button>
          {readOnly ? null : (
            <Button type="submit" form="task-form" variant="contained" disabled={formState.isSubmitting}>
              {formState.isSubmitting
                ? t('project.task.saving')
                : editing
                  ? t('project.task.save')
                  : t('project.task.create')}
            </Button>
          )}
        </Stack>
      </DialogActions>
    </Dialog>
  );
};
