import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulidx';

import { hashPassword } from '@orbit/functions/core/auth/passwords';
import { ConflictError } from '@orbit/functions/core/errors';
import { db, queryAll } from '@orbit/functions/core/db';
import { tableName } from '@orbit/functions/core/table';
import { peopleIndexKeys, roleIndexPartition } from '@orbit/functions/core/users/entities';
import { getUserByPhone } from '@orbit/functions/core/users/repository';
import { createUser } from '@orbit/functions/core/users/service';

import { demoAvatars } from './avatars';
import { demoUsers, type DemoUser } from './demo-users';

const seedUser = async (demo: DemoUser, createdAt: Date): Promise<void> => {
  if (await getUserByPhone(demo.phone)) return;
  try {
    await createUser({
      id: ulid(createdAt.getTime()),
      fullName: demo.fullName,
      username: demo.email.split('@')[0] ?? demo.fullName,
      email: demo.email,
      phone: demo.phone,
      role: demo.role,
      avatar: demoAvatars[demo.phone] ?? null,
      about: demo.about,
      status: demo.status,
      settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
      passwordHash: await hashPassword(demo.password),
      referralCode: demo.referralCode,
      createdAt: createdAt.toISOString(),
      version: 1,
      language: demo.language ?? 'en',
    });
  } catch (error) {
    // Another seeder got there first: the data is already what we want.
    if (!(error instanceof ConflictError)) throw error;
  }
};

export const seedUsers = async (): Promise<void> => {
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);
  await Promise.all(demoUsers.map((demo, index) => seedUser(demo, new Date(start + index * 86_400_000))));
};

/** The seeded users' ids by phone, for steps that relate data to them. */
export const seededUserIds = async (): Promise<Map<string, string>> => {
  const entries = await Promise.all(
    demoUsers.map(async (demo) => [demo.phone, (await getUserByPhone(demo.phone))?.id] as const),
  );
  return new Map(entries.flatMap(([phone, id]) => (id ? [[phone, id] as [string, string]] : [])));
};

/**
 * Gives every profile its every-profile index keys (`peopleIndexKeys`): a store seeded before
 * that index existed gets them once (idempotent). Profiles are found by role, as the chat's
 * contacts were before.
 */
export const indexEveryProfile = async (): Promise<void> => {
  for (const role of ['admin', 'client', 'lead']) {
    const profiles = await queryAll<{ pk: string; sk: string; id: string; fullName: string }>({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': roleIndexPartition(role) },
      ProjectionExpression: 'pk, sk, id, fullName',
    });
    for (const profile of profiles) {
      const keys = peopleIndexKeys(profile);
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: profile.pk, sk: profile.sk },
          UpdateExpression: 'SET gsi2pk = :pk, gsi2sk = :sk',
          ExpressionAttributeValues: { ':pk': keys.gsi2pk, ':sk': keys.gsi2sk },
        }),
      );
    }
  }
};
