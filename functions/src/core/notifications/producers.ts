import { chatCoalesceKey } from './entities';
import { excerptOf, findMentions } from './mentions';
import { notify, type NotificationInput } from './notify';
import { chatMentionCandidate, taskMentionCandidates } from './people';
import type { NotificationActor } from './records';

/**
 * One call per event, for the producers (chat and projects services): who hears of it, and
 * what the row says. Each call writes after the producer's change and never throws (notify.ts).
 */

interface ProjectRef {
  readonly id: string;
  readonly name: string;
  readonly clientId?: string | null;
}

interface TaskRef {
  readonly id: string;
  readonly title: string;
  readonly assigneeId?: string | null;
}

/**
 * A chat message: the recipient hears of it, folded with the chat's other unread messages; a
 * message that mentions them is a mention instead (a row of its own).
 */
export const notifyChatMessage = async (
  sender: NotificationActor,
  recipientId: string,
  text: string,
): Promise<void> => {
  const candidate = text.includes('@') ? await chatMentionCandidate(recipientId) : undefined;
  const mentioned = candidate !== undefined && findMentions(text, [candidate]).length > 0;
  await notify([
    {
      recipientId,
      actor: sender,
      event: mentioned ? 'mention' : 'message',
      target: { kind: 'chat', contactId: sender.id },
      params: { excerpt: excerptOf(text) },
      ...(mentioned ? {} : { coalesceKey: chatCoalesceKey(sender.id) }),
    },
  ]);
};

/** A task given to someone (created with them, or edited to them). */
export const notifyTaskAssigned = (actor: NotificationActor, project: ProjectRef, task: TaskRef): Promise<void> =>
  task.assigneeId
    ? notify([
        {
          recipientId: task.assigneeId,
          actor,
          event: 'taskAssigned',
          target: { kind: 'task', projectId: project.id, taskId: task.id },
          params: { taskTitle: task.title, projectName: project.name },
        },
      ])
    : Promise.resolve();

/**
 * A comment: the people it mentions (of those who can read the task) hear of a mention; the
 * task's assignee and the project's client, of a comment. Never its author.
 */
export const notifyTaskComment = async (
  actor: NotificationActor,
  project: ProjectRef,
  task: TaskRef,
  text: string,
): Promise<void> => {
  const target = { kind: 'task', projectId: project.id, taskId: task.id } as const;
  const params = { taskTitle: task.title, projectName: project.name, excerpt: excerptOf(text) };
  const mentioned = text.includes('@') ? findMentions(text, await taskMentionCandidates(project.clientId)) : [];
  const inputs: NotificationInput[] = [
    ...mentioned.map((person) => ({ recipientId: person.id, actor, event: 'mention' as const, target, params })),
    ...[task.assigneeId, project.clientId].flatMap((recipientId) =>
      recipientId ? [{ recipientId, actor, event: 'taskComment' as const, target, params }] : [],
    ),
  ];
  await notify(inputs);
};

/** A project's status changed: its client hears of it. */
export const notifyProjectStatus = (actor: NotificationActor, project: ProjectRef, status: string): Promise<void> =>
  project.clientId
    ? notify([
        {
          recipientId: project.clientId,
          actor,
          event: 'projectStatus',
          target: { kind: 'project', projectId: project.id },
          params: { projectName: project.name, status },
        },
      ])
    : Promise.resolve();
