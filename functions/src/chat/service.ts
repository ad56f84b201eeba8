import * as v from 'valibot';

import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../core/errors';
import { logger } from '../core/logger';
import { getSession } from '../core/auth/sessions';
import {
  clientFrame,
  defaultMessagePageSize,
  maxContactSearchResults,
  type Chat,
  type ChatSummary,
  type ChatsAndContactsResponse,
  type ClientFrame,
  type ContactsResponse,
  type ContactStatusUpdateResponse,
  type MessagesPage,
  type OpenChatResponse,
  type PresenceStatus,
  type SendMessageResponse,
  type ChatContactStatus,
} from './contract';
import { addConnection, getConnection, removeConnection } from '../core/connections/repository';
import {
  listContactsByRole,
  listEveryContact,
  setContactStatus,
  leadRole,
  setPresence,
  type ContactRecord,
} from './contacts-repository';
import { readChatsAndProfile, readConnectionsOf, readContactAndChat } from './context-repository';
import { closeConnection, pushFrame } from './push';
import { isMessageId, listMessages, storeMessage, type NewMessage, type Watermarks } from './repository';
import type { ConnectionPurpose, ConnectionRecord } from '../core/connections/records';
import type { MembershipRecord, StoredMessage } from './records';
import { chatViewer, findVisibleContactAndChat, viewerOf } from './access';
import { channelReply } from './channel-replies';
import { advanceAndNotify, broadcastStatus, forgetConnection, pushToConnections } from './live-updates';
import { chatMessageNotificationParts } from '../core/notifications/producers';
import {
  canSeeContact,
  contactRolesFor,
  matchesFilters,
  newestFirst,
  toChatMessage,
  toContact,
  toProfileUser,
  type Viewer,
} from './rules';

/**
 * The chat's use cases. Other areas call the exported functions here or in channel-service.ts
 * (channels: inbound lead messages, reply deliveries), never the repositories. Each HTTP use case is one call with the `Caller`: it
 * authorises first and only then reads the request (passed as a function, since parsing it may
 * fail), so a caller who may not act gets 403 whatever they sent.
 */

const summaryOf = (membership: MembershipRecord, viewerId: string): ChatSummary => ({
  id: membership.chatId,
  unseenMsgs: membership.unseenMsgs,
  lastMessage: toChatMessage(membership.lastMessage, viewerId, membership),
});

const withReceipts = (membership: MembershipRecord, receipts: Watermarks, seen: boolean): MembershipRecord => ({
  ...membership,
  deliveredUpTo: receipts.deliveredUpTo ?? membership.deliveredUpTo,
  seenUpTo: receipts.seenUpTo ?? membership.seenUpTo,
  unseenMsgs: seen && receipts.seenUpTo === membership.lastIncomingId ? 0 : membership.unseenMsgs,
});

// ---- HTTP -----------------------------------------------------------------------------------

/**
 * Everyone the viewer may chat with (rules.ts), by id: staff see every role, so one Query of
 * every profile; a client sees the staff, so one Query per staff role's partition, together
 * (not every profile: the clients and leads are most of them).
 */
const visibleContactsOf = async (viewer: Viewer): Promise<Map<string, ContactRecord>> => {
  const roles = contactRolesFor(viewer.role);
  if (roles.length === 0) return new Map();
  const candidates = roles.includes('client')
    ? await listEveryContact()
    : (await Promise.all(roles.map((role) => listContactsByRole(role)))).flat();
  const visible = new Map<string, ContactRecord>();
  for (const contact of candidates) if (canSeeContact(viewer, contact)) visible.set(contact.id, contact);
  return visible;
};

const byName = (a: ContactRecord, b: ContactRecord) => a.fullName.localeCompare(b.fullName) || a.id.localeCompare(b.id);

export const listChatsAndContacts = async (
  caller: Caller,
  request: () => { q?: string; statusFilter?: string },
): Promise<ChatsAndContactsResponse> => {
  const viewer = chatViewer(caller);
  const filters = request();
  const [{ memberships, profile }, visible] = await Promise.all([
    readChatsAndProfile(viewer.id),
    visibleContactsOf(viewer),
  ]);
  if (!profile) throw new NotFoundError('User not found');

  // Listing the chats hands their last messages to the browser: that is delivery. This is also
  // how a reconnecting browser acknowledges what arrived while it was away. The senders' tabs to
  // tell are read together.
  const pending = memberships.filter(
    (membership) =>
      membership.lastIncomingId !== undefined &&
      (!membership.deliveredUpTo || membership.deliveredUpTo < membership.lastIncomingId) &&
      visible.has(membership.contactId),
  );
  const senders = await readConnectionsOf(pending.map((membership) => membership.contactId));
  const current = await Promise.all(
    memberships.map(async (membership) => {
      if (!pending.includes(membership) || !membership.lastIncomingId) return membership;
      const receipts = await advanceAndNotify(viewer.id, membership.contactId, 'delivered', membership.lastIncomingId, {
        membership,
        contactConnections: senders.get(membership.contactId) ?? [],
      });
      return receipts ? withReceipts(membership, receipts, false) : membership;
    }),
  );

  const keep = (contact: ContactRecord) => matchesFilters(contact, filters.q, filters.statusFilter);
  const chatsContacts = current
    .filter((membership) => {
      const contact = visible.get(membership.contactId);
      return contact !== undefined && keep(contact);
    })
    .sort(newestFirst)
    .map((membership) => ({
      ...toContact(visible.get(membership.contactId) as ContactRecord),
      chat: summaryOf(membership, viewer.id),
    }));
  const contacts = [...visible.values()].filter(keep).sort(byName).map(toContact);
  return { chatsContacts, contacts, profileUser: toProfileUser(profile) };
};

/**
 * The navbar search's people: the contacts whose name holds `q` (as the list's filter), by name,
 * at most `limit`. Unlike the list it reads no chat, so it delivers nothing: a search must not
 * tell a sender their message arrived.
 */
export const searchContacts = async (
  caller: Caller,
  request: () => { q?: string; limit?: number },
): Promise<ContactsResponse> => {
  const viewer = chatViewer(caller);
  const { q, limit = maxContactSearchResults } = request();
  const visible = await visibleContactsOf(viewer);
  const found = [...visible.values()].filter((contact) => matchesFilters(contact, q)).sort(byName);
  return { contacts: found.slice(0, limit).map(toContact) };
};

const toChat = (
  membership: MembershipRecord,
  viewerId: string,
  messages: StoredMessage[],
  olderThan: string | null,
): Chat => ({
  id: membership.chatId,
  userId: membership.contactId,
  unseenMsgs: membership.unseenMsgs,
  // Pages are read newest first; a chat shows them oldest first.
  messages: [...messages].reverse().map((message) => toChatMessage(message, viewerId, membership)),
  nextCursor: olderThan,
});

/** Opens the chat: the newest page, and everything the contact sent is now seen (unseenMsgs 0). */
export const openChat = async (caller: Caller, request: () => { contactId: string }): Promise<OpenChatResponse> => {
  const viewer = chatViewer(caller);
  const { contactId } = request();
  const { contact, membership, contactConnections } = await findVisibleContactAndChat(caller, viewer, contactId, {
    contactConnections: true,
  });
  if (!membership) return { chat: null, contact: toContact(contact) };
  const [page, receipts] = await Promise.all([
    listMessages(membership.chatId, defaultMessagePageSize),
    membership.lastIncomingId
      ? advanceAndNotify(viewer.id, contactId, 'seen', membership.lastIncomingId, { membership, contactConnections })
      : Promise.resolve(undefined),
  ]);
  const current = receipts ? withReceipts(membership, receipts, true) : membership;
  return {
    chat: toChat({ ...current, unseenMsgs: 0 }, viewer.id, page.messages, page.olderThan),
    contact: toContact(contact),
  };
};

/** Older history: the page just before `cursor` (an opaque value from nextCursor). */
export const listOlderMessages = async (
  caller: Caller,
  request: () => { contactId: string; cursor?: string; limit?: number },
): Promise<MessagesPage> => {
  const viewer = chatViewer(caller);
  const { contactId, ...query } = request();
  const { membership } = await findVisibleContactAndChat(caller, viewer, contactId);
  if (query.cursor !== undefined && !isMessageId(query.cursor))
    throw new ValidationError({ cursor: ['The cursor is not valid'] });
  if (!membership) throw new NotFoundError('No chat with this contact yet');
  const page = await listMessages(membership.chatId, query.limit ?? defaultMessagePageSize, query.cursor);
  const { messages, nextCursor } = toChat(membership, viewer.id, page.messages, page.olderThan);
  return { messages, nextCursor };
};

/**
 * Sends a message from the viewer. The first message between two people creates their chat
 * (id = chat count + 1). The recipient's open windows and the sender's other tabs get it live.
 * `request` is what the path names, `body` the message: read only once the contact is one the
 * caller may write to (another is a 404 whatever the body says).
 */
export const sendMessage = async (
  caller: Caller,
  request: () => { contactId: string },
  body: () => { message: string; messageId?: string },
  now = new Date(),
): Promise<SendMessageResponse> => {
  // Sending is creating a message: the rule the access-control page reports as well.
  authorize(caller.ability, 'create', 'Chat');
  const viewer = viewerOf(caller);
  const { contactId } = request();
  const context = await findVisibleContactAndChat(caller, viewer, contactId, {
    contactConnections: true,
    viewerConnections: true,
  });
  // The sender is the signed-in user whatever the body's `senderId` says.
  const { message: text, messageId } = body();
  const input: NewMessage = {
    senderId: viewer.id,
    recipientId: contactId,
    message: text,
    time: now,
    // A lead who came through a channel gets the reply through it: queued with its job; a user
    // hears of it in their bell (the notification's job rides in the message's transaction).
    ...(context.contact.role === leadRole
      ? channelReply(context.contact, viewer.id, text)
      : notifyRecipient(caller, context.contact.id, text)),
    ...(messageId ? { id: messageId } : {}),
  };
  const { message: stored, createdChatId } = await storeMessage(input, context.membership);
  const chat: Chat | undefined =
    createdChatId === undefined
      ? undefined
      : {
          id: createdChatId,
          userId: contactId,
          unseenMsgs: 0,
          messages: [toChatMessage(stored, viewer.id)],
          nextCursor: null,
        };
  // A new message has not reached anyone yet (docs/product.md#behaviour): sent, not delivered, not seen.
  const msg = toChatMessage(stored, viewer.id);
  await Promise.all([
    pushToConnections(context.contactConnections, {
      type: 'message',
      contactId: viewer.id,
      chatId: stored.chatId,
      msg,
    }),
    pushToConnections(context.viewerConnections, { type: 'message', contactId, chatId: stored.chatId, msg }),
  ]);
  return chat ? { msg, chat } : { msg };
};

/** The recipient's bell (core/notifications), written with the message: a lead has no account, so no bell. */
const notifyRecipient = (caller: Caller, recipientId: string, text: string): Partial<NewMessage> => ({
  parts: () =>
    chatMessageNotificationParts({ id: caller.principal.userId, fullName: caller.fullName }, recipientId, text),
});

/** An admin sets a contact's status (a lead stage); everyone who sees them is told. */
export const updateContactStatus = async (
  caller: Caller,
  request: () => { userId: string; status: ChatContactStatus },
): Promise<ContactStatusUpdateResponse> => {
  // Changing someone's status (a lead's stage, say) is an admin's decision.
  authorize(caller.ability, 'update', 'Contact');
  const viewer = viewerOf(caller);
  const input = request();
  const { membership, contactConnections } = await findVisibleContactAndChat(caller, viewer, input.userId, {
    contactConnections: true,
  });
  const updated = await setContactStatus(input.userId, input.status);
  if (!updated) throw new NotFoundError('Contact not found');
  await broadcastStatus(updated, updated.status, { subjectConnections: contactConnections });
  return { chat: membership ? summaryOf(membership, viewer.id) : null, contact: toContact(updated) };
};

// ---- WebSocket ------------------------------------------------------------------------------

/** Tabs of one session share this many connections: one token cannot hold thousands open. */
export const maxConnectionsPerSession = 10;

/**
 * `purpose: 'board'` is a project page's connection (`/ws?purpose=board`): it takes board
 * frames, and leaves the user's chat presence as it is ("online" means in the chat); so does
 * `'notifications'`, the shell's connection for the navbar's bell.
 */
export const connect = async (
  viewer: Viewer & { sessionId: string },
  connectionId: string,
  purpose?: ConnectionPurpose,
): Promise<void> => {
  // Counted in the write that records it: of connections racing in, each sees those recorded
  // before it, so none beyond the limit stays.
  const connections = await addConnection({
    connectionId,
    userId: viewer.id,
    role: viewer.role,
    sessionId: viewer.sessionId,
    ...(purpose ? { purpose } : {}),
  });
  const ofSession = connections.filter((connection) => connection.sessionId === viewer.sessionId);
  if (ofSession.length > maxConnectionsPerSession) {
    await removeConnection(connectionId);
    throw new TooManyRequestsError(60, { general: ['Too many open connections for this session'] });
  }
  if (purpose) return;
  // The new connection is not open until $connect returns: pushing to it now would be a 410.
  if (await setPresence(viewer.id, 'online'))
    await broadcastStatus(viewer, 'online', { exceptConnectionId: connectionId, subjectConnections: connections });
};

/**
 * Who is behind a connection: undefined, and the connection closed, when its session has ended
 * or its record expired.
 */
const liveConnectionOwner = async (connectionId: string): Promise<ConnectionRecord | undefined> => {
  const connection = await getConnection(connectionId);
  if (connection && (await getSession(connection.userId, connection.sessionId))) return connection;
  // Signed out (or the record expired): the connection has no one behind it any more.
  await removeConnection(connectionId);
  await closeConnection(connectionId);
  return undefined;
};

export const disconnect = (connectionId: string): Promise<void> => forgetConnection(connectionId);

const parseFrame = (body: string | undefined): ClientFrame | undefined => {
  try {
    const parsed = v.safeParse(clientFrame, JSON.parse(body ?? ''));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
};

/** A frame from the browser. Its connection must still belong to a live session. */
export const receiveFrame = async (connectionId: string, body: string | undefined): Promise<void> => {
  const connection = await liveConnectionOwner(connectionId);
  if (!connection) return;
  const viewer: Viewer = { id: connection.userId, role: connection.role };
  const frame = parseFrame(body);
  if (!frame) {
    await pushFrame(connectionId, { type: 'error', message: 'Unrecognised frame' });
    return;
  }
  switch (frame.action) {
    case 'delivered':
    case 'seen':
      if (isMessageId(frame.messageId))
        await advanceAndNotify(viewer.id, frame.contactId, frame.action, frame.messageId);
      return;
    case 'typing': {
      const { contact, contactConnections } = await readContactAndChat(viewer.id, frame.contactId, {
        chat: false,
        contactConnections: true,
      });
      if (contact && canSeeContact(viewer, contact)) {
        await pushToConnections(contactConnections, { type: 'typing', contactId: viewer.id, isTyping: frame.isTyping });
      }
      return;
    }
    case 'presence':
      if (await setPresence(viewer.id, frame.status satisfies PresenceStatus))
        await broadcastStatus(viewer, frame.status);
      return;
    case 'ping':
      await pushFrame(connectionId, { type: 'pong' });
      return;
    default:
      logger.warn('unhandled frame', { frame: frame satisfies never });
  }
};
