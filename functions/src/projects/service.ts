import type { AppAbility } from '../core/ability';
import type { Principal } from '../core/auth/authenticate';
import { authorize, authorizeResource, listScope, scopeValue } from '../core/authorize';
import { ConflictError, NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { getUserById } from '../users/repository';
import {
  defaultOrderFor,
  dueBeforeStart,
  isDoneStage,
  progressOf,
  projectLimits,
  projectMessages,
  projectStatuses,
  stagesFor,
  type Activity,
  type ActivityKind,
  type ActivityPage,
  type Board,
  type CommentPage,
  type PeopleList,
  type PersonRef,
  type Project,
  type ProjectList,
  type Task,
  type TaskComment,
} from './contract';
import type {
  CreateCommentRequest,
  CreateProjectInput,
  CreateTaskInput,
  ListProjectsInput,
  MoveTaskRequest,
  UpdateProjectInput,
  UpdateTaskInput,
} from './requests';
import { decodeKeyCursor, decodeListCursor, encodeKeyCursor, encodeListCursor, fingerprintOf } from './list-cursor';
import { readMergedPage, type PartitionPosition } from './merged-pages';
import { rankAtIndex } from './rank';
import * as repository from './repository';
import {
  WriteRejected,
  type ActivityRecord,
  type CommentRecord,
  type ListScope,
  type ProjectChanges,
  type ProjectRecord,
  type TaskChanges,
  type TaskRecord,
} from './repository';

/** Who is asking: the verified principal and the ability built from its rules. */
export interface Caller {
  readonly principal: Principal;
  readonly ability: AppAbility;
}

/* ---------- Shapes ---------- */

export const toProject = (record: ProjectRecord): Project => ({
  id: record.id,
  type: record.projectType,
  name: record.name,
  clientId: record.clientId,
  clientName: record.clientName,
  managers: record.managers,
  status: record.status,
  statusBeforeArchive: record.statusBeforeArchive ?? null,
  priority: record.priority,
  startDate: record.startDate ?? null,
  dueDate: record.dueDate ?? null,
  budget: record.budget ?? null,
  description: record.description,
  tags: record.tags,
  stages: stagesFor(record.projectType),
  taskCount: record.taskCount,
  doneTaskCount: record.doneTaskCount,
  progress: progressOf(record.taskCount, record.doneTaskCount),
  version: record.version,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  archivedAt: record.archivedAt ?? null,
});

export const toTask = (record: TaskRecord): Task => ({
  id: record.id,
  projectId: record.projectId,
  title: record.title,
  description: record.description,
  stage: record.stage,
  rank: record.rank,
  assignee: record.assignee ?? null,
  dueDate: record.dueDate ?? null,
  priority: record.priority,
  commentCount: Math.max(0, record.commentCount ?? 0),
  version: record.version,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

const toComment = (record: CommentRecord): TaskComment => ({
  id: record.id,
  taskId: record.taskId,
  author: record.author,
  body: record.body,
  createdAt: record.createdAt,
});

const toActivity = (record: ActivityRecord): Activity => ({
  id: record.id,
  kind: record.kind,
  at: record.at,
  actor: record.actor,
  ...(record.taskId ? { taskId: record.taskId } : {}),
  ...(record.taskTitle ? { taskTitle: record.taskTitle } : {}),
  ...(record.fields ? { fields: record.fields } : {}),
  ...(record.fromStage ? { fromStage: record.fromStage } : {}),
  ...(record.toStage ? { toStage: record.toStage } : {}),
});

/** Tasks as the board shows them: by stage (the type's column order), then rank, then id. */
const boardOrder = (record: ProjectRecord, tasks: readonly TaskRecord[]): TaskRecord[] => {
  const column = new Map(stagesFor(record.projectType).map((stage, index) => [stage.key, index]));
  return [...tasks].sort(
    (a, b) =>
      (column.get(a.stage) ?? 99) - (column.get(b.stage) ?? 99) ||
      (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
};

/* ---------- Helpers ---------- */

const now = () => new Date().toISOString();

const actorOf = async (caller: Caller): Promise<PersonRef & { role: string }> => {
  const user = await getUserById(caller.principal.userId);
  return { id: caller.principal.userId, fullName: user?.fullName ?? 'Unknown user', role: caller.principal.role };
};

const activity = (
  projectId: string,
  actor: PersonRef,
  kind: ActivityKind,
  extra: Partial<Omit<ActivityRecord, 'id' | 'projectId' | 'kind' | 'actor' | 'at'>> = {},
): ActivityRecord => ({
  id: ulid(),
  projectId,
  kind,
  at: now(),
  actor: { id: actor.id, fullName: actor.fullName },
  ...extra,
});

const staleProject = (current: ProjectRecord) =>
  new ConflictError({ version: [projectMessages.staleVersion] }, toProject(current));
const archivedProject = (current: ProjectRecord) =>
  new ConflictError({ status: [projectMessages.archived] }, toProject(current));

/** After a lost conditional write: 404 if the project went away, else 409 with its current state. */
const explainProjectRejection = async (projectId: string): Promise<never> => {
  const current = await repository.getProject(projectId);
  if (!current) throw new NotFoundError('Project not found');
  if (current.status === 'archived') throw archivedProject(current);
  throw staleProject(current);
};

const resolveClient = async (clientId: string): Promise<PersonRef> => {
  const user = await getUserById(clientId);
  if (!user || user.role !== 'client') throw new ValidationError({ clientId: [projectMessages.clientUnknown] });
  return { id: user.id, fullName: user.fullName };
};

const resolveManagers = async (managerIds: readonly string[]): Promise<PersonRef[]> => {
  const users = await Promise.all(managerIds.map((id) => getUserById(id)));
  if (users.some((user) => !user || user.role !== 'admin')) {
    throw new ValidationError({ managerIds: [projectMessages.managerUnknown] });
  }
  return users.flatMap((user) => (user ? [{ id: user.id, fullName: user.fullName }] : []));
};

/* ---------- Authorisation of records named by the request ---------- */

/** The project if the caller may read it and do `action` to it: 404 if hidden, 403 if read-only. */
export const loadProject = async (
  caller: Caller,
  projectId: string,
  action: 'read' | 'update' | 'delete',
): Promise<ProjectRecord> =>
  authorizeResource(caller.ability, action, 'Project', await repository.getProject(projectId), 'Project not found');

/** A task is checked as its project's (tasks carry their project's clientId for the rules). */
const taskSubject = (project: ProjectRecord, task: TaskRecord) => ({ ...task, clientId: project.clientId });

export const loadTask = async (
  caller: Caller,
  projectId: string,
  taskId: string,
  action: 'read' | 'update' | 'delete',
): Promise<{ project: ProjectRecord; task: TaskRecord }> => {
  const project = await loadProject(caller, projectId, 'read');
  const task = await repository.getTask(project.id, taskId);
  authorizeResource(caller.ability, action, 'Task', task ? taskSubject(project, task) : undefined, 'Task not found');
  if (!task) throw new NotFoundError('Task not found');
  return { project, task };
};

/** May the caller create a task here? Checked before the body is read, so clients get 403. */
export const authorizeTaskCreation = (caller: Caller, project: ProjectRecord): void =>
  authorize(caller.ability, 'create', 'Task', { clientId: project.clientId });

export const authorizeCommentCreation = (caller: Caller, project: ProjectRecord): void =>
  authorize(caller.ability, 'create', 'Comment', { clientId: project.clientId });

/** Anyone who may create projects may pick people for them; checked before the query. */
export const authorizeProjectCreation = (caller: Caller): void => authorize(caller.ability, 'create', 'Project');

/* ---------- Projects ---------- */

const listChunkSize = (query: ListProjectsInput) => (query.q || query.type ? 200 : 0);
/** Items one list request may read when filtering: bounds its cost whatever the workspace holds. */
export const listReadBudget = 1000;

export const listProjects = async (caller: Caller, query: ListProjectsInput): Promise<ProjectList> => {
  const rules = listScope(caller.ability, 'read', 'Project');
  let scope: ListScope;
  if (rules.kind === 'all') {
    scope = query.clientId ? { kind: 'client', clientId: query.clientId } : { kind: 'workspace' };
  } else {
    const own = scopeValue(rules, 'clientId');
    // A client's list is its own projects; asking for another client's finds nothing.
    if (typeof own !== 'string' || (query.clientId !== undefined && query.clientId !== own)) {
      return {
        projects: [],
        nextCursor: null,
        counts: Object.fromEntries(projectStatuses.map((status) => [status, 0])) as ProjectList['counts'],
        total: 0,
      };
    }
    scope = { kind: 'client', clientId: own };
  }

  const order = query.order ?? defaultOrderFor[query.sort];
  const statuses = projectStatuses.filter((status) => query.status.includes(status));
  const partitions = statuses.map((status) => repository.listPartitionKey(scope, status, query.sort));
  const fingerprint = fingerprintOf([partitions, order, query.type ?? '', query.q ?? '']);
  const positions: PartitionPosition[] = query.cursor
    ? decodeListCursor(query.cursor, fingerprint, partitions.length)
    : partitions.map(() => ({ exhausted: false }));

  const [page, counts] = await Promise.all([
    readMergedPage({
      positions,
      descending: order === 'desc',
      pageSize: query.limit,
      chunkSize: listChunkSize(query),
      readBudget: listReadBudget,
      keyOf: (entry: { sk: string }) => entry.sk,
      fetch: async ({ partition, after, limit }) => {
        const chunk = await repository.readListChunk({
          partitionKey: partitions[partition] ?? '',
          after,
          limit,
          descending: order === 'desc',
          type: query.type,
          search: query.q,
        });
        return { items: chunk.entries, lastKey: chunk.lastKey, read: chunk.read };
      },
    }),
    repository.getStatusCounts(scope),
  ]);

  const projects = await repository.getProjects(page.items.map((entry) => entry.projectId));
  return {
    projects: projects.map(toProject),
    nextCursor: page.positions ? encodeListCursor(fingerprint, page.positions) : null,
    counts,
    total: query.q || query.type ? null : statuses.reduce((sum, status) => sum + counts[status], 0),
  };
};

export const createProject = async (caller: Caller, input: CreateProjectInput): Promise<Project> => {
  authorize(caller.ability, 'create', 'Project', { clientId: input.clientId });
  const [client, managers, actor] = await Promise.all([
    resolveClient(input.clientId),
    resolveManagers(input.managerIds),
    actorOf(caller),
  ]);
  const at = now();
  const record: ProjectRecord = {
    id: ulid(),
    projectType: input.type,
    name: input.name,
    clientId: client.id,
    clientName: client.fullName,
    managers,
    status: input.status,
    statusBeforeArchive: null,
    priority: input.priority,
    startDate: input.startDate,
    dueDate: input.dueDate,
    budget: input.budget,
    description: input.description,
    tags: input.tags,
    taskCount: 0,
    doneTaskCount: 0,
    version: 1,
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
    createdBy: caller.principal.userId,
  };
  await repository.createProject(record, activity(record.id, actor, 'project.created'));
  return toProject(record);
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const applyChanges = async (
  caller: Caller,
  before: ProjectRecord,
  changes: ProjectChanges,
  kind: ActivityKind,
  fields: readonly string[],
): Promise<Project> => {
  const actor = await actorOf(caller);
  try {
    const after = await repository.updateProject(
      before,
      changes,
      activity(before.id, actor, kind, fields.length > 0 ? { fields } : {}),
    );
    return toProject(after);
  } catch (error) {
    if (error instanceof WriteRejected) return explainProjectRejection(before.id);
    throw error;
  }
};

const editableChanges = (record: ProjectRecord): ProjectChanges => ({
  name: record.name,
  clientId: record.clientId,
  clientName: record.clientName,
  managers: record.managers,
  status: record.status,
  statusBeforeArchive: record.statusBeforeArchive ?? null,
  priority: record.priority,
  startDate: record.startDate ?? null,
  dueDate: record.dueDate ?? null,
  budget: record.budget ?? null,
  description: record.description,
  tags: record.tags,
  updatedAt: record.updatedAt,
  archivedAt: record.archivedAt ?? null,
});

/** An edit from the version the caller read: stale is 409 with the current state, never an overwrite. */
export const updateProject = async (
  caller: Caller,
  record: ProjectRecord,
  input: UpdateProjectInput,
): Promise<Project> => {
  if (record.status === 'archived') throw archivedProject(record);
  if (input.version !== record.version) throw staleProject(record);

  const startDate = input.startDate === undefined ? record.startDate : input.startDate;
  const dueDate = input.dueDate === undefined ? record.dueDate : input.dueDate;
  if (dueBeforeStart(startDate, dueDate)) throw new ValidationError({ dueDate: [projectMessages.dueBeforeStart] });

  const client =
    input.clientId !== undefined && input.clientId !== record.clientId
      ? await resolveClient(input.clientId)
      : { id: record.clientId, fullName: record.clientName };
  const managers =
    input.managerIds !== undefined &&
    !sameValue(
      input.managerIds,
      record.managers.map((manager) => manager.id),
    )
      ? await resolveManagers(input.managerIds)
      : record.managers;

  const current = editableChanges(record);
  const next: ProjectChanges = {
    ...current,
    name: input.name ?? record.name,
    clientId: client.id,
    clientName: client.fullName,
    managers,
    status: input.status ?? record.status,
    priority: input.priority ?? record.priority,
    startDate,
    dueDate,
    budget: input.budget === undefined ? record.budget : input.budget,
    description: input.description ?? record.description,
    tags: input.tags ?? record.tags,
  };
  const changed = (Object.keys(next) as (keyof ProjectChanges)[]).filter(
    (field) => field !== 'clientName' && !sameValue(next[field], current[field]),
  );
  // Nothing to change: answer with what is stored rather than minting a new version.
  if (changed.length === 0) return toProject(record);
  return applyChanges(caller, record, { ...next, updatedAt: now() }, 'project.updated', changed);
};

export const archiveProject = async (caller: Caller, record: ProjectRecord, version: number): Promise<Project> => {
  if (record.status === 'archived') throw archivedProject(record);
  if (version !== record.version) throw staleProject(record);
  const at = now();
  return applyChanges(
    caller,
    record,
    {
      ...editableChanges(record),
      status: 'archived',
      statusBeforeArchive: record.status,
      archivedAt: at,
      updatedAt: at,
    },
    'project.archived',
    [],
  );
};

export const restoreProject = async (caller: Caller, record: ProjectRecord, version: number): Promise<Project> => {
  if (record.status !== 'archived') {
    throw new ConflictError({ status: ['This project is not archived'] }, toProject(record));
  }
  if (version !== record.version) throw staleProject(record);
  return applyChanges(
    caller,
    record,
    {
      ...editableChanges(record),
      status: record.statusBeforeArchive ?? 'planning',
      statusBeforeArchive: null,
      archivedAt: null,
      updatedAt: now(),
    },
    'project.restored',
    [],
  );
};

/** Deleting is final, so the caller confirms by typing the project's exact name. */
export const deleteProject = async (record: ProjectRecord, confirm: string): Promise<void> => {
  if (confirm.trim() !== record.name) throw new ValidationError({ confirm: [projectMessages.confirmMismatch] });
  try {
    await repository.deleteProject(record, record.name);
  } catch (error) {
    if (!(error instanceof WriteRejected)) throw error;
    const current = await repository.getProject(record.id);
    if (!current) throw new NotFoundError('Project not found');
    if (current.name !== record.name) throw new ValidationError({ confirm: [projectMessages.confirmMismatch] });
    throw staleProject(current);
  }
};

/* ---------- Board and tasks ---------- */

export const getBoard = async (caller: Caller, projectId: string): Promise<Board> => {
  const board = await repository.getBoard(projectId);
  const project = authorizeResource(caller.ability, 'read', 'Project', board?.project, 'Project not found');
  authorize(caller.ability, 'read', 'Task', { clientId: project.clientId });
  return { project: toProject(project), tasks: boardOrder(project, board?.tasks ?? []).map(toTask) };
};

const checkStage = (project: ProjectRecord, stage: string) => {
  if (!stagesFor(project.projectType).some((candidate) => candidate.key === stage)) {
    throw new ValidationError({ stage: [projectMessages.stageUnknown] });
  }
};

const resolveAssignee = async (project: ProjectRecord, assigneeId: string | null): Promise<PersonRef | null> => {
  if (assigneeId === null) return null;
  const user = await getUserById(assigneeId);
  if (!user || (user.role !== 'admin' && user.id !== project.clientId)) {
    throw new ValidationError({ assigneeId: [projectMessages.assigneeUnknown] });
  }
  return { id: user.id, fullName: user.fullName };
};

/** After a lost task write: explain by the project (gone, archived) or the task (gone, stale). */
const explainTaskRejection = async (error: WriteRejected, projectId: string, taskId: string): Promise<never> => {
  if (error.labels.includes('project')) {
    const project = await repository.getProject(projectId);
    if (!project) throw new NotFoundError('Project not found');
    if (project.status === 'archived') throw archivedProject(project);
    if (project.taskCount >= projectLimits.tasksPerProject) {
      throw new ConflictError({ tasks: [projectMessages.taskLimit] }, toProject(project));
    }
  }
  const task = await repository.getTask(projectId, taskId);
  if (!task) throw new NotFoundError('Task not found');
  throw new ConflictError({ version: [projectMessages.staleVersion] }, toTask(task));
};

export interface TaskResult {
  readonly task: Task;
  /** The project after the write: its counters (and so its progress) may have moved. */
  readonly project: Project;
}

const withProject = async (task: TaskRecord, fallback: ProjectRecord): Promise<TaskResult> => ({
  task: toTask(task),
  project: toProject((await repository.getProject(task.projectId)) ?? fallback),
});

export const createTask = async (
  caller: Caller,
  project: ProjectRecord,
  input: CreateTaskInput,
): Promise<TaskResult> => {
  if (project.status === 'archived') throw archivedProject(project);
  const stage = input.stage ?? stagesFor(project.projectType)[0]?.key ?? 'todo';
  checkStage(project, stage);
  const [assignee, actor, board] = await Promise.all([
    resolveAssignee(project, input.assigneeId),
    actorOf(caller),
    repository.getBoard(project.id),
  ]);
  // New tasks join the end of their column.
  const column = boardOrder(project, board?.tasks ?? []).filter((task) => task.stage === stage);
  const at = now();
  const task: TaskRecord = {
    id: ulid(),
    projectId: project.id,
    title: input.title,
    description: input.description,
    stage,
    rank: rankAtIndex(column, column.length),
    assignee,
    dueDate: input.dueDate,
    priority: input.priority,
    commentCount: 0,
    version: 1,
    createdAt: at,
    updatedAt: at,
    createdBy: caller.principal.userId,
  };
  try {
    await repository.createTask(
      task,
      isDoneStage(project.projectType, stage),
      projectLimits.tasksPerProject,
      activity(project.id, actor, 'task.created', { taskId: task.id, taskTitle: task.title, toStage: stage }),
    );
  } catch (error) {
    if (error instanceof WriteRejected) return explainTaskRejection(error, project.id, task.id);
    throw error;
  }
  return withProject(task, project);
};

export const updateTask = async (
  caller: Caller,
  project: ProjectRecord,
  task: TaskRecord,
  input: UpdateTaskInput,
): Promise<TaskResult> => {
  if (project.status === 'archived') throw archivedProject(project);
  if (input.version !== task.version) {
    throw new ConflictError({ version: [projectMessages.staleVersion] }, toTask(task));
  }
  const changes: { -readonly [K in keyof TaskChanges]?: TaskChanges[K] } = {};
  if (input.title !== undefined && input.title !== task.title) changes.title = input.title;
  if (input.description !== undefined && input.description !== task.description)
    changes.description = input.description;
  if (input.priority !== undefined && input.priority !== task.priority) changes.priority = input.priority;
  if (input.dueDate !== undefined && input.dueDate !== (task.dueDate ?? null)) changes.dueDate = input.dueDate;
  if (input.assigneeId !== undefined && input.assigneeId !== (task.assignee?.id ?? null)) {
    changes.assignee = await resolveAssignee(project, input.assigneeId);
  }
  const fields = Object.keys(changes).map((field) => (field === 'assignee' ? 'assigneeId' : field));
  if (fields.length === 0) return withProject(task, project);
  const actor = await actorOf(caller);
  try {
    const after = await repository.updateTask(
      task,
      { ...changes, updatedAt: now() },
      activity(project.id, actor, 'task.updated', { taskId: task.id, taskTitle: changes.title ?? task.title, fields }),
    );
    return await withProject(after, project);
  } catch (error) {
    if (error instanceof WriteRejected) return explainTaskRejection(error, project.id, task.id);
    throw error;
  }
};

/** Drag and drop: a new stage and/or place within it, from the version the caller read. */
export const moveTask = async (
  caller: Caller,
  project: ProjectRecord,
  task: TaskRecord,
  input: MoveTaskRequest,
): Promise<TaskResult> => {
  if (project.status === 'archived') throw archivedProject(project);
  checkStage(project, input.stage);
  if (input.version !== task.version) {
    throw new ConflictError({ version: [projectMessages.staleVersion] }, toTask(task));
  }
  const board = await repository.getBoard(project.id);
  const ordered = boardOrder(project, board?.tasks ?? []);
  const others = ordered.filter((candidate) => candidate.stage === input.stage && candidate.id !== task.id);
  if (task.stage === input.stage) {
    const currentIndex = ordered
      .filter((candidate) => candidate.stage === task.stage)
      .findIndex((t) => t.id === task.id);
    if (currentIndex === Math.min(input.index, others.length)) return withProject(task, project);
  }
  const wasDone = isDoneStage(project.projectType, task.stage);
  const isDone = isDoneStage(project.projectType, input.stage);
  const stageChanged = task.stage !== input.stage;
  const actor = stageChanged ? await actorOf(caller) : undefined;
  try {
    const after = await repository.moveTask(
      task,
      {
        stage: input.stage,
        rank: rankAtIndex(others, input.index),
        updatedAt: now(),
        doneDelta: Number(isDone) - Number(wasDone),
      },
      actor
        ? activity(project.id, actor, 'task.moved', {
            taskId: task.id,
            taskTitle: task.title,
            fromStage: task.stage,
            toStage: input.stage,
          })
        : undefined,
    );
    return await withProject(after, project);
  } catch (error) {
    if (error instanceof WriteRejected) return explainTaskRejection(error, project.id, task.id);
    throw error;
  }
};

export const deleteTask = async (caller: Caller, project: ProjectRecord, task: TaskRecord): Promise<Project> => {
  if (project.status === 'archived') throw archivedProject(project);
  const actor = await actorOf(caller);
  try {
    await repository.deleteTask(
      task,
      isDoneStage(project.projectType, task.stage),
      activity(project.id, actor, 'task.deleted', { taskId: task.id, taskTitle: task.title, fromStage: task.stage }),
    );
  } catch (error) {
    if (error instanceof WriteRejected) return explainTaskRejection(error, project.id, task.id);
    throw error;
  }
  return toProject((await repository.getProject(project.id)) ?? project);
};

/* ---------- Comments and activity ---------- */

export const listComments = async (
  caller: Caller,
  project: ProjectRecord,
  task: TaskRecord,
  options: { limit: number; cursor?: string },
): Promise<CommentPage> => {
  authorize(caller.ability, 'read', 'Comment', { clientId: project.clientId });
  const page = await repository.listComments(project.id, task.id, {
    limit: options.limit,
    after: decodeKeyCursor(options.cursor),
  });
  return { comments: page.items.map(toComment), nextCursor: encodeKeyCursor(page.lastKey) };
};

export const createComment = async (
  caller: Caller,
  project: ProjectRecord,
  task: TaskRecord,
  input: CreateCommentRequest,
): Promise<TaskComment> => {
  if (project.status === 'archived') throw archivedProject(project);
  const author = await actorOf(caller);
  const comment: CommentRecord = {
    id: ulid(),
    projectId: project.id,
    taskId: task.id,
    author,
    body: input.body,
    createdAt: now(),
  };
  try {
    await repository.createComment(
      comment,
      activity(project.id, author, 'comment.created', { taskId: task.id, taskTitle: task.title }),
    );
  } catch (error) {
    if (error instanceof WriteRejected) return explainTaskRejection(error, project.id, task.id);
    throw error;
  }
  return toComment(comment);
};

export const deleteComment = async (
  caller: Caller,
  project: ProjectRecord,
  task: TaskRecord,
  commentId: string,
): Promise<void> => {
  authorize(caller.ability, 'delete', 'Comment', { clientId: project.clientId });
  const comment = await repository.getComment(project.id, task.id, commentId);
  if (!comment) throw new NotFoundError('Comment not found');
  try {
    await repository.deleteComment(project.id, task.id, commentId);
  } catch (error) {
    if (error instanceof WriteRejected) throw new NotFoundError('Comment not found');
    throw error;
  }
};

export const listActivity = async (
  project: ProjectRecord,
  options: { limit: number; cursor?: string },
): Promise<ActivityPage> => {
  const page = await repository.listActivity(project.id, {
    limit: options.limit,
    after: decodeKeyCursor(options.cursor),
  });
  return { activity: page.items.map(toActivity), nextCursor: encodeKeyCursor(page.lastKey) };
};

export const findPeople = async (
  caller: Caller,
  query: { role: 'client' | 'admin'; q?: string; limit: number },
): Promise<PeopleList> => {
  authorizeProjectCreation(caller);
  return { people: await repository.findPeopleByRole(query.role, query.q ?? '', query.limit) };
};
