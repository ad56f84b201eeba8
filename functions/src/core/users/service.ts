import { ConditionFailed, type TransactionPart } from '../db';
import { ConflictError } from '../errors';
import { insertUser } from './repository';
import type { UserRecord } from './records';

const takenMessages: Record<string, string> = {
  phone: 'This phone number is already registered',
  email: 'This email is already registered',
  referralCode: 'Referral code clash, try again',
};

/**
 * Creates a user: 409 naming each of phone, email and referral code that is already taken.
 * `along`: more writes in the same transaction (an announcement of the new contact).
 */
export const createUser = async (user: UserRecord, along: readonly TransactionPart[] = []): Promise<void> => {
  try {
    await insertUser(user, along);
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
    const fields: Record<string, string[]> = {};
    for (const label of error.labels) {
      const message = takenMessages[label];
      if (message) fields[label] = [message];
    }
    throw new ConflictError(Object.keys(fields).length > 0 ? fields : { id: ['User already exists'] }, undefined, {
      cause: error,
    });
  }
};
