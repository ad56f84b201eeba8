import { sendTextThroughChannel } from '../channels/send-service';
import { findEmailChannel } from '../core/email-channel';
import { isSuppressed } from '../core/email-suppression';
import { PermanentJobError } from '../core/jobs/errors';
import type { AudienceMember, MailingChannel } from './audience-filter';
import { putSesLink } from './delivery-repository';
import { buildMailingEmail, buildMailingText, sendMailingEmail } from './send-one';

/**
 * One step to one person, as a mailing's email is sent (send-one.ts): the person's variables,
 * the RFC 8058 one-click headers and the footer link to the unsubscribe page, whose signed token
 * names the sequence where a mailing's names the mailing (an opt-out through it is the person's,
 * for every mailing and sequence). A Telegram step goes as a Telegram mailing does (delivery-jobs.ts):
 * plain text with the footer line and page link, through the channel the person is known on.
 */
export interface SequenceMessage {
  readonly sequenceId: string;
  readonly channel: MailingChannel;
  readonly subject: string;
  readonly html: string;
}

export type SendOutcome =
  | { readonly status: 'sent'; readonly messageId?: string }
  | { readonly status: 'suppressed' }
  | { readonly status: 'failed'; readonly detail: string };

/** The step through the person's Telegram channel identity (the channels' own transport). */
const sendByTelegram = async (
  member: AudienceMember,
  message: SequenceMessage,
  step: number,
  signal: AbortSignal,
): Promise<SendOutcome> => {
  if (!member.channelId) throw new PermanentJobError('No Telegram channel');
  const email = await findEmailChannel();
  const text = await buildMailingText(
    { mailingId: message.sequenceId, subject: message.subject, html: message.html },
    member,
    email?.fromName || 'Orbit',
  );
  // The message id names the sequence, the person and the step: one send of each, at most.
  const outcome = await sendTextThroughChannel(
    member.channelId,
    member.address,
    text,
    `${message.sequenceId}#${member.personId}#${step}`,
    signal,
  );
  return outcome.status === 'sent'
    ? { status: 'sent', ...(outcome.providerMessageId ? { messageId: outcome.providerMessageId } : {}) }
    : { status: 'failed', detail: `${outcome.status}: ${outcome.detail}` };
};

export const sendSequenceMessage = async (
  member: AudienceMember,
  message: SequenceMessage,
  step: number,
  signal: AbortSignal,
): Promise<SendOutcome> => {
  if (message.channel === 'telegram') return sendByTelegram(member, message, step, signal);
  if (await isSuppressed(member.address)) return { status: 'suppressed' };
  const channel = await findEmailChannel();
  // As the notifications do: the configured sender, or the local one on one machine.
  const fromAddress =
    channel?.fromAddress ??
    (process.env.NOTIFICATIONS_FROM_EMAIL ||
      (process.env.AWS_LAMBDA_FUNCTION_NAME ? undefined : 'no-reply@orbit.local'));
  if (!fromAddress) throw new PermanentJobError('No email channel is connected');
  const raw = await buildMailingEmail(
    { mailingId: message.sequenceId, subject: message.subject, html: message.html },
    member,
    { fromAddress, fromName: channel?.fromName || 'Orbit' },
  );
  const { messageId } = await sendMailingEmail(raw, member.address, signal);
  // SES's delivery event finds the step by this link (ses-events.ts); a link that fails to record
  // costs only that one count, never a second send.
  await putSesLink({
    sesMessageId: messageId,
    mailingId: message.sequenceId,
    personId: member.personId,
    sequenceStep: step,
  }).catch(() => undefined);
  return { status: 'sent', messageId };
};
