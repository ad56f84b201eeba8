import { authorize, authorizeResource } from '../core/authorize';
import type { Caller } from '../core/caller';
import { hashPassword, verifyPassword } from '../core/auth/passwords';
import { sessionIdOf } from '../core/auth/principal';
import { sessionKeysOf } from '../core/auth/sessions';
import { batchWrite, ConditionFailed, transactWrite } from '../core/db';
import type { TableKey } from '../core/entity';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { openSecret, sealSecret } from '../core/secret-box';
import { sessionEntity } from '../core/sign-in-entities';
import { userEntity } from '../core/users/entities';
import type { UserRecord } from '../core/users/records';
import { getUserById, passwordHashPart } from '../core/users/repository';
import { closeSocketsJobPart } from './close-sockets-job';
import { twoStepEntity, type TwoStepRecord } from './entities';
import { reauthenticate, reserveCheck, sessionIdsOf, transactionLimit, writeWithDeletes } from './identity-service';
import { twoStepMessages } from './messages';
import type {
  ChangePasswordRequest,
  ConfirmTwoStepRequest,
  ReauthenticateRequest,
  RecoveryCodesResponse,
  SecurityLogResponse,
  SessionsResponse,
  TwoStepEnrolment,
  TwoStepStatus,
} from './security-contract';
import { securityLogPageSize } from './security-contract';
import { listSecurityLog, logEntryPart, type RequestOrigin } from './security-log';
import {
  activateTwoStepPart,
  getTwoStep,
  listSessions,
  removeTwoStepPart,
  replaceRecoveryCodesPart,
  revokeKeyPart,
  revokeSessionPart,
  savePendingSecret,
  twoStepFlagPart,
} from './security-repository';
import { settleCodeCheck } from './throttle';
import { acceptedStep, newRecoveryCodes, newTotpSecret, recoveryDigest, totpUri } from './two-step';

/**
 * The Security and Activity tabs' use cases (docs/user-view.md, "Security, two-step sign-in and
 * sessions"). Who may do what, for the user the path names:
 * - the user themself: everything;
 * - an admin, for another user: read their sessions and security log, and revoke one session;
 *   never change their password or two-step verification, nor "revoke all others" (403): those
 *   need the owner's password or code, which an admin does not have, and no secret is ever shown;
 * - a client, for another id: 404, as for any record of someone else (core/authorize.ts).
 */

type Access = 'read' | 'revoke' | 'own';

/** The user the path names, once the caller may do `access` to them. */
const targetUser = async (caller: Caller, userId: string, access: Access): Promise<UserRecord> => {
  const key = userEntity.key(userId);
  const along = caller.readAlong.lookup(key);
  const user =
    along === undefined ? await getUserById(userId) : along === null ? undefined : userEntity.fromItem(along);
  // A lead is a profile too, but no account: nothing of this applies to it.
  const found = user?.passwordHash ? user : undefined;
  authorizeResource(caller.ability, 'read', 'User', found ? { id: found.id } : undefined, 'User not found');
  if (!found) throw new NotFoundError('User not found');
  if (access === 'own' && found.id !== caller.principal.userId) {
    throw new ForbiddenError('Only the account’s owner can do this');
  }
  if (access === 'revoke') authorize(caller.ability, 'update', 'User', { id: found.id });
  return found;
};

/** The two-step item, from the caller's session read when the route named it. */
const twoStepOf = async (caller: Caller, userId: string): Promise<TwoStepRecord | undefined> => {
  const along = caller.readAlong.lookup(twoStepEntity.key(userId));
  if (along === undefined) return getTwoStep(userId);
  return along === null ? undefined : twoStepEntity.fromItem(along);
};

/* ---------- Sessions ---------- */

export const listSessionsOf = async (caller: Caller, userId: string): Promise<SessionsResponse> => {
  const user = await targetUser(caller, userId, 'read');
  const own = user.id === caller.principal.userId;
  const sessions = await listSessions(user.id);
  return {
    sessions: sessions
      .map((session) => ({
        id: session.sessionId,
        userAgent: session.userAgent,
        ip: session.ip ?? null,
        createdAt: session.createdAt,
        lastUsedAt: session.lastUsedAt,
        current: own && caller.principal.via === 'session' && session.sessionId === caller.principal.sessionId,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt)),
  };
};

/** A revoked device's next request is 401 (its session item is gone) and its sockets close now. */
export const revokeSession = async (
  caller: Caller,
  userId: string,
  sessionId: string,
  origin: RequestOrigin,
): Promise<void> => {
  const user = await targetUser(caller, userId, 'revoke');
  try {
    await transactWrite([
      revokeSessionPart(user.id, sessionId),
      logEntryPart({ userId: user.id, event: 'session-revoked', origin, sessionId, actorId: caller.principal.userId }),
      closeSocketsJobPart(user.id, [sessionId]),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('session')) throw new NotFoundError('Session not found');
    throw error;
  }
};

/** The keys of every session of the user but this one. */
const otherSessionKeys = async (userId: string, keep: string): Promise<TableKey[]> => {
  const kept = sessionEntity.key(userId, keep);
  return (await sessionKeysOf(userId)).filter((key) => key.sk !== kept.sk);
};

export const revokeOtherSessions = async (caller: Caller, userId: string, origin: RequestOrigin): Promise<number> => {
  const user = await targetUser(caller, userId, 'own');
  const others = await otherSessionKeys(user.id, sessionIdOf(caller.principal));
  if (others.length === 0) return 0;
  await writeWithDeletes(
    [
      logEntryPart({ userId: user.id, event: 'other-sessions-revoked', origin, count: others.length }),
      closeSocketsJobPart(user.id, sessionIdsOf(others)),
    ],
    others,
  );
  return others.length;
};

/* ---------- Password ---------- */

/**
 * The current password, then the new one: every other session ends (their sockets close), this
 * one stays, in the transaction that changes the password and logs it.
 */
export const changePassword = async (
  caller: Caller,
  userId: string,
  readBody: () => ChangePasswordRequest,
  origin: RequestOrigin,
): Promise<void> => {
  const user = await targetUser(caller, userId, 'own');
  const body = readBody();
  const reservations = await reserveCheck(user.id, 'currentPassword');
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw new ValidationError({ currentPassword: [twoStepMessages.wrongPassword] });
  }
  const [passwordHash, others] = await Promise.all([
    hashPassword(body.newPassword),
    otherSessionKeys(user.id, sessionIdOf(caller.principal)),
  ]);
  const parts = [
    passwordHashPart(user.id, passwordHash),
    logEntryPart({ userId: user.id, event: 'password-changed', origin, count: others.length }),
    ...(others.length > 0 ? [closeSocketsJobPart(user.id, sessionIdsOf(others))] : []),
  ];
  const inTransaction = others.slice(0, transactionLimit - parts.length - 4);
  await settleCodeCheck(user.id, reservations, [...parts, ...inTransaction.map(revokeKeyPart)]);
  await batchWrite(others.slice(inTransaction.length).map((key) => ({ delete: key })));
};

/* ---------- Two-step verification ---------- */

const statusOf = (twoStep: TwoStepRecord | undefined): TwoStepStatus => ({
  enabled: Boolean(twoStep?.sealedSecret),
  recoveryCodesLeft: twoStep?.sealedSecret ? (twoStep.recoveryHashes?.size ?? 0) : 0,
  enabledAt: twoStep?.sealedSecret ? (twoStep.enabledAt ?? null) : null,
});

export const twoStepStatusOf = async (caller: Caller, userId: string): Promise<TwoStepStatus> => {
  const user = await targetUser(caller, userId, 'read');
  return statusOf(await twoStepOf(caller, user.id));
};

/** A new secret, sealed at rest, waiting for its first code; shown once as a URI and as text. */
export const startTwoStep = async (caller: Caller, userId: string, now = new Date()): Promise<TwoStepEnrolment> => {
  const user = await targetUser(caller, userId, 'own');
  if ((await twoStepOf(caller, user.id))?.sealedSecret)
    throw new ConflictError({ twoStep: [twoStepMessages.alreadyOn] });
  const secret = newTotpSecret();
  await savePendingSecret(user.id, await sealSecret(secret, 'two-step'), now);
  return { uri: totpUri(secret, user.email || user.phone), secret };
};

const newCodes = () => {
  const recoveryCodes = newRecoveryCodes();
  return { recoveryCodes, hashes: recoveryCodes.map(recoveryDigest) };
};

/** The first code turns it on: the profile's flag, the secret, ten recovery codes (shown once). */
export const confirmTwoStep = async (
  caller: Caller,
  userId: string,
  readBody: () => ConfirmTwoStepRequest,
  origin: RequestOrigin,
  now = new Date(),
): Promise<RecoveryCodesResponse> => {
  const user = await targetUser(caller, userId, 'own');
  const { code } = readBody();
  const twoStep = await twoStepOf(caller, user.id);
  if (twoStep?.sealedSecret) throw new ConflictError({ twoStep: [twoStepMessages.alreadyOn] });
  const pending = twoStep?.pendingSealedSecret;
  if (!pending) throw new ConflictError({ twoStep: [twoStepMessages.noEnrolment] });
  const reservations = await reserveCheck(user.id, 'code');
  const step = acceptedStep(await openSecret(pending, 'two-step'), code, undefined, now.getTime());
  if (step === undefined) throw new ValidationError({ code: [twoStepMessages.wrongCode] });
  const { recoveryCodes, hashes } = newCodes();
  try {
    await settleCodeCheck(user.id, reservations, [
      activateTwoStepPart(user.id, pending, step, hashes, now),
      twoStepFlagPart(user.id, true),
      logEntryPart({ userId: user.id, event: 'two-step-enabled', origin }, now),
    ]);
  } catch (error) {
    // Another request confirmed or restarted the enrolment meanwhile.
    if (error instanceof ConditionFailed && error.failed('two-step'))
      throw new ConflictError({ twoStep: [twoStepMessages.noEnrolment] });
    throw error;
  }
  return { recoveryCodes };
};

const enabledTwoStep = async (caller: Caller, userId: string): Promise<TwoStepRecord> => {
  const twoStep = await twoStepOf(caller, userId);
  if (!twoStep?.sealedSecret) throw new ConflictError({ twoStep: [twoStepMessages.notOn] });
  return twoStep;
};

/** The item changed meanwhile: turned off, or the code's step spent by another request. */
const lostTo =
  (usedCode: boolean) =>
  (error: unknown): never => {
    if (error instanceof ConditionFailed && error.failed('two-step')) {
      throw usedCode
        ? new ValidationError({ code: [twoStepMessages.wrongCode] })
        : new ConflictError({ twoStep: [twoStepMessages.notOn] });
    }
    throw error;
  };

export const disableTwoStep = async (
  caller: Caller,
  userId: string,
  readBody: () => ReauthenticateRequest,
  origin: RequestOrigin,
  now = new Date(),
): Promise<void> => {
  const user = await targetUser(caller, userId, 'own');
  const body = readBody();
  const twoStep = await enabledTwoStep(caller, user.id);
  const { reservations } = await reauthenticate(user, twoStep, body, now);
  // The item goes with the change: a code's step needs no spending.
  await settleCodeCheck(user.id, reservations, [
    removeTwoStepPart(user.id),
    twoStepFlagPart(user.id, false),
    logEntryPart({ userId: user.id, event: 'two-step-disabled', origin }, now),
  ]).catch(lostTo(false));
};

export const regenerateRecoveryCodes = async (
  caller: Caller,
  userId: string,
  readBody: () => ReauthenticateRequest,
  origin: RequestOrigin,
  now = new Date(),
): Promise<RecoveryCodesResponse> => {
  const user = await targetUser(caller, userId, 'own');
  const body = readBody();
  const twoStep = await enabledTwoStep(caller, user.id);
  const { reservations, step } = await reauthenticate(user, twoStep, body, now);
  const { recoveryCodes, hashes } = newCodes();
  await settleCodeCheck(user.id, reservations, [
    replaceRecoveryCodesPart(user.id, hashes, step),
    logEntryPart({ userId: user.id, event: 'recovery-codes-regenerated', origin }, now),
  ]).catch(lostTo(step !== undefined));
  return { recoveryCodes };
};

/* ---------- Security log ---------- */

export const securityLogPage = async (
  caller: Caller,
  userId: string,
  readQuery: () => { cursor?: string | undefined; limit?: number | undefined },
): Promise<SecurityLogResponse> => {
  const user = await targetUser(caller, userId, 'read');
  const { cursor, limit } = readQuery();
  return listSecurityLog(user.id, { limit: limit ?? securityLogPageSize, cursor });
};
