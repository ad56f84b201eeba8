import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { pushToUserConnections } from '../../core/connections/push';
import { db, isConditionFailure } from '../../core/db';
import { tableName } from '../../core/table';
import type { EmailFrame } from '../contract';
import { mailEntity } from '../entities';
import type { MailRecipientStatus, MailRecord, RecipientStatus } from '../records';

/**
 * Per-recipient status on the sender's copy (records.ts RecipientStatus), moved by the outside
 * send and by SES events, which may arrive in any order and more than once: a status never
 * moves back (a late "delivered" does not undo a complaint), and each write is conditional on
 * the list it read, so two events for one mail never lose each other's change.
 */

const rank: Readonly<Record<RecipientStatus, number>> = {
  queued: 0,
  sent: 1,
  suppressed: 2,
  failed: 2,
  delivered: 2,
  bounced: 3,
  complained: 4,
};

export interface StatusChange {
  readonly status: RecipientStatus;
  readonly detail?: string;
}

export const readMail = async (ownerId: string, mailId: string): Promise<MailRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailEntity.key(ownerId, mailId), ConsistentRead: true }),
  );
  return Item ? mailEntity.fromItem(Item) : undefined;
};

/** The recipients after the changes, or undefined when nothing moves. */
export const mergeStatuses = (
  current: readonly MailRecipientStatus[],
  changes: ReadonlyMap<string, StatusChange>,
  at: string,
): MailRecipientStatus[] | undefined => {
  let moved = false;
  const seen = new Set<string>();
  const next = current.map((recipient) => {
    seen.add(recipient.address);
    const change = changes.get(recipient.address);
    if (!change || recipient.internal) return recipient;
    // Never sent to (suppressed, failed): no event about it can be ours.
    if (recipient.status === 'suppressed' || recipient.status === 'failed') return recipient;
    if (change.status === recipient.status || rank[change.status] < rank[recipient.status]) return recipient;
    moved = true;
    return {
      address: recipient.address,
      internal: false,
      status: change.status,
      at,
      ...(change.detail ? { detail: change.detail } : {}),
    };
  });
  for (const [address, change] of changes) {
    if (seen.has(address)) continue;
    moved = true;
    next.push({
      address,
      internal: false,
      status: change.status,
      at,
      ...(change.detail ? { detail: change.detail } : {}),
    });
  }
  return moved ? next : undefined;
};

/**
 * Applies the changes to the sender's copy (extra attributes too, e.g. the SES message id) and
 * pushes `email.status` to the sender's open tabs. False when the mail is gone.
 */
export const setRecipientStatuses = async (
  ownerId: string,
  mailId: string,
  changes: ReadonlyMap<string, StatusChange>,
  now = new Date(),
  extra: Readonly<Record<string, string>> = {},
): Promise<boolean> => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const mail = await readMail(ownerId, mailId);
    if (!mail) return false;
    const current = mail.recipients ?? [];
    const recipients = mergeStatuses(current, changes, now.toISOString());
    if (!recipients && Object.keys(extra).length === 0) return true;
    const extraNames = Object.keys(extra);
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: mailEntity.key(ownerId, mailId),
          UpdateExpression: `SET recipients = :next${extraNames.map((_, i) => `, #x${i} = :x${i}`).join('')}`,
          ConditionExpression: mail.recipients ? 'recipients = :current' : 'attribute_not_exists(recipients)',
          ExpressionAttributeNames: extraNames.length
            ? Object.fromEntries(extraNames.map((name, i) => [`#x${i}`, name]))
            : undefined,
          ExpressionAttributeValues: {
            ':next': recipients ?? current,
            ...(mail.recipients ? { ':current': current } : {}),
            ...Object.fromEntries(extraNames.map((name, i) => [`:x${i}`, extra[name]])),
          },
        }),
      );
    } catch (error) {
      if (isConditionFailure(error)) continue;
      throw error;
    }
    if (recipients) {
      const frame: EmailFrame = { type: 'email.status', mailId, recipients };
      await pushToUserConnections(ownerId, frame);
    }
    return true;
  }
  throw new Error('The mail kept changing: its recipients’ statuses could not be written');
};
