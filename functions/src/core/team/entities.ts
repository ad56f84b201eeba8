import { defineEntity } from '../entity';
import type { InvitationRecord } from './records';

/**
 * The team's entities (their rows in core/identity-access-patterns.ts). They are in core because two
 * areas use them: the team area writes invitations and moves administrators; the auth area
 * consumes an invitation when it creates the account (it alone issues sessions).
 * - every pending invitation of the workspace sits in one partition, newest last by id (a ULID),
 *   so the list is one Query read backwards; accepted and revoked ones are deleted;
 * - the count of active (not suspended) administrators, one item, changed in the same
 *   transaction as any role change or suspension that adds or removes one, on the condition that
 *   it stays at least one (docs/decisions.md, "The last administrator").
 */

const invitationsPartition = 'INVITATIONS';
const invitationPrefix = 'INVITATION#';

export const invitationEntity = defineEntity<InvitationRecord, [invitationId: string]>({
  type: 'Invitation',
  key: (invitationId) => ({ pk: invitationsPartition, sk: `${invitationPrefix}${invitationId}` }),
  keyOf: (invitation) => ({ pk: invitationsPartition, sk: `${invitationPrefix}${invitation.id}` }),
});
/** Every pending invitation: this partition, sort keys from this prefix. */
export const allInvitations = { pk: invitationsPartition, skPrefix: invitationPrefix } as const;

export interface AdminCountRecord {
  readonly count: number;
}

export const adminCountEntity = defineEntity<AdminCountRecord, []>({
  type: 'AdminCount',
  key: () => ({ pk: 'COUNTER#active-admins', sk: 'COUNTER' }),
  keyOf: () => ({ pk: 'COUNTER#active-admins', sk: 'COUNTER' }),
});
