import * as v from 'valibot';

import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import type { ChannelType } from '../core/channel-types';
import { ConditionFailed, putPart, transactWrite, type TransactionPart } from '../core/db';
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../core/errors';
import { ulid } from '../core/ids';
import { jobPart } from '../core/jobs/enqueue';
import { ttlAttribute } from '../core/table';
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
  type RetryDeliveryResponse,
  type SendMessageResponse,
  type ServerFrame,
  type ChatContactStatus,
} from './contract';
import {
  addConnection,
  getConnection,
  listConnectionsByRole,
  listUserConnections,
  removeConnection,
} from './connections-repository';
import {
  createChannelLead,
  findLeadIdByIdentity,
  leadRole,
  listContactsByRole,
  listEveryContact,
  setContactStatus,
  setPresence,
  type ContactRecord,
} from './contacts-repository';
import { readChatsAndProfile, readConnectionsOf, readContactAndChat, type ContactAndChat } from './context-repository';
import { closeConnection, pushFrame } from './push';
import {
  advanceReceipts,
  appendMessage,
  createChatWithMessage,
  deliveryPart,
  getMembership,
  getMessage,
  isMessageId,
  listMessages,
  setDelivery,
  type NewMessage,
  type Watermarks,
} from './repository';
import { inboundClaimEntity } from './entities';
import type {
  ChannelDeliveryPayload,
  ChannelIdentity,
  ConnectionRecord,
  MembershipRecord,
  MessageDelivery,
  StoredMessage,
} from './records';
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
 * The chat's rules. Other areas (e.g. channels, for inbound lead messages) call the exported
 * functions here, never the repositories. Each HTTP use case is one call with the `Caller`: it
 * authorises first and only then reads the request (passed as a function, since parsing it may
 * fail), so a caller who may not act gets 403 whatever they sent.
 */

const viewerOf = (caller: Caller): Viewer => ({ id: caller.principal.userId, role: caller.principal.role });

/** Chat is for those whose rules allow reading it (admins, clients); who they see is rules.ts's. */
const chatViewer = (caller: Caller): Viewer => {
  authorize(caller.ability, 'read', 'Chat');
  return viewerOf(caller);
};

/**
 * The contact, if the viewer may talk to them, the viewer's side of their chat and, as asked,
 * the connection sets the request will push to: one read (none when the route's path named the
 * contact, whose items came with the caller's session: see handler.ts).
 */
const findVisibleContactAndChat = async (
  caller: Caller,
  viewer: Viewer,
  contactId: string,
  connections: { contactConnections?: boolean; viewerConnections?: boolean } = {},
): Promise<ContactAndChat & { contact: ContactRecord }> => {
  const context = await readContactAndChat(viewer.id, contactId, connections, caller.readAlong);
  const { contact } = context;
  // Someone the viewer may not talk to is indistinguishable from no one (no guessing ids).
  if (!contact || !canSeeContact(viewer, contact)) throw new NotFoundError('Contact not found');
  return { ...context, contact };
};

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

// ---- pushes ---------------------------------------------------------------------------------

/**
 * A connection is recorded during its $connect but can take pushes only once $connect has
 * returned; until then the management API answers 410 for it too. So a 410 forgets only a
 * connection older than this.
 */
const connectGraceMs = 10_000;

const pushToConnections = async (connections: readonly ConnectionRecord[], frame: ServerFrame): Promise<void> => {
  await Promise.all(
    connections.map(async (connection) => {
      if ((await pushFrame(connection.connectionId, frame)) !== 'gone') return;
      if (Date.now() - Date.parse(connection.connectedAt) > connectGraceMs)
        await forgetConnection(connection.connectionId, connection);
    }),
  );
};

const pushToUser = async (userId: string, frame: ServerFrame): Promise<void> =>
  pushToConnections(await listUserConnections(userId), frame);

/**
 * Everyone who has this person among their contacts (every admin; every client too when the
 * person is an admin) and the person's own other tabs (`subjectConnections` when the caller has
 * just read them).
 */
const broadcastStatus = async (
  subject: Viewer,
  status: ChatContactStatus,
  options: { exceptConnectionId?: string; subjectConnections?: readonly ConnectionRecord[] } = {},
): Promise<void> => {
  const audienceRoles = ['admin', 'client'].filter((role) => contactRolesFor(role).includes(subject.role));
  const lists = await Promise.all([
    ...audienceRoles.map((role) => listConnectionsByRole(role)),
    options.subjectConnections ?? listUserConnections(subject.id),
  ]);
  const unique = new Map(lists.flat().map((connection) => [connection.connectionId, connection]));
  unique.delete(options.exceptConnectionId ?? '');
  await pushToConnections([...unique.values()], { type: 'status', userId: subject.id, status });
};

/**
 * A connection that is gone (410, $disconnect): forget it; presence turns offline with the last
 * one. `known` is the connection as a push found it, when there was one.
 */
const forgetConnection = async (connectionId: string, known?: ConnectionRecord): Promise<void> => {
  const forgotten = await removeConnection(connectionId, known);
  if (!forgotten || forgotten.removed.purpose === 'board') return;
  const { removed, remaining } = forgotten;
  if (remaining.some((connection) => connection.purpose !== 'board')) return;
  if (await setPresence(removed.userId, 'offline'))
    await broadcastStatus({ id: removed.userId, role: removed.role }, 'offline', { subjectConnections: remaining });
};

/** Tells the contact's tabs how far the owner has received or seen their messages. */
const pushReceipt = async (
  ownerId: string,
  contactId: string,
  receipts: Watermarks,
  contactConnections?: readonly ConnectionRecord[],
): Promise<void> => {
  const frame: ServerFrame = { type: 'receipt', contactId: ownerId, ...receipts };
  await (contactConnections ? pushToConnections(contactConnections, frame) : pushToUser(contactId, frame));
};

const advanceAndNotify = async (
  viewerId: string,
  contactId: string,
  kind: 'delivered' | 'seen',
  upTo: string,
  known: { membership?: MembershipRecord; contactConnections?: readonly ConnectionRecord[] } = {},
): Promise<Watermarks | undefined> => {
  const receipts = await advanceReceipts(viewerId, contactId, kind, upTo, known.membership);
  if (receipts) await pushReceipt(viewerId, contactId, receipts, known.contactConnections);
  return receipts;
};

// ---- HTTP -----------------------------------------------------------------------------------

/**
 * Everyone the viewer may chat with (rules.ts), by id: one Query either way, of the one role's
 * partition (a client sees the admins) or of every profile (an admin sees every role).
 */
const visibleContactsOf = async (viewer: Viewer): Promise<Map<string, ContactRecord>> => {
  const [firstRole, ...otherRoles] = contactRolesFor(viewer.role);
  if (firstRole === undefined) return new Map();
  const candidates = otherRoles.length === 0 ? await listContactsByRole(firstRole) : await listEveryContact();
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
 */
export const sendMessage = async (
  caller: Caller,
  request: () => { contactId: string; message: string; messageId?: string },
  now = new Date(),
): Promise<SendMessageResponse> => {
  // Sending is creating a message: the rule the access-control page reports as well.
  authorize(caller.ability, 'create', 'Chat');
  const viewer = viewerOf(caller);
  // The sender is the signed-in user whatever the body's `senderId` says.
  const { contactId, message: text, messageId } = request();
  const context = await findVisibleContactAndChat(caller, viewer, contactId, {
    contactConnections: true,
    viewerConnections: true,
  });
  let { membership } = context;
  const input: NewMessage = {
    senderId: viewer.id,
    recipientId: contactId,
    message: text,
    time: now,
    // A lead who came through a channel gets the reply through it: queued with its job.
    ...channelReply(context.contact, viewer.id, text),
    ...(messageId ? { id: messageId } : {}),
  };
  let stored: StoredMessage;
  let chat: Chat | undefined;
  if (!membership) {
    const created = await createChatWithMessage(input);
    if (created.created) {
      stored = created.message;
      chat = {
        id: created.chatId,
        userId: contactId,
        unseenMsgs: 0,
        messages: [toChatMessage(stored, viewer.id)],
        nextCursor: null,
      };
    } else {
      // The other person's first message won the race: this one joins their chat.
      membership = await getMembership(viewer.id, contactId);
      if (!membership) throw new Error('Chat pair claimed but membership missing');
      stored = await appendMessage(membership.chatId, input);
    }
  } else {
    stored = await appendMessage(membership.chatId, input);
  }
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
 * frames, and leaves the user's chat presence as it is ("online" means in the chat).
 */
export const connect = async (
  viewer: Viewer & { sessionId: string },
  connectionId: string,
  purpose?: 'board',
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
  if (purpose === 'board') return;
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

// ---- channels (the channels area calls these) -----------------------------------------------

export type { ChannelDeliveryPayload, ChannelIdentity } from './records';

/** Where a lead's replies go: their first channel identity (the channel they came through). */
const replyIdentity = (contact: ContactRecord): ChannelIdentity | undefined =>
  contact.role === leadRole ? contact.channelIdentities?.[0] : undefined;

const deliveryJob = (payload: ChannelDeliveryPayload, jobId: string, contactName: string, type: ChannelType) =>
  jobPart('channel.deliver', payload, {
    id: jobId,
    label: `Reply to ${contactName} via ${type}`,
  });

/** The channel part of a reply to a lead: the message's channel, its queued delivery and its job. */
const channelReply = (contact: ContactRecord, senderId: string, text: string): Partial<NewMessage> => {
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

/** An admin sends a failed / unknown channel reply again: a new job, the same message. */
export const retryChannelReply = async (
  caller: Caller,
  request: () => { contactId: string; messageId: string },
): Promise<RetryDeliveryResponse> => {
  // Sending through a channel is the admin's (clients: 403 whatever they name).
  authorize(caller.ability, 'update', 'Channel');
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
    parts: () => [claim],
  };
  let stored: StoredMessage;
  try {
    if (membership) stored = await appendMessage(membership.chatId, message);
    else {
      const created = await createChatWithMessage(message);
      if (created.created) stored = created.message;
      else {
        const joined = await getMembership(ownerId, leadId);
        if (!joined) throw new Error('Chat pair claimed but membership missing');
        stored = await appendMessage(joined.chatId, message);
      }
    }
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
