import type { TransactionPart } from '../db';
import { jobEntity } from '../jobs/entities';
import { newJob } from '../jobs/enqueue';
import { tableName } from '../table';
import { digestJobKind } from './records';

/**
 * When a user's email digest goes out: one job per user per window, due a window after the
 * first line that started it. Its id names the user and the window, so every line written in
 * that window finds the same job; the job mails every line still pending when it runs (so the
 * lines of a busy chat are one mail, not fifty).
 */

/** Five minutes unless NOTIFICATION_DIGEST_WINDOW_MS says otherwise (tests shorten it). */
export const digestWindowMs = (env: Readonly<Record<string, string | undefined>> = process.env): number => {
  const configured = Number(env.NOTIFICATION_DIGEST_WINDOW_MS);
  return Number.isFinite(configured) && configured >= 100 ? configured : 5 * 60_000;
};

export const digestJobId = (userId: string, at: Date, windowMs = digestWindowMs()): string =>
  `notify-digest-${userId}-${Math.floor(at.getTime() / windowMs)}`;

/**
 * The window's job as a part of the transaction that writes a pending line, created only if it
 * is not there yet: every attribute is set with if_not_exists, so a job already pending (or
 * running, or done) is left exactly as it is and the part never fails the transaction. A plain
 * conditional Put would cancel the line's whole transaction when the job exists.
 */
export const digestJobIfAbsentPart = (userId: string, now: Date): TransactionPart => {
  const windowMs = digestWindowMs();
  const job = newJob(
    digestJobKind,
    { userId },
    {
      id: digestJobId(userId, now, windowMs),
      runAt: new Date(now.getTime() + windowMs),
      // An email that may have gone out is never sent again by itself (at-most-once).
      maxAttempts: 3,
      label: 'Notification digest email',
      now,
    },
  );
  const item = jobEntity.toItem(job);
  const key = jobEntity.keyOf(job);
  const fields = Object.entries(item).filter(([name]) => name !== 'pk' && name !== 'sk');
  return {
    label: 'digest-job',
    item: {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET ${fields.map((_, index) => `#f${index} = if_not_exists(#f${index}, :v${index})`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(fields.map(([name], index) => [`#f${index}`, name])),
        ExpressionAttributeValues: Object.fromEntries(fields.map(([, value], index) => [`:v${index}`, value])),
      },
    },
  };
};
