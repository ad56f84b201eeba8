import { defineEntity } from '../core/entity';
import type { MailingChannel } from './audience-filter';
import type { RecipientStatus } from './delivery-contract';
import type { MailingTotalName } from './records';

/**
 * The delivery part's items (docs/mailings.md, "Delivery"; rows in core/mailings-access-patterns.ts):
 * - a recipient of a mailing, `MAILING#<id>` / `RCPT#<personId>`, written once when the audience
 *   is frozen. While it waits it sits in the GSI1 partition `MAILINGQ#<id>` (the send queue: a
 *   batch reads the next ones with one bounded Query, whatever the number already sent); while
 *   its send is claimed it sits in `MAILINGCLAIM#<id>` sorted by the claim time, so a claim a
 *   crash left behind is found and shown as `unknown` (never sent again); once sent it sits in
 *   the GSI2 partition `MAILINGPERSON#<personId>` (a reply is counted on the latest send);
 * - a totals shard, `MAILING#<id>` / `TOTALS#<n>` (n = 0–7, the shard of the person's id:
 *   totals.ts): the counts of the recipients' moves, each ADDed in the same transaction as the
 *   move (docs/mailings.md, "Totals"); eight of them, so the sends in flight at once spread their
 *   transactions over eight items rather than colliding on one;
 * - the mailing's send window, `MAILING#<id>` / `WINDOW`: the sends of the last 60 s by second,
 *   the throttle's counter (read, then written whole on the version read: never more than the
 *   mailing's setting in any 60 s);
 * - a minute's send count, `MAILING#<id>` / `MINUTE#<yyyy-mm-ddThh:mm>`: the sends started in that
 *   minute (ADDed after they start), the chart's data;
 * - a channel's send count in one second, `MAILINGRATE#<channel>` / `SECOND#<yyyy-mm-ddThh:mm:ss>`:
 *   the provider's rate shared by every mailing sending at once (a conditional ADD), gone after
 *   an hour (TTL);
 * - the SES message id → recipient link, `MAILINGSES#<sesMessageId>` / `LINK`, which the email
 *   area's SES events look up when the message is not one of its mails.
 */
// The list is the contract's (the web filters by it too); this part's modules name the type from here.
export type { RecipientStatus };

/** Statuses a recipient never leaves by a send (events may still move sent → delivered/bounced). */
export const settledStatuses: readonly RecipientStatus[] = ['failed', 'opted_out', 'unknown', 'cancelled'];

export interface RecipientRecord {
  readonly mailingId: string;
  readonly personId: string;
  readonly fullName: string;
  readonly channel: MailingChannel;
  /** The email address or the Telegram chat id, as frozen at send time. */
  readonly address: string;
  readonly channelId?: string;
  readonly language: 'en' | 'fr' | 'ar';
  readonly status: RecipientStatus;
  readonly queuedAt: string;
  readonly claimedAt?: string;
  readonly sentAt?: string;
  readonly deliveredAt?: string;
  readonly providerMessageId?: string;
  readonly detail?: string;
  /** Set when the person opted out through this mailing's link (the status stays `sent`). */
  readonly optedOutAt?: string;
  readonly repliedAt?: string;
}

const mailingPartition = (mailingId: string) => `MAILING#${mailingId}`;
export const recipientSortPrefix = 'RCPT#';
export const queuePartition = (mailingId: string) => `MAILINGQ#${mailingId}`;
export const claimPartition = (mailingId: string) => `MAILINGCLAIM#${mailingId}`;
/** GSI2: a person's mailing sends, by send time (`<sentAt>#<mailingId>`): replies find the latest. */
export const personSendsPartition = (personId: string) => `MAILINGPERSON#${personId}`;

export const recipientEntity = defineEntity<RecipientRecord, [mailingId: string, personId: string]>({
  type: 'MailingRecipient',
  key: (mailingId, personId) => ({ pk: mailingPartition(mailingId), sk: `${recipientSortPrefix}${personId}` }),
  keyOf: (recipient) => ({
    pk: mailingPartition(recipient.mailingId),
    sk: `${recipientSortPrefix}${recipient.personId}`,
  }),
  // Written queued: in the send queue. Later writes move it with UpdateItem (delivery-repository.ts).
  indexKeysOf: (recipient) =>
    recipient.status === 'queued' ? { gsi1pk: queuePartition(recipient.mailingId), gsi1sk: recipient.personId } : {},
});

/** How many totals shards a mailing has (totals.ts chooses a person's). */
export const totalsShardCount = 8;
export const totalsSortPrefix = 'TOTALS#';

/** The moves counted in one shard: each total's change since the freeze (negative for `queued`). */
type TotalsShardRecord = { readonly mailingId: string; readonly shard: number } & Readonly<
  Partial<Record<MailingTotalName, number>>
>;

export const totalsShardEntity = defineEntity<TotalsShardRecord, [mailingId: string, shard: number]>({
  type: 'MailingTotalsShard',
  key: (mailingId, shard) => ({ pk: mailingPartition(mailingId), sk: `${totalsSortPrefix}${shard}` }),
  keyOf: (totals) => ({ pk: mailingPartition(totals.mailingId), sk: `${totalsSortPrefix}${totals.shard}` }),
});

export interface MinuteBucketRecord {
  readonly mailingId: string;
  /** `yyyy-mm-ddThh:mm` (UTC). */
  readonly minute: string;
  readonly count: number;
}

export const minuteSortPrefix = 'MINUTE#';

export const minuteBucketEntity = defineEntity<MinuteBucketRecord, [mailingId: string, minute: string]>({
  type: 'MailingMinute',
  key: (mailingId, minute) => ({ pk: mailingPartition(mailingId), sk: `${minuteSortPrefix}${minute}` }),
  keyOf: (bucket) => ({ pk: mailingPartition(bucket.mailingId), sk: `${minuteSortPrefix}${bucket.minute}` }),
});

export interface SendWindowRecord {
  readonly mailingId: string;
  /** Sends keyed by the epoch second before which they start (throttle.ts). */
  readonly counts: Readonly<Record<string, number>>;
  /** The time of the latest reservation (ISO): no later one counts from an earlier time. */
  readonly reservedAt: string;
  readonly version: number;
}

export const sendWindowEntity = defineEntity<SendWindowRecord, [mailingId: string]>({
  type: 'MailingSendWindow',
  key: (mailingId) => ({ pk: mailingPartition(mailingId), sk: 'WINDOW' }),
  keyOf: (window) => ({ pk: mailingPartition(window.mailingId), sk: 'WINDOW' }),
});

export interface SesLinkRecord {
  readonly sesMessageId: string;
  /** The mailing, or the sequence when `sequenceStep` is set (a sequence step's email). */
  readonly mailingId: string;
  readonly personId: string;
  readonly sequenceStep?: number;
}

export const sesLinkEntity = defineEntity<SesLinkRecord, [sesMessageId: string]>({
  type: 'MailingSesLink',
  key: (sesMessageId) => ({ pk: `MAILINGSES#${sesMessageId}`, sk: 'LINK' }),
  keyOf: (link) => ({ pk: `MAILINGSES#${link.sesMessageId}`, sk: 'LINK' }),
});

export const mailingItemKey = (mailingId: string) => ({ pk: mailingPartition(mailingId), sk: 'MAILING' });

export interface ChannelSecondRecord {
  /** `email` (the one SES account) or `telegram#<channelId>` (each bot has its own limit). */
  readonly channel: string;
  /** `yyyy-mm-ddThh:mm:ss` (UTC). */
  readonly second: string;
  readonly count: number;
}

export const channelSecondEntity = defineEntity<ChannelSecondRecord, [channel: string, second: string]>({
  type: 'MailingChannelSecond',
  key: (channel, second) => ({ pk: `MAILINGRATE#${channel}`, sk: `SECOND#${second}` }),
  keyOf: (bucket) => ({ pk: `MAILINGRATE#${bucket.channel}`, sk: `SECOND#${bucket.second}` }),
});
