import * as v from 'valibot';

import type { ChannelType } from '../core/channel-types';
import { isRecordId, object, queryLimit, recordId, trimInvisible } from '../core/schema';
import { contactStatuses, type ContactStatus } from '../core/users/records';

/**
 * The chat contract, imported by the web app too (so this file imports no server code): request
 * schemas, response shapes of docs/product.md#calls, and the WebSocket frames in both directions. valibot, like
 * every contract (see auth/contract.ts): its functions tree-shake.
 */

/**
 * The contact statuses of docs/product.md#behaviour: presence, then the lead stages. A profile
 * stores one (core/users/records.ts, a module of plain values, so the web app may carry it).
 */
export const chatContactStatuses = contactStatuses;
export type ChatContactStatus = ContactStatus;

export const presenceStatuses = ['online', 'away', 'offline'] as const satisfies readonly ChatContactStatus[];
export type PresenceStatus = (typeof presenceStatuses)[number];
export const isPresenceStatus = (status: string): status is PresenceStatus =>
  (presenceStatuses as readonly string[]).includes(status);
/** The statuses an admin sets on a contact: the lead stages (presence follows the person). */
export const leadStatuses = [
  'success',
  'contact_received',
  'interest_shown',
  'closed',
  'deleted',
] as const satisfies readonly ChatContactStatus[];

export const messageMaxLength = 4000;
/** Length as people count it: an emoji is one character, not two UTF-16 units. */
export const characterCount = (text: string): number => [...text].length;

export const messageText = v.pipe(
  v.string('Message is required'),
  trimInvisible(),
  v.check((text) => text.length > 0, 'Message cannot be empty'),
  v.check((text) => characterCount(text) <= messageMaxLength, `Message must be at most ${messageMaxLength} characters`),
);

/** `senderId` is accepted for the shape of docs/product.md#calls and ignored: the sender is always the caller. */
export const sendMessageRequest = object({ message: messageText, senderId: v.optional(v.unknown()) });
export type SendMessageRequest = v.InferInput<typeof sendMessageRequest>;

/**
 * The earlier product left the status update's parameters unclear (docs/product.md#calls: its handler
 * read path parameters the path does not define). Orbit takes both in the body.
 */
export const contactStatusUpdateRequest = object({
  userId: v.pipe(v.string('userId is required'), trimInvisible(), v.check(isRecordId, 'userId is required')),
  // Presence (online, away, offline) follows the person's own activity: an admin sets lead stages only.
  status: v.picklist(leadStatuses, `Status must be one of: ${leadStatuses.join(', ')}`),
});
export type ContactStatusUpdateRequest = v.InferInput<typeof contactStatusUpdateRequest>;

export const chatsAndContactsQuery = object({
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'Search is at most 200 characters'))),
  statusFilter: v.optional(v.pipe(v.string(), v.maxLength(500, 'Status filter is at most 500 characters'))),
});

export const maxContactSearchResults = 20;

/** The navbar search's people: a name fragment and how many at most. */
export const contactsQuery = object({
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'Search is at most 200 characters'))),
  limit: v.optional(queryLimit(maxContactSearchResults)),
});

export const defaultMessagePageSize = 50;
export const maxMessagePageSize = 100;

export const messagesQuery = object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(queryLimit(maxMessagePageSize)),
});

export interface MessageFeedback {
  readonly isSent: boolean;
  readonly isDelivered: boolean;
  readonly isSeen: boolean;
}

/** A channel reply's sending (docs/channels.md): queued, then what the channel answered. */
export const deliveryStatuses = ['queued', 'sent', 'delivered', 'failed', 'unknown'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export interface ChatMessageDelivery {
  readonly status: DeliveryStatus;
  /** Why it failed (the channel's answer); shown with the retry. */
  readonly error?: string;
}

export interface ChatMessage {
  readonly id: string;
  readonly message: string;
  /** ISO 8601. */
  readonly time: string;
  readonly senderId: string;
  readonly feedback: MessageFeedback;
  /** The channel it came in or went out through (the UI shows its icon); absent in-app. */
  readonly channel?: ChannelType;
  /** An admin's reply to a channel contact: failed and unknown can be retried. */
  readonly delivery?: ChatMessageDelivery;
}

export interface Contact {
  readonly id: string;
  readonly fullName: string;
  /** A staff role ('admin', 'manager', 'support', 'users', 'restricted-user'), 'client' or 'lead'; the UI shows it translated. */
  readonly role: string;
  readonly about: string;
  readonly avatar: string | null;
  readonly status: ChatContactStatus;
  /** A lead who came through a channel: which kind (the UI shows its icon). */
  readonly channel?: ChannelType;
  /** The person's mailing tags, when they have any (the contact panel shows and edits them). */
  readonly tags?: readonly string[];
}

export interface ProfileUser extends Contact {
  readonly settings: {
    readonly isTwoStepAuthVerificationEnabled: boolean;
    readonly isNotificationsOn: boolean;
  };
}

/** A chat as the contact list shows it. */
export interface ChatSummary {
  readonly id: number;
  readonly unseenMsgs: number;
  readonly lastMessage: ChatMessage;
}

export interface ChatContact extends Contact {
  readonly chat: ChatSummary;
}

/** GET /api/apps/chat/contacts: the contacts found, by name. */
export interface ContactsResponse {
  readonly contacts: Contact[];
}

export interface ChatsAndContactsResponse {
  /** Contacts that have a chat, newest message first. */
  readonly chatsContacts: ChatContact[];
  /** Every contact the caller may talk to (with or without a chat). */
  readonly contacts: Contact[];
  readonly profileUser: ProfileUser;
}

/** An open chat: the newest page of messages, oldest first, and a cursor for older ones. */
export interface Chat {
  readonly id: number;
  /** The contact's id (docs/product.md#stored-values). */
  readonly userId: string;
  readonly unseenMsgs: number;
  readonly messages: ChatMessage[];
  readonly nextCursor: string | null;
}

export interface OpenChatResponse {
  /** null until the first message. */
  readonly chat: Chat | null;
  readonly contact: Contact;
}

export interface MessagesPage {
  /** Oldest first, like chat.messages; the page just before the cursor. */
  readonly messages: ChatMessage[];
  readonly nextCursor: string | null;
}

export interface SendMessageResponse {
  readonly msg: ChatMessage;
  /** Only when this message created the conversation. */
  readonly chat?: Chat;
}

/** POST …/messages/{messageId}/retry: the message, queued again. */
export interface RetryDeliveryResponse {
  readonly msg: ChatMessage;
}

export interface ContactStatusUpdateResponse {
  /** The caller's chat with the contact, if any. */
  readonly chat: ChatSummary | null;
  readonly contact: Contact;
}

/** Frames the browser sends on the WebSocket ($default route). */
/** An id in a frame: a record id (never empty, never long). */
const frameId = /* @__NO_SIDE_EFFECTS__ */ () => recordId();

export const clientFrame = v.variant('action', [
  /** The browser received the contact's messages up to this one. */
  object({ action: v.literal('delivered'), contactId: frameId(), messageId: frameId() }),
  /** The chat with the contact is open and showed messages up to this one. */
  object({ action: v.literal('seen'), contactId: frameId(), messageId: frameId() }),
  object({ action: v.literal('typing'), contactId: frameId(), isTyping: v.boolean() }),
  /** Activity: 'away' after the user went idle, 'online' when they are back. */
  object({ action: v.literal('presence'), status: v.picklist(['online', 'away']) }),
  /** Keeps the connection from API Gateway's 10-minute idle timeout; answered with pong. */
  object({ action: v.literal('ping') }),
]);
export type ClientFrame = v.InferOutput<typeof clientFrame>;

/** Frames the server pushes (postToConnection). `contactId` is always from the receiver's view. */
export type ServerFrame =
  | {
      readonly type: 'message';
      readonly contactId: string;
      readonly chatId: number;
      readonly msg: ChatMessage;
    }
  | {
      /** How far the contact has received / seen the receiver's messages. */
      readonly type: 'receipt';
      readonly contactId: string;
      readonly deliveredUpTo: string | null;
      readonly seenUpTo: string | null;
    }
  | {
      /** A channel reply's delivery changed (sent, delivered, failed, unknown, queued again). */
      readonly type: 'delivery';
      readonly contactId: string;
      readonly messageId: string;
      readonly delivery: ChatMessageDelivery;
    }
  | { readonly type: 'typing'; readonly contactId: string; readonly isTyping: boolean }
  | { readonly type: 'status'; readonly userId: string; readonly status: ChatContactStatus }
  | { readonly type: 'pong' }
  | { readonly type: 'error'; readonly message: string };

/** `POST /api/realtime/ticket`: what the next handshake passes as `/ws?ticket=` (once, within `expiresInSeconds`). */
export interface SocketTicketResponse {
  readonly ticket: string;
  readonly expiresInSeconds: number;
}
