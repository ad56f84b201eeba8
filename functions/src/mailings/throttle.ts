/**
 * The throttle (docs/mailings.md, "Delivery"), pure: how many recipients a batch may send now and
 * when the next batch may run, from the mailing's setting (messages per minute), what its current
 * minute bucket already counts, and the channel's provider rate (messages per second).
 */
export interface ThrottleInput {
  readonly now: Date;
  /** The mailing's setting; 0 or less means no per-minute limit. */
  readonly perMinute: number;
  /** Sends already counted in the current minute's bucket. */
  readonly sentThisMinute: number;
  /** The provider's rate (e.g. SES 14/s). */
  readonly providerPerSecond: number;
  /** How long one batch may spend sending (well under the job's call timeout). */
  readonly batchSeconds: number;
}

export interface ThrottlePlan {
  /** Recipients this batch may send (0: wait). */
  readonly take: number;
  /** When the next batch may run. */
  readonly nextAt: Date;
}

/** `yyyy-mm-ddThh:mm` in UTC: the minute bucket's name. */
export const minuteOf = (at: Date): string => at.toISOString().slice(0, 16);

export const startOfNextMinute = (at: Date): Date => {
  const next = new Date(at.getTime());
  next.setUTCSeconds(0, 0);
  next.setUTCMinutes(next.getUTCMinutes() + 1);
  return next;
};

export const planBatch = (input: ThrottleInput): ThrottlePlan => {
  const providerPerSecond = Math.max(1, Math.floor(input.providerPerSecond));
  const secondsLeftInMinute = Math.max(
    1,
    Math.ceil((startOfNextMinute(input.now).getTime() - input.now.getTime()) / 1000),
  );
  // A batch never spans two minutes: its sends are counted in the bucket it reserved them in.
  const seconds = Math.max(1, Math.min(input.batchSeconds, secondsLeftInMinute));
  const byProvider = providerPerSecond * seconds;
  const byMinute = input.perMinute > 0 ? Math.max(0, input.perMinute - input.sentThisMinute) : byProvider;
  const take = Math.min(byProvider, byMinute);
  if (take === 0) return { take: 0, nextAt: startOfNextMinute(input.now) };
  const minuteFull = input.perMinute > 0 && input.sentThisMinute + take >= input.perMinute;
  return { take, nextAt: minuteFull ? startOfNextMinute(input.now) : input.now };
};

/** The provider rate for a channel (env MAILING_EMAIL_RATE_PER_SECOND: SES's default sending rate is 14/s; Telegram's bot limit ~30/s). */
export const providerRate = (channel: 'email' | 'telegram', env: NodeJS.ProcessEnv = process.env): number => {
  const configured = Number(
    env[channel === 'email' ? 'MAILING_EMAIL_RATE_PER_SECOND' : 'MAILING_TELEGRAM_RATE_PER_SECOND'],
  );
  if (Number.isFinite(configured) && configured > 0) return configured;
  return channel === 'email' ? 14 : 30;
};
