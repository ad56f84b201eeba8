import type { ChannelType } from '../core/channel-types';
import { ulid } from '../core/ids';
import { jobPart } from '../core/jobs/enqueue';
import { leadRole, type ContactRecord } from './contacts-repository';
import type { NewMessage } from './repository';
import type { ChannelDeliveryPayload, ChannelIdentity } from './records';

/**
 * A reply to a lead who came through a channel goes out through it: the message carries its
 * channel and a queued delivery, and its 'channel.deliver' job is written in the same
 * transaction (the outbox). Used when sending (service.ts) and when retrying (channel-service.ts).
 */
/** Where a lead's replies go: their first channel identity (the channel they came through). */
export const replyIdentity = (contact: ContactRecord): ChannelIdentity | undefined =>
  contact.role === leadRole ? contact.channelIdentities?.[0] : undefined;

export const deliveryJob = (payload: ChannelDeliveryPayload, jobId: string, contactName: string, type: ChannelType) =>
  jobPart('channel.deliver', payload, {
    id: jobId,
    label: `Reply to ${contactName} via ${type}`,
  });

/** The channel part of a reply to a lead: the message's channel, its queued delivery and its job. */
export const channelReply = (contact: ContactRecord, senderId: string, text: string): Partial<NewMessage> => {
  const identity = replyIdentity(contact);
  if (!identity) return {};
  const jobId = ulid();
  return {
    channel: identity.type,
    delivery: { status: 'queued', jobId },
    parts: (message) => [
      deliveryJob(
        {
          channelId: identity.channelId,
          chatId: message.chatId,
          messageId: message.id,
          senderId,
          contactId: contact.id,
          to: identity.replyTo ?? identity.externalId,
          text,
        },
        jobId,
        contact.fullName,
        identity.type,
      ).part,
    ],
  };
};
