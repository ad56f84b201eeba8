import type { Caller } from '../core/caller';
import { authorize } from '../core/authorize';
import { ConditionFailed } from '../core/db';
import { NotFoundError } from '../core/errors';
import { ulid } from '../core/ids';
import type { ActivityPage, CommentPage, TaskComment } from './contract';
import * as comments from './comment-repository';
import { archivedProject, explainTaskRejection } from './conflicts';
import { decodeKeyCursor, encodeKeyCursor } from './list-cursor';
import { actorOf, newActivity, now } from './people';
import type { CommentRecord, ProjectRecord, TaskRecord } from './records';
import type { CreateCommentRequest } from './requests';
import { toActivity, toComment } from './views';

/** Comments on a task, and the activity of a project. */

export const listComments = async (
  caller: Caller,
  project: ProjectRecord,
  task: TaskRecord,
  options: { limit: number; cursor?: string },
): Promise<CommentPage> => {
  authorize(caller.ability, 'read', 'Comment', { clientId: project.clientId });
  const page = await comments.listComments(project.id, task.id, {
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
  const author = actorOf(caller);
  const comment: CommentRecord = {
    id: ulid(),
    projectId: project.id,
    taskId: task.id,
    author,
    body: input.body,
    createdAt: now(),
  };
  try {
    await comments.createComment(
      comment,
      newActivity(project.id, author, 'comment.created', { taskId: task.id, taskTitle: task.title }),
    );
  } catch (error) {
    if (error instanceof ConditionFailed) return explainTaskRejection(error, project.id, task.id);
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
  const comment = await comments.getComment(project.id, task.id, commentId);
  if (!comment) throw new NotFoundError('Comment not found');
  try {
    await comments.deleteComment(project.id, task.id, commentId);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new NotFoundError('Comment not found');
    throw error;
  }
};

export const listActivity = async (
  project: ProjectRecord,
  options: { limit: number; cursor?: string },
): Promise<ActivityPage> => {
  const page = await comments.listActivity(project.id, {
    limit: options.limit,
    after: decodeKeyCursor(options.cursor),
  });
  return { activity: page.items.map(toActivity), nextCursor: encodeKeyCursor(page.lastKey) };
};
