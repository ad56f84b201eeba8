import * as v from 'valibot';

import { roles } from '../core/roles';
import { object, trimInvisible } from '../core/schema';

/**
 * The team page's contract (docs/roles.md, "Team and invitations"), imported by the web app too.
 * The member list reads the whole team (the role index, one Query per role: a workspace's team
 * is hundreds of people at most) and pages it by page and itemsPerPage, as the permission list.
 */

export { roles, type Role } from '../core/roles';

export const memberStatuses = ['active', 'suspended'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

export const memberListDefaults = { page: 1, itemsPerPage: 10 } as const;
export const memberPageSizes = [10, 25, 50] as const;

export const member = object({
  id: v.string(),
  fullName: v.string(),
  avatar: v.nullable(v.string()),
  email: v.string(),
  phone: v.string(),
  role: v.picklist(roles),
  status: v.picklist(memberStatuses),
  /** When the member last used the app: their newest session's last use (ISO), null if never. */
  lastSeen: v.nullable(v.string()),
  twoStepEnabled: v.boolean(),
  /** Increases with every change of the profile; a role change may carry the version it read. */
  version: v.number(),
});
export type Member = v.InferOutput<typeof member>;

export const membersResponse = object({
  members: v.array(member),
  total: v.number(),
});
export type MembersResponse = v.InferOutput<typeof membersResponse>;

const positiveInteger = /* @__NO_SIDE_EFFECTS__ */ (field: string, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,4}$/, `${field} must be a whole number from 1 to ${max}`),
    v.transform(Number),
    v.minValue(1, `${field} must be a whole number from 1 to ${max}`),
    v.maxValue(max, `${field} must be a whole number from 1 to ${max}`),
  );

export const membersQuery = object({
  /** Case-insensitive: a substring of the name or the email, or the start of the phone. */
  q: v.optional(v.pipe(v.string(), trimInvisible(), v.maxLength(100, 'q must be at most 100 characters')), ''),
  role: v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => (value === '' ? undefined : value)),
      v.optional(v.picklist(roles, 'role is not a role of the workspace')),
    ),
  ),
  page: v.optional(positiveInteger('page', 9999), String(memberListDefaults.page)),
  itemsPerPage: v.optional(positiveInteger('itemsPerPage', 100), String(memberListDefaults.itemsPerPage)),
});
export type MembersQuery = v.InferOutput<typeof membersQuery>;

export const invitation = object({
  id: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  role: v.picklist(roles),
  invitedBy: object({ id: v.string(), fullName: v.string() }),
  createdAt: v.string(),
  sentAt: v.string(),
  /** The link stops working then; past it, the invitation shows as expired (resend or revoke it). */
  validUntil: v.string(),
  expired: v.boolean(),
});
export type Invitation = v.InferOutput<typeof invitation>;

export const invitationsResponse = object({ invitations: v.array(invitation) });
export type InvitationsResponse = v.InferOutput<typeof invitationsResponse>;

/** What the accept page shows before the invitee signs up. */
export const invitationPreview = object({
  invitedBy: v.string(),
  role: v.picklist(roles),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  validUntil: v.string(),
});
export type InvitationPreview = v.InferOutput<typeof invitationPreview>;

export const invitationPreviewQuery = object({ token: v.pipe(v.string(), v.maxLength(200)) });
