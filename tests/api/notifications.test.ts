import { GetCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { digestJobKind, fanoutJobKind, notificationEvents } from '@orbit/functions/core/notifications/records';
import { jobEntity } from '@orbit/functions/core/jobs/entities';
import { newJob } from '@orbit/functions/core/jobs/enqueue';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import type { Notification, NotificationList, NotificationSettings } from '@orbit/functions/notifications/contract';
import { notificationJobs } from '@orbit/functions/notifications/jobs';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, registerNewClient, signInDemoUsers, startApiStack } from '../support/api-stack';
import { emailsTo, waitForEmails } from '../support/sent-messages';
import { WsClient } from '../support/ws-client';

/**
 * The notification centre over HTTP against the local stack: each event reaches the right
 * person and never the actor; a chat's unread messages fold into one row; settings are kept;
 * mark read and read-all; only one's own; bad input is 400 with nothing stored; live frames on
 * the WebSocket; and the email digest: many messages, one mail, sent once.
 */
vi.hoisted(() => {
  // A short digest window, so the test's mail goes out within seconds; long enough that six
  // messages sent at once on a busy machine all land in the first window.
  process.env.NOTIFICATION_DIGEST_WINDOW_MS = '4000';
});

let stack: LocalStack;
let admin: ApiClient;
let colleague: ApiClient;
const ids = { admin: '', colleague: '' };
const sockets: WsClient[] = [];

beforeAll(async () => {
  stack = await startApiStack();
  const signedIn = await signInDemoUsers(stack.url);
  admin = signedIn.admin;
  ids.admin = signedIn.ids.admin;
  colleague = new ApiClient(stack.url);
  const noah = await colleague.signIn('+15550100004', 'Admin#2026');
  ids.colleague = noah.body.userData.id;
});

afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await stack.stop();
});

const list = async (client: ApiClient, query = '') => {
  await settle();
  const response = await client.request<NotificationList>('GET', `/api/notifications${query}`);
  expect(response.status).toBe(200);
  return response.body;
};

const unreadOf = async (client: ApiClient) => {
  await settle();
  return (await client.request<{ unread: number }>('GET', '/api/notifications/unread')).body.unread;
};

const send = (from: ApiClient, to: string, message: string) =>
  from.request('POST', `/api/apps/chat/chats/${to}`, { body: { message } });

const newClient = (name: string) => registerNewClient(stack.url, name);

const createProject = async (clientId: string, name = `Notify ${Date.now()}`) => {
  const response = await admin.request<{ project: { id: string; name: string; version: number } }>(
    'POST',
    '/api/apps/projects',
    { body: { type: 'development', name, clientId } },
  );
  expect(response.status).toBe(201);
  return response.body.project;
};

const createTask = async (by: ApiClient, projectId: string, body: Record<string, unknown>) => {
  const response = await by.request<{ task: { id: string; version: number; title: string } }>(
    'POST',
    `/api/apps/projects/${projectId}/tasks`,
    { body },
  );
  expect(response.status).toBe(201);
  return response.body.task;
};

/**
 * Every fan-out job done: producers queue their events and the worker writes the rows (a Scan
 * is fine on the test's own table).
 */
const settle = () =>
  vi.waitFor(
    async () => {
      const { Items = [] } = await db().send(
        new ScanCommand({
          TableName: tableName(),
          FilterExpression: '#type = :job AND kind = :kind AND #status <> :done',
          ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
          ExpressionAttributeValues: { ':job': 'Job', ':kind': 'notifications.fanout', ':done': 'done' },
        }),
      );
      if (Items.length > 0) throw new Error(`${Items.length} fan-out jobs pending`);
    },
    { timeout: 20_000, interval: 25 },
  );

/** Every event on or off in one channel. */
const everyEvent = (on: boolean) =>
  Object.fromEntries(notificationEvents.map((event) => [event, on])) as NotificationSettings['inApp'];
const allOff: NotificationSettings = { inApp: everyEvent(false), email: everyEvent(false) };

describe('events', () => {
  it('a message reaches its recipient, not its sender; a busy chat is one row that counts', async () => {
    const { client, id } = await newClient('Ada Reader');
    const adminBefore = (await list(admin)).notifications.length;
    expect(await unreadOf(client)).toBe(0);

    expect((await send(admin, id, 'Hello there')).status).toBe(201);
    const first = await list(client);
    expect(first.unread).toBe(1);
    expect(first.notifications).toHaveLength(1);
    expect(first.notifications[0]).toMatchObject({
      event: 'message',
      actor: { id: ids.admin, fullName: 'Olivia Bennett' },
      target: { kind: 'chat', contactId: ids.admin },
      params: { excerpt: 'Hello there' },
      count: 1,
      read: false,
    });

    await send(admin, id, 'Second');
    await send(admin, id, 'Third');
    const folded = await list(client);
    expect(folded.unread).toBe(1);
    expect(folded.notifications).toHaveLength(1);
    expect(folded.notifications[0]).toMatchObject({ event: 'message', count: 3 });
    // The sender hears nothing of their own messages.
    expect((await list(admin)).notifications.length).toBe(adminBefore);

    // Once read, the chat's next message starts a row of its own.
    const row = folded.notifications[0] as Notification;
    expect((await client.request('POST', '/api/notifications/read', { body: { ids: [row.id] } })).body).toEqual({
      unread: 0,
    });
    await send(admin, id, 'Fourth');
    const after = await list(client);
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n) => [n.count, n.read])).toEqual([
      [1, false],
      [3, true],
    ]);
  });

  it('a task assigned to someone else reaches them; to oneself, nothing', async () => {
    const { client, id } = await newClient('Bea Assignee');
    const project = await createProject(id);
    const adminBefore = await unreadOf(admin);
    await createTask(admin, project.id, { title: 'Mine', assigneeId: ids.admin });
    expect(await unreadOf(admin)).toBe(adminBefore);

    const task = await createTask(admin, project.id, { title: 'Review the copy', assigneeId: id });
    const [row] = (await list(client)).notifications;
    expect(row).toMatchObject({
      event: 'taskAssigned',
      actor: { id: ids.admin },
      target: { kind: 'task', projectId: project.id, taskId: task.id },
      params: { taskTitle: 'Review the copy', projectName: project.name },
    });

    // An edit that gives a task to a colleague reaches the colleague.
    const colleagueBefore = await unreadOf(colleague);
    const edited = await admin.request('PATCH', `/api/apps/projects/${project.id}/tasks/${task.id}`, {
      body: { version: task.version, assigneeId: ids.colleague },
    });
    expect(edited.status).toBe(200);
    expect(await unreadOf(colleague)).toBe(colleagueBefore + 1);
    expect((await list(colleague)).notifications[0]).toMatchObject({ event: 'taskAssigned', actor: { id: ids.admin } });
  });

  it('a comment reaches the assignee and the client, never its author; a mention is a mention', async () => {
    const { client, id } = await newClient('Cy Client');
    const project = await createProject(id);
    const task = await createTask(admin, project.id, { title: 'Launch plan', assigneeId: ids.colleague });
    const before = { admin: await unreadOf(admin), colleague: await unreadOf(colleague) };

    const comment = await admin.request('POST', `/api/apps/projects/${project.id}/tasks/${task.id}/comments`, {
      body: { body: 'Draft is ready' },
    });
    expect(comment.status).toBe(201);
    expect(await unreadOf(admin)).toBe(before.admin);
    expect((await list(colleague)).notifications[0]).toMatchObject({
      event: 'taskComment',
      params: { taskTitle: 'Launch plan', excerpt: 'Draft is ready' },
    });
    expect((await list(client)).notifications[0]).toMatchObject({ event: 'taskComment', actor: { id: ids.admin } });

    // The client mentions the admin by full name: the admin hears of a mention (one row).
    await client.request('POST', `/api/apps/projects/${project.id}/tasks/${task.id}/comments`, {
      body: { body: 'Thanks @Olivia Bennett, looks good' },
    });
    expect(await unreadOf(admin)).toBe(before.admin + 1);
    expect((await list(admin)).notifications[0]).toMatchObject({
      event: 'mention',
      actor: { id },
      target: { kind: 'task', projectId: project.id, taskId: task.id },
    });
    expect((await list(colleague)).notifications[0]).toMatchObject({ event: 'taskComment', actor: { id } });
  });

  it('a project status change reaches the project’s client', async () => {
    const { client, id } = await newClient('Di Status');
    const project = await createProject(id);
    const changed = await admin.request('PATCH', `/api/apps/projects/${project.id}`, {
      body: { version: project.version, status: 'active' },
    });
    expect(changed.status).toBe(200);
    expect((await list(client)).notifications[0]).toMatchObject({
      event: 'projectStatus',
      target: { kind: 'project', projectId: project.id },
      params: { projectName: project.name, status: 'active' },
    });
  });

  it('a chat message that mentions its recipient by username is a mention', async () => {
    const { client, id } = await newClient('Eve Mention');
    const me = await client.request<{ userData: { username: string } }>('GET', '/api/auth/me');
    await send(admin, id, `Ping @${me.body.userData.username} about the invoice`);
    expect((await list(client)).notifications[0]).toMatchObject({ event: 'mention', count: 1 });
  });
});

describe('the fan-out job', () => {
  it('is safe to run again: the same event is one row, counted once', async () => {
    const { client, id } = await newClient('Pia Twice');
    const job = newJob(
      fanoutJobKind,
      {
        kind: 'projectStatus',
        actor: { id: ids.admin, fullName: 'Olivia Bennett' },
        project: { id: 'p-twice', name: 'Twice', clientId: id },
        status: 'completed',
      },
      { label: 'Notifications' },
    );
    const context = { job, attempt: 1, now: new Date(), signal: new AbortController().signal };
    await notificationJobs[fanoutJobKind].run(job.payload, context);
    await notificationJobs[fanoutJobKind].run(job.payload, { ...context, attempt: 2 });
    const { notifications, unread } = await list(client);
    expect(unread).toBe(1);
    expect(notifications.map((n) => n.event)).toEqual(['projectStatus']);
  });
});

describe('settings', () => {
  it('defaults: every event in the bell, email for assignments and mentions', async () => {
    const { client } = await newClient('Fay Defaults');
    const response = await client.request<{ settings: NotificationSettings }>('GET', '/api/notifications/settings');
    expect(response.body.settings).toEqual({
      inApp: {
        message: true,
        taskAssigned: true,
        taskComment: true,
        projectStatus: true,
        mention: true,
        webhookDisabled: true,
      },
      email: {
        message: false,
        taskAssigned: true,
        taskComment: false,
        projectStatus: false,
        mention: true,
        webhookDisabled: true,
      },
    });
  });

  it('in-app off: no row; the profile’s isNotificationsOn follows', async () => {
    const { client, id } = await newClient('Gus Quiet');
    const saved = await client.request('PUT', '/api/notifications/settings', { body: { settings: allOff } });
    expect(saved.status).toBe(200);
    expect((await client.request('GET', '/api/notifications/settings')).body).toEqual({ settings: allOff });
    const profile = await db().send(new GetCommand({ TableName: tableName(), Key: userEntity.key(id) }));
    expect(profile.Item?.settings).toMatchObject({ isNotificationsOn: false });

    await send(admin, id, 'Anyone there?');
    expect(await list(client)).toEqual({ notifications: [], unread: 0, nextCursor: null });

    await client.request('PUT', '/api/notifications/settings', {
      body: { settings: { ...allOff, inApp: { ...allOff.inApp, message: true } } },
    });
    const after = await db().send(new GetCommand({ TableName: tableName(), Key: userEntity.key(id) }));
    expect(after.Item?.settings).toMatchObject({ isNotificationsOn: true });
  });

  it('bad settings are 400 and nothing is stored', async () => {
    const { client } = await newClient('Hal Bad');
    for (const body of [
      {},
      { settings: { inApp: allOff.inApp } },
      { settings: { ...allOff, email: { ...allOff.email, mention: 'yes' } } },
    ]) {
      const response = await client.request<{ errors: Record<string, string[]> }>(
        'PUT',
        '/api/notifications/settings',
        { body },
      );
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.errors).length).toBeGreaterThan(0);
    }
    expect(
      (await client.request<{ settings: NotificationSettings }>('GET', '/api/notifications/settings')).body,
    ).toMatchObject({ settings: { inApp: { message: true } } });
  });
});

describe('reading', () => {
  it('marks all read; pages newest first by cursor', async () => {
    const { client, id } = await newClient('Ivy Pages');
    const project = await createProject(id);
    for (const title of ['One', 'Two', 'Three']) await createTask(admin, project.id, { title, assigneeId: id });
    const firstPage = await list(client, '?limit=2');
    expect(firstPage.notifications.map((n) => n.params.taskTitle)).toEqual(['Three', 'Two']);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    const secondPage = await list(client, `?limit=2&cursor=${firstPage.nextCursor ?? ''}`);
    expect(secondPage.notifications.map((n) => n.params.taskTitle)).toEqual(['One']);
    expect(secondPage.nextCursor).toBeNull();

    // Read-all needs the newest row seen: without it, 400 and nothing marked.
    const refused = await client.request<{ errors: Record<string, string[]> }>('POST', '/api/notifications/read-all', {
      body: {},
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.upTo).toEqual(['Give the id of the newest notification to mark read']);
    expect(await unreadOf(client)).toBe(3);
    // Up to the second newest: the newest stays unread.
    const upTo = firstPage.notifications[1]?.id ?? '';
    expect((await client.request('POST', '/api/notifications/read-all', { body: { upTo } })).body).toEqual({
      unread: 1,
    });
    expect((await list(client)).notifications.map((n) => n.read)).toEqual([false, true, true]);
  });

  it('only one’s own: another user’s id is 404 and nothing changes', async () => {
    const victim = await newClient('Jo Victim');
    const intruder = await newClient('Ken Intruder');
    await send(admin, victim.id, 'Private');
    const [row] = (await list(victim.client)).notifications;
    const response = await intruder.client.request('POST', '/api/notifications/read', {
      body: { ids: [row?.id] },
    });
    expect(response.status).toBe(404);
    expect((await list(victim.client)).notifications[0]).toMatchObject({ id: row?.id, read: false });
    expect(await unreadOf(victim.client)).toBe(1);
    // Mixed with one of the caller's own: still 404, and the own one is not marked either.
    await send(admin, intruder.id, 'Yours');
    const [own] = (await list(intruder.client)).notifications;
    const mixed = await intruder.client.request('POST', '/api/notifications/read', {
      body: { ids: [own?.id, row?.id] },
    });
    expect(mixed.status).toBe(404);
    expect(await unreadOf(intruder.client)).toBe(1);
  });

  it('bad ids are 400 in the errors shape, nothing changed', async () => {
    const { client, id } = await newClient('Lu Bad Ids');
    await send(admin, id, 'Hi');
    for (const body of [
      {},
      { ids: [] },
      { ids: ['not-an-id'] },
      { ids: 'x' },
      { ids: Array(101).fill('01J00000000000000000000000') },
    ]) {
      const response = await client.request<{ errors: Record<string, string[]> }>('POST', '/api/notifications/read', {
        body,
      });
      expect(response.status).toBe(400);
      // `ids`, or `ids.0` for an id that is not one.
      expect(Object.keys(response.body.errors).some((field) => field.startsWith('ids'))).toBe(true);
    }
    const badCursor = await client.request('GET', '/api/notifications?cursor=nope');
    expect(badCursor.status).toBe(400);
    expect(await unreadOf(client)).toBe(1);
  });
});

describe('live', () => {
  it('pushes a new notification and the unread count to every open connection of the user', async () => {
    const { client, id } = await newClient('Mo Live');
    const socket = await WsClient.connect(stack.url, client.accessToken, { purpose: 'notifications' });
    sockets.push(socket);
    const project = await createProject(id);
    const task = await createTask(admin, project.id, { title: 'Live one', assigneeId: id });
    const frame = await socket.next<{ notification: Notification; unread: number }>(
      (candidate) => candidate.type === 'notification.new',
    );
    expect(frame.unread).toBe(1);
    expect(frame.notification).toMatchObject({ event: 'taskAssigned', target: { taskId: task.id }, read: false });

    await client.request('POST', '/api/notifications/read-all', { body: { upTo: frame.notification.id } });
    const read = await socket.next<{ unread: number; upTo: string }>(
      (candidate) => candidate.type === 'notification.read',
    );
    expect(read).toMatchObject({ unread: 0, upTo: frame.notification.id });
  });
});

describe('email digest', () => {
  it('many messages are one mail in the user’s language, sent once even when the job runs twice', async () => {
    const { client, id } = await newClient('Nia Digest');
    const me = await client.request<{ userData: { email: string } }>('GET', '/api/auth/me');
    const email = me.body.userData.email;
    await client.request('PUT', '/api/notifications/settings', {
      body: {
        settings: {
          inApp: everyEvent(true),
          email: { ...everyEvent(true), taskComment: false, projectStatus: false },
        },
      },
    });
    const sent = await Promise.all([1, 2, 3, 4, 5, 6].map((index) => send(admin, id, `Message ${index}`)));
    expect(sent.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);

    const [mail] = await waitForEmails(stack.mailStoreUrl, email, 1);
    expect(mail?.subject).toBe('You have 6 new notifications on Orbit');
    expect(mail?.body.text).toContain('Olivia Bennett sent you 6 messages');
    expect(mail?.body.text).toContain('Hello Nia Digest,');

    // Every digest job of the user done, then: still exactly one mail.
    await vi.waitFor(
      async () => {
        const pending = await pendingDigestJobs(id);
        if (pending > 0) throw new Error(`${pending} digest jobs still pending`);
      },
      { timeout: 20_000, interval: 50 },
    );
    // The job run once more by hand (a second delivery): nothing left to send.
    const job = newJob(digestJobKind, { userId: id }, { label: 'again' });
    const again = await notificationJobs[digestJobKind].run(
      { userId: id },
      { job, attempt: 1, now: new Date(), signal: new AbortController().signal },
    );
    expect(again).toEqual({ sent: 0 });
    expect(await emailsTo(stack.mailStoreUrl, email)).toHaveLength(1);
  });

  it('speaks French when the profile says so', async () => {
    const { client, id } = await newClient('Odile Francaise');
    const me = await client.request<{ userData: { email: string } }>('GET', '/api/auth/me');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userEntity.key(id),
        UpdateExpression: 'SET #language = :fr',
        ExpressionAttributeNames: { '#language': 'language' },
        ExpressionAttributeValues: { ':fr': 'fr' },
      }),
    );
    const project = await createProject(id);
    // taskAssigned is on by email by default.
    await createTask(admin, project.id, { title: 'Maquette', assigneeId: id });
    const [mail] = await waitForEmails(stack.mailStoreUrl, me.body.userData.email, 1);
    expect(mail?.subject).toBe('Vous avez une nouvelle notification sur Orbit');
    expect(mail?.body.text).toContain('Olivia Bennett vous a assigné « Maquette »');
  });
});

/** The user's digest jobs that are not finished yet (read by their ids: one per window). */
const pendingDigestJobs = async (userId: string): Promise<number> => {
  const window = 1500;
  const now = Date.now();
  let pending = 0;
  for (let index = Math.floor((now - 60_000) / window); index <= Math.floor(now / window); index += 1) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: jobEntity.key(`notify-digest-${userId}-${index}`) }),
    );
    if (Item && Item.status !== 'done') pending += 1;
  }
  return pending;
};
