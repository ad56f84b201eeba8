import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { NotFoundError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { chargeRate, peekRate, rateLimitedError, type RateLimit, type RateSpend } from '../core/rate-window';
import { userPartitionKey } from '../core/users/entities';
import { jobPart } from '../core/jobs/enqueue';
import { copyObject, headObject } from '../core/media/object-store';
import { pendingMailPrefix, storedAttachmentKey } from './attachment-keys';
import { authorizeCompose } from './compose-access';
import { toMailDetail } from './compose-views';
import { mailLimits, type MailDetail } from './contract';
import { getMailWithBody, removeDraftParts } from './drafts-repository';
import { ownDraft, staleDraft } from './drafts-service';
import './job-payloads';
import { composeMessages } from './messages';
import type { MailAttachment, MailRecipientStatus, MailRecord } from './records';
import { resolveRecipients } from './recipients';
import type { DraftVersionRequest } from './requests';
import { storeNewMail } from './store';

/**
 * Sending a draft (docs/email.md, "Drafts, sending, threads"): checked (recipients, the client
 * rule, the uploads really there), then ONE transaction turns it into the sender's copy in
 * `sent` — a new id, the send time, each recipient `queued` — removes the draft (only at the
 * version read) and writes the `email.deliver` job (the outbox): the mail is sent exactly when
 * the draft is gone, and delivered by background work (delivery-job.ts).
 */

/**
 * Mail to addresses outside the workspace, per sender (docs/email.md, "Drafts, sending,
 * threads"; docs/decisions.md, "Security: abuse limits in one counting window"): at most 50
 * outside recipients a minute (one mail to the most recipients a mail may have), 200 an hour and
 * 500 a day. A person writing to clients and suppliers stays far below it; mail to many people
 * at once is a mailing, paced by the mailings' own throttle. Mail within the workspace is not
 * counted: it never leaves through the provider.
 */
export const outsideRecipientsLimit = {
  name: 'outside-recipients',
  windows: [
    { max: mailLimits.maxRecipients, seconds: 60 },
    { max: 200, seconds: 60 * 60 },
    { max: 500, seconds: 24 * 60 * 60 },
  ],
} as const satisfies RateLimit;

const outsideRecipientsCounted = 'outside recipients';

/** A send to `count` outside addresses, counted in the sender's own partition. */
const outsideRecipientsOf = (ownerId: string, count: number): RateSpend => ({
  limit: outsideRecipientsLimit,
  pk: userPartitionKey(ownerId),
  amount: count,
});

const mimeOf = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Each attachment as S3 holds it: there, of the type and size declared (400 on `attachments`
 * otherwise), then moved out of the expiring pending prefix to its lasting key.
 */
const keepAttachments = async (attachments: readonly MailAttachment[]): Promise<MailAttachment[]> => {
  const heads = await Promise.all(attachments.map((file) => headObject(file.key)));
  const problems = heads.flatMap((head, index) => {
    const file = attachments[index] as MailAttachment;
    if (!head) return [`${file.name}: ${composeMessages.attachmentMissing}`];
    if (mimeOf(head.contentType) !== file.type || head.contentLength !== file.size) {
      return [`${file.name}: ${composeMessages.attachmentMismatch}`];
    }
    return [];
  });
  if (problems.length > 0) throw new ValidationError({ attachments: problems });
  return Promise.all(
    attachments.map(async (file) => {
      if (!file.key.startsWith(pendingMailPrefix)) return file;
      const key = storedAttachmentKey(file.id);
      await copyObject(file.key, key);
      return { ...file, key };
    }),
  );
};

export const sendDraft = async (
  caller: Caller,
  id: string,
  request: () => DraftVersionRequest,
): Promise<MailDetail> => {
  const ownerId = authorizeCompose(caller);
  const current = await ownDraft(ownerId, id);
  const { version } = request();
  if (current.mail.version !== version) throw staleDraft(current);
  const draft = current.mail;
  const count = draft.to.length + draft.cc.length + draft.bcc.length;
  if (count === 0) throw new ValidationError({ to: [composeMessages.noRecipients] });
  if (count > mailLimits.maxRecipients) throw new ValidationError({ to: [composeMessages.tooManyRecipients] });
  const resolved = await resolveRecipients(caller, draft);

  const now = new Date();
  const at = now.toISOString();
  const statuses = new Map<string, MailRecipientStatus>();
  for (const entry of [...resolved.to, ...resolved.cc, ...resolved.bcc]) {
    if (!statuses.has(entry.address)) {
      statuses.set(entry.address, {
        address: entry.address,
        internal: entry.userId !== undefined,
        status: 'queued',
        at,
      });
    }
  }
  const outside = [...statuses.values()].filter((status) => !status.internal).length;
  const spends = [outsideRecipientsOf(ownerId, outside)];
  // With attachments to copy, a send over the limit is refused before copying them (one read);
  // in every case the transaction's condition decides.
  const early = draft.attachments.length > 0 ? await peekRate(spends, now.getTime()) : undefined;
  if (early) throw rateLimitedError(early, outsideRecipientsCounted);
  const attachments = await keepAttachments(draft.attachments);
  const sent: MailRecord = {
    ...draft,
    id: ulid(now.getTime()),
    folder: 'sent',
    read: true,
    to: resolved.to,
    cc: resolved.cc,
    bcc: resolved.bcc,
    attachments,
    recipients: [...statuses.values()],
    date: at,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  const deliver = jobPart(
    'email.deliver',
    { ownerId, mailId: sent.id },
    { id: `email-deliver:${sent.id}`, label: `Deliver mail ${sent.id}`, now },
  );
  const counted = chargeRate(spends, now.getTime());
  try {
    await storeNewMail(sent, { html: current.body.html, text: current.body.text }, [
      ...removeDraftParts(ownerId, id, version),
      deliver.part,
      ...counted.parts,
    ]);
  } catch (error) {
    const refusal = counted.refusalOf(error);
    if (refusal) throw rateLimitedError(refusal, outsideRecipientsCounted);
    if (error instanceof ConditionFailed && error.failed('draft')) {
      const now = await getMailWithBody(ownerId, id);
      if (!now || now.mail.folder !== 'draft') throw new NotFoundError('Draft not found');
      throw staleDraft(now);
    }
    throw error;
  }
  return toMailDetail(sent, current.body);
};
