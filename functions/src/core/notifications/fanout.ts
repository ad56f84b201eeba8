import { chatCoalesceKey } from './entities';
import { excerptOf, findMentions } from './mentions';
import type { NotificationInput } from './notify';
import { chatMentionCandidate, staffWhoMay, taskMentionCandidates } from './people';
import type { NotificationEventPayload } from './records';

/**
 * Who hears of an event, and what their row says (the worker, for the job a producer wrote).
 * The actor is dropped later (notify.ts: never one's own action).
 */
export const notificationInputsFor = async (event: NotificationEventPayload): Promise<NotificationInput[]> => {
  const actor = event.actor;
  switch (event.kind) {
    case 'chatMessage': {
      // A message that mentions its recipient is a mention (a row of its own); else it folds
      // into the chat's unread row.
      const candidate = event.text.includes('@') ? await chatMentionCandidate(event.recipientId) : undefined;
      const mentioned = candidate !== undefined && findMentions(event.text, [candidate]).length > 0;
      return [
        {
          recipientId: event.recipientId,
          actor,
          event: mentioned ? 'mention' : 'message',
          target: { kind: 'chat', contactId: actor.id },
          params: { excerpt: excerptOf(event.text) },
          ...(mentioned ? {} : { coalesceKey: chatCoalesceKey(actor.id) }),
        },
      ];
    }
    case 'taskAssigned':
      return event.task.assigneeId
        ? [
            {
              recipientId: event.task.assigneeId,
              actor,
              event: 'taskAssigned',
              target: { kind: 'task', projectId: event.project.id, taskId: event.task.id },
              params: { taskTitle: event.task.title, projectName: event.project.name },
            },
          ]
        : [];
    case 'taskComment': {
      // Those it mentions (of the people who can read the task) hear of a mention; the task's
      // assignee and the project's client, of a comment.
      const target = { kind: 'task', projectId: event.project.id, taskId: event.task.id } as const;
      const params = { taskTitle: event.task.title, projectName: event.project.name, excerpt: excerptOf(event.text) };
      const mentioned = event.text.includes('@')
        ? findMentions(event.text, await taskMentionCandidates(event.project.clientId))
        : [];
      return [
        ...mentioned.map((person) => ({ recipientId: person.id, actor, event: 'mention' as const, target, params })),
        ...[event.task.assigneeId, event.project.clientId].flatMap((recipientId) =>
          recipientId ? [{ recipientId, actor, event: 'taskComment' as const, target, params }] : [],
        ),
      ];
    }
    case 'projectStatus':
      return event.project.clientId
        ? [
            {
              recipientId: event.project.clientId,
              actor,
              event: 'projectStatus',
              target: { kind: 'project', projectId: event.project.id },
              params: { projectName: event.project.name, status: event.status },
            },
          ]
        : [];
    case 'webhookDisabled':
      // Those who can turn it back on, as their roles' rules are now (today the administrators).
      return (await staffWhoMay('update', 'Integration')).map((person) => ({
        recipientId: person.id,
        actor,
        event: 'webhookDisabled',
        target: { kind: 'integration', webhookId: event.webhook.id },
        params: { url: event.webhook.url, description: event.webhook.description },
      }));
  }
};
