import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useId, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project, Stage, Task } from '@orbit/functions/projects/contract';
import { useMoveTask, useReloadBoard } from '../api/projects';
import { columnsOf, dropTarget, moveTo, positionOf, stageOf, type Columns } from '../utils/board-columns';
import { CommentIcon } from './icons';
import { AddIcon, DragIcon, MoveIcon } from '../../../shared/ui/icons';
import { DropPlaceholder } from '../../../shared/ui/drop-placeholder';
import { initialsOf, personAvatarColours } from '../../../shared/ui/person-avatar';
import { DueBadge, PriorityChip } from './project-chips';
import { stageLabel } from '../utils/stage-label';
import { HintTooltip } from '../../../shared/ui/hint-tooltip';
import { DeferredMenu } from '../../../shared/ui/deferred';

interface TaskBoardProps {
  readonly project: Project;
  readonly tasks: readonly Task[];
  /** Admins move, add and edit tasks; clients read the board and open tasks to comment. */
  readonly canEdit: boolean;
  /** Whether this task may be moved and edited (a rule on one's own tasks decides per task); every task when absent. */
  readonly canEditTask?: (task: Task) => boolean;
  readonly onOpenTask: (taskId: string) => void;
  readonly onAddTask: (stage: string) => void;
  readonly onMoveFailed: (error: unknown) => void;
}

interface TaskCardProps {
  readonly task: Task;
  readonly project: Project;
  readonly canEdit: boolean;
  readonly onOpen?: () => void;
  readonly onMoveToStage?: (stage: string) => void;
  readonly handle?: Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;
  readonly overlay?: boolean;
}

/** "Move to…": the same move as dragging, for anyone who prefers a menu. */
const MoveMenu = ({ task, project, onMove }: { task: Task; project: Project; onMove: (stage: string) => void }) => {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <HintTooltip title={t('project.board.moveMenu', { title: task.title })}>
        <IconButton
          size="small"
          aria-label={t('project.board.moveMenu', { title: task.title })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoveIcon fontSize="small" />
        </IconButton>
      </HintTooltip>
      <DeferredMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {project.stages
          .filter((stage) => stage.key !== task.stage)
          .map((stage) => (
            <MenuItem
              key={stage.key}
              onClick={() => {
                setAnchor(null);
                onMove(stage.key);
              }}
            >
              {t('project.board.moveTo', { stage: stageLabel(t, i18n, stage.key) })}
            </MenuItem>
          ))}
      </DeferredMenu>
    </>
  );
};

const TaskCard = ({ task, project, canEdit, onOpen, onMoveToStage, handle, overlay }: TaskCardProps) => {
  const { t } = useTranslation();
  const done = project.stages.some((stage) => stage.key === task.stage && stage.done);
  return (
    <Paper
      variant="outlined"
      data-testid="task-card"
      data-task-id={task.id}
      sx={{
        p: 1.25,
        display: 'flex',
        gap: 0.5,
        alignItems: 'flex-start',
        boxShadow: overlay ? 6 : undefined,
        bgcolor: 'background.paper',
      }}
    >
      {canEdit ? (
        <IconButton
          size="small"
          ref={handle?.setActivatorNodeRef}
          {...handle?.attributes}
          {...handle?.listeners}
          aria-label={t('project.board.dragHandle', { title: task.title })}
          sx={{ cursor: overlay ? 'grabbing' : 'grab', touchAction: 'none', mt: -0.25 }}
          data-testid="task-drag-handle"
        >
          <DragIcon fontSize="small" />
        </IconButton>
      ) : null}
      <Stack spacing={1} sx={{ minWidth: 0, flexGrow: 1 }}>
        <ButtonBase
          onClick={onOpen}
          aria-label={t('project.board.openTask', { title: task.title })}
          sx={{ justifyContent: 'flex-start', textAlign: 'start', borderRadius: 1 }}
        >
          <Typography variant="body2" dir="auto" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {task.title}
          </Typography>
        </ButtonBase>
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <PriorityChip priority={task.priority} />
          {task.dueDate ? <DueBadge dueDate={task.dueDate} finished={done} /> : null}
          {task.commentCount > 0 ? (
            <Chip
              size="small"
              variant="outlined"
              icon={<CommentIcon sx={{ fontSize: 14 }} />}
              label={task.commentCount}
              aria-label={t('project.board.comments', { count: task.commentCount })}
            />
          ) : null}
          <Box sx={{ flexGrow: 1 }} />
          {task.assignee ? (
            <HintTooltip title={task.assignee.fullName}>
              <Avatar
                sx={{ ...personAvatarColours(task.assignee.id), width: 24, height: 24, fontSize: 11 }}
                alt={task.assignee.fullName}
              >
                {initialsOf(task.assignee.fullName)}
              </Avatar>
            </HintTooltip>
          ) : null}
        </Stack>
      </Stack>
      {canEdit && onMoveToStage && !overlay ? <MoveMenu task={task} project={project} onMove={onMoveToStage} /> : null}
    </Paper>
  );
};

const SortableTask = (props: Omit<TaskCardProps, 'handle' | 'overlay'>) => {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props.task.id,
    disabled: !props.canEdit,
  });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    opacity: isDragging ? 0.4 : 1,
    listStyle: 'none',
  };
  return (
    <li ref={setNodeRef} style={style}>
      <TaskCard {...props} handle={{ attributes, listeners, setActivatorNodeRef }} />
    </li>
  );
};

interface ColumnProps {
  readonly stage: Stage;
  readonly taskIds: readonly string[];
  readonly tasks: ReadonlyMap<string, Task>;
  readonly project: Project;
  readonly canEdit: boolean;
  readonly canEditTask?: (task: Task) => boolean;
  readonly onOpenTask: (taskId: string) => void;
  readonly onAddTask: (stage: string) => void;
  readonly onMoveToStage: (taskId: string, stage: string) => void;
}

const Column = ({
  stage,
  taskIds,
  tasks,
  project,
  canEdit,
  canEditTask,
  onOpenTask,
  onAddTask,
  onMoveToStage,
}: ColumnProps) => {
  const { t, i18n } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: stage.key });
  const headingId = useId();
  const name = stageLabel(t, i18n, stage.key);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      data-stage={stage.key}
      data-testid="board-column"
      variant="outlined"
      sx={{
        width: 292,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.sunken',
        borderColor: isOver ? 'primary.main' : 'divider',
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, pt: 1.5, pb: 1 }}>
        <Typography id={headingId} variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
        <Chip size="small" label={taskIds.length} color={stage.done ? 'success' : 'default'} />
        <Box sx={{ flexGrow: 1 }} />
        {canEdit ? (
          <HintTooltip title={t('project.board.addTaskTo', { stage: name })}>
            <IconButton
              size="small"
              aria-label={t('project.board.addTaskTo', { stage: name })}
              onClick={() => onAddTask(stage.key)}
            >
              <AddIcon fontSize="small" />
            </IconButton>
          </HintTooltip>
        ) : null}
      </Stack>
      <SortableContext id={stage.key} items={[...taskIds]} strategy={verticalListSortingStrategy}>
        <Stack
          ref={setNodeRef}
          component="ul"
          spacing={1}
          sx={{ listStyle: 'none', m: 0, px: 1.5, pb: 1.5, minHeight: 96, flexGrow: 1 }}
        >
          {taskIds.map((id) => {
            const task = tasks.get(id);
            return task ? (
              <SortableTask
                key={id}
                task={task}
                project={project}
                canEdit={canEdit && (canEditTask?.(task) ?? true)}
                onOpen={() => onOpenTask(id)}
                onMoveToStage={(target) => onMoveToStage(id, target)}
              />
            ) : null;
          })}
          {taskIds.length === 0 ? (
            <DropPlaceholder>{canEdit ? t('project.board.dropHere') : t('project.board.empty')}</DropPlaceholder>
          ) : null}
        </Stack>
      </SortableContext>
      {canEdit ? (
        <Button size="small" startIcon={<AddIcon />} onClick={() => onAddTask(stage.key)} sx={{ m: 1, mt: 0 }}>
          {t('project.board.addTask')}
        </Button>
      ) : null}
    </Paper>
  );
};

const announcementsFor = (
  t: TFunction,
  stageName: (key: string) => string,
  columns: () => Columns,
  titleOf: (id: UniqueIdentifier) => string,
): Announcements => {
  const where = (activeId: UniqueIdentifier, overId: UniqueIdentifier) => {
    const current = columns();
    const target = dropTarget(current, String(activeId), String(overId));
    if (!target) return undefined;
    const count = (current[target.stage] ?? []).filter((id) => id !== String(activeId)).length + 1;
    return { stage: stageName(target.stage), position: target.index + 1, count };
  };
  return {
    onDragStart: ({ active }) => t('project.board.announcements.start', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) => {
      const place = over ? where(active.id, over.id) : undefined;
      return place
        ? t('project.board.announcements.over', { title: titleOf(active.id), ...place })
        : t('project.board.announcements.overNothing', { title: titleOf(active.id) });
    },
    onDragEnd: ({ active, over }) => {
      const place = over ? where(active.id, over.id) : undefined;
      return place
        ? t('project.board.announcements.end', { title: titleOf(active.id), ...place })
        : t('project.board.announcements.endNothing', { title: titleOf(active.id) });
    },
    onDragCancel: ({ active }) => t('project.board.announcements.cancel', { title: titleOf(active.id) }),
  };
};

/**
 * The task board: a column per stage of the project's type. Tasks move by drag and drop (mouse,
 * touch, or keyboard: Space to lift, arrows to move, Space to drop, Escape to cancel, with
 * screen-reader announcements) or through each card's "Move to" menu. A move shows at once and
 * is sent with the task's version; if the server refuses (409), the board reloads.
 */
export const TaskBoard = ({
  project,
  tasks,
  canEdit,
  canEditTask,
  onOpenTask,
  onAddTask,
  onMoveFailed,
}: TaskBoardProps) => {
  const { t, i18n } = useTranslation();
  const move = useMoveTask();
  const reloadBoard = useReloadBoard();
  const serverColumns = useMemo(() => columnsOf(project.stages, tasks), [project.stages, tasks]);
  const byId = useMemo(() => new Map(tasks.map((task) => [task.id, task])), [tasks]);
  const [dragColumns, setDragColumns] = useState<Columns | null>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const columns = dragColumns ?? serverColumns;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const commitMove = (taskId: string, target: { stage: string; index: number } | undefined) => {
    const task = byId.get(taskId);
    const before = positionOf(serverColumns, taskId);
    if (!task || !before || !target || (before.stage === target.stage && before.index === target.index)) {
      setDragColumns(null);
      return;
    }
    // Shown at once; the server's answer (or a reload after a refusal) replaces it.
    setDragColumns(moveTo(serverColumns, taskId, target.stage, target.index));
    move.mutate(
      { projectId: project.id, taskId, version: task.version, stage: target.stage, index: target.index },
      {
        onSettled: () => setDragColumns(null),
        onError: (error) => {
          onMoveFailed(error);
          void reloadBoard(project.id);
        },
      },
    );
  };

  const handleDragStart = ({ active }: DragStartEvent) => {
    setActiveId(String(active.id));
    setDragColumns(columns);
  };

  const handleDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    setDragColumns((current) => {
      const base = current ?? serverColumns;
      const from = stageOf(base, String(active.id));
      const to = stageOf(base, String(over.id));
      if (!from || !to || from === to) return base;
      const target = dropTarget(base, String(active.id), String(over.id));
      return target ? moveTo(base, String(active.id), target.stage, target.index) : base;
    });
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    const current = dragColumns ?? serverColumns;
    if (!over) {
      setDragColumns(null);
      return;
    }
    const target = dropTarget(current, String(active.id), String(over.id));
    const final = target ? moveTo(current, String(active.id), target.stage, target.index) : current;
    commitMove(String(active.id), positionOf(final, String(active.id)));
  };

  const stageName = (key: string) => stageLabel(t, i18n, key);
  const activeTask = activeId ? byId.get(activeId) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      // Columns are measured up front, so a keyboard move right after lifting already knows them.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={handleDragStart}
      onDragOver={handleDragOver}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setActiveId(null);
        setDragColumns(null);
      }}
      accessibility={{
        announcements: announcementsFor(
          t,
          stageName,
          () => dragColumns ?? serverColumns,
          (id) => byId.get(String(id))?.title ?? '',
        ),
        screenReaderInstructions: { draggable: t('project.board.instructions') },
      }}
    >
      <Box
        role="region"
        aria-label={t('project.board.label')}
        sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 2, alignItems: 'stretch' }}
        data-testid="task-board"
      >
        {project.stages.map((stage) => (
          <Column
            key={stage.key}
            stage={stage}
            taskIds={columns[stage.key] ?? []}
            tasks={byId}
            project={project}
            canEdit={canEdit}
            canEditTask={canEditTask}
            onOpenTask={onOpenTask}
            onAddTask={onAddTask}
            onMoveToStage={(taskId, target) =>
              commitMove(taskId, { stage: target, index: (columns[target] ?? []).length })
            }
          />
        ))}
      </Box>
      <DragOverlay>
        {activeTask ? (
          <TaskCard
            task={activeTask}
            project={project}
            canEdit={canEdit && (canEditTask?.(activeTask) ?? true)}
            overlay
          />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
};
