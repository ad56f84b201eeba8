import { securityLogPart, signOutEverywhereWith, type RequestOrigin } from '../auth/identity-service';
import { ConditionFailed, type TransactionPart } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import type { ContactChangeUndone } from './contract';
import { parseUndoToken } from './contact-undo';
import { userMessages } from './messages';
import { getContactUndo, getProfile, spendContactUndoParts, undoContactParts } from './repository';
import type { ContactChangeUndoRequest } from './requests';

/**
 * The undo link of a changed sign-in email or phone (docs/user-view.md), public: the link's token
 * is the credential, sent only to the value that was replaced. In one transaction: the way back
 * is used up (every link of the change with it), the field and its uniqueness claims go back to
 * the value before the change, a pending change of the field is dropped, the security log says
 * so, and every session of the account ends (its sockets close): whoever made the change is
 * signed out. When the old value has been claimed by another account since, nothing moves, but
 * the link is still used up and every session still ends (`restored: false`): the owner then asks
 * an administrator. A link that is unknown, expired or already used is a 404, the same for all.
 */

const invalidLink = (cause?: unknown) =>
  new NotFoundError(userMessages.undoInvalid, cause === undefined ? undefined : { cause });

const signOutWith = async (userId: string, parts: readonly TransactionPart[]): Promise<void> => {
  try {
    await signOutEverywhereWith(userId, parts);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('undo')) throw invalidLink(error);
    throw error;
  }
};

export const undoContactChange = async (
  readBody: () => ContactChangeUndoRequest,
  origin: RequestOrigin,
  now = Date.now(),
): Promise<ContactChangeUndone> => {
  const parsed = parseUndoToken(readBody().token);
  if (!parsed) throw invalidLink();
  const [undo, user] = await Promise.all([getContactUndo(parsed.userId, parsed.field), getProfile(parsed.userId)]);
  if (!undo || !user || !undo.tokenHashes.has(parsed.hash) || undo.validUntilMs <= now) throw invalidLink();

  const logged = securityLogPart({ userId: user.id, event: 'contact-change-undone', origin }, new Date(now));
  try {
    await signOutWith(user.id, [...undoContactParts(user, undo, parsed.hash, now), logged]);
    return { field: undo.field, restored: true };
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    if (!error.failed('claim')) throw new ConflictError({ general: [userMessages.busy] }, undefined, { cause: error });
  }
  await signOutWith(user.id, [...spendContactUndoParts(user.id, undo.field, parsed.hash, now), logged]);
  return { field: undo.field, restored: false };
};
