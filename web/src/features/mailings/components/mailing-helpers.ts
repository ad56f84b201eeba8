import type { MailingState, MailingTotals, RecipientStatus } from '../api/mailing-types';

/** What a mailing's state lets someone do from the detail page (docs/mailings.md, "States"). */
export type MailingAction = 'edit' | 'delete' | 'unschedule' | 'pause' | 'resume' | 'cancel';

export const actionsFor = (state: MailingState): readonly MailingAction[] => {
  switch (state) {
    case 'draft':
      return ['edit', 'delete'];
    case 'scheduled':
      return ['unschedule', 'cancel'];
    case 'sending':
      return ['pause', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    default:
      return [];
  }
};

/** The state each action asks the server for (POST /{id}/transitions `to`). */
export const transitionTarget = {
  unschedule: 'draft',
  pause: 'paused',
  resume: 'sending',
  cancel: 'cancelled',
} as const satisfies Partial<Record<MailingAction, MailingState>>;

/** Each recipient status and the total that counts it, in the order the page shows them. */
export const totalParts = [
  ['queued', 'queued'],
  ['sent', 'sent'],
  ['delivered', 'delivered'],
  ['bounced', 'bounced'],
  ['failed', 'failed'],
  ['opted_out', 'optedOut'],
] as const satisfies readonly (readonly [RecipientStatus, keyof MailingTotals])[];

/**
 * The totals as the page shows them: every recipient is in exactly one status, so the parts add
 * up to the recipients; what the parts do not cover (a status the server does not split out yet)
 * is shown as "other" instead of being dropped.
 */
export const totalsBreakdown = (totals: Readonly<Partial<Record<keyof MailingTotals, number>>>) => {
  const parts = totalParts.map(([status, key]) => ({ status, count: totals[key] ?? 0 }));
  const recipients = totals.recipients ?? 0;
  const counted = parts.reduce((sum, part) => sum + part.count, 0);
  return { parts, other: Math.max(0, recipients - counted), recipients, replies: totals.replies ?? 0 };
};

/** The wall-clock date (YYYY-MM-DD) and time (HH:mm) of an instant in a time zone. */
export const wallClockIn = (instant: Date, timeZone: string): { date: string; time: string } => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

/**
 * The instant a wall-clock date and time in a time zone names (ISO, UTC). Found by correcting a
 * first guess with the zone's offset at that guess, twice (enough across a daylight-saving change).
 */
export const zonedToInstant = (date: string, time: string, timeZone: string): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock) return null;
  const wanted = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(clock[1]), Number(clock[2]));
  let guess = wanted;
  for (let step = 0; step < 2; step += 1) {
    const seen = wallClockIn(new Date(guess), timeZone);
    const [y, m, d] = seen.date.split('-').map(Number);
    const [h, min] = seen.time.split(':').map(Number);
    const shown = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0);
    guess += wanted - shown;
  }
  return new Date(guess).toISOString();
};

/** The zones the schedule offers: the browser's list, with the user's own zone first. */
export const timeZoneOptions = (own: string): readonly string[] => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return [own, ...all.filter((zone) => zone !== own)];
};

export interface ChartBar {
  readonly minute: string;
  readonly count: number;
}

/** A minute as the stats give it (UTC `yyyy-mm-ddThh:mm`) or as ISO, in milliseconds. */
const minuteOf = (minute: string): number =>
  Date.parse(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(minute) ? `${minute}:00Z` : minute);

/**
 * The chart's bars: one per minute from the first send to the last, minutes without a send
 * included as empty bars (so time reads evenly), at most `limit` of the latest minutes.
 */
export const chartBars = (
  buckets: readonly { readonly minute: string; readonly count: number }[],
  limit = 60,
): readonly ChartBar[] => {
  if (buckets.length === 0) return [];
  const byMinute = new Map<number, number>();
  for (const bucket of buckets) {
    const at = Math.floor(minuteOf(bucket.minute) / 60_000) * 60_000;
    if (Number.isFinite(at)) byMinute.set(at, (byMinute.get(at) ?? 0) + bucket.count);
  }
  const minutes = [...byMinute.keys()].sort((a, b) => a - b);
  const first = minutes[0];
  const last = minutes.at(-1);
  if (first === undefined || last === undefined) return [];
  const start = Math.max(first, last - (limit - 1) * 60_000);
  const bars: ChartBar[] = [];
  for (let at = start; at <= last; at += 60_000) {
    bars.push({ minute: new Date(at).toISOString(), count: byMinute.get(at) ?? 0 });
  }
  return bars;
};

/** The variables a body may use (docs/mailings.md, "Variables"), as the editor's buttons insert them. */
export const bodyVariables = ['{{fullName}}', '{{firstName}}', '{{firstName | "there"}}'] as const;
