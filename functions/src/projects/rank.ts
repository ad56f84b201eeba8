/**
 * Fractional ranks for ordering tasks within a stage: a move writes one task, never its
 * neighbours. Ranks are strings over an ASCII-ordered alphabet, compared as plain strings, and
 * never end in the smallest digit, so there is always room between two of them. (The midpoint
 * algorithm of rocicorp/fractional-indexing without the integer part.)
 */

const digits = '0123456789abcdefghijklmnopqrstuvwxyz';
const smallest = digits[0] ?? '0';

const digitValue = (character: string | undefined): number => {
  const value = character === undefined ? -1 : digits.indexOf(character);
  if (value < 0) throw new Error(`Invalid rank digit: ${String(character)}`);
  return value;
};

const midpoint = (low: string, high: string | null): string => {
  if (high !== null) {
    let shared = 0;
    while ((low[shared] ?? smallest) === high[shared]) shared += 1;
    if (shared > 0) return high.slice(0, shared) + midpoint(low.slice(shared), high.slice(shared));
  }
  const lowDigit = low.length > 0 ? digitValue(low[0]) : 0;
  const highDigit = high !== null ? digitValue(high[0]) : digits.length;
  if (highDigit - lowDigit > 1) return digits[Math.round((lowDigit + highDigit) / 2)] ?? smallest;
  if (high !== null && high.length > 1) return high.slice(0, 1);
  return (digits[lowDigit] ?? smallest) + midpoint(low.slice(1), null);
};

const isValidRank = (rank: string): boolean =>
  rank.length > 0 && !rank.endsWith(smallest) && [...rank].every((character) => digits.includes(character));

/** A rank strictly between `before` and `after` (either may be null: the start or the end). */
export const rankBetween = (before: string | null, after: string | null): string => {
  if (before !== null && !isValidRank(before)) throw new Error(`Invalid rank: ${before}`);
  if (after !== null && !isValidRank(after)) throw new Error(`Invalid rank: ${after}`);
  if (before !== null && after !== null && before >= after) {
    throw new Error(`Ranks out of order: ${before} >= ${after}`);
  }
  return midpoint(before ?? '', after);
};

/**
 * The rank for a task placed at `index` among `others` (the stage's other tasks in order).
 * Ties left by concurrent moves are broken by task id wherever tasks are sorted.
 */
export const rankAtIndex = (others: readonly { rank: string }[], index: number): string => {
  const position = Math.max(0, Math.min(index, others.length));
  const before = others[position - 1]?.rank ?? null;
  let after = others[position]?.rank ?? null;
  // Equal neighbours (a past tie): place after the earlier one, before the next distinct rank.
  if (before !== null && after !== null && after <= before) {
    after = others.slice(position).find((task) => task.rank > before)?.rank ?? null;
  }
  return rankBetween(before, after);
};
