import type { Caller } from '../core/caller';
import { authorize } from '../core/authorize';
import { ConditionFailed } from '../core/db';
import { NotFoundError } from '../core/errors';
import { ulid } from '../core/ids';
import type { ActivityPage, CommentPage, TaskComment } from './contract';
import * as comments from './comment-repository';
import { archivedProject, explainTaskRejection } from './conflicts';
import { authorizeCommentCreation, readProjectFor, readTaskFor } from './access';
import { publishBoardChange } from './board-changes';
import { decodeKeyCursor, encodeKeyCursor } from './list-cursor';
import { actorOf, newActivity, now } from './people';
import type { CommentRecord, ProjectRecord, TaskRecord } from './records';
import type { CreateCommentRequest } from './requests';
import { toActivity, toComment } from './views';
import { notifyTaskComment } from '../core/notifications/producers';

/** Comments on a task, and the activity of a project. */

type TaskNames = { projectId: string; taskId: string };

export const listComments = async (
  caller: Caller,
  names: TaskNames,
  query: () => { limit: number; cursor?: string },
): Promise<CommentPage> => {
  const { project, task } = await readTaskFor(caller, names, 'read');
  authorize(caller.ability, 'read', 'Comment', { clientId: project.clientId });
  const options = query();
  const page = await comments.listComments(project.id, task.id, {
    limit: options.limit,
    after: decodeKeyCursor(options.cursor),
  });
  return { comments: page.items.map(toComment), nextCursor: encodeKeyCursor(page.lastKey) };
};

export const createComment = async (
  caller: Caller,
  names: TaskNames,
  body: () => CreateCommentRequest,
): Promise<TaskComment> => {
  const { project, task } = await readTaskFor(caller, names, 'read');
  authorizeCommentCreation(caller, project);
  const input = body();
  if (project.status === 'archived') throw archivedProject(project);
  const author = actorOf(caller);
  const record: CommentRecord = {
    id: ulid(),
    projectId: project.id,
    taskId: task.id,
    author,
    body: input.body,
    createdAt: now(),
  };
  try {
    await comments.createComment(
      record,
      newActivity(project.id, author, 'comment.created', { taskId: task.id, taskTitle: task.title }),
    );
  } catch (error) {
    if (error instanceof ConditionFailed) return explainTaskRejection(error, project.id, task.id);
    throw error;
  }
  await notifyCommentReaders(caller, project, task, record.body);
  const comment = toComment(record);
  await publishBoardChange(project, caller, { kind: 'comment', taskId: task.id, comment });
  return comment;
};

/** The task's assignee, the project's client and anyone mentioned hear of it (core/notifications). */
const notifyCommentReaders = (caller: Caller, project: ProjectRecord, task: TaskRecord, body: string) =>
  notifyTaskComment(
    { id: caller.principal.userId, fullName: caller.fullName },
    { id: project.id, name: project.name, clientId: project.clientId },
    { id: task.id, title: task.title, assigneeId: task.assignee?.id ?? null },
    body,
  );

/** The comment is read with its project and task (one BatchGet). */
export const deleteComment = async (caller: Caller, names: TaskNames & { commentId: string }): Promise<void> => {
  const { project, task, comment } = await readTaskFor(caller, names, 'read');
  authorize(caller.ability, 'delete', 'Comment', { clientId: project.clientId });
  if (!comment) throw new NotFoundError('Comment not found');
  try {
    await comments.deleteComment(project.id, task.id, comment.id);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new NotFoundError('Comment not found');
    throw error;
  }
  await publishBoardChange(project, caller, { kind: 'commentDeleted', taskId: task.id, commentId: comment.id });
};

export const listActivity = async (
  caller: Caller,
  projectId: string,
  query: () => { limit: number; cursor?: string },
): Promise<ActivityPage> => {
  const { project } = await readProjectFor(caller, projectId, 'read');
  const options = query();
  const page = await comments.listActivity(project.id, {
    limit: options.limit,
    after: decodeKeyCursor(options.cursor),
  });
  return { activity: page.items.map(toActivity), nextCursor: encodeKeyCursor(page.lastKey) };
};
