import type { TransactionPart } from '../db';
import { enqueueJob, jobPart } from '../jobs/enqueue';
import { logger } from '../logger';
import { fanoutJobKind, type NotificationActor, type NotificationEventPayload } from './records';

/**
 * The producers' API (chat and projects services): record that something happened, as a small
 * job (the outbox, docs/background-work.md). The worker decides who hears of it, respects their
 * settings, folds a chat's messages, writes the rows, pushes them live and schedules the email
 * digest (fanout.ts, notify.ts). A request carries none of that: its bundle and its latency stay
 * as they were (docs/decisions.md, "Notifications fan out in the worker").
 */

type ProjectRef = Extract<NotificationEventPayload, { kind: 'projectStatus' }>['project'];
type TaskRef = Extract<NotificationEventPayload, { kind: 'taskAssigned' }>['task'];

const label = 'Notifications';

/** Who "did" what no person did (a webhook endpoint turned off by the worker). */
const systemActor: NotificationActor = { id: 'system', fullName: 'Orbit' };

/** A chat message's notification, as a part of the message's own transaction. */
export const chatMessageNotificationParts = (
  actor: NotificationActor,
  recipientId: string,
  text: string,
): TransactionPart[] => [jobPart(fanoutJobKind, { kind: 'chatMessage', actor, recipientId, text }, { label }).part];

/**
 * After a change whose transaction cannot carry the job (the projects' repositories): queued on
 * its own. A failure here is logged, never the request's: the task or comment is stored.
 */
const record = async (event: NotificationEventPayload): Promise<void> => {
  try {
    await enqueueJob(fanoutJobKind, event, { label });
  } catch (error) {
    logger.error('notification not queued', error instanceof Error ? error : { thrown: String(error) });
  }
};

/** A task given to someone (created with them, or edited to them). */
export const notifyTaskAssigned = (actor: NotificationActor, project: ProjectRef, task: TaskRef): Promise<void> =>
  task.assigneeId && task.assigneeId !== actor.id
    ? record({ kind: 'taskAssigned', actor, project, task })
    : Promise.resolve();

/** A comment on a task: its assignee, the project's client and whoever it mentions. */
export const notifyTaskComment = (
  actor: NotificationActor,
  project: ProjectRef,
  task: TaskRef,
  text: string,
): Promise<void> => record({ kind: 'taskComment', actor, project, task, text });

/** A project's new status: its client. */
export const notifyProjectStatus = (actor: NotificationActor, project: ProjectRef, status: string): Promise<void> =>
  project.clientId && project.clientId !== actor.id
    ? record({ kind: 'projectStatus', actor, project, status })
    : Promise.resolve();

/**
 * A webhook endpoint turned off for failing, as a part of the very write that turns it off: the
 * job exists exactly when that write did, and its rows' ids come from the job (notify.ts), so
 * neither a rerun of the delivery nor of the fan-out tells an admin twice.
 */
export const webhookDisabledNotificationPart = (webhook: {
  readonly id: string;
  readonly url: string;
  readonly description: string;
}): TransactionPart => jobPart(fanoutJobKind, { kind: 'webhookDisabled', actor: systemActor, webhook }, { label }).part;
