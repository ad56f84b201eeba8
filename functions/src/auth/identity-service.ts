import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import { closeSocketsJobPart } from '../core/auth/close-sockets-job';
import { verifyPassword } from '../core/auth/passwords';
import { sessionKeysOf } from '../core/auth/sessions';
import { batchWrite, ConditionFailed, deletePart, transactWrite, type TransactionPart } from '../core/db';
import type { TableKey } from '../core/entity';
import { TooManyRequestsError, ValidationError } from '../core/errors';
import { openSecret } from '../core/secret-box';
import type { UserRecord } from '../core/users/records';
import type { Reservation } from './attempt-budgets';
import type { TwoStepRecord } from './entities';
import { loginMessages, twoStepMessages } from './messages';
import { clientAddress } from './request-source';
import { logEntryPart, type NewLogEntry, type RequestOrigin } from './security-log';
import { getTwoStep, spendStepPart } from './security-repository';
import { reserveCodeCheck, settleCodeCheck } from './throttle';
import { acceptedStep } from './two-step';

/**
 * What other areas may call of the auth area (the one module of it they import): the owner's
 * proof that they are there (their password, or a current code when two-step verification is
 * on) on the user's one budget of code checks, an entry of their security log, and signing them
 * out everywhere. The users area asks for the proof before a sign-in email or phone changes, and
 * signs out everywhere when a change is undone (docs/user-view.md, "Profile and account").
 */

export type { RequestOrigin } from './security-log';

const userAgentOf = (headers: Record<string, string | undefined>) => (headers['user-agent'] ?? '').slice(0, 256);

/** Where a request came from, as sessions and the security log show it. */
export const originOf = (event: APIGatewayProxyEventV2): RequestOrigin => ({
  ip: clientAddress(event),
  userAgent: userAgentOf(event.headers),
});

/** Spends a code check of the user before a password or code is checked (auth/throttle.ts). */
export const reserveCheck = async (userId: string, field: string): Promise<readonly Reservation[]> => {
  const attempt = await reserveCodeCheck(userId, {});
  if (!attempt.granted)
    throw new TooManyRequestsError(attempt.retryAfterSeconds, { [field]: [loginMessages.throttled] });
  return attempt.reservations;
};

/** The owner proved they are there: the budget's units to settle, and the code's step to spend. */
export interface OwnerProof {
  readonly reservations: readonly Reservation[];
  readonly step?: number;
}

export interface OwnerProofRequest {
  readonly password?: string | undefined;
  readonly code?: string | undefined;
}

/**
 * The owner proves they are there (the password or a current code), not only their open session
 * or a stolen access token. One unit of the user's code-check budget is spent first, whatever the
 * outcome: a wrong password is a 400 on `passwordField` (or `code`), and the budget's end a 429.
 * A code is accepted only when two-step verification is on, and only for a step not used before.
 */
export const reauthenticate = async (
  user: UserRecord,
  twoStep: TwoStepRecord | undefined,
  body: OwnerProofRequest,
  now: Date,
  passwordField = 'password',
): Promise<OwnerProof> => {
  const reservations = await reserveCheck(user.id, body.password ? passwordField : 'code');
  if (body.password) {
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      throw new ValidationError({ [passwordField]: [twoStepMessages.wrongPassword] });
    }
    return { reservations };
  }
  const secret = twoStep?.sealedSecret ? await openSecret(twoStep.sealedSecret, 'two-step') : undefined;
  const step =
    secret === undefined ? undefined : acceptedStep(secret, body.code ?? '', twoStep?.lastUsedStep, now.getTime());
  if (step === undefined) throw new ValidationError({ code: [twoStepMessages.wrongCode] });
  return { reservations, step };
};

/** The proof for another area's change: the two-step item is read only when a code is given. */
export const proveOwner = async (
  user: UserRecord,
  body: OwnerProofRequest,
  passwordField: string,
  now = new Date(),
): Promise<OwnerProof> =>
  reauthenticate(user, body.password ? undefined : await getTwoStep(user.id), body, now, passwordField);

/**
 * The proof's budget settled (its units back, the user's count cleared) with `alongside`, the
 * change it allowed, in one transaction; a code's step is spent in it, so of two requests with
 * the same code one wins (the other: 400 on `code`). Another failed condition is the caller's.
 */
export const settleOwnerProof = async (
  userId: string,
  proof: OwnerProof,
  alongside: readonly TransactionPart[],
): Promise<void> => {
  try {
    await settleCodeCheck(userId, proof.reservations, [
      ...alongside,
      ...(proof.step === undefined ? [] : [spendStepPart(userId, proof.step)]),
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('step')) {
      throw new ValidationError({ code: [twoStepMessages.wrongCode] }, { cause: error });
    }
    throw error;
  }
};

/** An entry of the user's security log, in the transaction of the change it records. */
export const securityLogPart = (entry: NewLogEntry, now = new Date()): TransactionPart => logEntryPart(entry, now);

/** What one transaction may hold. */
export const transactionLimit = 100;

/** Deletes in the transaction with `parts` as many as it holds, then the rest in batches. */
export const writeWithDeletes = async (parts: readonly TransactionPart[], deletes: readonly TableKey[]) => {
  const inTransaction = deletes.slice(0, transactionLimit - parts.length);
  await transactWrite([...parts, ...inTransaction.map((key) => deletePart('revoke', key))]);
  await batchWrite(deletes.slice(inTransaction.length).map((key) => ({ delete: key })));
};

/** The session id a session key names (`SESSION#<id>`). */
export const sessionIdsOf = (keys: readonly TableKey[]): string[] =>
  keys.map((key) => key.sk.slice(key.sk.indexOf('#') + 1));

/**
 * `parts` with the end of every session of the user, in one transaction (as many sessions as it
 * holds; the rest right after): each device's next request is 401, its refresh fails, and its
 * sockets close (the worker). Nothing is written when a part's condition fails.
 */
export const signOutEverywhereWith = async (userId: string, parts: readonly TransactionPart[]): Promise<number> => {
  const sessions = await sessionKeysOf(userId);
  await writeWithDeletes(
    [...parts, ...(sessions.length > 0 ? [closeSocketsJobPart(userId, sessionIdsOf(sessions))] : [])],
    sessions,
  );
  return sessions.length;
};
