import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';

import { db, isConditionFailure, putPart, transactWrite } from '../../core/db';
import { findEmailChannel } from '../../core/email-channel';
import { PermanentJobError, UnknownOutcomeError } from '../../core/jobs/errors';
import { getObject } from '../../core/media/object-store';
import { tableName } from '../../core/table';
import { sendRawEmail } from '../../core/transports/email';
import { mailBodyEntity } from '../entities';
import type { MailJobPayload } from '../job-payloads';
import type { MailAddress, MailRecord } from '../records';
import { messageIdEntity, outsideSendClaimType, sendClaimKey, sesMessageEntity } from './entities';
import { buildRawMail, senderDisplayName } from './mime';
import { setRecipientStatuses, readMail, type StatusChange } from './status';
import { isSuppressed } from '../../core/email-suppression';

/**
 * `email.send-outside` (at most once; docs/email.md, "Delivery"): one SES send of a sent mail
 * to its outside recipients that are not suppressed. A claim in the sender's mailbox is written
 * before the call, so a second run of this mail (a second job, a replay) never sends again; it
 * is released only when SES answered that it did not take the mail.
 */

/** To, Cc and Bcc without a workspace user, each address once. */
export const outsideRecipients = (mail: Pick<MailRecord, 'to' | 'cc' | 'bcc'>): string[] => {
  const addresses = new Set<string>();
  for (const recipient of [...mail.to, ...mail.cc, ...mail.bcc] as MailAddress[]) {
    if (!recipient.userId) addresses.add(recipient.address.toLowerCase());
  }
  return [...addresses];
};

const claimSend = async (ownerId: string, mailId: string, now: Date): Promise<boolean> => {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...sendClaimKey(ownerId, mailId), type: outsideSendClaimType, at: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

const releaseSend = (ownerId: string, mailId: string) =>
  db().send(new DeleteCommand({ TableName: tableName(), Key: sendClaimKey(ownerId, mailId) }));

/** SES answered (an HTTP status): it did not take the mail. No answer: it may have. */
const answeredStatus = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

const readAttachments = async (mail: MailRecord, signal: AbortSignal) =>
  Promise.all(
    mail.attachments.map(async (attachment) => {
      const response = await getObject(attachment.key, undefined, signal);
      if (!response.ok)
        throw new PermanentJobError(`Attachment ${attachment.name} could not be read (${response.status})`);
      return { name: attachment.name, type: attachment.type, content: Buffer.from(await response.arrayBuffer()) };
    }),
  );

export interface SendOutsideResult {
  readonly sent: number;
  readonly suppressed: number;
  readonly sesMessageId?: string;
  readonly skipped?: 'already sent' | 'no outside recipients';
}

export const sendOutside = async (
  { ownerId, mailId }: MailJobPayload,
  { now, signal }: { now: Date; signal: AbortSignal },
): Promise<SendOutsideResult> => {
  const mail = await readMail(ownerId, mailId);
  if (!mail) throw new PermanentJobError('The sent mail is gone');
  const outside = outsideRecipients(mail);
  if (outside.length === 0) return { sent: 0, suppressed: 0, skipped: 'no outside recipients' };
  const channel = await findEmailChannel();
  if (!channel) throw new PermanentJobError('No email channel is connected: mail to outside addresses cannot be sent');
  if (channel.paused)
    throw new PermanentJobError('The email channel is paused: mail to outside addresses was not sent');

  const suppressed = new Set<string>();
  await Promise.all(
    outside.map(async (address) => {
      if (await isSuppressed(address)) suppressed.add(address);
    }),
  );
  const destinations = outside.filter((address) => !suppressed.has(address));
  const changes = new Map<string, StatusChange>(
    [...suppressed].map((address) => [
      address,
      { status: 'suppressed', detail: 'Suppressed after a bounce or complaint' },
    ]),
  );

  if (!(await claimSend(ownerId, mailId, now))) return { sent: 0, suppressed: 0, skipped: 'already sent' };
  if (destinations.length === 0) {
    await setRecipientStatuses(ownerId, mailId, changes, now);
    return { sent: 0, suppressed: suppressed.size };
  }

  const { Item: bodyItem } = await db().send(
    new GetCommand({ TableName: tableName(), Key: mailBodyEntity.key(ownerId, mailId), ConsistentRead: true }),
  );
  let raw: Buffer;
  try {
    raw = await buildRawMail({
      mail,
      from: { address: channel.fromAddress, name: senderDisplayName(mail.from.name, channel.fromName) },
      replyTo: channel.fromAddress,
      html: typeof bodyItem?.html === 'string' ? bodyItem.html : '',
      text: typeof bodyItem?.text === 'string' ? bodyItem.text : '',
      attachments: await readAttachments(mail, signal),
    });
  } catch (error) {
    await releaseSend(ownerId, mailId);
    throw error;
  }

  let sesMessageId: string;
  try {
    ({ messageId: sesMessageId } = await sendRawEmail(raw, destinations, signal));
  } catch (error) {
    const status = answeredStatus(error);
    if (status === undefined)
      throw new UnknownOutcomeError('SES did not answer: the mail may have been sent', { cause: error });
    await releaseSend(ownerId, mailId);
    const message = error instanceof Error ? error.message : String(error);
    if (status >= 400 && status < 500 && status !== 429)
      throw new PermanentJobError(`SES refused the mail: ${message}`);
    throw error;
  }

  await transactWrite([
    putPart('ses', sesMessageEntity.toItem({ sesMessageId, ownerId, mailId, messageId: mail.messageId })),
    putPart('messageId', messageIdEntity.toItem({ messageId: mail.messageId, ownerId, mailId })),
  ]);
  for (const address of destinations) changes.set(address, { status: 'sent' });
  await setRecipientStatuses(ownerId, mailId, changes, now, { sesMessageId });
  return { sent: destinations.length, suppressed: suppressed.size, sesMessageId };
};

/** The send gave up (dead, or an unknown outcome): the outside recipients still queued show it. */
export const markOutsideFailed = async ({ ownerId, mailId }: MailJobPayload, detail: string): Promise<void> => {
  const mail = await readMail(ownerId, mailId);
  if (!mail) return;
  const changes = new Map<string, StatusChange>();
  for (const address of outsideRecipients(mail)) {
    const current = mail.recipients?.find((recipient) => recipient.address === address);
    if (!current || current.status === 'queued')
      changes.set(address, { status: 'failed', detail: detail.slice(0, 300) });
  }
  if (changes.size > 0) await setRecipientStatuses(ownerId, mailId, changes);
};
