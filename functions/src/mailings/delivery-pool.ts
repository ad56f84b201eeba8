import { reserveChannelSecond } from './pacing-repository';

/**
 * How a batch paces its sends (docs/mailings.md, "Delivery"):
 * - a bounded number in flight at once (a send waits on DynamoDB and SES, not on the CPU), each
 *   started as soon as a place frees, not a whole group per second;
 * - never more started in one second than the channel's second bucket granted (the provider's
 *   rate, shared by every mailing), reserved a few at a time as places free;
 * - none while the provider asked to wait (a Telegram 429's `retry_after`);
 * - no send starts after `sendUntil` (well inside the job's call timeout), and each send gets its
 *   own time limit that ends before the call timeout: the runner's abort never cuts a send in
 *   flight, so `unknown` means a crash or a provider that did not answer in time.
 */
export const sendConcurrency = 32;
/** How often the pacer looks for free places when no send finishes sooner. */
const tickMs = 100;

export interface PaceOptions<T> {
  readonly items: readonly T[];
  /** The channel's second bucket (`email`, `telegram#<channelId>`) and its rate. */
  readonly rateKey: string;
  readonly perSecond: number;
  /** No send starts at or after this time (ms since the epoch). */
  readonly sendUntil: number;
  /** The job gave up (the runner's signal): start nothing more. */
  readonly stopped: () => boolean;
  /** No send starts before this (ms since the epoch): the provider asked to wait (Telegram's 429). */
  readonly heldUntil?: () => number;
  readonly send: (item: T) => Promise<void>;
}

const waitFor = (ms: number, running: ReadonlySet<Promise<void>>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(1, ms));
    // The tasks never reject (paceSends keeps their errors).
    if (running.size > 0)
      void Promise.race(running).then(() => {
        clearTimeout(timer);
        resolve();
      });
  });

/** Starts `send` for each item within the rate and the time; resolves when every started send settled. How many started. */
export const paceSends = async <T>(options: PaceOptions<T>): Promise<number> => {
  const { items, perSecond } = options;
  const running = new Set<Promise<void>>();
  let next = 0;
  let second = '';
  let usedThisSecond = 0;
  const errors: unknown[] = [];
  // A send that failed (DynamoDB unreachable) stops new starts; those in flight still settle.
  while (next < items.length && errors.length === 0 && !options.stopped() && Date.now() < options.sendUntil) {
    const held = options.heldUntil?.() ?? 0;
    if (held > Date.now()) {
      if (held >= options.sendUntil) break;
      await waitFor(held - Date.now(), new Set());
      continue;
    }
    const now = new Date();
    const thisSecond = now.toISOString().slice(0, 19);
    if (thisSecond !== second) {
      second = thisSecond;
      usedThisSecond = 0;
    }
    const want = Math.min(perSecond - usedThisSecond, sendConcurrency - running.size, items.length - next);
    if (want > 0) {
      const granted = await reserveChannelSecond(options.rateKey, thisSecond, want, perSecond, now);
      // Fewer than asked: other mailings hold the rest of this second.
      usedThisSecond = granted < want ? perSecond : usedThisSecond + granted;
      for (let index = 0; index < granted; index += 1) {
        const item = items[next];
        next += 1;
        if (item === undefined) break;
        const task: Promise<void> = options
          .send(item)
          .catch((error: unknown) => {
            errors.push(error);
          })
          .finally(() => running.delete(task));
        running.add(task);
      }
    }
    const toNextSecond = 1000 - (Date.now() % 1000);
    const secondFull = usedThisSecond >= perSecond;
    await waitFor(secondFull ? toNextSecond : Math.min(tickMs, toNextSecond), secondFull ? new Set() : running);
  }
  await Promise.all(running);
  if (errors.length > 0) throw errors[0];
  return next;
};
