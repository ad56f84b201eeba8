import type { AudienceFilter, MailingChannel } from './audience-filter';

/**
 * A mailing as stored (docs/mailings.md, "Data"): `MAILING#<id>` / `MAILING` (entities.ts).
 * `version` grows by one with every change of content or state (the delivery's own state moves
 * included); the delivery part ADDs to `totals` without touching it.
 */

export const mailingStates = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type MailingState = (typeof mailingStates)[number];

export interface MailingSchedule {
  /** The instant it starts (ISO, UTC). */
  readonly at: string;
  /** The IANA zone the person chose it in (the page shows the time there). */
  readonly timeZone: string;
}

export const mailingTotalNames = [
  'recipients',
  'queued',
  'sent',
  'delivered',
  'bounced',
  'failed',
  'optedOut',
  // A send a crash cut off (it may have left) and a recipient a cancel left unsent.
  'unknown',
  'cancelled',
  'replies',
] as const;
export type MailingTotalName = (typeof mailingTotalNames)[number];
export type MailingTotals = Readonly<Record<MailingTotalName, number>>;

export const zeroTotals = (): MailingTotals =>
  Object.fromEntries(mailingTotalNames.map((name) => [name, 0])) as Record<MailingTotalName, number>;

export interface MailingRecord {
  readonly id: string;
  readonly name: string;
  readonly channel: MailingChannel;
  /** The Telegram channel it goes through (telegram mailings). */
  readonly channelId?: string;
  /** Email only; may hold variables. */
  readonly subject: string;
  /** Sanitised HTML; may hold variables. */
  readonly html: string;
  readonly audience: AudienceFilter;
  readonly state: MailingState;
  readonly schedule?: MailingSchedule;
  readonly throttlePerMinute: number;
  readonly totals: MailingTotals;
  readonly createdBy: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly startedAt?: string;
  readonly finishedAt?: string;
  readonly cancelledAt?: string;
  readonly version: number;
}
