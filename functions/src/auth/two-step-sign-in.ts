import { batchGet, ConditionFailed, type TransactionPart } from '../core/db';
import { createSessionPart } from '../core/auth/sessions';
import { TooManyRequestsError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { openSecret } from '../core/secret-box';
import { userEntity } from '../core/users/entities';
import { loginMessages } from './contract';
import { twoStepEntity } from './entities';
import type { TwoStepSignInRequest } from './security-contract';
import { logEntryPart, type RequestOrigin } from './security-log';
import { consumeChallengePart, getChallenge, spendRecoveryCodePart, spendStepPart } from './security-repository';
import { describeUser, prepareSession, savedLanguageOf, type SignedIn } from './service';
import { reserveCodeCheck, settleCodeCheck } from './throttle';
import { acceptedStep, recoveryDigest } from './two-step';
import { twoStepMessages } from './messages';

const expired = () => new ValidationError({ challenge: [twoStepMessages.challengeExpired] });

/**
 * `POST /api/auth/login/two-step`: the second step of a sign-in (docs/user-view.md). The
 * challenge names the user whose password was right; a TOTP code (never one of a step already
 * used) or an unused recovery code completes it, and the challenge, the code's step or the
 * recovery code, the new session and the log entry are one transaction: a challenge, a step and a
 * recovery code each work once, whichever of two concurrent requests wins. Every try spends the
 * user's code budget and the source's sign-in budget first (auth/throttle.ts); a wrong one leaves
 * its provisional "wrong code" log entry, written with that spend.
 */
export const completeTwoStepSignIn = async (
  input: TwoStepSignInRequest,
  origin: RequestOrigin,
  source: string,
  now = new Date(),
): Promise<SignedIn> => {
  const challenge = await getChallenge(input.challenge);
  if (!challenge || challenge.expiresAtMs <= now.getTime()) throw expired();
  const { userId } = challenge;
  const entryId = ulid(now.getTime());
  const attempt = await reserveCodeCheck(userId, {
    source,
    now: now.getTime(),
    alongside: [() => logEntryPart({ userId, event: 'two-step-failed', origin, entryId }, now)],
  });
  if (!attempt.granted) {
    throw new TooManyRequestsError(attempt.retryAfterSeconds, { code: [loginMessages.throttled] });
  }

  const items = await batchGet([userEntity.key(userId), twoStepEntity.key(userId)], { consistent: true });
  const userItem = items.find((item) => item.sk === userEntity.key(userId).sk);
  const twoStepItem = items.find((item) => item.sk === twoStepEntity.key(userId).sk);
  const user = userItem ? userEntity.fromItem(userItem) : undefined;
  const twoStep = twoStepItem ? twoStepEntity.fromItem(twoStepItem) : undefined;
  // Turned off (or the user removed) since the password step: sign in again.
  if (!user || !twoStep?.sealedSecret) throw expired();
  // Suspended since the password step (docs/roles.md).
  if (user.suspendedAt) throw new ValidationError({ code: [loginMessages.suspended] });

  const spend: TransactionPart[] = [];
  if (input.code !== undefined) {
    const secret = await openSecret(twoStep.sealedSecret, 'two-step');
    const step = acceptedStep(secret, input.code, twoStep.lastUsedStep, now.getTime());
    if (step === undefined) throw new ValidationError({ code: [twoStepMessages.wrongCode] });
    spend.push(spendStepPart(userId, step));
  } else {
    const digest = recoveryDigest(input.recoveryCode ?? '');
    if (!twoStep.recoveryHashes?.has(digest)) {
      throw new ValidationError({ recoveryCode: [twoStepMessages.wrongRecoveryCode] });
    }
    spend.push(
      spendRecoveryCodePart(userId, digest),
      logEntryPart({ userId, event: 'recovery-code-used', origin }, new Date(now.getTime() + 1)),
    );
  }

  const { session, signedIn } = await prepareSession(user, await describeUser(user), origin);
  try {
    await settleCodeCheck(userId, attempt.reservations, [
      consumeChallengePart(input.challenge),
      ...spend,
      createSessionPart(session, now),
      logEntryPart({ userId, event: 'sign-in', origin, entryId, sessionId: session.sessionId }, now),
    ]);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.failed('challenge')) throw expired();
    if (error.failed('step')) throw new ValidationError({ code: [twoStepMessages.wrongCode] });
    if (error.failed('recovery code')) {
      throw new ValidationError({ recoveryCode: [twoStepMessages.wrongRecoveryCode] });
    }
    throw error;
  }
  return {
    ...signedIn,
    body: { ...signedIn.body, ...savedLanguageOf(user) },
  };
};
