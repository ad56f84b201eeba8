import { createHash, randomBytes } from 'node:crypto';

import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure } from '../db';
import { defineEntity } from '../entity';
import { tableName } from '../table';

/**
 * WebSocket connection tickets (docs/decisions.md, "Security: a ticket, not a token, in the
 * socket's URL"). A browser cannot set headers on a handshake, so what proves who connects rides
 * in the URL, where proxies and access logs keep it. So it is not the access token but a ticket:
 * 32 random bytes the signed-in browser asks for (`POST /api/realtime/ticket`) right before each
 * (re)connect, good once, for `socketTicketSeconds`. Only its SHA-256 is stored, under its own
 * key (its row in core/access-patterns.ts), and `$connect` consumes it with a conditional delete:
 * of two handshakes with one ticket, one gets it, and a logged URL is worth nothing.
 */

export interface SocketTicketRecord {
  readonly userId: string;
  readonly sessionId: string;
  /** When it stops being accepted (ms); checked on use, so a ticket is refused to the millisecond. */
  readonly expiresAtMs: number;
  /** Epoch seconds (TTL): DynamoDB removes a ticket nobody used. */
  readonly expiresAt: number;
}

/** Long enough for a handshake on a slow network (and a cold start), short enough to be worthless in a log. */
const socketTicketSeconds = 30;

/** What a ticket looks like (43 base64url characters): anything else is refused unread. */
const ticketShape = /^[A-Za-z0-9_-]{43}$/;

const ticketHash = (ticket: string): string => createHash('sha256').update(ticket).digest('base64url');

// Pure: a bundle that never opens a socket (the projects' action routes share core/websocket-handler.ts)
// drops the entity, and its key prefix stays out of that function's grants.
export const socketTicketEntity = /* @__PURE__ */ defineEntity<
  SocketTicketRecord & { readonly hash: string },
  [hash: string]
>({
  type: 'SocketTicket',
  key: (hash) => ({ pk: `WSTICKET#${hash}`, sk: 'TICKET' }),
  keyOf: (record) => ({ pk: `WSTICKET#${record.hash}`, sk: 'TICKET' }),
});

/** The key of the item a ticket is stored under (tests move its expiry). */
export const socketTicketKey = (ticket: string) => socketTicketEntity.key(ticketHash(ticket));

/** A new ticket for this session's user; the caller answers it once and never stores it. */
export const issueSocketTicket = async (
  owner: { readonly userId: string; readonly sessionId: string },
  now = new Date(),
): Promise<{ ticket: string; expiresInSeconds: number }> => {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAtMs = now.getTime() + socketTicketSeconds * 1000;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: socketTicketEntity.toItem({
        hash: ticketHash(ticket),
        userId: owner.userId,
        sessionId: owner.sessionId,
        expiresAtMs,
        expiresAt: Math.ceil(expiresAtMs / 1000),
      }),
    }),
  );
  return { ticket, expiresInSeconds: socketTicketSeconds };
};

/**
 * Uses a ticket up: whose session it names, or undefined when it is unknown, used already or
 * expired. The delete is the check (conditional on the ticket being there and in time), so a
 * ticket can never open two connections.
 */
export const consumeSocketTicket = async (
  ticket: string,
  now = new Date(),
): Promise<{ userId: string; sessionId: string } | undefined> => {
  if (!ticketShape.test(ticket)) return undefined;
  try {
    const { Attributes } = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: socketTicketKey(ticket),
        ConditionExpression: 'attribute_exists(pk) AND expiresAtMs > :now',
        ExpressionAttributeValues: { ':now': now.getTime() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    if (!Attributes) return undefined;
    const { userId, sessionId } = socketTicketEntity.fromItem(Attributes);
    return { userId, sessionId };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
};
