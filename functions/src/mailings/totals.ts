import type { RecipientStatus } from './delivery-entities';
import { totalsShardCount } from './delivery-entities';
import { mailingTotalNames, zeroTotals, type MailingState, type MailingTotalName, type MailingTotals } from './records';

/**
 * A mailing's totals (docs/mailings.md, "Totals"), pure. The freeze sets the base on the mailing
 * item (`recipients`, and every one of them `queued`); each later move of a recipient carries its
 * count to one of the mailing's totals shards in the same transaction (delivery-repository.ts,
 * `moveRecipient`), so the totals a reader sees are the base plus the sum of the shards.
 */

/** The total a recipient's status is counted in: a claimed send (`sending`) is still queued. */
export const totalNameOf = (status: RecipientStatus): MailingTotalName =>
  status === 'sending' ? 'queued' : status === 'opted_out' ? 'optedOut' : status;

/** What a move from one status to another does to the totals: nothing when both are counted alike (the claim). */
export const moveDeltas = (
  from: RecipientStatus,
  to: RecipientStatus,
): Readonly<Partial<Record<MailingTotalName, number>>> => {
  const [before, after] = [totalNameOf(from), totalNameOf(to)];
  return before === after ? {} : { [before]: -1, [after]: 1 };
};

/**
 * The shard a person's moves are counted in: FNV-1a (32 bits) of the person's id, so the same
 * person lands on the same shard in every process and every run, and a mailing's people spread
 * over all the shards (ULIDs differ in their last characters as much as their first).
 */
export const totalsShardOf = (personId: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < personId.length; index += 1) {
    hash ^= personId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % totalsShardCount;
};

/** The totals a reader sees: the mailing item's base plus every shard's counts (other attributes ignored). */
export const sumTotals = (
  base: Readonly<Record<string, unknown>>,
  shards: readonly Readonly<Record<string, unknown>>[],
): MailingTotals => {
  const totals: Record<MailingTotalName, number> = { ...zeroTotals() };
  for (const part of [base, ...shards])
    for (const name of mailingTotalNames) {
      const value = part[name];
      if (typeof value === 'number') totals[name] += value;
    }
  return totals;
};

/**
 * Whether a mailing in this state may have moves in its shards: recipients exist only once the
 * start moved it to sending, and a mailing never goes back to draft or scheduled after that. A
 * reader spares the shards' Query for the others.
 */
export const mayHaveMoves = (state: MailingState): boolean => state !== 'draft' && state !== 'scheduled';
