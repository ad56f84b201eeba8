import { authorize } from '../core/authorize';
import { callerFor, type Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { jobPart } from '../core/jobs/enqueue';
import { cancelPendingJobPart, pendingJobLabel, reschedulePendingJobPart } from '../core/jobs/manage';
import { logger } from '../core/logger';
import { pushJson } from '../core/push';
import { getUserById } from '../core/users/repository';
import { readRoleRules } from '../core/auth/role-rules';
import { listUserConnections } from '../core/connections/repository';
import { readContactAndChat } from './context-repository';
import { canSeeContact, type Viewer } from './rules';
import {
  sendAtMessages,
  sendAtProblem,
  type ScheduledFrame,
  type ScheduledListResponse,
  type ScheduledMessage,
  type ScheduledResponse,
} from './scheduled-contract';
import type { ScheduledMessageRecord } from './scheduled-records';
import {
  cancelScheduled,
  claimMessageId,
  finishScheduled,
  getScheduled,
  insertScheduled,
  listScheduled,
  updateScheduled,
} from './scheduled-repository';
import { sendMessage } from './service';

/**
 * Send later (docs/decisions.md, "Send later"): an admin schedules a message to a contact; its
 * job ('chat.scheduled-send', due at the send time) sends it through the chat's normal send path
 * as that admin, so a contact on a channel gets it through the channel. The schedule and its job
 * change together in one transaction, and only while the job is still queued: once the worker
 * has claimed it, an edit or a cancel is a 409.
 */

/** The job's payload: names the schedule; the text and time are read from it when it runs. */
export interface ScheduledSendPayload {
  readonly ownerId: string;
  readonly contactId: string;
  readonly scheduledId: string;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'chat.scheduled-send': ScheduledSendPayload;
  }
}

export const scheduledSendKind = 'chat.scheduled-send';
const jobIdOf = (scheduledId: string) => `chat-scheduled-${scheduledId}`;

/**
 * Scheduling speaks for the workspace later, unattended: for those whose rules let them update
 * chats (`update Chat`: the administrator, and the Client Communication permission), not for
 * everyone who may send a message now (docs/roles.md).
 */
const scheduler = (caller: Caller): Viewer => {
  authorize(caller.ability, 'update', 'Chat');
  return { id: caller.principal.userId, role: caller.principal.role };
};

/** The contact must be someone the admin may write to (else 404, as in the chat). */
const requireContact = async (caller: Caller, viewer: Viewer, contactId: string) => {
  const { contact } = await readContactAndChat(viewer.id, contactId, { chat: false }, caller.readAlong);
  if (!contact || !canSeeContact(viewer, contact)) throw new NotFoundError('Contact not found');
  return contact;
};

export const toScheduledMessage = (record: ScheduledMessageRecord): ScheduledMessage => ({
  id: record.id,
  contactId: record.contactId,
  message: record.message,
  sendAt: record.sendAt,
  status: record.status,
  version: record.version,
  createdAt: record.createdAt,
  ...(record.sentAt ? { sentAt: record.sentAt } : {}),
  ...(record.status === 'sent' && record.messageId ? { messageId: record.messageId } : {}),
});

/** Soonest first; two at the same time in the order they were scheduled. */
export const soonestFirst = (a: ScheduledMessageRecord, b: ScheduledMessageRecord): number =>
  a.sendAt.localeCompare(b.sendAt) || a.id.localeCompare(b.id);

const checkSendAt = (sendAt: string, now: Date): string => {
  const problem = sendAtProblem(new Date(sendAt), now);
  if (problem) throw new ValidationError({ sendAt: [sendAtMessages[problem]] });
  return new Date(sendAt).toISOString();
};

const tooLate = (record: ScheduledMessageRecord | undefined): ConflictError => {
  const status = record?.status ?? 'sent';
  const message =
    status === 'cancelled'
      ? 'This scheduled message was cancelled'
      : status === 'failed'
        ? 'This scheduled message could not be sent'
        : status === 'sent'
          ? 'This scheduled message has already been sent'
          : 'This scheduled message is being sent';
  return new ConflictError({ scheduled: [message] }, record ? toScheduledMessage(record) : undefined);
};

/** GET …/scheduled: the caller's messages still to be sent to the contact, soonest first. */
export const listScheduledMessages = async (
  caller: Caller,
  request: () => { contactId: string },
): Promise<ScheduledListResponse> => {
  const viewer = scheduler(caller);
  const { contactId } = request();
  await requireContact(caller, viewer, contactId);
  const records = await listScheduled(viewer.id, contactId);
  return {
    scheduled: records
      .filter((record) => record.status === 'scheduled')
      .sort(soonestFirst)
      .map(toScheduledMessage),
  };
};

/**
 * POST …/scheduled: the schedule and its job, due at `sendAt`, in one transaction. `request` is
 * what the path names; the body is read once the contact is one the caller may write to.
 */
export const scheduleMessage = async (
  caller: Caller,
  request: () => { contactId: string },
  body: () => { message: string; sendAt: string },
  now = new Date(),
): Promise<ScheduledResponse> => {
  const viewer = scheduler(caller);
  const contact = await requireContact(caller, viewer, request().contactId);
  const input = body();
  const sendAt = checkSendAt(input.sendAt, now);
  const id = ulid(now.getTime());
  const at = now.toISOString();
  const record: ScheduledMessageRecord = {
    id,
    ownerId: viewer.id,
    contactId: contact.id,
    message: input.message,
    sendAt,
    status: 'scheduled',
    jobId: jobIdOf(id),
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  const { part } = jobPart(
    scheduledSendKind,
    { ownerId: viewer.id, contactId: contact.id, scheduledId: id },
    { id: record.jobId, runAt: new Date(sendAt), label: `Scheduled message to ${contact.fullName}`, now },
  );
  await insertScheduled(record, part);
  return { scheduled: toScheduledMessage(record) };
};

const findOwn = async (viewer: Viewer, contactId: string, scheduledId: string) => {
  const record = await getScheduled({ ownerId: viewer.id, contactId, id: scheduledId });
  if (!record) throw new NotFoundError('Scheduled message not found');
  return record;
};

/** A lost transaction: the job was claimed (being sent) or the schedule moved on. */
const conflictAfter = async (error: unknown, key: ScheduledMessageRecord, expectedVersion?: number) => {
  if (!(error instanceof ConditionFailed)) return error;
  const current = await getScheduled(key);
  if (error.failed(pendingJobLabel) || !current || current.status !== 'scheduled') return tooLate(current);
  if (expectedVersion !== undefined && current.version !== expectedVersion)
    return new ConflictError(
      { version: ['This scheduled message was changed meanwhile'] },
      toScheduledMessage(current),
    );
  return error;
};

/** PATCH …/scheduled/{id}: new text and/or time from the version read, while not yet being sent. */
export const updateScheduledMessage = async (
  caller: Caller,
  request: () => { contactId: string; scheduledId: string },
  body: () => { message?: string; sendAt?: string; version: number },
  now = new Date(),
): Promise<ScheduledResponse> => {
  const viewer = scheduler(caller);
  const { contactId, scheduledId } = request();
  await requireContact(caller, viewer, contactId);
  // Another's schedule is a 404 whatever the body says: the body is read once it is the caller's.
  const current = await findOwn(viewer, contactId, scheduledId);
  const input = body();
  if (input.message === undefined && input.sendAt === undefined)
    throw new ValidationError({ general: ['Give a new message or sendAt'] });
  const sendAt = input.sendAt === undefined ? undefined : checkSendAt(input.sendAt, now);
  if (current.status !== 'scheduled') throw tooLate(current);
  if (current.version !== input.version)
    throw new ConflictError({ version: ['This scheduled message was changed meanwhile'] }, toScheduledMessage(current));
  const change = {
    ...(input.message === undefined ? {} : { message: input.message }),
    ...(sendAt === undefined ? {} : { sendAt }),
  };
  try {
    const job = reschedulePendingJobPart(current.jobId, sendAt ? { runAt: new Date(sendAt) } : {}, { now });
    const updated = await updateScheduled(current, change, job, now);
    return { scheduled: toScheduledMessage(updated) };
  } catch (error) {
    throw await conflictAfter(error, current, input.version);
  }
};

/** DELETE …/scheduled/{id}: cancelled with its job, while not yet being sent. */
export const cancelScheduledMessage = async (
  caller: Caller,
  request: () => { contactId: string; scheduledId: string },
  now = new Date(),
): Promise<void> => {
  const viewer = scheduler(caller);
  const input = request();
  await requireContact(caller, viewer, input.contactId);
  const current = await findOwn(viewer, input.contactId, input.scheduledId);
  if (current.status !== 'scheduled') throw tooLate(current);
  try {
    await cancelScheduled(current, cancelPendingJobPart(current.jobId, now), now);
  } catch (error) {
    throw await conflictAfter(error, current);
  }
};

// ---- the job ----------------------------------------------------------------------------------

/**
 * The chat message id of a send: the time of its first attempt (so it sorts where it is sent)
 * and the schedule's own random part. Fixed on the schedule before the send (claimMessageId).
 */
export const scheduledMessageId = (scheduledId: string, now: Date): string =>
  ulid(now.getTime()).slice(0, 10) + scheduledId.slice(10);

const pushScheduled = async (record: ScheduledMessageRecord): Promise<void> => {
  const frame: ScheduledFrame = {
    type: 'scheduled',
    contactId: record.contactId,
    scheduled: toScheduledMessage(record),
  };
  const connections = await listUserConnections(record.ownerId);
  await Promise.all(connections.map((connection) => pushJson(connection.connectionId, frame)));
};

const fail = async (record: ScheduledMessageRecord, reason: string, now: Date) => {
  const failed = await finishScheduled(record, { status: 'failed', error: reason }, now);
  if (failed) await pushScheduled(failed);
  return { failed: reason };
};

/**
 * Runs the job (at least once, so every step tolerates a repeat): sends the schedule's message
 * as its admin unless it was cancelled or already sent, marks it sent and tells the admin's
 * tabs. A repeat after a crash sends with the same message id, which the chat stores once.
 */
export const sendScheduledMessage = async (payload: ScheduledSendPayload, now = new Date()): Promise<unknown> => {
  const record = await getScheduled({
    ownerId: payload.ownerId,
    contactId: payload.contactId,
    id: payload.scheduledId,
  });
  if (!record || record.status !== 'scheduled') return { skipped: record?.status ?? 'missing' };
  const [admin, roleRules] = await Promise.all([getUserById(record.ownerId), readRoleRules()]);
  if (!admin) return fail(record, 'The admin who scheduled it no longer exists', now);
  const messageId = record.messageId ?? (await claimMessageId(record, scheduledMessageId(record.id, now)));
  try {
    await sendMessage(
      // Sent with the scheduler's rules as they are now: a role that lost the chat fails it.
      callerFor({ id: admin.id, role: admin.role, fullName: admin.fullName }, '', roleRules),
      () => ({ contactId: record.contactId }),
      () => ({ message: record.message, messageId }),
      now,
    );
  } catch (error) {
    if (error instanceof ForbiddenError || error instanceof NotFoundError)
      return fail(record, 'The contact can no longer be written to', now);
    // Already in the chat: an earlier run sent it and stopped before recording so.
    if (!(error instanceof ConditionFailed && error.failed('message'))) throw error;
    logger.info('scheduled message already sent', { scheduledId: record.id });
  }
  const sent = await finishScheduled(record, { status: 'sent', messageId }, now);
  if (sent) await pushScheduled(sent);
  return { messageId };
};
