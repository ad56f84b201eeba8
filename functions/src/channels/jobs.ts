import { PermanentJobError, UnknownOutcomeError } from '../core/jobs/errors';
import type { JobDefinition, JobRegistry } from '../core/jobs/definition';
import type { JobPayloads, JobRecord } from '../core/jobs/records';
import { openSecret } from '../core/secret-box';
import { sendEmail } from '../core/transports/email';
import { sendSms } from '../core/transports/sms';
import { recordChannelDelivery } from '../chat/channel-service';
import type { OutboundWebhookMessage } from './contract';
import type { ChannelRecord } from './records';
import { getChannel, recordSendOutcome, setLastTest } from './repository';
import { ChannelCallError, failureOfStatus, failureOfThrown } from './transports/outcome';
import { deleteWebhook, sendTelegramMessage } from './transports/telegram';
import { postSignedWebhook } from './transports/webhook';

/**
 * The channels' background work (docs/channels.md): replies to leads, test messages, and a
 * removed bot's webhook. Sends are at-most-once: a failure that surely sent nothing (429, 5xx,
 * a refused connection) is retried with back-off; a refusal (bad token, no such chat) is dead at
 * once; a timeout after sending is `unknown`, never repeated by itself.
 */

export type SendStatus = 'sent' | 'delivered';

export interface SendResult {
  /** sent: the provider took it (Telegram, SES, SMS); delivered: the receiver acknowledged it (webhook 2xx). */
  readonly status: SendStatus;
  readonly providerMessageId?: string;
}

/** An AWS SDK failure in the channel's terms: its HTTP status if it had one, else a network failure. */
const sdkFailure = (error: unknown, what: string): ChannelCallError => {
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  if (typeof status === 'number') {
    const name = error instanceof Error ? error.name : 'Error';
    return failureOfStatus(status, `${what}: ${name}`);
  }
  return failureOfThrown(error, what);
};

/** Turns a channel's failure into the job outcome it means (core/jobs/errors.ts). */
export const asJobError = (error: unknown): Error => {
  if (!(error instanceof ChannelCallError)) return error instanceof Error ? error : new Error(String(error));
  // The channel's error stays the cause: a caller that needs more than the outcome's kind
  // (the HTTP status, Telegram's retry_after) reads it there.
  if (error.kind === 'permanent') return new PermanentJobError(error.message, { cause: error });
  if (error.kind === 'unknown') return new UnknownOutcomeError(error.message, { cause: error });
  return new Error(error.message, { cause: error });
};

/** Sends one text through a channel; throws a job error of the right kind. */
export const sendThroughChannel = async (
  channel: ChannelRecord,
  message: { to?: string; text: string; messageId: string; kind: OutboundWebhookMessage['type'] },
  now: Date,
  signal?: AbortSignal,
): Promise<SendResult> => {
  if (channel.status === 'paused') throw new PermanentJobError('The channel is paused');
  try {
    switch (channel.type) {
      case 'telegram': {
        if (!channel.sealedSecret || !message.to) throw new PermanentJobError('No Telegram chat to send to');
        const token = await openSecret(channel.sealedSecret, 'channel');
        const sent = await sendTelegramMessage(token, message.to, message.text, signal);
        return { status: 'sent', providerMessageId: sent.messageId };
      }
      case 'webhook': {
        if (!channel.sealedSecret) throw new PermanentJobError('The channel has no signing secret');
        const secret = await openSecret(channel.sealedSecret, 'channel');
        const payload: OutboundWebhookMessage = {
          type: message.kind,
          messageId: message.messageId,
          to: message.to ? { id: message.to } : null,
          text: message.text,
          channelId: channel.id,
          sentAt: now.toISOString(),
        };
        await postSignedWebhook(channel.config.outboundUrl, secret, payload, signal);
        return { status: 'delivered' };
      }
      case 'email': {
        if (!message.to) throw new PermanentJobError('No email address to send to');
        try {
          const sent = await sendEmail(
            {
              from: { address: channel.config.fromAddress, name: channel.config.fromName },
              to: [message.to],
              subject: message.kind === 'test' ? 'Test message from Orbit' : `Message from ${channel.config.fromName}`,
              text: message.text,
            },
            signal,
          );
          return { status: 'sent', providerMessageId: sent.messageId };
        } catch (error) {
          throw sdkFailure(error, 'Email');
        }
      }
      case 'sms': {
        if (!message.to) throw new PermanentJobError('No phone number to send to');
        try {
          const sent = await sendSms({ to: message.to, text: message.text }, signal);
          return { status: 'sent', providerMessageId: sent.messageId };
        } catch (error) {
          throw sdkFailure(error, 'SMS');
        }
      }
    }
  } catch (error) {
    throw asJobError(error);
  }
};

const loadChannel = async (channelId: string): Promise<ChannelRecord> => {
  const channel = await getChannel(channelId);
  if (!channel) throw new PermanentJobError('The channel was removed');
  return channel;
};

const resultStatus = (result: unknown): SendStatus =>
  (result as Partial<SendResult> | null)?.status === 'delivered' ? 'delivered' : 'sent';

/** What the admin reads: the provider's answer, without the runner's error-class prefix. */
const lastErrorOf = (job: JobRecord) =>
  job.lastError?.replace(/^(PermanentJobError|UnknownOutcomeError|Error): /, '') ??
  (job.status === 'unknown' ? 'Outcome unknown' : 'Failed');

/** An admin's reply to a lead (queued by the chat with the message, in one transaction). */
export const channelDeliverJob: JobDefinition<JobPayloads['channel.deliver']> = {
  delivery: 'at-most-once',
  run: async (payload, { now, signal }) =>
    sendThroughChannel(
      await loadChannel(payload.channelId),
      { to: payload.to, text: payload.text, messageId: payload.messageId, kind: 'message' },
      now,
      signal,
    ),
  // The channel's counts first, then the message's status: whoever sees the reply sent or failed
  // finds the channel's counts already saying so.
  onDone: async (payload, job, result) => {
    const at = new Date();
    await recordSendOutcome(payload.channelId, { ok: true }, at);
    await recordChannelDelivery(payload, job.id, { status: resultStatus(result) });
  },
  onGiveUp: async (payload, job) => {
    const error = lastErrorOf(job);
    const status = job.status === 'unknown' ? 'unknown' : 'failed';
    // An unknown outcome may well have been sent: only a known failure counts against the channel.
    if (status === 'failed') await recordSendOutcome(payload.channelId, { ok: false, error }, new Date());
    await recordChannelDelivery(payload, job.id, { status, error });
  },
};

export const testMessageText = (channel: ChannelRecord): string =>
  `Test message from Orbit: the channel "${channel.name}" can send.`;

/** A test message to the admin who asked; its outcome lands in the channel's lastTest. */
export const channelTestJob: JobDefinition<JobPayloads['channel.test']> = {
  delivery: 'at-most-once',
  run: async (payload, { now, job, signal }) => {
    const channel = await loadChannel(payload.channelId);
    return sendThroughChannel(
      channel,
      { ...(payload.to ? { to: payload.to } : {}), text: testMessageText(channel), messageId: job.id, kind: 'test' },
      now,
      signal,
    );
  },
  onDone: async (payload) => {
    const at = new Date();
    await setLastTest(payload.channelId, { status: 'sent', at: at.toISOString() });
    await recordSendOutcome(payload.channelId, { ok: true }, at, { countAsMessage: false });
  },
  onGiveUp: async (payload, job) => {
    const at = new Date();
    const error = lastErrorOf(job);
    await setLastTest(payload.channelId, { status: 'failed', at: at.toISOString(), error });
    if (job.status !== 'unknown')
      await recordSendOutcome(payload.channelId, { ok: false, error }, at, { countAsMessage: false });
  },
};

/** A removed bot's webhook: deleteWebhook is idempotent, so this may run again safely. */
export const channelUnhookJob: JobDefinition<JobPayloads['channel.unhook']> = {
  delivery: 'at-least-once',
  run: async (payload) => {
    try {
      await deleteWebhook(await openSecret(payload.sealedToken, 'channel'));
      return { removed: true };
    } catch (error) {
      throw asJobError(error);
    }
  },
};

/** The channels' job kinds, for the worker's registry (functions/src/worker/registry.ts). */
export const channelJobs = {
  'channel.deliver': channelDeliverJob,
  'channel.test': channelTestJob,
  'channel.unhook': channelUnhookJob,
} satisfies JobRegistry;
