import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure, type TransactionPart } from '../db';
import { hashSecret, newRefreshSecret, sameHash } from '../auth/tokens';
import { tableName } from '../table';
import { roleIndexPartition } from '../users/entities';
import { adminCountEntity, invitationEntity } from './entities';
import type { InvitationRecord } from './records';

/**
 * Invitations and the administrators' count, shared by the team area (invite, resend, revoke,
 * role changes, suspension) and the auth area (accepting an invitation creates the account).
 */

/* ---------- The invitation link ---------- */

/** How long a link works (docs/roles.md): seven days from when it was (last) sent. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** How long an expired invitation stays to answer 410 rather than 404, before TTL removes it. */
const keptAfterExpiryS = 30 * 24 * 60 * 60;

/** A new secret for a link and its digest: the link carries `<id>.<secret>`, the item only the digest. */
export const newInvitationSecret = (): { secret: string; secretHash: string } => {
  const secret = newRefreshSecret();
  return { secret, secretHash: hashSecret(secret) };
};

export const invitationToken = (id: string, secret: string): string => `${id}.${secret}`;

/** The id and the secret a link's token holds, or undefined for anything else. */
export const parseInvitationToken = (token: string): { id: string; secret: string } | undefined => {
  const match = /^([0-9A-HJKMNP-TV-Z]{26})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match?.[1] && match[2] ? { id: match[1], secret: match[2] } : undefined;
};

export const validityOf = (sentAt: Date, lifetimeMs = invitationLifetimeMs) => {
  const until = sentAt.getTime() + lifetimeMs;
  return { validUntil: new Date(until).toISOString(), expiresAt: Math.ceil(until / 1000) + keptAfterExpiryS };
};

export const getInvitation = async (id: string): Promise<InvitationRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: invitationEntity.key(id), ConsistentRead: true }),
  );
  return Item ? invitationEntity.fromItem(Item) : undefined;
};

export type InvitationLookup =
  | { readonly state: 'pending'; readonly invitation: InvitationRecord }
  | { readonly state: 'unknown' }
  | { readonly state: 'expired' };

/**
 * The invitation a token opens: unknown (no such link, a wrong secret, used or revoked — the
 * item is gone or its secret was replaced) or expired, without saying which of the first.
 */
export const lookUpInvitation = async (token: string, now = new Date()): Promise<InvitationLookup> => {
  const parsed = parseInvitationToken(token);
  const invitation = parsed ? await getInvitation(parsed.id) : undefined;
  if (!parsed || !invitation || !sameHash(invitation.secretHash, hashSecret(parsed.secret)))
    return { state: 'unknown' };
  if (Date.parse(invitation.validUntil) <= now.getTime()) return { state: 'expired' };
  return { state: 'pending', invitation };
};

/**
 * Uses the invitation up, in the transaction that creates the account: only while it holds the
 * same secret and has not expired, so a link works once, and never after a resend or a revoke.
 */
export const consumeInvitationPart = (invitation: InvitationRecord, now = new Date()): TransactionPart => ({
  label: 'invitation',
  item: {
    Delete: {
      TableName: tableName(),
      Key: invitationEntity.keyOf(invitation),
      ConditionExpression: 'secretHash = :hash AND validUntil > :now',
      ExpressionAttributeValues: { ':hash': invitation.secretHash, ':now': now.toISOString() },
    },
  },
});

/* ---------- Active administrators ---------- */

/**
 * The count of active administrators, created from the role index when it is missing (a
 * workspace seeded or restored without it). Two requests creating it at once both count the
 * same administrators; the second's conditional put loses and is ignored.
 */
export const ensureAdminCount = async (): Promise<void> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: adminCountEntity.key(), ConsistentRead: true }),
  );
  if (Item) return;
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': roleIndexPartition('admin') },
        ProjectionExpression: 'id, suspendedAt',
        ExclusiveStartKey: start,
      }),
    );
    count += (page.Items ?? []).filter((item) => item.suspendedAt === undefined).length;
    start = page.LastEvaluatedKey;
  } while (start);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: adminCountEntity.toItem({ count }),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};

/**
 * One administrator more or fewer, as a part of the change's transaction. One fewer only while
 * another remains: the part fails ('last administrator') when it would reach zero.
 */
export const adminCountPart = (delta: 1 | -1): TransactionPart => ({
  label: delta < 0 ? 'last administrator' : 'administrators',
  item: {
    Update: {
      TableName: tableName(),
      Key: adminCountEntity.key(),
      UpdateExpression: 'SET #count = #count + :delta',
      ConditionExpression: delta < 0 ? '#count > :one' : 'attribute_exists(#count)',
      ExpressionAttributeNames: { '#count': 'count' },
      ExpressionAttributeValues: delta < 0 ? { ':delta': delta, ':one': 1 } : { ':delta': delta },
    },
  },
});

/**
 * An administrator made outside the team page (the create-admin script) counts too, if the count
 * exists yet (when it does not, it is taken from the role index the first time it is needed).
 */
export const countNewAdministrator = async (): Promise<void> => {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: adminCountEntity.key(),
        UpdateExpression: 'SET #count = #count + :one',
        ConditionExpression: 'attribute_exists(#count)',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
};
