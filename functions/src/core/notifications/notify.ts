import { createHash } from 'node:crypto';

import { pushToUserConnections } from '../connections/push';
import { ConditionFailed, transactWrite, type TransactionPart } from '../db';
import { ulid } from '../ids';
import { logger } from '../logger';
import { digestJobIfAbsentPart } from './digest-schedule';
import { expiresAtFrom } from './entities';
import type {
  NotificationActor,
  NotificationEvent,
  NotificationParams,
  NotificationRecord,
  NotificationTarget,
  PendingEmailRecord,
} from './records';
import {
  addToUnreadPart,
  deleteUnreadRowPart,
  putLatestUnreadPart,
  putNotificationPart,
  putPendingEmailPart,
  readRecipientState,
  readUnreadCount,
} from './store';
import { toNotificationView, type NotificationFrame } from './views';

/**
 * Something happened to `recipientId` because of `actor` (the worker, running a producer's
 * fan-out job: fanout.ts says who). One transaction per recipient (the row, the unread count,
 * the chat's coalescing pointer, the email line and its digest job), then a push to the
 * recipient's open connections. Never the actor's own action. Safe to run again: a row's id is
 * derived from the job and the recipient, so a second run finds its work done.
 */
export interface NotificationInput {
  readonly recipientId: string;
  readonly actor: NotificationActor;
  readonly event: NotificationEvent;
  readonly target: NotificationTarget;
  readonly params: NotificationParams;
  /** Unread rows of one key fold into one that counts (a chat's messages). */
  readonly coalesceKey?: string;
}

const maxAttempts = 4;

/**
 * One row per recipient: the first input for a person wins (producers list a mention before the
 * plainer event of the same text), and the actor hears nothing of their own action.
 */
export const recipientsOf = (inputs: readonly NotificationInput[]): NotificationInput[] => {
  const seen = new Set<string>();
  return inputs.filter((input) => {
    if (input.recipientId === input.actor.id || seen.has(input.recipientId)) return false;
    seen.add(input.recipientId);
    return true;
  });
};

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID-shaped id: the event's time, then 16 characters fixed by `seed` (the job and the recipient). */
export const notificationIdFor = (at: Date, seed: string): string =>
  `${ulid(at.getTime()).slice(0, 10)}${[...createHash('sha256').update(seed).digest().subarray(0, 16)]
    .map((byte) => crockford.charAt(byte & 31))
    .join('')}`;

/** Every recipient is tried; any failure is thrown after (the job runs again, skipping what is done). */
export const notify = async (inputs: readonly NotificationInput[], at: Date, seed: string): Promise<void> => {
  const outcomes = await Promise.allSettled(
    recipientsOf(inputs).map((input) => notifyOne(input, at, notificationIdFor(at, `${seed}:${input.recipientId}`))),
  );
  const failed = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
  if (failed.length > 0) {
    for (const error of failed)
      logger.error('notification not stored', error instanceof Error ? error : { thrown: String(error) });
    throw new Error(`${failed.length} of ${outcomes.length} notifications not stored`);
  }
};

/** A row or mail line of this id exists: an earlier run stored it. */
const alreadyStored = (error: ConditionFailed) => error.failed('notification') || error.failed('email-line');

const notifyOne = async (input: NotificationInput, now: Date, id: string): Promise<void> => {
  const userId = input.recipientId;
  // A pointer found stale (its row was read meanwhile) is replaced rather than folded into.
  let staleRow: string | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const { settings, latest } = await readRecipientState(userId, input.coalesceKey);
    const inApp = settings.inApp[input.event];
    const email = settings.email[input.event];
    if (!inApp && !email) return;
    // Pointing at this very row: an earlier run of the job stored it.
    if (latest?.notificationId === id) return;
    const fold = inApp && latest !== undefined && latest.notificationId !== staleRow;
    const count = fold ? latest.count + 1 : 1;
    const createdAt = now.toISOString();
    const expiresAt = expiresAtFrom(now);
    const record: NotificationRecord = {
      id,
      userId,
      event: input.event,
      actor: input.actor,
      target: input.target,
      params: input.params,
      count,
      ...(input.coalesceKey ? { coalesceKey: input.coalesceKey } : {}),
      createdAt,
      expiresAt,
    };
    const parts: TransactionPart[] = [];
    if (inApp) {
      parts.push(putNotificationPart(record));
      if (fold) parts.push(deleteUnreadRowPart(userId, latest.notificationId));
      else parts.push(addToUnreadPart(userId, 1));
      if (input.coalesceKey)
        parts.push(
          putLatestUnreadPart(userId, input.coalesceKey, { notificationId: id, count }, latest?.notificationId),
        );
    }
    if (email) {
      const line: PendingEmailRecord = {
        id,
        userId,
        event: input.event,
        actor: input.actor,
        params: input.params,
        count: 1,
        ...(input.coalesceKey ? { coalesceKey: input.coalesceKey } : {}),
        createdAt,
        expiresAt,
      };
      parts.push(putPendingEmailPart(line), digestJobIfAbsentPart(userId, now));
    }
    try {
      await transactWrite(parts);
    } catch (error) {
      if (!(error instanceof ConditionFailed)) throw error;
      if (alreadyStored(error)) return;
      if (attempt >= maxAttempts) throw error;
      if (error.failed('folded')) staleRow = latest?.notificationId;
      continue;
    }
    if (inApp) {
      const frame: NotificationFrame = {
        type: 'notification.new',
        notification: toNotificationView(record),
        ...(fold ? { replaces: latest.notificationId } : {}),
        unread: await readUnreadCount(userId),
      };
      await pushToUserConnections(userId, frame);
    }
    return;
  }
};
