import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { createSessionPart } from '../core/auth/sessions';
import { ConditionFailed, deletePart, putPart, transactWrite } from '../core/db';
import { ConflictError, ForbiddenError, GoneError, NotFoundError, ValidationError } from '../core/errors';
import { isRole } from '../core/roles';
import { adminCountPart, consumeInvitationPart, ensureAdminCount, lookUpInvitation } from '../core/team/repository';
import { uniqueClaimEntity, userEntity } from '../core/users/entities';
import { getUserById } from '../core/users/repository';
import type { AcceptInvitationRequest } from './contract';
import { twoStepEntity } from './entities';
import { logEntryPart, type RequestOrigin } from './security-log';
import { twoStepFlagPart } from './security-repository';
import { describeUser, newUserRecord, prepareSession, type SignedIn } from './service';

/**
 * The team page's two calls that belong to the auth area (docs/roles.md, "Team and
 * invitations"): signing up through an invitation (only auth issues sessions) and resetting a
 * member's two-step verification (auth owns its records and the security log).
 */

const invitationMessages = {
  unknown: 'This invitation link is not valid: it was used, revoked or replaced by a newer one',
  expired: 'This invitation link has expired: ask for a new one',
  phoneNeeded: 'Enter your phone: you sign in with it',
  emailNeeded: 'Enter your email',
} as const;

const takenMessages: Record<string, string> = {
  phone: 'This phone number is already registered',
  email: 'This email is already registered',
  referralCode: 'Referral code clash, try again',
};

/**
 * Creates the account with the invited role and signs it in, as register does (201, the same
 * body and refresh cookie). One transaction: the invitation consumed (only while it holds the
 * same secret and has not expired, so a link works once), the profile, its phone, email and
 * referral claims, the administrators' count for an administrator, the session and its log entry.
 */
export const acceptInvitation = async (input: AcceptInvitationRequest, origin: RequestOrigin): Promise<SignedIn> => {
  const now = new Date();
  const found = await lookUpInvitation(input.token, now);
  if (found.state === 'unknown') throw new NotFoundError(invitationMessages.unknown);
  if (found.state === 'expired') throw new GoneError(invitationMessages.expired);
  const { invitation } = found;
  const phone = invitation.phone ?? input.phone;
  const email = invitation.email ?? input.email;
  if (!phone) throw new ValidationError({ phone: [invitationMessages.phoneNeeded] });
  if (!email) throw new ValidationError({ email: [invitationMessages.emailNeeded] });
  const role = isRole(invitation.role) ? invitation.role : 'client';
  const user = await newUserRecord({ fullName: input.fullName, email, phone, password: input.password, role, now });
  if (role === 'admin') await ensureAdminCount();
  const { session, signedIn } = await prepareSession(user, await describeUser(user), origin);
  const claims = (['phone', 'email', 'referralCode'] as const).map((field) =>
    putPart(
      field,
      uniqueClaimEntity.toItem({ field, value: user[field], userId: user.id }),
      'attribute_not_exists(pk)',
    ),
  );
  try {
    await transactWrite([
      consumeInvitationPart(invitation, now),
      putPart('user', userEntity.toItem(user), 'attribute_not_exists(pk)'),
      ...claims,
      ...(role === 'admin' ? [adminCountPart(1)] : []),
      createSessionPart(session, now),
      logEntryPart({ userId: user.id, event: 'sign-in', origin, sessionId: session.sessionId }, now),
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.failed('invitation')) throw new NotFoundError(invitationMessages.unknown);
    const fields: Record<string, string[]> = {};
    for (const label of error.labels) {
      const message = takenMessages[label];
      if (message) fields[label] = [message];
    }
    throw new ConflictError(Object.keys(fields).length > 0 ? fields : { general: ['Try again'] }, undefined, {
      cause: error,
    });
  }
  return signedIn;
};

/**
 * Turns a member's two-step verification off for them (they lost their phone): the secret and
 * recovery codes go, the profile's flag goes off, and their security log says an administrator
 * did it. Needs `update Team`; an administrator's only by an administrator; one's own goes
 * through the Security tab (with the password). Already off: nothing to do (204 all the same).
 */
export const resetMemberTwoStep = async (caller: Caller, userId: string, origin: RequestOrigin): Promise<void> => {
  authorize(caller.ability, 'update', 'Team');
  if (userId === caller.principal.userId)
    throw new ForbiddenError('Turn your own two-step verification off on the Security tab');
  const user = await getUserById(userId);
  if (!user?.passwordHash) throw new NotFoundError('Member not found');
  if (user.role === 'admin' && caller.principal.role !== 'admin') {
    throw new ForbiddenError('Only an administrator can do this for an administrator');
  }
  await transactWrite([
    deletePart('two-step', twoStepEntity.key(user.id)),
    twoStepFlagPart(user.id, false),
    logEntryPart({ userId: user.id, event: 'two-step-disabled', origin, actorId: caller.principal.userId }),
  ]);
};
