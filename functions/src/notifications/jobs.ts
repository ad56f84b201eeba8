import type { JobDefinition } from '../core/jobs/definition';
import { PermanentJobError } from '../core/jobs/errors';
import { failureOfSend } from '../core/jobs/send-failure';
import { notificationInputsFor } from '../core/notifications/fanout';
import { notify } from '../core/notifications/notify';
import {
  digestJobKind,
  fanoutJobKind,
  type NotificationDigestPayload,
  type NotificationEventPayload,
  type PendingEmailRecord,
} from '../core/notifications/records';
import { sendEmail } from '../core/transports/email';
import { getUserById } from '../core/users/repository';
import { claimLine, deleteLines, listPendingLines } from './digest-repository';
import { digestEmail, digestLanguageOf, type DigestLine } from './digest-text';

/**
 * The email digest (docs/user-view.md, "Notifications"): one mail with every line waiting for
 * the user, sent once. Claim → run → record as every job (docs/background-work.md), and inside
 * the run the same again for the lines: each is claimed for this job before the send (so two
 * digests never mail one line) and deleted after it (so a second run finds nothing to send).
 * At-most-once: a send cut off mid-call is shown to an admin, never repeated by itself.
 */

/** Sender: the deployment's notifications address; on one machine, the local default. */
const sender = (env = process.env): string | undefined =>
  env.NOTIFICATIONS_FROM_EMAIL || (env.AWS_LAMBDA_FUNCTION_NAME ? undefined : 'no-reply@orbit.local');

/** A chat's messages become one line that counts them; every other event is a line of its own. */
export const digestLines = (pending: readonly PendingEmailRecord[]): DigestLine[] => {
  const lines: (DigestLine & { key?: string })[] = [];
  for (const item of [...pending].sort((a, b) => a.id.localeCompare(b.id))) {
    const same = item.coalesceKey ? lines.find((line) => line.key === item.coalesceKey) : undefined;
    if (same) {
      lines[lines.indexOf(same)] = { ...same, count: same.count + item.count, params: item.params };
      continue;
    }
    lines.push({
      event: item.event,
      actorName: item.actor.fullName,
      params: item.params,
      count: item.count,
      ...(item.coalesceKey ? { key: item.coalesceKey } : {}),
    });
  }
  return lines.map(({ key: _key, ...line }) => line);
};

const digest: JobDefinition<NotificationDigestPayload> = {
  delivery: 'at-most-once',
  async run(payload, { job, signal }) {
    const [user, pending] = await Promise.all([getUserById(payload.userId), listPendingLines(payload.userId)]);
    const mine = (
      await Promise.all(pending.map(async (line) => ((await claimLine(line, job.id)) ? [line] : [])))
    ).flat();
    if (mine.length === 0) return { sent: 0 };
    if (!user?.email) {
      await deleteLines(mine);
      return { sent: 0, reason: 'no address' };
    }
    const from = sender();
    if (!from) throw new PermanentJobError('NOTIFICATIONS_FROM_EMAIL is not set: no sender for the email');
    const language = digestLanguageOf((user as { language?: unknown }).language);
    const { subject, text } = digestEmail(language, user.fullName, digestLines(mine), process.env.PUBLIC_BASE_URL);
    let messageId: string;
    try {
      ({ messageId } = await sendEmail(
        { from: { address: from, name: 'Orbit' }, to: [user.email], subject, text },
        signal,
      ));
    } catch (error) {
      throw failureOfSend(error);
    }
    await deleteLines(mine);
    // What is kept as the job's result: the provider's id and how many lines, never the text.
    return { messageId, sent: mine.length };
  },
};

/**
 * A producer's event (core/notifications/producers.ts): who hears of it, their rows, the live
 * push and the digest's lines. Safe to repeat: the rows' ids come from the job and the recipient.
 */
const fanout: JobDefinition<NotificationEventPayload> = {
  delivery: 'at-least-once',
  backoff: { baseMs: 500, capMs: 60_000 },
  async run(payload, { job }) {
    const inputs = await notificationInputsFor(payload);
    await notify(inputs, new Date(job.createdAt), job.id);
    return { recipients: inputs.length };
  },
};

export const notificationJobs = { [digestJobKind]: digest, [fanoutJobKind]: fanout } as const;
