import { ConditionFailed, batchGet, type TransactionPart } from './db';
import type { TableKey } from './entity';
import { TooManyRequestsError } from './errors';
import { tableName } from './table';

/**
 * Rate limits as fixed windows (docs/decisions.md, "Security: abuse limits in one counting
 * window"): "at most `max` in any UTC minute / hour / day" for one subject (a source address, a
 * user, an invitation, a webhook). Each window of each subject is one item, counted up with a
 * conditional ADD in the SAME transaction as the write it guards: a refused request writes
 * nothing and counts nothing, a granted one is counted exactly when it happens (never when it
 * fails for another reason), and concurrent requests can never both take the last unit. TTL
 * forgets the item after its window.
 *
 * Fixed rather than sliding windows: one item and one condition per window, no read; a caller
 * can make up to twice a window's max across a boundary, which is acceptable for limits that
 * bound abuse rather than meter use (the API keys' minute, docs/decisions.md, takes the same view).
 */

export interface RateWindow {
  /** At most this many in one window. */
  readonly max: number;
  /** The window's length; windows start at whole multiples of it since the epoch (UTC). */
  readonly seconds: number;
}

export interface RateLimit {
  /** Names the limit's counters (their sort keys, `RATE#<name>…`) and the limit in logs. */
  readonly name: string;
  /** Every window must have room: "50 a minute, 200 an hour and 500 a day". */
  readonly windows: readonly RateWindow[];
}

/** What one request spends of one limit, for one subject. */
export interface RateSpend {
  readonly limit: RateLimit;
  /**
   * The partition the counters live in: the subject's own (its user's, its webhook's) or one
   * its area already owns, so no area needs a grant for another's partitions.
   */
  readonly pk: string;
  /** Tells apart subjects that share a partition (an invitation among the invitations). */
  readonly subject?: string;
  /** Default 1; a mail to 12 outside addresses spends 12 at once. */
  readonly amount?: number;
}

/** The item of one window of one subject (rows in core/identity-access-patterns.ts, entity RateWindow). */
export const rateWindowEntity = {
  type: 'RateWindow',
  key: (pk: string, name: string, seconds: number, index: number): TableKey => ({
    pk,
    sk: `RATE#${name}#${seconds}#${index}`,
  }),
} as const;

/**
 * Every limit's max is multiplied by `ORBIT_RATE_LIMIT_SCALE` (a number >= 1; default 1). For a
 * stack whose every request comes from one address on purpose (the browser tests); never set
 * in a deployment unless its users really do share one address.
 */
export const rateLimitScale = (env: Readonly<Record<string, string | undefined>> = process.env): number => {
  const scale = Number(env.ORBIT_RATE_LIMIT_SCALE ?? 1);
  return Number.isFinite(scale) && scale >= 1 ? scale : 1;
};

/** One window of one spend at `now`: its item, its end, and the room it must have. */
export interface WindowAt {
  readonly spend: RateSpend;
  readonly window: RateWindow;
  readonly max: number;
  readonly amount: number;
  readonly key: TableKey;
  readonly endsAtMs: number;
}

/** The window of each of the spends' windows that holds `now`. */
export const windowsAt = (spends: readonly RateSpend[], now: number, scale = rateLimitScale()): WindowAt[] =>
  spends.flatMap((spend) => {
    const amount = spend.amount ?? 1;
    if (amount <= 0) return [];
    return spend.limit.windows.map((window) => {
      const max = Math.floor(window.max * scale);
      // A spend larger than a whole window could never be granted: the caller bounds it first.
      if (amount > max) throw new RangeError(`${spend.limit.name}: ${amount} is more than a window's ${max}`);
      const lengthMs = window.seconds * 1000;
      const index = Math.floor(now / lengthMs);
      const name = spend.subject === undefined ? spend.limit.name : `${spend.limit.name}:${spend.subject}`;
      return {
        spend,
        window,
        max,
        amount,
        key: rateWindowEntity.key(spend.pk, name, window.seconds, index),
        endsAtMs: (index + 1) * lengthMs,
      };
    });
  });

const labelOf = (index: number) => `rate ${index}`;

/** Seconds from `now` to a time, at least 1 (the Retry-After header's unit). */
export const secondsUntil = (atMs: number, now: number): number => Math.max(1, Math.ceil((atMs - now) / 1000));

/** The transaction part that counts one window: ADD the amount while it leaves the count <= max. */
export const windowPart = (at: WindowAt, index: number): TransactionPart => ({
  label: labelOf(index),
  item: {
    Update: {
      TableName: tableName(),
      Key: at.key,
      UpdateExpression: 'ADD #count :amount SET #type = :type, expiresAt = :ttl',
      ConditionExpression: 'attribute_not_exists(#count) OR #count <= :room',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type' },
      ExpressionAttributeValues: {
        ':amount': at.amount,
        ':room': at.max - at.amount,
        ':type': rateWindowEntity.type,
        // A minute past the window: a clock a little behind still finds the same count.
        ':ttl': Math.ceil(at.endsAtMs / 1000) + 60,
      },
    },
  },
});

/**
 * Why a spend was refused: the full window that ends last (when several are full, it is the one
 * to wait for), its max as applied, and the wait.
 */
export interface RateRefusal {
  readonly retryAfterSeconds: number;
  /** Undefined when the transaction kept colliding with others on the same counters. */
  readonly limit?: RateLimit;
  readonly window?: RateWindow;
  readonly max?: number;
}

/** The refusal of the full windows among `windows` (none: undefined). */
const refusalOfFull = (full: readonly WindowAt[], now: number): RateRefusal | undefined => {
  if (full.length === 0) return undefined;
  const latest = full.reduce((a, b) => (b.endsAtMs > a.endsAtMs ? b : a));
  return {
    retryAfterSeconds: secondsUntil(latest.endsAtMs, now),
    limit: latest.spend.limit,
    window: latest.window,
    max: latest.max,
  };
};

/** The ConditionFailed behind an error, if any: services wrap it (a 409 keeps it as its cause). */
const conditionFailedIn = (error: unknown): ConditionFailed | undefined => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof ConditionFailed) return current;
    current = current.cause;
  }
  return undefined;
};

/** What a spend puts in a transaction, and how to read that transaction's failure. */
export interface RateCharge {
  /** The counting writes, to go in the transaction of the write they guard. */
  readonly parts: readonly TransactionPart[];
  /**
   * The refusal, when the transaction failed because a window was full (the wait is until the
   * last of the full windows ends) or kept colliding with others (a second); else undefined.
   */
  readonly refusalOf: (error: unknown) => RateRefusal | undefined;
}

/** Counts `spends` at `now`, to be written with the change they guard. */
export const chargeRate = (spends: readonly RateSpend[], now = Date.now(), scale = rateLimitScale()): RateCharge => {
  const windows = windowsAt(spends, now, scale);
  return {
    parts: windows.map(windowPart),
    refusalOf: (error) => {
      const failed = conditionFailedIn(error);
      if (!failed || windows.length === 0) return undefined;
      const full = windows.filter((_, index) => failed.failed(labelOf(index)));
      if (full.length === 0) return failed.failed('conflict') ? { retryAfterSeconds: 1 } : undefined;
      return refusalOfFull(full, now);
    },
  };
};

/** How `refusalFromCounts` names a counter. */
export const countKey = (key: TableKey): string => `${key.pk}|${key.sk}`;

/** The refusal the counts already stored (by `countKey`) would give these windows at `now`. */
export const refusalFromCounts = (
  windows: readonly WindowAt[],
  counts: ReadonlyMap<string, number>,
  now: number,
): RateRefusal | undefined =>
  refusalOfFull(
    windows.filter((at) => (counts.get(countKey(at.key)) ?? 0) + at.amount > at.max),
    now,
  );

/**
 * Whether `spends` would be refused now, read without writing (one consistent BatchGet): for a
 * request that does costly work before its transaction (hashing a password), so a refused one
 * is turned away before that work. The transaction's own condition still decides.
 */
export const peekRate = async (
  spends: readonly RateSpend[],
  now = Date.now(),
  scale = rateLimitScale(),
): Promise<RateRefusal | undefined> => {
  const windows = windowsAt(spends, now, scale);
  if (windows.length === 0) return undefined;
  const items = await batchGet(
    windows.map((at) => at.key),
    { consistent: true, projection: { expression: 'pk, sk, #count', names: { '#count': 'count' } } },
  );
  const counts = new Map(
    items.map((item) => [countKey({ pk: String(item.pk), sk: String(item.sk) }), Number(item.count ?? 0)]),
  );
  return refusalFromCounts(windows, counts, now);
};

/** "in 40 seconds", "in 12 minutes", "in 3 hours": the wait of a refusal, for its English message. */
export const inAWhile = (seconds: number): string => {
  const [value, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 2 * 60 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `in ${value} ${unit}${value === 1 ? '' : 's'}`;
};

/** "a minute", "an hour", "a day", "10 minutes": a window's length, for a message. */
export const windowName = ({ seconds }: RateWindow): string => {
  const named: Record<number, string> = { 60: 'a minute', 3600: 'an hour', 86_400: 'a day' };
  return named[seconds] ?? (seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`);
};

/**
 * The 429 of a refusal: Retry-After, and one message under `general` saying what is limited,
 * how much, and when to try again ("At most 10 new accounts from one network an hour: try again
 * in 42 minutes."). `what` names the counted things, plural.
 */
export const rateLimitedError = (refusal: RateRefusal, what: string): TooManyRequestsError => {
  const wait = inAWhile(refusal.retryAfterSeconds);
  const message =
    refusal.window && refusal.max !== undefined
      ? `At most ${refusal.max} ${what} ${windowName(refusal.window)}: try again ${wait}.`
      : `Too many requests at once: try again ${wait}.`;
  return new TooManyRequestsError(refusal.retryAfterSeconds, { general: [message] });
};
