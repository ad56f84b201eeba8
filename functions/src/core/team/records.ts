import type { Role } from '../roles';

/** A pending invitation (docs/roles.md, "Team and invitations"). */
export interface InvitationRecord {
  readonly id: string;
  /** Exactly one of email and phone: where the link was sent, and what the new account keeps. */
  readonly email?: string;
  readonly phone?: string;
  readonly role: Role;
  readonly invitedById: string;
  readonly invitedByName: string;
  /** SHA-256 of the link's secret (base64url); the secret itself is stored nowhere. */
  readonly secretHash: string;
  readonly createdAt: string;
  /** When the link was last sent (a resend replaces the secret and the expiry). */
  readonly sentAt: string;
  /** The link stops working then (ISO). */
  readonly validUntil: string;
  /** Epoch seconds; DynamoDB TTL removes the item a while after it stopped working. */
  readonly expiresAt: number;
  readonly version: number;
}
