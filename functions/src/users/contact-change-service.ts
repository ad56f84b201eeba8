import { createHmac, randomInt } from 'node:crypto';

import { sameHash } from '../core/auth/tokens';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, ForbiddenError, TooManyRequestsError, ValidationError } from '../core/errors';
import { sealSecret } from '../core/secret-box';
import { jwtSecret } from '../core/secrets';
import type { UserRecord } from '../core/users/records';
import type { ContactChangeStarted, ContactField, Profile } from './contract';
import { contactCodeJobPart } from './contact-code-job';
import type { ContactChangeRecord } from './entities';
import { userMessages } from './messages';
import {
  getClaimOwner,
  getContactChange,
  getProfile,
  spendContactChangeTry,
  storeContactChange,
  swapContact,
} from './repository';
import type { ContactChangeConfirmRequest, ContactChangeRequest } from './requests';
import { profileFor, toProfile } from './service';

/**
 * Changing the sign-in email or phone (docs/user-view.md): a 6-digit code goes to the NEW
 * address or number through background work; the change happens only with that code, in one
 * transaction that swaps the uniqueness claims and the profile. Codes are stored as a keyed
 * hash bound to the user, field and new value; they expire; tries and codes asked for are
 * budgeted per window like the reset codes (auth/reset-codes.ts).
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
  const { field, value } = request();
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
    await storeContactChange(record, seen, job);
  } catch (error) {
    if (error instanceof ConditionFailed)
      throw new ConflictError({ general: [userMessages.busy] }, undefined, { cause: error });
    throw error;
  }
  return { field, value, expiresAt };
};

export const confirmContactChange = async (
  caller: Caller,
  userId: string,
  request: () => ContactChangeConfirmRequest,
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
    await swapContact(user, change);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (error.labels.includes('claim')) throw takenError(field);
    if (error.labels.includes('code')) throw new ValidationError({ code: [userMessages.codeWrong] });
    throw new ConflictError({ general: [userMessages.busy] }, undefined, { cause: error });
  }
  const updated = await getProfile(user.id);
  return toProfile(updated ?? { ...user, [field]: change.value });
};
