import * as v from 'valibot';

import { object, queryLimit, recordId } from '../core/schema';

/**
 * A recipient's statuses, in the order they happen: the one list the server's items
 * (delivery-entities.ts), this contract's filter and the web's recipients table use.
 */
export const recipientStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'bounced',
  'failed',
  'opted_out',
  'unknown',
  'cancelled',
] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

/** The delivery routes' contracts (docs/mailings.md, "Delivery"), shared with the web app. */
export const recipientsQuery = object({
  status: v.optional(v.picklist(recipientStatuses, 'Unknown status')),
  cursor: v.optional(recordId('cursor is not a valid cursor')),
  limit: v.optional(queryLimit(200), 50),
});

export interface RecipientView {
  readonly personId: string;
  readonly fullName: string;
  readonly address: string;
  readonly status: RecipientStatus;
  readonly sentAt?: string;
  readonly detail?: string;
  readonly optedOutAt?: string;
  readonly repliedAt?: string;
}

export interface RecipientsPage {
  readonly recipients: readonly RecipientView[];
  readonly nextCursor?: string;
}

export interface MailingStats {
  readonly totals: Readonly<Record<string, number>>;
  /** Sends per minute (UTC `yyyy-mm-ddThh:mm`), oldest first: the chart. */
  readonly perMinute: readonly { readonly minute: string; readonly count: number }[];
}
