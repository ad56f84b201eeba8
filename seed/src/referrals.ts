import { UpdateCommand } from '@aws-sdk/lib-dynamodb';

import type { ReferralRecord } from '@orbit/functions/core/billing/records';
import { ConditionFailed, db } from '@orbit/functions/core/db';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import { putReferralStage, putRewardRule, writeReward } from '@orbit/functions/referrals/repository';

import { demoUsers } from './demo-users';
import { seededUserIds } from './users';

/**
 * Referrals demo data (docs/plans.md, "Referrals"): a reward rule of 20 € credit per referred
 * client, and three clients the demo client Liam Carter brought, one at each stage: Emma Rossi
 * rewarded (Liam has 20 € of credit, which his next invoice takes), Lucas Moreau active (his
 * first invoice was paid before the rule was set: his next paid invoice rewards it) and Amira
 * Haddad registered. The history predates the seeded invoices, so no invoice is named as the
 * first paid one.
 */

const day = 24 * 60 * 60_000;
const rewardAmount = 2_000;

/** A write the seed may have made already (a run cut short): the item is what we want. */
const once = async (write: () => Promise<void>): Promise<void> => {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

const idOfDemo = (ids: ReadonlyMap<string, string>, fullName: string): string => {
  const phone = demoUsers.find((user) => user.fullName === fullName)?.phone;
  const id = phone && ids.get(phone);
  if (!id) throw new Error(`seed: the demo user ${fullName} is missing`);
  return id;
};

export const seedReferrals = async (): Promise<void> => {
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * day).toISOString();
  const ids = await seededUserIds();
  const admin = idOfDemo(ids, 'Olivia Bennett');
  const liam = idOfDemo(ids, 'Liam Carter');

  await once(() =>
    putRewardRule(
      {
        rule: { kind: 'fixed', amount: rewardAmount, currency: 'EUR' },
        updatedAt: at(40),
        updatedBy: admin,
        version: 1,
      },
      0,
    ),
  );

  const referral = (fullName: string, registeredDaysAgo: number): ReferralRecord => ({
    referrerId: liam,
    referredId: idOfDemo(ids, fullName),
    referredName: fullName,
    stage: 'registered',
    registeredAt: at(registeredDaysAgo),
    activatedAt: null,
    firstPaidInvoiceId: null,
    rewardedAt: null,
    reward: null,
    rewardCurrency: null,
    version: 1,
  });
  const emma = referral('Emma Rossi', 60);
  const lucas = referral('Lucas Moreau', 50);
  const amira = referral('Amira Haddad', 6);

  // The referred clients carry their referrer, as a sign-up through Liam's link gives them.
  for (const { referredId } of [emma, lucas, amira]) {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userEntity.key(referredId),
        UpdateExpression: 'SET referredBy = if_not_exists(referredBy, :referrer)',
        ExpressionAttributeValues: { ':referrer': liam },
      }),
    );
  }

  await once(() => putReferralStage(amira, 0));
  await once(() => putReferralStage({ ...lucas, stage: 'active', activatedAt: at(45) }, 0));
  await once(() =>
    writeReward({
      referral: {
        ...emma,
        stage: 'rewarded',
        activatedAt: at(55),
        rewardedAt: at(55),
        reward: rewardAmount,
        rewardCurrency: 'EUR',
      },
      referralReadVersion: 0,
      balance: { userId: liam, currency: 'EUR', earned: rewardAmount, applied: 0, available: rewardAmount, version: 1 },
      balanceReadVersion: 0,
      entry: {
        id: `earned#${emma.referredId}`,
        userId: liam,
        kind: 'earned',
        amount: rewardAmount,
        currency: 'EUR',
        referredId: emma.referredId,
        invoiceId: null,
        at: at(55),
      },
    }),
  );
};
