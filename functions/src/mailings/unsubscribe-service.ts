import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure } from '../core/db';
import { findEmailChannel } from '../core/email-channel';
import { NotFoundError } from '../core/errors';
import { tableName } from '../core/table';
import { userEntity } from '../core/users/entities';
import { moveRecipient, readRecipient, setOptedOutAtOnce } from './delivery-repository';
import type { UnsubscribeView } from './unsubscribe-contract';
import { verifyUnsubscribeToken, type UnsubscribeClaims } from './unsubscribe-token';

/**
 * Opting out through the signed link (docs/mailings.md, "Opting out"). The token is the
 * credential: a token this server did not sign, or for a person who is gone, is a 404. The
 * opt-out is the profile's `mailingOptOut` (`{ at, via }`, set once): every later mailing and
 * sequence leaves the person out. The recipient the link came from moves from `sent` or
 * `delivered` to `opted_out` with `optedOutAt` (its count moving with it, in the same
 * transaction, once): every recipient
 * is counted in exactly one status, so the totals add up to the recipients.
 */
export type { UnsubscribeView };

/** `ada@example.com` → `a**@example.com`: enough to recognise, not enough to harvest. */
export const maskAddress = (address: string): string => {
  const at = address.lastIndexOf('@');
  if (at < 1) return address.length > 2 ? `${address.slice(0, 1)}${'*'.repeat(address.length - 1)}` : '**';
  return `${address.slice(0, 1)}${'*'.repeat(Math.max(2, at - 1))}${address.slice(at)}`;
};

const claimsOf = async (token: string): Promise<UnsubscribeClaims> => {
  const claims = await verifyUnsubscribeToken(token);
  if (!claims) throw new NotFoundError();
  return claims;
};

const readPerson = async (personId: string) => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: userEntity.key(personId), ConsistentRead: true }),
  );
  if (!Item) throw new NotFoundError();
  return Item;
};

export const describeUnsubscribe = async (token: string): Promise<UnsubscribeView> => {
  const claims = await claimsOf(token);
  const [person, recipient, channel] = await Promise.all([
    readPerson(claims.personId),
    readRecipient(claims.mailingId, claims.personId),
    findEmailChannel(),
  ]);
  const address = recipient?.address ?? (typeof person.email === 'string' ? person.email : '');
  const language =
    recipient?.language ?? (person.language === 'fr' || person.language === 'ar' ? person.language : 'en');
  return {
    workspace: channel?.fromName || 'Orbit',
    address: maskAddress(address),
    language,
    optedOut: person.mailingOptOut !== undefined,
  };
};

/** How long an opt-out waits for a send being recorded: well under a second in practice. */
const sendingWaits = 10;
const sendingWaitMs = 200;

export const unsubscribe = async (token: string, via: 'link' | 'one-click', now = new Date()) => {
  const claims = await claimsOf(token);
  await readPerson(claims.personId);
  const at = now.toISOString();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userEntity.key(claims.personId),
        UpdateExpression: 'SET mailingOptOut = :optOut',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(mailingOptOut)',
        ExpressionAttributeValues: { ':optOut': { at, via, mailingId: claims.mailingId } },
      }),
    );
  } catch (error) {
    // Already opted out: the same answer, nothing counted twice.
    if (!isConditionFailure(error)) throw error;
    return { optedOut: true };
  }
  // The recipient the link came from becomes `opted_out` (its count moves with it); one whose
  // send went otherwise (bounced, say) only gets the time. A one-click POST can come while the
  // send that carried the link is still being recorded (`sending`): wait a moment for it. The
  // move is conditional on the status read, so an SES event moving the recipient meanwhile
  // (sent → delivered) only means trying again from its new status.
  for (let attempt = 0; attempt < sendingWaits; attempt += 1) {
    const recipient = await readRecipient(claims.mailingId, claims.personId);
    const status = recipient?.status;
    if (status === 'sent' || status === 'delivered') {
      if (await moveRecipient(claims.mailingId, claims.personId, status, 'opted_out', now, { optedOutAt: at }))
        return { optedOut: true };
    } else if (status === 'sending') {
      await new Promise((resolve) => setTimeout(resolve, sendingWaitMs));
    } else break;
  }
  await setOptedOutAtOnce(claims.mailingId, claims.personId, at);
  return { optedOut: true };
};
