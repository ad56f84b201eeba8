import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type {
  ChatMessage,
  ChatsAndContactsResponse,
  Contact,
  ContactStatusUpdateResponse,
  ContactsResponse,
  MessagesPage,
  OpenChatResponse,
  SendMessageResponse,
} from '@orbit/functions/chat/contract';
import { getChatCount } from '@orbit/functions/chat/repository';
import type { ScheduledListResponse, ScheduledResponse } from '@orbit/functions/chat/scheduled-contract';
import type { NotificationList, NotificationSettings } from '@orbit/functions/notifications/contract';

import type { LocalStack } from '../../infra/local/stack';
import { isStaffRole, staffRoles } from '@orbit/functions/core/roles';

import { ApiClient, demo, registerNewClient, startApiStack } from '../support/api-stack';

/**
 * The chat calls of docs/product.md#calls and the rules around them, over HTTP against the local
 * stack; with the routes' wiring (status codes, the errors shape, 401/403) of scheduled messages
 * and of the notification centre, whose rules are service tests
 * (tests/service/chat-scheduled.test.ts, tests/service/notifications.test.ts).
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let clientB: ApiClient;
const ids = { admin: '', clientA: '', clientB: '' };
/** Everyone the admin can talk to, by full name. */
const byName = new Map<string, Contact>();

const signedIn = async (account: { phone: string; password: string }) => {
  const client = new ApiClient(stack.url);
  const response = await client.signIn(account.phone, account.password);
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
  return { client, id: response.body.userData.id };
};

const contactId = (fullName: string): string => {
  const contact = byName.get(fullName);
  if (!contact) throw new Error(`no contact named ${fullName}`);
  return contact.id;
};

const list = (client: ApiClient, query = '') =>
  client.request<ChatsAndContactsResponse>('GET', `/api/apps/chat/chats-and-contacts${query}`);
const open = (client: ApiClient, userId: string) =>
  client.request<OpenChatResponse>('GET', `/api/apps/chat/chats/${userId}`);
const send = (client: ApiClient, userId: string, body: unknown) =>
  client.request<SendMessageResponse>('POST', `/api/apps/chat/chats/${userId}`, { body });
const older = (client: ApiClient, userId: string, query: string) =>
  client.request<MessagesPage>('GET', `/api/apps/chat/chats/${userId}/messages${query}`);
const search = (client: ApiClient, query: string) =>
  client.request<ContactsResponse>('GET', `/api/apps/chat/contacts${query}`);
const setStatus = (client: ApiClient, body: unknown) =>
  client.request<ContactStatusUpdateResponse>('POST', '/api/apps/chat/contacts', { body });

const newClient = (name: string) => registerNewClient(stack.url, name);

beforeAll(async () => {
  stack = await startApiStack();
  ({ client: admin, id: ids.admin } = await signedIn(demo.admin));
  ({ client: clientA, id: ids.clientA } = await signedIn(demo.clientA));
  ({ client: clientB, id: ids.clientB } = await signedIn(demo.clientB));
  for (const contact of (await list(admin)).body.contacts) byName.set(contact.fullName, contact);
});
afterAll(async () => {
  await stack.stop();
});

describe('GET /api/apps/chat/chats-and-contacts', () => {
  it('gives an admin every user and lead but themself, chats newest first, and their profile', async () => {
    const { status, body } = await list(admin);
    expect(status).toBe(200);
    const roles = new Set(body.contacts.map((contact) => contact.role));
    expect(roles).toEqual(new Set([...staffRoles, 'client', 'lead']));
    expect(body.contacts.some((contact) => contact.id === ids.admin)).toBe(false);
    expect(body.contacts.map((contact) => contact.id)).toEqual(expect.arrayContaining([ids.clientA, ids.clientB]));
    // Contacts in every status of docs/product.md#behaviour.
    expect(new Set(body.contacts.map((contact) => contact.status))).toEqual(
      new Set(['online', 'away', 'offline', 'success', 'contact_received', 'interest_shown', 'closed', 'deleted']),
    );
    for (const contact of body.contacts)
      // `channel` only for a lead who came through a channel (the seeded webhook and email leads).
      expect(
        Object.keys(contact)
          // The channel and the mailing tags are there only when the contact has them.
          .filter((key) => key !== 'channel' && key !== 'tags')
          .sort(),
      ).toEqual(['about', 'avatar', 'fullName', 'id', 'role', 'status']);

    expect(body.profileUser).toMatchObject({ id: ids.admin, fullName: 'Olivia Bennett', role: 'admin' });
    expect(body.profileUser.settings).toEqual({ isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true });

    expect(body.chatsContacts.length).toBeGreaterThanOrEqual(3);
    const times = body.chatsContacts.map((contact) => contact.chat.lastMessage.time);
    expect(times).toEqual([...times].sort().reverse());
    for (const contact of body.chatsContacts) {
      expect(Object.keys(contact.chat).sort()).toEqual(['id', 'lastMessage', 'unseenMsgs']);
      expect(contact.chat.lastMessage).toMatchObject({ message: expect.any(String), senderId: expect.any(String) });
      expect(contact.chat.lastMessage.feedback.isSent).toBe(true);
    }
    // The seeded chat with client A waits with two unseen messages.
    expect(body.chatsContacts.find((contact) => contact.id === ids.clientA)?.chat.unseenMsgs).toBe(2);
  });

  it('gives a client only the staff, of every staff role, and only chats with staff', async () => {
    const { status, body } = await list(clientA);
    expect(status).toBe(200);
    expect(new Set(body.contacts.map((contact) => contact.role))).toEqual(new Set(staffRoles));
    expect(body.chatsContacts.every((contact) => isStaffRole(contact.role))).toBe(true);
    expect(body.chatsContacts.map((contact) => contact.id)).toContain(ids.admin);
    expect(body.profileUser.id).toBe(ids.clientA);
    expect(JSON.stringify(body)).not.toContain(ids.clientB);
  });

  it('filters by a case-insensitive substring of the name (q)', async () => {
    const { body } = await list(admin, '?q=SOPH');
    expect(body.contacts.map((contact) => contact.fullName)).toEqual(['Sophia Nguyen']);
    expect(body.chatsContacts.map((contact) => contact.fullName)).toEqual(['Sophia Nguyen']);
    expect((await list(clientA, '?q=patel')).body.contacts.map((contact) => contact.fullName)).toEqual(['Noah Patel']);
    expect((await list(admin, '?q=nobody-has-this-name')).body.contacts).toEqual([]);
  });

  it('keeps contacts whose status is contained in statusFilter', async () => {
    const { body } = await list(admin, '?statusFilter=contact_received,interest_shown');
    expect(body.contacts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(body.contacts.map((contact) => contact.status))).toEqual(
      new Set(['contact_received', 'interest_shown']),
    );
    expect(body.chatsContacts.every((contact) => ['contact_received', 'interest_shown'].includes(contact.status))).toBe(
      true,
    );
    const leads = await list(admin, '?statusFilter=success');
    expect(leads.body.contacts.map((contact) => contact.fullName)).toEqual(['Omar Farouk']);
    // Both filters at once.
    expect((await list(admin, '?q=brooks&statusFilter=online')).body.contacts).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await new ApiClient(stack.url).request('GET', '/api/apps/chat/chats-and-contacts')).status).toBe(401);
  });
});

describe('GET /api/apps/chat/chats/{userId}', () => {
  it('opens the chat with the newest messages oldest first and resets unseenMsgs', async () => {
    const before = (await list(admin)).body.chatsContacts.find((contact) => contact.id === contactId('Daniel Brooks'));
    expect(before?.chat.unseenMsgs).toBe(1);
    const { status, body } = await open(admin, contactId('Daniel Brooks'));
    expect(status).toBe(200);
    expect(body.contact).toMatchObject({
      id: contactId('Daniel Brooks'),
      fullName: 'Daniel Brooks',
      role: 'lead',
      status: 'contact_received',
    });
    expect(body.chat).toMatchObject({
      id: before?.chat.id,
      userId: contactId('Daniel Brooks'),
      unseenMsgs: 0,
      nextCursor: null,
    });
    expect(body.chat?.messages.at(-1)?.message).toBe(before?.chat.lastMessage.message);
    const after = (await list(admin)).body.chatsContacts.find((contact) => contact.id === contactId('Daniel Brooks'));
    expect(after?.chat.unseenMsgs).toBe(0);
  });

  it('answers chat null for a contact without a conversation', async () => {
    const { status, body } = await open(admin, contactId('Lucas Moreau'));
    expect(status).toBe(200);
    expect(body.chat).toBeNull();
    expect(body.contact.fullName).toBe('Lucas Moreau');
  });

  it('is 404 for a client opening another client, a lead, itself or an unknown id', async () => {
    expect((await open(clientB, ids.clientA)).status).toBe(404);
    expect((await open(clientA, ids.clientB)).status).toBe(404);
    expect((await open(clientA, contactId('Daniel Brooks'))).status).toBe(404);
    expect((await open(clientA, ids.clientA)).status).toBe(404);
    expect((await open(admin, '01ZZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(404);
    // The same 404 as for an id that does not exist: nothing to learn by guessing.
    expect((await open(clientB, ids.clientA)).body).toEqual((await open(clientB, '01ZZZZZZZZZZZZZZZZZZZZZZZZ')).body);
  });

  it('lets a client open its chat with an admin', async () => {
    const { status, body } = await open(clientB, ids.admin);
    expect(status).toBe(200);
    expect(body.chat?.messages.length).toBeGreaterThan(0);
    expect(body.chat?.messages.every((message) => [ids.admin, ids.clientB].includes(message.senderId))).toBe(true);
  });
});

describe('POST /api/apps/chat/chats/{userId}', () => {
  it('creates the chat on the first message, with id = chat count + 1', async () => {
    const count = await getChatCount();
    const { status, body } = await send(admin, contactId('Lucas Moreau'), {
      message: '  Welcome aboard, Lucas!  ',
      senderId: ids.admin,
    });
    expect(status).toBe(201);
    expect(body.msg).toMatchObject({
      message: 'Welcome aboard, Lucas!',
      senderId: ids.admin,
      feedback: { isSent: true, isDelivered: false, isSeen: false },
    });
    expect(new Date(body.msg.time).toISOString()).toBe(body.msg.time);
    expect(body.chat).toEqual({
      id: count + 1,
      userId: contactId('Lucas Moreau'),
      unseenMsgs: 0,
      messages: [body.msg],
      nextCursor: null,
    });

    const second = await send(admin, contactId('Lucas Moreau'), { message: 'Second message' });
    expect(second.status).toBe(201);
    expect(second.body.chat).toBeUndefined();
    expect(second.body.msg.feedback).toEqual({ isSent: true, isDelivered: false, isSeen: false });
    const opened = await open(admin, contactId('Lucas Moreau'));
    expect(opened.body.chat?.id).toBe(count + 1);
    expect(opened.body.chat?.messages.map((message) => message.message)).toEqual([
      'Welcome aboard, Lucas!',
      'Second message',
    ]);
  });

  it('sends as the signed-in user whatever senderId says', async () => {
    const { body } = await send(clientA, ids.admin, { message: 'Who am I?', senderId: ids.admin });
    expect(body.msg.senderId).toBe(ids.clientA);
  });

  it('gives concurrent first messages distinct consecutive ids', async () => {
    const count = await getChatCount();
    const recipients = ['Amira Haddad', 'Emma Rossi', 'Hannah Weber', 'Ivan Petrov'].map(contactId);
    const responses = await Promise.all(recipients.map((recipient) => send(admin, recipient, { message: 'Hello!' })));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const chatIds = responses.map((response) => response.body.chat?.id ?? 0).sort((a, b) => a - b);
    expect(chatIds).toEqual([count + 1, count + 2, count + 3, count + 4]);
    expect(await getChatCount()).toBe(count + 4);
  });

  it('makes one chat when two people send each other a first message at once', async () => {
    const fresh = await newClient('Rita Race');
    const count = await getChatCount();
    const [fromAdmin, fromClient] = await Promise.all([
      send(admin, fresh.id, { message: 'Hi Rita' }),
      send(fresh.client, ids.admin, { message: 'Hi Olivia' }),
    ]);
    expect([fromAdmin.status, fromClient.status]).toEqual([201, 201]);
    const created = [fromAdmin.body.chat, fromClient.body.chat].filter(Boolean);
    expect(created).toHaveLength(1);
    expect(created[0]?.id).toBe(count + 1);
    const opened = await open(fresh.client, ids.admin);
    expect(opened.body.chat?.id).toBe(count + 1);
    expect(opened.body.chat?.messages.map((message) => message.message).sort()).toEqual(['Hi Olivia', 'Hi Rita']);
  });

  it('refuses an empty, blank or too long message with 400 and stores nothing', async () => {
    const before = (await open(admin, ids.clientB)).body.chat?.messages.length;
    for (const message of ['', '   \n\t ', 'x'.repeat(4001), undefined, 42]) {
      const response = await send(admin, ids.clientB, message === undefined ? {} : { message });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ errors: { message: [expect.any(String)] } });
    }
    expect((await open(admin, ids.clientB)).body.chat?.messages.length).toBe(before);
  });

  it('accepts 4000 characters after trimming, counting an emoji as one', async () => {
    const long = await send(admin, ids.clientB, { message: `  ${'y'.repeat(4000)}  ` });
    expect(long.status).toBe(201);
    expect(long.body.msg.message).toHaveLength(4000);
    expect((await send(admin, ids.clientB, { message: '😀'.repeat(4000) })).status).toBe(201);
    expect((await send(admin, ids.clientB, { message: '😀'.repeat(4001) })).status).toBe(400);
  });

  it('keeps markup as plain text', async () => {
    const markup = '<img src=x onerror="alert(1)"><b>bold</b>';
    const { body } = await send(admin, ids.clientB, { message: markup });
    expect(body.msg.message).toBe(markup);
    expect((await open(admin, ids.clientB)).body.chat?.messages.at(-1)?.message).toBe(markup);
  });

  it('is 404 for a client writing to another client, a lead or itself', async () => {
    expect((await send(clientA, ids.clientB, { message: 'psst' })).status).toBe(404);
    expect((await send(clientA, contactId('Daniel Brooks'), { message: 'psst' })).status).toBe(404);
    expect((await send(clientA, ids.clientA, { message: 'psst' })).status).toBe(404);
    expect((await open(clientB, ids.admin)).body.chat?.messages.some((message) => message.message === 'psst')).toBe(
      false,
    );
  });
});

describe('receipts over HTTP', () => {
  it('turns delivered when the recipient lists chats and seen when they open the chat', async () => {
    const { body: sent } = await send(admin, ids.clientA, { message: 'Did you get this?' });
    const feedback = async (): Promise<ChatMessage['feedback'] | undefined> =>
      (await open(admin, ids.clientA)).body.chat?.messages.find((message) => message.id === sent.msg.id)?.feedback;
    expect(await feedback()).toEqual({ isSent: true, isDelivered: false, isSeen: false });

    const listed = await list(clientA);
    const chat = listed.body.chatsContacts.find((contact) => contact.id === ids.admin)?.chat;
    expect(chat?.lastMessage.id).toBe(sent.msg.id);
    expect(chat?.unseenMsgs).toBeGreaterThanOrEqual(1);
    expect(await feedback()).toEqual({ isSent: true, isDelivered: true, isSeen: false });

    const opened = await open(clientA, ids.admin);
    expect(opened.body.chat?.unseenMsgs).toBe(0);
    expect(opened.body.chat?.messages.at(-1)?.feedback).toEqual({ isSent: true, isDelivered: true, isSeen: true });
    expect(await feedback()).toEqual({ isSent: true, isDelivered: true, isSeen: true });
  });
});

describe('GET /api/apps/chat/chats/{userId}/messages', () => {
  it('pages older history newest first with a cursor, without gaps or repeats', async () => {
    const mia = contactId('Mia Schneider');
    const sentTexts: string[] = [];
    for (let index = 0; index < 120; index += 1) {
      const text = `History ${String(index).padStart(3, '0')}`;
      sentTexts.push(text);
      expect((await send(admin, mia, { message: text })).status).toBe(201);
    }
    const first = (await open(admin, mia)).body.chat;
    expect(first?.messages).toHaveLength(50);
    expect(first?.messages.map((message) => message.message)).toEqual(sentTexts.slice(70));
    expect(first?.nextCursor).toEqual(expect.any(String));

    const second = await older(admin, mia, `?cursor=${first?.nextCursor}`);
    expect(second.status).toBe(200);
    expect(second.body.messages.map((message) => message.message)).toEqual(sentTexts.slice(20, 70));
    const third = await older(admin, mia, `?cursor=${second.body.nextCursor}&limit=100`);
    expect(third.body.messages.map((message) => message.message)).toEqual(sentTexts.slice(0, 20));
    expect(third.body.nextCursor).toBeNull();

    const small = await older(admin, mia, '?limit=5');
    expect(small.body.messages.map((message) => message.message)).toEqual(sentTexts.slice(115));
  });

  it('refuses a bad cursor or limit with 400 and is 404 without a chat or for a stranger', async () => {
    expect((await older(admin, ids.clientA, '?cursor=not-a-cursor')).status).toBe(400);
    expect((await older(admin, ids.clientA, '?limit=0')).status).toBe(400);
    expect((await older(admin, ids.clientA, '?limit=101')).status).toBe(400);
    expect((await older(admin, contactId('Grace Liu'), '?limit=5')).status).toBe(200);
    const fresh = await newClient('Nora Nochat');
    expect((await older(admin, fresh.id, '')).status).toBe(404);
    expect((await older(clientB, ids.clientA, '')).status).toBe(404);
  });
});

describe('GET /api/apps/chat/contacts (the navbar search)', () => {
  it('finds the contacts whose name holds q, by name, at most limit, within the list rules', async () => {
    const all = (await list(admin, '?q=a')).body.contacts.map((contact) => contact.fullName);
    const { status, body } = await search(admin, '?q=A&limit=3');
    expect(status).toBe(200);
    expect(body.contacts.map((contact) => contact.fullName)).toEqual(all.slice(0, 3));
    for (const contact of body.contacts)
      // `channel` only for a lead who came through a channel (the seeded webhook and email leads).
      expect(
        Object.keys(contact)
          // The channel and the mailing tags are there only when the contact has them.
          .filter((key) => key !== 'channel' && key !== 'tags')
          .sort(),
      ).toEqual(['about', 'avatar', 'fullName', 'id', 'role', 'status']);

    // A client finds staff only, never another client.
    const asClient = await search(clientA, '?q=');
    expect(asClient.status).toBe(200);
    expect(asClient.body.contacts.length).toBeGreaterThan(0);
    expect(asClient.body.contacts.every((contact) => isStaffRole(contact.role))).toBe(true);
    expect((await search(clientA, `?q=${encodeURIComponent('Sophia')}`)).body.contacts).toEqual([]);
  });

  it('delivers nothing: a search is not a listing of the chats', async () => {
    const { body: sent } = await send(admin, ids.clientB, { message: 'Searching does not deliver this' });
    await search(clientB, '?q=Olivia');
    const opened = await open(admin, ids.clientB);
    const message = opened.body.chat?.messages.find((candidate) => candidate.id === sent.msg.id);
    expect(message?.feedback).toEqual({ isSent: true, isDelivered: false, isSeen: false });
  });

  it('refuses a bad limit or a too long q with 400 and the errors shape', async () => {
    for (const query of ['?limit=0', '?limit=21', '?limit=two', `?q=${'x'.repeat(201)}`]) {
      const { status, body } = await search(admin, query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ errors: expect.any(Object) });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await search(new ApiClient(stack.url), '?q=a')).status).toBe(401);
  });
});

describe('POST /api/apps/chat/contacts (status update)', () => {
  it("lets an admin change a contact's status (userId and status in the body)", async () => {
    const chloe = contactId('Chloé Laurent');
    const { status, body } = await setStatus(admin, { userId: chloe, status: 'success' });
    expect(status).toBe(200);
    expect(body.contact).toMatchObject({ id: chloe, fullName: 'Chloé Laurent', status: 'success' });
    expect(body.chat).toMatchObject({
      id: expect.any(Number),
      unseenMsgs: expect.any(Number),
      lastMessage: expect.any(Object),
    });
    const listed = await list(admin, '?statusFilter=success');
    expect(listed.body.contacts.map((contact) => contact.fullName)).toContain('Chloé Laurent');

    const noChat = await setStatus(admin, { userId: contactId('Ivan Petrov'), status: 'closed' });
    expect(noChat.status).toBe(200);
    expect(noChat.body.contact.status).toBe('closed');
  });

  it('shows a status the admin set on an admin to clients too', async () => {
    const noah = contactId('Noah Patel');
    expect((await setStatus(admin, { userId: noah, status: 'closed' })).status).toBe(200);
    const seen = (await list(clientA)).body.contacts.find((contact) => contact.id === noah);
    expect(seen?.status).toBe('closed');
  });

  it('refuses presence: online, away and offline follow the person, an admin sets lead stages only', async () => {
    for (const status of ['online', 'away', 'offline']) {
      const refused = await setStatus(admin, { userId: ids.clientA, status });
      expect(refused.status, status).toBe(400);
      expect(refused.body).toEqual({ errors: { status: [expect.stringContaining('interest_shown')] } });
    }
    const seen = (await list(admin)).body.contacts.find((contact) => contact.id === ids.clientA);
    expect(['online', 'away', 'offline']).toContain(seen?.status);
  });

  it('validates the status against docs/product.md#behaviour and requires userId', async () => {
    const bad = await setStatus(admin, { userId: ids.clientA, status: 'busy' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ errors: { status: [expect.stringContaining('contact_received')] } });
    const missing = await setStatus(admin, { status: 'success' });
    expect(missing.status).toBe(400);
    expect(Object.keys((missing.body as unknown as { errors: object }).errors)).toEqual(['userId']);
    expect((await setStatus(admin, { userId: '01ZZZZZZZZZZZZZZZZZZZZZZZZ', status: 'success' })).status).toBe(404);
    expect((await setStatus(admin, { userId: ids.admin, status: 'closed' })).status).toBe(404);
  });

  it('is for those who may update contacts, not clients', async () => {
    const response = await setStatus(clientA, { userId: ids.admin, status: 'closed' });
    expect(response.status).toBe(403);
    const status = (await list(clientA)).body.contacts.find((contact) => contact.id === ids.admin)?.status;
    expect(status).not.toBe('closed');
  });
});

describe('staff of every role (docs/roles.md)', () => {
  it('lets a manager see staff, clients and leads, and pick up the seeded conversations', async () => {
    const { client: manager, id: managerId } = await signedIn(demo.manager);
    const { status, body } = await list(manager);
    expect(status).toBe(200);
    expect(new Set(body.contacts.map((contact) => contact.role))).toEqual(
      new Set([...staffRoles.filter((role) => role !== 'manager'), 'client', 'lead']),
    );
    expect(body.contacts.map((contact) => contact.id)).not.toContain(managerId);
    // Seeded: Grace Okafor talks to Lucas Moreau (a client) and to Olivia.
    expect(body.chatsContacts.map((contact) => contact.fullName)).toEqual(
      expect.arrayContaining(['Lucas Moreau', 'Olivia Bennett']),
    );
    const sent = await send(manager, ids.clientA, { message: 'Hello from your manager' });
    expect(sent.status).toBe(201);
    // The client sees the manager among its contacts and the chat among its chats.
    const asClient = await list(clientA);
    expect(asClient.body.chatsContacts.map((contact) => contact.id)).toContain(managerId);
  });

  it('lets the restricted user read chats but not send; the users role has no chat at all (403)', async () => {
    const { client: restricted } = await signedIn(demo.restrictedUser);
    expect((await list(restricted)).status).toBe(200);
    expect((await send(restricted, ids.clientA, { message: 'Only viewing' })).status).toBe(403);
    const { client: users } = await signedIn(demo.users);
    expect((await list(users)).status).toBe(403);
    expect((await search(users, '?q=a')).status).toBe(403);
    expect((await open(users, ids.clientA)).status).toBe(403);
  });
});

describe('scheduled messages (the routes; the rules are in tests/service/chat-scheduled.test.ts)', () => {
  const path = (contactId: string, scheduledId?: string) =>
    `/api/apps/chat/chats/${contactId}/scheduled${scheduledId ? `/${scheduledId}` : ''}`;
  const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

  it('schedules, lists, edits (409 when stale) and cancels by route; 400 on the field; 403 for clients; 404 for no one', async () => {
    const contact = await newClient('Wire Later');
    const created = await admin.request<ScheduledResponse>('POST', path(contact.id), {
      body: { message: 'Draft', sendAt: inSeconds(3600) },
    });
    expect(created.status).toBe(201);
    const { scheduled } = created.body;
    expect(scheduled).toMatchObject({ contactId: contact.id, status: 'scheduled', version: 1 });
    const listed = await admin.request<ScheduledListResponse>('GET', path(contact.id));
    expect(listed.status).toBe(200);
    expect(listed.body.scheduled.map((item) => item.id)).toEqual([scheduled.id]);
    const edited = await admin.request<ScheduledResponse>('PATCH', path(contact.id, scheduled.id), {
      body: { message: 'Final', version: 1 },
    });
    expect(edited.status).toBe(200);
    const stale = await admin.request('PATCH', path(contact.id, scheduled.id), {
      body: { message: 'Lost', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ current: { message: 'Final', version: 2 } });
    const bad = await admin.request<{ errors: Record<string, string[]> }>('POST', path(contact.id), {
      body: { message: 'Hi', sendAt: inSeconds(-60) },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toContain('sendAt');
    expect((await clientA.request('GET', path(ids.admin))).status).toBe(403);
    expect((await clientA.request('POST', path(ids.admin), { body: {} })).status).toBe(403);
    expect(
      (await admin.request('POST', path('nobody-here'), { body: { message: 'Hi', sendAt: inSeconds(60) } })).status,
    ).toBe(404);
    expect((await new ApiClient(stack.url).request('GET', path(contact.id))).status).toBe(401);
    expect((await admin.request('DELETE', path(contact.id, scheduled.id))).status).toBe(204);
    expect((await admin.request('DELETE', path(contact.id, scheduled.id))).status).toBe(409);
  });

  it('arrives in the chat when due, sent by the stack’s worker as the admin', async () => {
    const contact = await newClient('Wire Due');
    const created = await admin.request<ScheduledResponse>('POST', path(contact.id), {
      body: { message: 'On time', sendAt: inSeconds(1) },
    });
    expect(created.status).toBe(201);
    // Waits on the condition (the tick runs due jobs about every second), never a fixed sleep.
    const messages = await vi.waitFor(
      async () => {
        const found = (await open(contact.client, ids.admin)).body.chat?.messages ?? [];
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(messages[0]).toMatchObject({ message: 'On time', senderId: ids.admin });
    expect((await admin.request<ScheduledListResponse>('GET', path(contact.id))).body.scheduled).toEqual([]);
  });
});

describe('notifications (the routes; the rules are in tests/service/notifications.test.ts)', () => {
  it('lists, counts, marks read and read-all, keeps settings by route; 400 in the errors shape; 401 without a sign-in', async () => {
    const contact = await newClient('Wire Bell');
    expect((await send(admin, contact.id, { message: 'Ring' })).status).toBe(201);
    // The row is written by the stack's worker (the fan-out job): wait for it, not for a time.
    const rows = await vi.waitFor(
      async () => {
        const listed = await contact.client.request<NotificationList>('GET', '/api/notifications');
        expect(listed.status).toBe(200);
        expect(listed.body.notifications).toHaveLength(1);
        return listed.body.notifications;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(rows[0]).toMatchObject({ event: 'message', read: false });
    expect((await contact.client.request<{ unread: number }>('GET', '/api/notifications/unread')).body).toEqual({
      unread: 1,
    });
    const read = await contact.client.request('POST', '/api/notifications/read', { body: { ids: [rows[0]?.id] } });
    expect(read.status).toBe(200);
    expect((await contact.client.request<{ unread: number }>('GET', '/api/notifications/unread')).body.unread).toBe(0);
    expect(
      (await contact.client.request('POST', '/api/notifications/read-all', { body: { upTo: rows[0]?.id } })).status,
    ).toBe(200);

    const settings = await contact.client.request<{ settings: NotificationSettings }>(
      'GET',
      '/api/notifications/settings',
    );
    expect(settings.status).toBe(200);
    const saved = await contact.client.request('PUT', '/api/notifications/settings', {
      body: { settings: settings.body.settings },
    });
    expect(saved.status).toBe(200);
    const badSettings = await contact.client.request<{ errors: Record<string, string[]> }>(
      'PUT',
      '/api/notifications/settings',
      { body: { settings: { inApp: 'all' } } },
    );
    expect(badSettings.status).toBe(400);
    expect(Object.keys(badSettings.body.errors).length).toBeGreaterThan(0);
    const badIds = await contact.client.request<{ errors: Record<string, string[]> }>(
      'POST',
      '/api/notifications/read',
      { body: { ids: ['not-an-id'] } },
    );
    expect(badIds.status).toBe(400);
    expect(Object.keys(badIds.body.errors).some((field) => field.startsWith('ids'))).toBe(true);
    expect((await contact.client.request('GET', '/api/notifications?cursor=nope')).status).toBe(400);
    // Another person's id is not found, as if it did not exist.
    expect((await admin.request('POST', '/api/notifications/read', { body: { ids: [rows[0]?.id] } })).status).toBe(404);
    expect((await new ApiClient(stack.url).request('GET', '/api/notifications')).status).toBe(401);
  });
});
