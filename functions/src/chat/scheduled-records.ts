import type { ScheduledStatus } from './scheduled-contract';

/** A scheduled message as stored (keys in entities.ts: under its admin and contact). */
export interface ScheduledMessageRecord {
  readonly id: string;
  /** The admin who scheduled it: it is sent as them. */
  readonly ownerId: string;
  readonly contactId: string;
  readonly message: string;
  readonly sendAt: string;
  readonly status: ScheduledStatus;
  /** Its job ('chat.scheduled-send'), due at `sendAt`. */
  readonly jobId: string;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly sentAt?: string;
  readonly messageId?: string;
  /** Why it could not be sent (failed). */
  readonly error?: string;
  /** Epoch seconds (TTL): set once it is sent, cancelled or failed. */
  readonly expiresAt?: number;
}
