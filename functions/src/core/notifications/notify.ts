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
 * The producers' API (chat, projects): something happened to `recipientId` because of `actor`.
 * Written after the producer's own change has committed, in a transaction of its own per
 * recipient (the row, the unread count, the chat's coalescing pointer, the email line and its
 * digest job), then pushed to the recipient's open connections. Never the actor's own action.
 * A failure here is logged, never the producer's: the message or task is stored either way
 * (docs/decisions.md, "Notifications after the producer's commit").
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

export const notify = async (inputs: readonly NotificationInput[], now = new Date()): Promise<void> => {
  await Promise.all(
    recipientsOf(inputs).map(async (input) => {
      try {
        await notifyOne(input, now);
      } catch (error) {
        logger.error('notification not stored', error instanceof Error ? error : { thrown: String(error) });
      }
    }),
  );
};

const notifyOne = async (input: NotificationInput, now: Date): Promise<void> => {
  const userId = input.recipientId;
  // A pointer found stale (its row was read meanwhile) is replaced rather than folded into.
  let staleRow: string | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const { settings, latest } = await readRecipientState(userId, input.coalesceKey);
    const inApp = settings.inApp[input.event];
    const email = settings.email[input.event];
    if (!inApp && !email) return;
    const fold = inApp && latest !== undefined && latest.notificationId !== staleRow;
    const id = ulid(now.getTime());
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
      if (!(error instanceof ConditionFailed) || attempt >= maxAttempts) throw error;
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
