import { subject } from '@casl/ability';
import type { Project, Task } from '@orbit/functions/projects/contract';

/**
 * A task as the rules see it, the way the server checks it (functions/src/projects/access.ts
 * taskSubject): its project's client as `clientId` and its assignee's id as `assigneeId`, so a
 * rule on one's own tasks (Project Planning: update own) decides per task (docs/roles.md).
 */
export const taskForRules = (project: Pick<Project, 'clientId'>, task: Task) =>
  subject('Task', { ...task, clientId: project.clientId, assigneeId: task.assignee?.id ?? null });
