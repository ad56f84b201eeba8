import { defineEntity, type TableKey } from '../entity';
import type { UserRecord } from './records';

/**
 * A user's profile item, and the claims that make its phone, email and referral code unique
 * (their rows in core/identity-access-patterns.ts). Leads (the chat's contacts who never sign in) are
 * profile items too, with role 'lead' and no claims.
 */

const userPartition = (userId: string) => `USER#${userId}`;
/** A user's partition also holds their sessions, chats and connections (other sort keys). */
export const userPartitionKey = userPartition;

/** GSI1: users by role, sorted by lower-case name then id. */
export const roleIndexPartition = (role: string) => `ROLE#${role}`;
/** The start of a name's sort key in the role index (a name prefix is a begins_with on it). */
export const roleIndexNamePrefix = (name: string) => name.toLowerCase();
export const roleIndexKeys = (user: Pick<UserRecord, 'role' | 'fullName' | 'id'>) => ({
  gsi1pk: roleIndexPartition(user.role),
  gsi1sk: `${roleIndexNamePrefix(user.fullName)}#${user.id}`,
});

/**
 * GSI2: every profile (users and leads) in one partition, sorted like the role index, so that
 * someone who may see every role (an admin's chat contacts) reads them with one Query.
 */
export const peopleIndexPartition = 'PEOPLE';
export const peopleIndexKeys = (user: Pick<UserRecord, 'fullName' | 'id'>) => ({
  gsi2pk: peopleIndexPartition,
  gsi2sk: `${roleIndexNamePrefix(user.fullName)}#${user.id}`,
});
const profileIndexKeys = (user: Pick<UserRecord, 'role' | 'fullName' | 'id'>) => ({
  ...roleIndexKeys(user),
  ...peopleIndexKeys(user),
});

export const userEntity = defineEntity<UserRecord, [userId: string]>({
  type: 'User',
  key: (userId) => ({ pk: userPartition(userId), sk: 'PROFILE' }),
  keyOf: (user) => ({ pk: userPartition(user.id), sk: 'PROFILE' }),
  indexKeysOf: profileIndexKeys,
});

/** What makes a user unique besides its id; each claim is an item naming its owner. */
export type UniqueField = 'phone' | 'email' | 'referralCode';

export interface UniqueClaimRecord {
  readonly field: UniqueField;
  readonly value: string;
  readonly userId: string;
}

const claimKey = (field: UniqueField, value: string): TableKey => {
  switch (field) {
    case 'phone':
      // Exact: the phone is used as given, never trimmed or normalised.
      return { pk: `PHONE#${value}`, sk: 'UNIQUE' };
    case 'email':
      return { pk: `EMAIL#${value.toLowerCase()}`, sk: 'UNIQUE' };
    case 'referralCode':
      return { pk: `REFERRAL#${value.toUpperCase()}`, sk: 'UNIQUE' };
  }
};

/** Stored as `{ field, userId }` (the value is in the key). */
export const uniqueClaimEntity = {
  type: 'UniqueClaim',
  key: claimKey,
  toItem: (claim: UniqueClaimRecord) => ({
    ...claimKey(claim.field, claim.value),
    type: 'UniqueClaim',
    field: claim.field,
    userId: claim.userId,
  }),
} as const;

/** A lead is stored as a profile (same key and role index as a user) of type 'Lead'. */
export interface LeadRecord {
  readonly id: string;
  readonly fullName: string;
  readonly role: string;
  readonly [field: string]: unknown;
}
export const leadEntity = defineEntity<LeadRecord, [leadId: string]>({
  type: 'Lead',
  key: userEntity.key,
  keyOf: (lead) => userEntity.key(lead.id),
  indexKeysOf: profileIndexKeys,
});
