import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';

import { db, deletePart, putPart, queryAll, type TransactionPart } from '../core/db';
import type { TableKey } from '../core/entity';
import { sessionEntity, sessionsOf, type SessionRecord } from '../core/sign-in-entities';
import { tableName } from '../core/table';
import { userEntity } from '../core/users/entities';
import { twoStepChallengeEntity, twoStepEntity, type TwoStepChallengeRecord, type TwoStepRecord } from './entities';

/**
 * The reads and writes of the security routes: a user's sessions (core/sign-in-entities.ts),
 * their two-step item and the sign-in challenges (auth/entities.ts). Writes that must agree
 * with others are transaction parts, put together by the service.
 */

/** Every live session of a user (one Query under their partition). */
export const listSessions = async (userId: string, now = new Date()): Promise<SessionRecord[]> => {
  const { pk, skPrefix } = sessionsOf(userId);
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
  return items
    .map((item) => sessionEntity.fromItem(item))
    .filter((session) => session.expiresAt > now.getTime() / 1000);
};

/** Ends a session that exists (a revoke of one already gone is a 404). */
export const revokeSessionPart = (userId: string, sessionId: string): TransactionPart =>
  deletePart('session', sessionEntity.key(userId, sessionId), 'attribute_exists(pk)');

export const revokeKeyPart = (key: TableKey): TransactionPart => deletePart('revoke', key);

/* ---------- Two-step item ---------- */

export const getTwoStep = async (userId: string): Promise<TwoStepRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: twoStepEntity.key(userId), ConsistentRead: true }),
  );
  return Item ? twoStepEntity.fromItem(Item) : undefined;
};

/** Starts (or starts again) an enrolment; an active secret, if any, is left alone. */
export const savePendingSecret = async (userId: string, sealed: string, now: Date): Promise<void> => {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: twoStepEntity.key(userId),
      UpdateExpression: 'SET pendingSealedSecret = :sealed, pendingSince = :now, userId = :userId, #type = :type',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':sealed': sealed,
        ':now': now.toISOString(),
        ':userId': userId,
        ':type': 'TwoStep',
      },
    }),
  );
};

/** The profile's flag that chat's profile panel and the sign-in read. */
export const twoStepFlagPart = (userId: string, enabled: boolean): TransactionPart => ({
  label: 'profile',
  item: {
    Update: {
      TableName: tableName(),
      Key: userEntity.key(userId),
      UpdateExpression: 'SET settings.isTwoStepAuthVerificationEnabled = :enabled',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':enabled': enabled },
    },
  },
});

/**
 * The enrolment confirmed: the pending secret becomes the secret, with its first step used and
 * new recovery codes, only if the enrolment is still the one that was checked.
 */
export const activateTwoStepPart = (
  userId: string,
  pendingSealedSecret: string,
  step: number,
  recoveryHashes: readonly string[],
  now: Date,
): TransactionPart => ({
  label: 'two-step',
  item: {
    Update: {
      TableName: tableName(),
      Key: twoStepEntity.key(userId),
      UpdateExpression:
        'SET sealedSecret = :sealed, lastUsedStep = :step, recoveryHashes = :hashes, enabledAt = :now ' +
        'REMOVE pendingSealedSecret, pendingSince',
      ConditionExpression: 'pendingSealedSecret = :sealed',
      ExpressionAttributeValues: {
        ':sealed': pendingSealedSecret,
        ':step': step,
        ':hashes': new Set(recoveryHashes),
        ':now': now.toISOString(),
      },
    },
  },
});

/** Off: the whole item goes (secret, codes, any enrolment). */
export const removeTwoStepPart = (userId: string): TransactionPart =>
  deletePart('two-step', twoStepEntity.key(userId), 'attribute_exists(sealedSecret)');

/**
 * A code's step spent: only if no later or equal step was spent meanwhile, so of two requests
 * with the same code one wins.
 */
export const spendStepPart = (userId: string, step: number): TransactionPart => ({
  label: 'step',
  item: {
    Update: {
      TableName: tableName(),
      Key: twoStepEntity.key(userId),
      UpdateExpression: 'SET lastUsedStep = :step',
      ConditionExpression:
        'attribute_exists(sealedSecret) AND (attribute_not_exists(lastUsedStep) OR lastUsedStep < :step)',
      ExpressionAttributeValues: { ':step': step },
    },
  },
});

/** A recovery code spent: taken out of the set only if it is still in it (it works once). */
export const spendRecoveryCodePart = (userId: string, digest: string): TransactionPart => ({
  label: 'recovery code',
  item: {
    Update: {
      TableName: tableName(),
      Key: twoStepEntity.key(userId),
      UpdateExpression: 'DELETE recoveryHashes :digest',
      ConditionExpression: 'contains(recoveryHashes, :code)',
      ExpressionAttributeValues: { ':digest': new Set([digest]), ':code': digest },
    },
  },
});

/**
 * New recovery codes replace every old one; with the step of the code that allowed it spent in
 * the same update (one item, one write), only if no later step was spent meanwhile.
 */
export const replaceRecoveryCodesPart = (
  userId: string,
  hashes: readonly string[],
  step?: number,
): TransactionPart => ({
  label: 'two-step',
  item: {
    Update: {
      TableName: tableName(),
      Key: twoStepEntity.key(userId),
      UpdateExpression:
        step === undefined ? 'SET recoveryHashes = :hashes' : 'SET recoveryHashes = :hashes, lastUsedStep = :step',
      ConditionExpression:
        step === undefined
          ? 'attribute_exists(sealedSecret)'
          : 'attribute_exists(sealedSecret) AND (attribute_not_exists(lastUsedStep) OR lastUsedStep < :step)',
      ExpressionAttributeValues: { ':hashes': new Set(hashes), ...(step === undefined ? {} : { ':step': step }) },
    },
  },
});

/* ---------- Sign-in challenges ---------- */

export const challengePart = (challenge: string, record: TwoStepChallengeRecord): TransactionPart =>
  putPart('challenge', twoStepChallengeEntity.toItem(twoStepChallengeEntity.key(challenge), record));

export const getChallenge = async (challenge: string): Promise<TwoStepChallengeRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: twoStepChallengeEntity.key(challenge), ConsistentRead: true }),
  );
  return Item ? twoStepChallengeEntity.fromItem(Item) : undefined;
};

/** The challenge used up by the sign-in it completes; a second use finds it gone. */
export const consumeChallengePart = (challenge: string): TransactionPart =>
  deletePart('challenge', twoStepChallengeEntity.key(challenge), 'attribute_exists(pk)');
