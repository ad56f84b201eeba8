import { createHmac, randomInt } from 'node:crypto';

import { proveOwner, securityLogPart, settleOwnerProof, type RequestOrigin } from '../auth/identity-service';
import { sameHash } from '../core/auth/tokens';
import type { Caller } from '../core/caller';
import { ConditionFailed, type TransactionPart } from '../core/db';
import { ConflictError, ForbiddenError, TooManyRequestsError, ValidationError } from '../core/errors';
import { sealSecret } from '../core/secret-box';
import { jwtSecret } from '../core/secrets';
import type { UserRecord } from '../core/users/records';
import type { ContactChangeStarted, ContactField, Profile } from './contract';
import { contactCodeJobPart } from './contact-code-job';
import { contactNoticeJobPart } from './contact-notice-job';
import { maskedContact, newUndoToken, undoAfterChange } from './contact-undo';
import type { ContactChangeRecord } from './entities';
import { userMessages } from './messages';
import {
  contactChangePart,
  contactUndoPart,
  getClaimOwner,
  getContactChange,
  getContactUndo,
  getProfile,
  spendContactChangeTry,
  swapContact,
} from './repository';
import type { ContactChangeConfirmRequest, ContactChangeRequest } from './requests';
import { profileFor, toProfile } from './service';

/**
 * Changing the sign-in email or phone (docs/user-view.md): asked for with the owner's proof (the
 * current password, or a code when two-step verification is on: auth/identity-service.ts, on
 * the user's budget of code checks), a 6-digit code goes to the NEW address or number through
 * background work; the change happens only with that code, in one transaction that swaps the
 * uniqueness claims and the profile and writes the notice to the OLD one with its undo link
 * (contact-undo-service.ts) and the security log's entry. Codes are stored as a keyed hash bound
 * to the user, field and new value; they expire; tries and codes asked for are budgeted per
 * window like the reset codes (auth/reset-codes.ts).
 */
export const contactCodeLifetimeMs = 15 * 60 * 1000;
export const contactChangeWindowMs = 60 * 60 * 1000;
export const maxContactCodeIssues = 5;
export const maxContactCodeAttempts = 5;

const hashCode = async (userId: string, field: ContactField, value: string, code: string): Promise<string> =>
  createHmac('sha256', await jwtSecret())
    .update(`contact-change:${userId}:${field}:${value}:${code}`)
    .digest('base64url');

const takenError = (field: ContactField) =>
  new ConflictError({ value: [field === 'email' ? userMessages.emailTaken : userMessages.phoneTaken] });

/** Only the account's owner changes how it signs in: an admin may not move another's sign-in. */
const ownProfile = async (caller: Caller, userId: string): Promise<UserRecord> => {
  const user = await profileFor(caller, 'update', userId);
  if (user.id !== caller.principal.userId) throw new ForbiddenError(userMessages.selfOnly);
  return user;
};

/** Whether another account holds the value (a hint only: the swap's transaction decides). */
const takenByAnother = async (field: ContactField, value: string, userId: string): Promise<boolean> => {
  const owner = await getClaimOwner(field, value);
  return owner !== undefined && owner !== userId;
};

export const startContactChange = async (
  caller: Caller,
  userId: string,
  request: () => ContactChangeRequest,
  now = new Date(),
): Promise<ContactChangeStarted> => {
  const user = await ownProfile(caller, userId);
  const { field, value, currentPassword, code: proofCode } = request();
  if (value === user[field]) {
    throw new ValidationError({ value: [userMessages.sameValue] });
  }
  if (await takenByAnother(field, value, user.id)) throw takenError(field);

  const nowMs = now.getTime();
  const seen = await getContactChange(user.id, field);
  const windowOpen = seen !== undefined && seen.windowEndsAtMs > nowMs;
  if (windowOpen && seen.issues >= maxContactCodeIssues) {
    throw new TooManyRequestsError(Math.ceil((seen.windowEndsAtMs - nowMs) / 1000), {
      general: [userMessages.tooManyCodes],
    });
  }
  // The owner, not only their session: a wrong password is a 400 on currentPassword, and costs.
  const proof = await proveOwner(user, { password: currentPassword, code: proofCode }, 'currentPassword', now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const windowEndsAtMs = windowOpen ? seen.windowEndsAtMs : nowMs + contactChangeWindowMs;
  const record: ContactChangeRecord = {
    userId: user.id,
    field,
    value,
    codeHash: await hashCode(user.id, field, value, code),
    codeExpiresAtMs: nowMs + contactCodeLifetimeMs,
    issues: windowOpen ? seen.issues + 1 : 1,
    attempts: windowOpen ? seen.attempts : 0,
    windowEndsAtMs,
    expiresAt: Math.ceil(windowEndsAtMs / 1000),
  };
  const expiresAt = new Date(record.codeExpiresAtMs).toISOString();
  const text = `Your Orbit confirmation code is ${code}. It works for 15 minutes.`;
  const job = contactCodeJobPart(
    { channel: field === 'phone' ? 'sms' : 'email', to: value, sealedText: await sealSecret(text, 'job'), expiresAt },
    now,
  );
  try {
    await settleOwnerProof(user.id, proof, [contactChangePart(record, seen), job]);
  } catch (error) {
    if (error instanceof ConditionFailed)
      throw new ConflictError({ general: [userMessages.busy] }, undefined, { cause: error });
    throw error;
  }
  return { field, value, expiresAt };
};

/**
 * What goes with a confirmed change (when the field had a value): the way back, the notice with
 * its undo link to the value replaced, and the entry of the security log.
 */
const changeAftermath = async (
  user: UserRecord,
  change: ContactChangeRecord,
  origin: RequestOrigin,
  nowMs: number,
): Promise<TransactionPart[]> => {
  const { field } = change;
  const previous = user[field];
  const at = new Date(nowMs);
  const logged = securityLogPart(
    { userId: user.id, event: field === 'email' ? 'email-changed' : 'phone-changed', origin },
    at,
  );
  if (!previous) return [logged];
  const { token, hash } = newUndoToken(user.id, field);
  const seen = await getContactUndo(user.id, field);
  const undo = undoAfterChange(seen, { userId: user.id, field, previous, hash }, nowMs);
  const notice = contactNoticeJobPart(
    {
      channel: field === 'phone' ? 'sms' : 'email',
      to: previous,
      field,
      maskedValue: maskedContact(field, change.value),
      sealedToken: await sealSecret(token, 'job'),
      validUntil: new Date(undo.validUntilMs).toISOString(),
    },
    at,
  );
  return [contactUndoPart(undo, seen), notice, logged];
};

export const confirmContactChange = async (
  caller: Caller,
  userId: string,
  request: () => ContactChangeConfirmRequest,
  origin: RequestOrigin,
  now = Date.now(),
): Promise<Profile> => {
  const user = await ownProfile(caller, userId);
  const { field, code } = request();
  const change = await spendContactChangeTry(user.id, field, maxContactCodeAttempts, now);
  if (!change) {
    const pending = await getContactChange(user.id, field);
    throw new ValidationError({ code: [pending ? userMessages.codeWrong : userMessages.codeNone] });
  }
  const right = sameHash(change.codeHash, await hashCode(user.id, field, change.value, code));
  if (!right || change.codeExpiresAtMs <= now) throw new ValidationError({ code: [userMessages.codeWrong] });
  try {
    await swapContact(user, change, await changeAftermath(user, change, origin, now));
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.labels.includes('claim')) throw takenError(field);
    if (error.labels.includes('code')) throw new ValidationError({ code: [userMessages.codeWrong] });
    throw new ConflictError({ general: [userMessages.busy] }, undefined, { cause: error });
  }
  const updated = await getProfile(user.id);
  return toProfile(updated ?? { ...user, [field]: change.value });
};
