import { PutCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import { tableName } from '@orbit/functions/core/table';
import { invitationEntity } from '@orbit/functions/core/team/entities';
import type { InvitationRecord } from '@orbit/functions/core/team/records';
import { ensureAdminCount, newInvitationSecret, validityOf } from '@orbit/functions/core/team/repository';
import { getUserByPhone } from '@orbit/functions/core/users/repository';

import { demoUsers } from './demo-users';

/**
 * Two pending invitations from the demo administrator, so the team page's "Pending invitations"
 * looks like a workspace in use (docs/roles.md). Nothing is sent and the links' secrets are
 * dropped: these links never work; "Resend" sends a real one. The count of active administrators
 * (the last-administrator guard) starts from the seeded ones.
 */
export const seedTeam = async (): Promise<void> => {
  const inviter = demoUsers.find((user) => user.role === 'admin');
  const admin = inviter ? await getUserByPhone(inviter.phone) : undefined;
  if (!admin) return;
  const invitations: readonly {
    contact: { email: string } | { phone: string };
    role: InvitationRecord['role'];
    daysAgo: number;
  }[] = [
    { contact: { email: 'priya.raman@orbit.example' }, role: 'manager', daysAgo: 2 },
    { contact: { phone: '+15550100099' }, role: 'support', daysAgo: 1 },
  ];
  for (const { contact, role, daysAgo } of invitations) {
    const sentAt = new Date(Date.now() - daysAgo * 86_400_000);
    const record: InvitationRecord = {
      id: ulid(sentAt.getTime()),
      ...contact,
      role,
      invitedById: admin.id,
      invitedByName: admin.fullName,
      secretHash: newInvitationSecret().secretHash,
      createdAt: sentAt.toISOString(),
      sentAt: sentAt.toISOString(),
      ...validityOf(sentAt),
      version: 1,
    };
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: invitationEntity.toItem(record),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }
  await ensureAdminCount();
};
