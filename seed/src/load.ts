import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulidx';

import { hashPassword } from '@orbit/functions/core/auth/passwords';
import { db } from '@orbit/functions/core/db';
import { ConflictError } from '@orbit/functions/core/errors';
import { tableName } from '@orbit/functions/core/table';
import { createUser, getUserByPhone } from '@orbit/functions/users/repository';

import { demoUsers, type DemoUser } from './demo-users';

/** Bump when the demo data changes shape, so existing local stores get the new parts. */
export const seedVersion = 1;
const markerKey = { pk: 'SEED#demo', sk: 'VERSION' };

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
      avatar: null,
      about: demo.about,
      status: demo.status,
      settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
      passwordHash: await hashPassword(demo.password),
      referralCode: demo.referralCode,
      createdAt: createdAt.toISOString(),
      version: 1,
    });
  } catch (error) {
    // Another seeder got there first: the data is already what we want.
    if (!(error instanceof ConflictError)) throw error;
  }
};

export interface SeedResult {
  readonly seeded: boolean;
}

/** Idempotent: skips when this seed version has run; each item is also created only once. */
export const seedDemoData = async (): Promise<SeedResult> => {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: markerKey, ConsistentRead: true }));
  if (typeof Item?.version === 'number' && Item.version >= seedVersion) return { seeded: false };
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);
  await Promise.all(demoUsers.map((demo, index) => seedUser(demo, new Date(start + index * 86_400_000))));
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...markerKey, type: 'SeedMarker', version: seedVersion, seededAt: new Date().toISOString() },
    }),
  );
  return { seeded: true };
};
