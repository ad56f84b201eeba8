import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed, transactWrite } from '../core/db';
import { ConflictError, GoneError, NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { chargeRate, rateLimitedError } from '../core/rate-window';
import { sealSecret } from '../core/secret-box';
import type { InvitationRecord } from '../core/team/records';
import {
  getInvitation,
  invitationToken,
  lookUpInvitation,
  newInvitationSecret,
  validityOf,
} from '../core/team/repository';
import type { Invitation, InvitationPreview, InvitationsResponse } from './contract';
import { requireAdministratorFor } from './admin-guard';
import { invitationJobPart } from './invitation-job';
import { invitationResent, invitationSentBy, resendsLimit } from './invitation-limits';
import { teamMessages } from './messages';
import {
  contactTaken,
  listInvitations,
  newInvitationPart,
  resentInvitationPart,
  revokedInvitationPart,
} from './repository';
import type { InviteRequest } from './requests';

/**
 * Invitations (docs/roles.md, "Team and invitations"; docs/decisions.md, "Invitation links"):
 * a link `<app>/invitation?token=<id>.<secret>` that works once, for seven days; the item keeps
 * only the secret's SHA-256. The link goes out by the worker (team/jobs.ts), written in the same
 * transaction as the invitation. Accepting it is the auth area's (it issues sessions).
 */

const toInvitation = (record: InvitationRecord, now: Date): Invitation => ({
  id: record.id,
  email: record.email ?? null,
  phone: record.phone ?? null,
  role: record.role,
  invitedBy: { id: record.invitedById, fullName: record.invitedByName },
  createdAt: record.createdAt,
  sentAt: record.sentAt,
  validUntil: record.validUntil,
  expired: Date.parse(record.validUntil) <= now.getTime(),
});

export const listPendingInvitations = async (caller: Caller, now = new Date()): Promise<InvitationsResponse> => {
  authorize(caller.ability, 'read', 'Team');
  return { invitations: (await listInvitations()).map((record) => toInvitation(record, now)) };
};

/**
 * Where the link points: the deployment's public address when it has one (PUBLIC_BASE_URL), else
 * the web app the request came from (its Origin header; the inviter is a signed-in member).
 */
const appOriginOf = (requestOrigin: string | undefined): string => {
  const origin = process.env.PUBLIC_BASE_URL || requestOrigin;
  if (!origin || !/^https?:\/\/[^/\s]+$/.test(origin)) {
    throw new ValidationError({ general: ['The app’s address is unknown: the invitation cannot be sent'] });
  }
  return origin;
};

/** The send job for a record and its fresh secret. */
const sendPart = async (record: InvitationRecord, secret: string, appOrigin: string, now: Date) =>
  invitationJobPart(
    {
      channel: record.email ? 'email' : 'sms',
      to: record.email ?? record.phone ?? '',
      sealedToken: await sealSecret(invitationToken(record.id, secret), 'job'),
      appOrigin,
      inviterName: record.invitedByName,
      role: record.role,
      validUntil: record.validUntil,
    },
    now,
  );

export const invite = async (
  caller: Caller,
  request: () => InviteRequest,
  requestOrigin: string | undefined,
  now = new Date(),
): Promise<Invitation> => {
  authorize(caller.ability, 'create', 'Team');
  const body = request();
  requireAdministratorFor(caller, body.role);
  const appOrigin = appOriginOf(requestOrigin);
  if (body.email && (await contactTaken('email', body.email))) {
    throw new ConflictError({ email: [teamMessages.emailTaken] });
  }
  if (body.phone && (await contactTaken('phone', body.phone))) {
    throw new ConflictError({ phone: [teamMessages.phoneTaken] });
  }
  const { secret, secretHash } = newInvitationSecret();
  const record: InvitationRecord = {
    id: ulid(now.getTime()),
    ...(body.email ? { email: body.email } : { phone: body.phone ?? '' }),
    role: body.role,
    invitedById: caller.principal.userId,
    invitedByName: caller.fullName,
    secretHash,
    createdAt: now.toISOString(),
    sentAt: now.toISOString(),
    ...validityOf(now),
    version: 1,
  };
  const counted = chargeRate([invitationSentBy(caller.principal.userId)], now.getTime());
  try {
    await transactWrite([...counted.parts, newInvitationPart(record), await sendPart(record, secret, appOrigin, now)]);
  } catch (error) {
    const refusal = counted.refusalOf(error);
    if (refusal) throw rateLimitedError(refusal, 'invitations sent by one member');
    throw error;
  }
  return toInvitation(record, now);
};

const invitationOr404 = async (id: string): Promise<InvitationRecord> => {
  const record = await getInvitation(id);
  if (!record) throw new NotFoundError(teamMessages.invitationNotFound);
  return record;
};

/** A new link (a new secret, seven more days): the old link stops working in the same write. */
export const resendInvitation = async (
  caller: Caller,
  id: string,
  requestOrigin: string | undefined,
  now = new Date(),
): Promise<Invitation> => {
  authorize(caller.ability, 'create', 'Team');
  const previous = await invitationOr404(id);
  requireAdministratorFor(caller, previous.role);
  const appOrigin = appOriginOf(requestOrigin);
  const { secret, secretHash } = newInvitationSecret();
  const next: InvitationRecord = {
    ...previous,
    secretHash,
    sentAt: now.toISOString(),
    ...validityOf(now),
    version: previous.version + 1,
  };
  // The invitation's own resends first: the refusal names the window that ends last anyway.
  const counted = chargeRate([invitationResent(id), invitationSentBy(caller.principal.userId)], now.getTime());
  try {
    await transactWrite([
      ...counted.parts,
      resentInvitationPart(previous, next),
      await sendPart(next, secret, appOrigin, now),
    ]);
  } catch (error) {
    const refusal = counted.refusalOf(error);
    if (refusal) {
      throw rateLimitedError(
        refusal,
        refusal.limit === resendsLimit ? 'resends of one invitation' : 'invitations sent by one member',
      );
    }
    if (error instanceof ConditionFailed && error.failed('invitation')) {
      throw new NotFoundError(teamMessages.invitationNotFound);
    }
    throw error;
  }
  return toInvitation(next, now);
};

export const revokeInvitation = async (caller: Caller, id: string): Promise<void> => {
  authorize(caller.ability, 'delete', 'Team');
  try {
    await transactWrite([revokedInvitationPart(id)]);
  } catch (error) {
    if (error instanceof ConditionFailed) throw new NotFoundError(teamMessages.invitationNotFound);
    throw error;
  }
};

/** What the accept page shows: 404 for a link that is not (or no longer) valid, 410 once expired. */
export const previewInvitation = async (token: string, now = new Date()): Promise<InvitationPreview> => {
  const found = await lookUpInvitation(token, now);
  if (found.state === 'unknown') throw new NotFoundError(teamMessages.invitationNotFound);
  if (found.state === 'expired') throw new GoneError(teamMessages.invitationExpired);
  const { invitation } = found;
  return {
    invitedBy: invitation.invitedByName,
    role: invitation.role,
    email: invitation.email ?? null,
    phone: invitation.phone ?? null,
    validUntil: invitation.validUntil,
  };
};
