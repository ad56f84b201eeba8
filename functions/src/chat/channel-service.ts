import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import type { ChannelType } from '../core/channel-types';
import { contactEventPart } from '../core/contact-events';
import { ConditionFailed, putPart, transactWrite, type TransactionPart } from '../core/db';
import { ConflictError, NotFoundError } from '../core/errors';
import { ulid } from '../core/ids';
import { ttlAttribute } from '../core/table';
import type { RetryDeliveryResponse, ServerFrame } from './contract';
import {
  createChannelLead,
  findLeadIdByIdentity,
  leadRole,
  listContactsByRole,
  type ContactRecord,
} from './contacts-repository';
import { readContactAndChat } from './context-repository';
import { deliveryPart, getMessage, isMessageId, setDelivery, storeMessage, type NewMessage } from './repository';
import { inboundClaimEntity } from './entities';
import type { ConnectionRecord } from '../core/connections/records';
import type { ChannelDeliveryPayload, MessageDelivery, StoredMessage } from './records';
import { findVisibleContactAndChat, viewerOf } from './access';
import { deliveryJob, replyIdentity } from './channel-replies';
import { broadcastStatus, pushToConnections, pushToUser } from './live-updates';
import { toChatMessage } from './rules';

/**
 * What the channels area calls of the chat (never its repositories): a message from the outside
 * world lands in a chat, a channel's answer about a reply is recorded, an admin retries a failed
 * reply, and the lead board's cards.
 */

export type { ChannelDeliveryPayload, ChannelIdentity } from './records';

const pushDelivery = async (
  senderId: string,
  contactId: string,
  messageId: string,
  delivery: MessageDelivery,
  connections?: readonly ConnectionRecord[],
): Promise<void> => {
  const frame: ServerFrame = {
    type: 'delivery',
    contactId,
    messageId,
    delivery: { status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) },
  };
  await (connections ? pushToConnections(connections, frame) : pushToUser(senderId, frame));
};

/**
 * A channel's answer about a reply (the 'channel.deliver' job's outcome): sent, delivered,
 * failed or unknown, recorded on the message if it is still waiting for that job, and pushed to
 * the sender's open chats (the ticks). False when the message moved on (a retry took over).
 */
export const recordChannelDelivery = async (
  payload: Pick<ChannelDeliveryPayload, 'chatId' | 'messageId' | 'senderId' | 'contactId'>,
  jobId: string,
  outcome: { readonly status: Exclude<MessageDelivery['status'], 'queued'>; readonly error?: string },
): Promise<boolean> => {
  const delivery: MessageDelivery = {
    status: outcome.status,
    jobId,
    ...(outcome.error ? { error: outcome.error.slice(0, 500) } : {}),
  };
  const recorded = await setDelivery(payload.chatId, payload.messageId, delivery, {
    from: ['queued', 'failed', 'unknown'],
    jobId,
  });
  if (recorded) await pushDelivery(payload.senderId, payload.contactId, payload.messageId, delivery);
  return recorded;
};

/** A staff member sends a failed / unknown channel reply again: a new job, the same message. */
export const retryChannelReply = async (
  caller: Caller,
  request: () => { contactId: string; messageId: string },
): Promise<RetryDeliveryResponse> => {
  // Redelivering a chat's message is updating the chat (docs/roles.md): the administrator and
  // Client Communication may; clients, who only read and create, get 403 whatever they name.
  authorize(caller.ability, 'update', 'Chat');
  const viewer = viewerOf(caller);
  const { contactId, messageId } = request();
  const { contact, membership, viewerConnections } = await findVisibleContactAndChat(caller, viewer, contactId, {
    viewerConnections: true,
  });
  const message = membership && isMessageId(messageId) ? await getMessage(membership.chatId, messageId) : undefined;
  if (!membership || !message) throw new NotFoundError('Message not found');
  const identity = replyIdentity(contact);
  const retryable = ['failed', 'unknown'] as const;
  const status = message.delivery?.status;
  if (!identity || !status || !(retryable as readonly string[]).includes(status)) {
    throw new ConflictError({ message: ['Only a failed or unknown channel reply can be sent again'] });
  }
  const jobId = ulid();
  const delivery: MessageDelivery = { status: 'queued', jobId };
  try {
    await transactWrite([
      deliveryPart(membership.chatId, message.id, delivery, { from: retryable }),
      deliveryJob(
        {
          channelId: identity.channelId,
          chatId: membership.chatId,
          messageId: message.id,
          senderId: message.senderId,
          contactId: contact.id,
          to: identity.replyTo ?? identity.externalId,
          text: message.message,
        },
        jobId,
        contact.fullName,
        identity.type,
      ).part,
    ]);
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('delivery'))
      throw new ConflictError({ message: ['This reply is already being sent again'] });
    throw error;
  }
  const updated: StoredMessage = { ...message, delivery };
  await pushDelivery(viewer.id, contactId, message.id, delivery, viewerConnections);
  return { msg: toChatMessage(updated, viewer.id, membership) };
};

/** Inbound claims outlive any provider's retries (Telegram retries for about a day). */
const inboundClaimDays = 30;

export interface ChannelInboundMessage {
  readonly channel: { readonly id: string; readonly type: ChannelType; readonly ownerId: string };
  readonly sender: {
    /** The sender's id on the channel (Telegram user id, webhook from.id). */
    readonly externalId: string;
    /** Where replies go when not externalId (a Telegram chat id). */
    readonly replyTo?: string;
    readonly fullName: string;
    readonly phone?: string;
    readonly email?: string;
  };
  /** The delivery's id on the channel (update_id, messageId): a repeat stores nothing. */
  readonly externalMessageId: string;
  /** The text as the chat shows it (media already turned into notes by the channel). */
  readonly text: string;
}

export interface ChannelInboundResult {
  /** False when this delivery was stored before (a provider's retry). */
  readonly stored: boolean;
  readonly leadId: string;
  readonly newLead: boolean;
}

/** The lead behind a channel identity, created (status contact_received) on their first message. */
const findOrCreateChannelLead = async (
  input: ChannelInboundMessage,
  now: Date,
): Promise<{ leadId: string; created: boolean }> => {
  const { channel, sender } = input;
  const known = await findLeadIdByIdentity(channel.id, sender.externalId);
  if (known) return { leadId: known, created: false };
  const leadId = ulid(now.getTime());
  const created = await createChannelLead({
    id: leadId,
    fullName: sender.fullName,
    about: '',
    status: 'contact_received',
    source: channel.type,
    ...(sender.email ? { email: sender.email } : {}),
    ...(sender.phone ? { phone: sender.phone } : {}),
    createdAt: now.toISOString(),
    channel: { id: channel.id, type: channel.type },
    identity: {
      channelId: channel.id,
      type: channel.type,
      externalId: sender.externalId,
      ...(sender.replyTo && sender.replyTo !== sender.externalId ? { replyTo: sender.replyTo } : {}),
    },
  });
  if (created) return { leadId, created: true };
  // The same sender's other message created them a moment ago.
  const winner = await findLeadIdByIdentity(channel.id, sender.externalId);
  if (!winner) throw new Error('Identity claimed but not readable');
  return { leadId: winner, created: false };
};

/**
 * A message from the outside world (a Telegram update, an inbound webhook): finds or creates the
 * lead (one per channel identity), stores the message in the chat between the lead and the
 * channel's owner admin, at most once per delivery id (the claim is in the message's
 * transaction), and pushes it to the owner's open chats. A new lead is announced to the admins.
 */
export const receiveChannelMessage = async (
  input: ChannelInboundMessage,
  now = new Date(),
): Promise<ChannelInboundResult> => {
  const { leadId, created } = await findOrCreateChannelLead(input, now);
  const ownerId = input.channel.ownerId;
  const { membership, viewerConnections } = await readContactAndChat(ownerId, leadId, { viewerConnections: true });
  const claim: TransactionPart = putPart(
    'inbound',
    {
      ...inboundClaimEntity.key(input.channel.id, input.externalMessageId),
      type: inboundClaimEntity.type,
      [ttlAttribute]: Math.floor(now.getTime() / 1000) + inboundClaimDays * 86_400,
    },
    'attribute_not_exists(pk)',
  );
  const message: NewMessage = {
    senderId: leadId,
    recipientId: ownerId,
    message: input.text,
    time: now,
    channel: input.channel.type,
    // A known person writing back is a reply (their sequences stop, the mailing counts it), in
    // the message's transaction so a provider's retry writes it once; a first message is not.
    parts: () =>
      created
        ? [claim]
        : [
            claim,
            contactEventPart(
              { type: 'replied', contactId: leadId, channel: input.channel.type, at: now.toISOString() },
              { now },
            ),
          ],
  };
  let stored: StoredMessage;
  try {
    ({ message: stored } = await storeMessage(message, membership));
  } catch (error) {
    if (error instanceof ConditionFailed && error.failed('inbound')) return { stored: false, leadId, newLead: created };
    throw error;
  }
  await Promise.all([
    pushToConnections(viewerConnections, {
      type: 'message',
      contactId: leadId,
      chatId: stored.chatId,
      msg: toChatMessage(stored, ownerId),
    }),
    created ? broadcastStatus({ id: leadId, role: leadRole }, 'contact_received') : Promise.resolve(),
  ]);
  return { stored: true, leadId, newLead: created };
};

/** The lead board's cards: every lead, with the channel each came from (one Query). */
export const listLeads = async (): Promise<ContactRecord[]> => listContactsByRole(leadRole);

export type { ContactRecord } from './contacts-repository';
