/**
 * The throttle (docs/mailings.md, "Delivery"), pure. A mailing's setting (messages per minute)
 * holds in any 60 s window, not per calendar minute: the mailing's window item keeps how many
 * sends each reservation may start, keyed by the second **before which** they all start (epoch
 * seconds). A key counts while a send it holds could be within 60 s of a send starting now;
 * a new reservation gets at most the setting less what the window still counts.
 */

/** Sends keyed by the epoch second before which they start (`"1767261600"` → 12). */
export type WindowCounts = Readonly<Record<string, number>>;

const windowMs = 60_000;

/** The key of a send started at `atMs`: the next whole second (it started before it). */
export const startedKey = (atMs: number): string => String(Math.floor(atMs / 1000) + 1);

/** The key of sends that start before `untilMs` (a batch's last moment to start one). */
export const untilKey = (untilMs: number): string => String(Math.ceil(untilMs / 1000));

/**
 * What still counts at `nowMs`: a key counts while a send it holds (started before the key)
 * could be less than 60 s before a send starting at `nowMs` or later.
 */
export const liveCounts = (counts: WindowCounts, nowMs: number): Record<string, number> =>
  Object.fromEntries(
    Object.entries(counts).filter(([key, count]) => count > 0 && Number(key) * 1000 > nowMs - windowMs),
  );

const sum = (counts: WindowCounts) => Object.values(counts).reduce((total, count) => total + count, 0);

/** Sends that may start at `nowMs` within the setting (`perMinute` > 0). */
export const roomIn = (counts: WindowCounts, perMinute: number, nowMs: number): number =>
  Math.max(0, perMinute - sum(liveCounts(counts, nowMs)));

/**
 * A reservation of up to `wanted` sends starting from `nowMs` until `untilMs`: how many it gets,
 * and the window to write (what no longer counts dropped).
 */
export const reserveIn = (
  counts: WindowCounts,
  wanted: number,
  perMinute: number,
  nowMs: number,
  untilMs: number,
): { granted: number; counts: Record<string, number> } => {
  const live = liveCounts(counts, nowMs);
  const granted = Math.max(0, Math.min(wanted, roomIn(live, perMinute, nowMs)));
  if (granted === 0) return { granted, counts: live };
  const key = untilKey(untilMs);
  return { granted, counts: { ...live, [key]: (live[key] ?? 0) + granted } };
};

/**
 * A batch's reservation replaced by what it really started (keyed by each send's start): the
 * places it did not use come back, and the ones it used stop counting as soon as they may.
 */
export const settleIn = (
  counts: WindowCounts,
  reserved: { readonly key: string; readonly count: number },
  started: WindowCounts,
): Record<string, number> => {
  const next: Record<string, number> = { ...counts };
  const left = (next[reserved.key] ?? 0) - reserved.count;
  if (left > 0) next[reserved.key] = left;
  else delete next[reserved.key];
  for (const [key, count] of Object.entries(started)) if (count > 0) next[key] = (next[key] ?? 0) + count;
  return next;
};

/** When a send may next start: now when there is room, else when the oldest key stops counting. */
export const nextRoomAt = (counts: WindowCounts, perMinute: number, nowMs: number): Date => {
  const live = liveCounts(counts, nowMs);
  if (perMinute <= 0 || roomIn(live, perMinute, nowMs) > 0) return new Date(nowMs);
  const oldest = Math.min(...Object.keys(live).map(Number));
  return new Date(oldest * 1000 + windowMs);
};

/** `yyyy-mm-ddThh:mm` in UTC: the chart's minute. */
export const minuteOf = (at: Date): string => at.toISOString().slice(0, 16);

/** How many recipients a batch reads: what the provider allows in the batch's time, within the room. */
export const batchSize = (input: {
  readonly providerPerSecond: number;
  readonly batchSeconds: number;
  /** Room in the window; undefined when the mailing has no limit. */
  readonly room: number | undefined;
}): number => {
  const byProvider = Math.max(1, Math.floor(input.providerPerSecond)) * Math.max(1, input.batchSeconds);
  return input.room === undefined ? byProvider : Math.min(byProvider, input.room);
};

/** The provider rate for a channel (env MAILING_EMAIL_RATE_PER_SECOND: SES's default sending rate is 14/s; Telegram's bot limit ~30/s). */
export const providerRate = (channel: 'email' | 'telegram', env: NodeJS.ProcessEnv = process.env): number => {
  const configured = Number(
    env[channel === 'email' ? 'MAILING_EMAIL_RATE_PER_SECOND' : 'MAILING_TELEGRAM_RATE_PER_SECOND'],
  );
  if (Number.isFinite(configured) && configured > 0) return configured;
  return channel === 'email' ? 14 : 30;
};
