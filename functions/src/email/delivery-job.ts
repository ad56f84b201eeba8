import { pushToUserConnections } from '../core/connections/push';
import { ConditionFailed } from '../core/db';
import type { JobDefinition } from '../core/jobs/definition';
import { enqueueJob } from '../core/jobs/enqueue';
import { logger } from '../core/logger';
import { toMailSummary } from './summary';
import type { EmailFrame } from './contract';
import { derivedFields } from './draft-record';
import { getCounts, getMail, getMailWithBody, setRecipientStatus } from './drafts-repository';
import type { MailJobPayload } from './job-payloads';
import type { MailRecord } from './records';
import { storeNewMail } from './store';

/**
 * `email.deliver` (docs/email.md, "Delivery"), at least once: safe to run again, as each step
 * checks what is done. For each internal recipient: their inbox copy (same id as the sender's
 * copy, written only if absent — store.ts — so a second run leaves one copy, counted once),
 * then their status `delivered` on the sender's copy, then the live `email.received` frame to
 * their open tabs. Then, if any recipient is outside, `email.send-outside` is queued once (its
 * id names the mail; a second run finds it there).
 */

/** The recipient's copy: their inbox, unread; never the Bcc, never the senders' statuses. */
export const recipientCopy = (sent: MailRecord, ownerId: string, text: string): MailRecord => {
  const { recipients: _statuses, previousFolder: _previous, ...mail } = sent;
  const copy: MailRecord = {
    ...mail,
    ownerId,
    folder: 'inbox',
    read: false,
    starred: false,
    labels: [],
    bcc: [],
    version: 1,
  };
  // The sender's search words hold the Bcc: a recipient's must not.
  return { ...copy, ...derivedFields(copy, text) };
};

export interface DeliveryResult {
  readonly delivered: number;
  readonly outside: number;
}

export const deliverMail = async ({ ownerId, mailId }: MailJobPayload): Promise<DeliveryResult> => {
  const found = await getMailWithBody(ownerId, mailId);
  // The sender deleted the mail before it went: nothing left to deliver.
  if (!found || !found.mail.recipients) return { delivered: 0, outside: 0 };
  const { mail: sent, body } = found;
  const recipients = found.mail.recipients;
  const internal = new Map<string, string>();
  for (const entry of [...sent.to, ...sent.cc, ...sent.bcc]) {
    if (entry.userId && !internal.has(entry.address)) internal.set(entry.address, entry.userId);
  }
  let delivered = 0;
  for (const [address, userId] of internal) {
    const index = recipients.findIndex((status) => status.address === address);
    const status = recipients[index];
    if (!status || status.status === 'delivered') continue;
    // A mail to oneself is already in one's mailbox (the sent copy, same id).
    if (userId !== ownerId) {
      const copy = recipientCopy(sent, userId, body.text);
      await storeNewMail(copy, { html: body.html, text: body.text });
      const counts = await getCounts(userId);
      const frame: EmailFrame = { type: 'email.received', mail: toMailSummary(copy), counts };
      await setRecipientStatus(ownerId, mailId, index, { address, status: 'delivered', at: new Date().toISOString() });
      await pushToUserConnections(userId, frame);
    } else {
      await setRecipientStatus(ownerId, mailId, index, { address, status: 'delivered', at: new Date().toISOString() });
    }
    delivered += 1;
  }
  if (delivered > 0) {
    const after = await getMail(ownerId, mailId);
    if (after?.recipients) {
      const frame: EmailFrame = { type: 'email.status', mailId, recipients: after.recipients };
      await pushToUserConnections(ownerId, frame);
    }
  }
  const outside = recipients.filter((status) => !status.internal).length;
  if (outside > 0) {
    try {
      await enqueueJob(
        'email.send-outside',
        { ownerId, mailId },
        { id: `email-out:${mailId}`, label: `Send mail ${mailId} outside` },
      );
    } catch (error) {
      // Queued by an earlier run of this job: the outside send happens once.
      if (!(error instanceof ConditionFailed && error.failed('job'))) throw error;
      logger.info('email.send-outside already queued', { mailId });
    }
  }
  return { delivered, outside };
};

export const deliverJob: JobDefinition<MailJobPayload> = {
  delivery: 'at-least-once',
  backoff: { baseMs: 500, capMs: 30_000 },
  run: (payload) => deliverMail(payload),
};
