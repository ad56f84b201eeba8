import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  ActivityPage,
  Board,
  BoardChange,
  CommentPage,
  ListProjectsParams,
  PeopleList,
  Project,
  ProjectList,
  Task,
  TaskComment,
} from '@orbit/functions/projects/contract';
import type {
  CreateProjectRequest,
  CreateTaskRequest,
  MoveTaskRequest,
  UpdateProjectRequest,
  UpdateTaskRequest,
} from '@orbit/functions/projects/requests';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** The projects API (functions/src/projects): fetchers, query options and hooks. */

const basePath = '/api/apps/projects';
const projectPath = (id: string) => `${basePath}/${encodeURIComponent(id)}`;
const taskPath = (projectId: string, taskId: string) => `${projectPath(projectId)}/tasks/${encodeURIComponent(taskId)}`;

export const projectsKey = ['projects'] as const;
const listKey = [...projectsKey, 'list'] as const;
const projectKey = (id: string) => [...projectsKey, 'project', id] as const;
const boardKey = (id: string) => [...projectsKey, 'board', id] as const;
const activityKey = (id: string) => [...projectsKey, 'activity', id] as const;
const commentsKey = (projectId: string, taskId: string) => [...projectsKey, 'comments', projectId, taskId] as const;

/* ---------- Queries ---------- */

export const fetchProjects = (params: ListProjectsParams, signal?: AbortSignal): Promise<ProjectList> =>
  apiRequest<ProjectList>(`${basePath}${queryString({ ...params })}`, { signal });

export const projectsQueryOptions = (params: ListProjectsParams) =>
  queryOptions({
    queryKey: [...listKey, params],
    queryFn: ({ signal }) => fetchProjects(params, signal),
    placeholderData: keepPreviousData,
  });

export const useProjects = (params: ListProjectsParams) => useQuery(projectsQueryOptions(params));

export const fetchProject = (id: string, signal?: AbortSignal): Promise<{ project: Project }> =>
  apiRequest<{ project: Project }>(projectPath(id), { signal });

export const projectQueryOptions = (id: string) =>
  queryOptions({ queryKey: projectKey(id), queryFn: ({ signal }) => fetchProject(id, signal) });

export const useProject = (id: string | undefined) =>
  useQuery({ ...projectQueryOptions(id ?? ''), enabled: Boolean(id) });

export const fetchBoard = (id: string, signal?: AbortSignal): Promise<Board> =>
  apiRequest<Board>(`${projectPath(id)}/board`, { signal });

export const boardQueryOptions = (id: string) =>
  queryOptions({ queryKey: boardKey(id), queryFn: ({ signal }) => fetchBoard(id, signal) });

export const useBoard = (id: string) => useQuery(boardQueryOptions(id));

export const fetchActivity = (id: string, cursor?: string, signal?: AbortSignal): Promise<ActivityPage> =>
  apiRequest<ActivityPage>(`${projectPath(id)}/activity${queryString({ limit: 30, cursor })}`, { signal });

export const useActivity = (id: string, cursor?: string) =>
  useQuery({
    queryKey: [...activityKey(id), cursor ?? ''],
    queryFn: ({ signal }) => fetchActivity(id, cursor, signal),
    placeholderData: keepPreviousData,
  });

export const fetchComments = (projectId: string, taskId: string, signal?: AbortSignal): Promise<CommentPage> =>
  apiRequest<CommentPage>(`${taskPath(projectId, taskId)}/comments${queryString({ limit: 100 })}`, { signal });

export const useComments = (projectId: string, taskId: string | undefined) =>
  useQuery({
    queryKey: commentsKey(projectId, taskId ?? ''),
    queryFn: ({ signal }) => fetchComments(projectId, taskId ?? '', signal),
    enabled: Boolean(taskId),
  });

export const fetchPeople = (role: 'client' | 'staff', q: string, signal?: AbortSignal): Promise<PeopleList> =>
  apiRequest<PeopleList>(`${basePath}/people${queryString({ role, q, limit: 20 })}`, { signal });

export const usePeople = (role: 'client' | 'staff', q: string, enabled = true) =>
  useQuery({
    queryKey: [...projectsKey, 'people', role, q],
    queryFn: ({ signal }) => fetchPeople(role, q, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });

/* ---------- Project writes ---------- */

/** A write changed a project: refresh every list and the project's own views. */
const refreshProject = (queryClient: QueryClient, project?: Project) => {
  void queryClient.invalidateQueries({ queryKey: listKey });
  if (project) {
    queryClient.setQueryData(projectKey(project.id), { project });
    queryClient.setQueryData<Board>(boardKey(project.id), (board) => (board ? { ...board, project } : board));
    void queryClient.invalidateQueries({ queryKey: activityKey(project.id) });
  }
};

export const createProject = (body: CreateProjectRequest): Promise<{ project: Project }> =>
  apiRequest<{ project: Project }>(basePath, { method: 'POST', body });

export const updateProject = ({
  id,
  ...body
}: UpdateProjectRequest & { readonly id: string }): Promise<{ project: Project }> =>
  apiRequest<{ project: Project }>(projectPath(id), { method: 'PATCH', body });

export const archiveProject = ({ id, version }: Pick<Project, 'id' | 'version'>) =>
  apiRequest<{ project: Project }>(`${projectPath(id)}/archive`, { method: 'POST', body: { version } });

export const restoreProject = ({ id, version }: Pick<Project, 'id' | 'version'>) =>
  apiRequest<{ project: Project }>(`${projectPath(id)}/restore`, { method: 'POST', body: { version } });

export const deleteProject = ({ id, confirm }: { readonly id: string; readonly confirm: string }) =>
  apiRequest<void>(`${projectPath(id)}${queryString({ confirm })}`, { method: 'DELETE' });

const useProjectMutation = <Input>(mutationFn: (input: Input) => Promise<{ project: Project }>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: ({ project }) => refreshProject(queryClient, project) });
};

export const useCreateProject = () => useProjectMutation(createProject);
export const useUpdateProject = () => useProjectMutation(updateProject);
export const useArchiveProject = () => useProjectMutation(archiveProject);
export const useRestoreProject = () => useProjectMutation(restoreProject);

export const useDeleteProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, { id }) => {
      // Only what no page shows: the project page still on screen (it is navigating away)
      // would read its board again at once, and get a 404. Its board goes when unused (gcTime).
      queryClient.removeQueries({ queryKey: projectKey(id), type: 'inactive' });
      queryClient.removeQueries({ queryKey: boardKey(id), type: 'inactive' });
      void queryClient.cancelQueries({ queryKey: boardKey(id) });
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
};

/* ---------- Tasks and comments ---------- */

export interface TaskResult {
  readonly task: Task;
  readonly project: Project;
}

/** Puts a written task (and its project's new counters) into the cached board at once. */
const applyTaskResult = (queryClient: QueryClient, { task, project }: TaskResult) => {
  queryClient.setQueryData<Board>(boardKey(project.id), (board) => {
    if (!board) return board;
    const others = board.tasks.filter((candidate) => candidate.id !== task.id);
    return { project, tasks: [...others, task] };
  });
  refreshProject(queryClient, project);
};

export const createTask = ({ projectId, ...body }: CreateTaskRequest & { readonly projectId: string }) =>
  apiRequest<TaskResult>(`${projectPath(projectId)}/tasks`, { method: 'POST', body });

export const updateTask = ({
  projectId,
  taskId,
  ...body
}: UpdateTaskRequest & { readonly projectId: string; readonly taskId: string }) =>
  apiRequest<TaskResult>(taskPath(projectId, taskId), { method: 'PATCH', body });

export const moveTask = ({
  projectId,
  taskId,
  ...body
}: MoveTaskRequest & { readonly projectId: string; readonly taskId: string }) =>
  apiRequest<TaskResult>(`${taskPath(projectId, taskId)}/move`, { method: 'POST', body });

export const deleteTask = ({ projectId, taskId }: { readonly projectId: string; readonly taskId: string }) =>
  apiRequest<{ project: Project }>(taskPath(projectId, taskId), { method: 'DELETE' });

const useTaskMutation = <Input>(mutationFn: (input: Input) => Promise<TaskResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (result) => applyTaskResult(queryClient, result) });
};

export const useCreateTask = () => useTaskMutation(createTask);
export const useUpdateTask = () => useTaskMutation(updateTask);
export const useMoveTask = () => useTaskMutation(moveTask);

export const useDeleteTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: ({ project }, { taskId }) => {
      queryClient.setQueryData<Board>(boardKey(project.id), (board) =>
        board ? { project, tasks: board.tasks.filter((task) => task.id !== taskId) } : board,
      );
      refreshProject(queryClient, project);
    },
  });
};

/** After a 409 or a failed move: read the board again. */
export const useReloadBoard = () => {
  const queryClient = useQueryClient();
  return (projectId: string) => queryClient.invalidateQueries({ queryKey: boardKey(projectId) });
};

export const createComment = ({
  projectId,
  taskId,
  body,
}: {
  readonly projectId: string;
  readonly taskId: string;
  readonly body: string;
}) =>
  apiRequest<{ comment: TaskComment }>(`${taskPath(projectId, taskId)}/comments`, { method: 'POST', body: { body } });

export const deleteComment = ({
  projectId,
  taskId,
  commentId,
}: {
  readonly projectId: string;
  readonly taskId: string;
  readonly commentId: string;
}) =>
  apiRequest<void>(`${taskPath(projectId, taskId)}/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' });

const useCommentMutation = <Input extends { projectId: string; taskId: string }, Output>(
  mutationFn: (input: Input) => Promise<Output>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, { projectId, taskId }) => {
      void queryClient.invalidateQueries({ queryKey: commentsKey(projectId, taskId) });
      void queryClient.invalidateQueries({ queryKey: boardKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: activityKey(projectId) });
    },
  });
};

export const useCreateComment = () => useCommentMutation(createComment);
export const useDeleteComment = () => useCommentMutation(deleteComment);

/* ---------- Live boards ---------- */

const newerOrSame = (incoming: Task, cached: Task | undefined) => !cached || incoming.version >= cached.version;

/**
 * Applies a change someone made (pushed over the WebSocket, realtime/use-live-board.ts) to the
 * cached board and views, as this tab's own writes are. A task older than the cached one (a
 * frame overtaken by this tab's own answer) is ignored.
 */
export const applyBoardChange = (queryClient: QueryClient, projectId: string, change: BoardChange): void => {
  switch (change.kind) {
    case 'project':
      refreshProject(queryClient, change.project);
      return;
    case 'task': {
      const { task, project } = change;
      const cached = queryClient.getQueryData<Board>(boardKey(projectId));
      if (
        !newerOrSame(
          task,
          cached?.tasks.find((candidate) => candidate.id === task.id),
        )
      )
        return;
      applyTaskResult(queryClient, { task, project });
      return;
    }
    case 'taskDeleted':
      queryClient.setQueryData<Board>(boardKey(projectId), (board) =>
        board ? { project: change.project, tasks: board.tasks.filter((task) => task.id !== change.taskId) } : board,
      );
      refreshProject(queryClient, change.project);
      return;
    case 'comment':
    case 'commentDeleted':
      void queryClient.invalidateQueries({ queryKey: commentsKey(projectId, change.taskId) });
      void queryClient.invalidateQueries({ queryKey: boardKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: activityKey(projectId) });
      return;
    case 'projectDeleted':
      // The page says so (use-live-board.ts); reading the board again would only be a 404.
      void queryClient.invalidateQueries({ queryKey: listKey });
      return;
  }
};

/** After a reconnect: read the board again, to catch up on what was missed. */
export const refreshBoard = (queryClient: QueryClient, projectId: string): void => {
  void queryClient.invalidateQueries({ queryKey: boardKey(projectId) });
  void queryClient.invalidateQueries({ queryKey: activityKey(projectId) });
};
