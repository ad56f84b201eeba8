import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';

import { sendMessageRequest } from '@orbit/functions/chat/contract';
import { sendMessage } from '@orbit/functions/chat/service';
import type { Caller } from '@orbit/functions/core/caller';
import { db } from '@orbit/functions/core/db';
import { newJob } from '@orbit/functions/core/jobs/enqueue';
import { digestJobKind, fanoutJobKind, notificationEvents } from '@orbit/functions/core/notifications/records';
import { tableName } from '@orbit/functions/core/table';
import { userEntity } from '@orbit/functions/core/users/entities';
import {
  listNotificationsQuery,
  markAllReadRequest,
  markReadRequest,
  updateSettingsRequest,
  type Notification,
  type NotificationSettings,
} from '@orbit/functions/notifications/contract';
import { notificationJobs } from '@orbit/functions/notifications/jobs';
import {
  getNotificationSettings,
  getUnreadCount,
  listNotifications,
  markAllNotificationsRead,
  markNotificationsRead,
  updateNotificationSettings,
} from '@orbit/functions/notifications/service';
import { createComment } from '@orbit/functions/projects/comment-service';
import { createProject, updateProject } from '@orbit/functions/projects/project-service';
import {
  createCommentRequest,
  createProjectRequest,
  createTaskRequest,
  updateProjectRequest,
  updateTaskRequest,
} from '@orbit/functions/projects/requests';
import { createTask, updateTask } from '@orbit/functions/projects/task-service';

import { demo } from '../support/api-stack';
import { emailsTo } from '../support/sent-messages';
import { jobsFor } from '../support/sequences-api';

import { callerOf, fieldsOf, newClient, parsed, refusal } from './support/background-people';
import { useLivePushes } from './support/background-push';
import { minutes, seconds, useTestClock } from './support/clock';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * The notification centre at the service: each event reaches the right person and never the
 * actor (once its fan-out job is drained); a chat's unread messages fold into one row; settings
 * are kept; mark read and read-all; only one's own (404); bad input is 400 with nothing stored;
 * live frames pushed to the user's open connections; and the email digest: many messages, one
 * mail when its window ends (the clock moved past it), sent once. The routes' wiring (the errors
 * shape, 401) is shown in tests/api/chat.test.ts.
 */

const clock = useTestClock();
const live = await useLivePushes();
const { mailStoreUrl } = await useLocalMail();

let admin: Caller & { id: string };
let colleague: Caller & { id: string };

beforeAll(async () => {
  await copySeededWorkspace();
  [admin, colleague] = await Promise.all([callerOf(demo.admin), callerOf({ phone: '+15550100004' })]);
});

/** The caller's list once every queued fan-out has run (producers queue, the worker writes rows). */
const list = async (caller: Caller, query: Record<string, string> = {}) => {
  await drainJobs();
  return listNotifications(caller, parsed(listNotificationsQuery, query));
};

const unreadOf = async (caller: Caller) => {
  await drainJobs();
  return (await getUnreadCount(caller)).unread;
};

/**
 * The test clock stands still, and rows are listed newest first by time: each event happens a
 * second after the one before, as it would for a person.
 */
const send = (from: Caller, to: string, message: string) =>
  clock.advance(seconds) && sendMessage(from, () => ({ contactId: to }), parsed(sendMessageRequest, { message }));

const createProjectFor = (clientId: string, name = `Notify ${Date.now()}`) =>
  createProject(admin, parsed(createProjectRequest, { type: 'development', name, clientId }));

const createTaskIn = async (by: Caller, projectId: string, body: Record<string, unknown>) =>
  clock.advance(seconds) && (await createTask(by, projectId, parsed(createTaskRequest, body))).task;

const comment = (by: Caller, names: { projectId: string; taskId: string }, body: string) =>
  clock.advance(seconds) && createComment(by, names, parsed(createCommentRequest, { body }));

const saveSettings = (caller: Caller, body: unknown) =>
  updateNotificationSettings(caller, parsed(updateSettingsRequest, body));

/** Every event on or off in one channel. */
const everyEvent = (on: boolean) =>
  Object.fromEntries(notificationEvents.map((event) => [event, on])) as NotificationSettings['inApp'];
const allOff: NotificationSettings = { inApp: everyEvent(false), email: everyEvent(false) };

describe('events', () => {
  it('a message reaches its recipient, not its sender; a busy chat is one row that counts', async () => {
    const { caller: client, id } = await newClient('Ada Reader');
    const adminBefore = (await list(admin)).notifications.length;
    expect(await unreadOf(client)).toBe(0);

    await send(admin, id, 'Hello there');
    const first = await list(client);
    expect(first.unread).toBe(1);
    expect(first.notifications).toHaveLength(1);
    expect(first.notifications[0]).toMatchObject({
      event: 'message',
      actor: { id: admin.id, fullName: 'Olivia Bennett' },
      target: { kind: 'chat', contactId: admin.id },
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
    expect(await markNotificationsRead(client, parsed(markReadRequest, { ids: [row.id] }))).toEqual({ unread: 0 });
    await send(admin, id, 'Fourth');
    const after = await list(client);
    expect(after.unread).toBe(1);
    expect(after.notifications.map((n) => [n.count, n.read])).toEqual([
      [1, false],
      [3, true],
    ]);
  });

  it('a task assigned to someone else reaches them; to oneself, nothing', async () => {
    const { caller: client, id } = await newClient('Bea Assignee');
    const project = await createProjectFor(id);
    const adminBefore = await unreadOf(admin);
    await createTaskIn(admin, project.id, { title: 'Mine', assigneeId: admin.id });
    expect(await unreadOf(admin)).toBe(adminBefore);

    const task = await createTaskIn(admin, project.id, { title: 'Review the copy', assigneeId: id });
    const [row] = (await list(client)).notifications;
    expect(row).toMatchObject({
      event: 'taskAssigned',
      actor: { id: admin.id },
      target: { kind: 'task', projectId: project.id, taskId: task.id },
      params: { taskTitle: 'Review the copy', projectName: project.name },
    });

    // An edit that gives a task to a colleague reaches the colleague.
    const colleagueBefore = await unreadOf(colleague);
    clock.advance(seconds);
    await updateTask(
      admin,
      { projectId: project.id, taskId: task.id },
      parsed(updateTaskRequest, { version: task.version, assigneeId: colleague.id }),
    );
    expect(await unreadOf(colleague)).toBe(colleagueBefore + 1);
    expect((await list(colleague)).notifications[0]).toMatchObject({ event: 'taskAssigned', actor: { id: admin.id } });
  });

  it('a comment reaches the assignee and the client, never its author; a mention is a mention', async () => {
    const { caller: client, id } = await newClient('Cy Client');
    const project = await createProjectFor(id);
    const task = await createTaskIn(admin, project.id, { title: 'Launch plan', assigneeId: colleague.id });
    const names = { projectId: project.id, taskId: task.id };
    const before = { admin: await unreadOf(admin), colleague: await unreadOf(colleague) };

    await comment(admin, names, 'Draft is ready');
    expect(await unreadOf(admin)).toBe(before.admin);
    expect((await list(colleague)).notifications[0]).toMatchObject({
      event: 'taskComment',
      params: { taskTitle: 'Launch plan', excerpt: 'Draft is ready' },
    });
    expect((await list(client)).notifications[0]).toMatchObject({ event: 'taskComment', actor: { id: admin.id } });

    // The client mentions the admin by full name: the admin hears of a mention (one row).
    await comment(client, names, 'Thanks @Olivia Bennett, looks good');
    expect(await unreadOf(admin)).toBe(before.admin + 1);
    expect((await list(admin)).notifications[0]).toMatchObject({
      event: 'mention',
      actor: { id },
      target: { kind: 'task', projectId: project.id, taskId: task.id },
    });
    expect((await list(colleague)).notifications[0]).toMatchObject({ event: 'taskComment', actor: { id } });
  });

  it('a project status change reaches the project’s client', async () => {
    const { caller: client, id } = await newClient('Di Status');
    const project = await createProjectFor(id);
    await updateProject(
      admin,
      project.id,
      parsed(updateProjectRequest, { version: project.version, status: 'active' }),
    );
    expect((await list(client)).notifications[0]).toMatchObject({
      event: 'projectStatus',
      target: { kind: 'project', projectId: project.id },
      params: { projectName: project.name, status: 'active' },
    });
  });

  it('a chat message that mentions its recipient by username is a mention', async () => {
    const { caller: client, id, username } = await newClient('Eve Mention');
    await send(admin, id, `Ping @${username} about the invoice`);
    expect((await list(client)).notifications[0]).toMatchObject({ event: 'mention', count: 1 });
  });
});

describe('the fan-out job', () => {
  it('is safe to run again: the same event is one row, counted once', async () => {
    const { caller: client, id } = await newClient('Pia Twice');
    const job = newJob(
      fanoutJobKind,
      {
        kind: 'projectStatus',
        actor: { id: admin.id, fullName: 'Olivia Bennett' },
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
    const { caller: client } = await newClient('Fay Defaults');
    expect((await getNotificationSettings(client)).settings).toEqual({
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
    const { caller: client, id } = await newClient('Gus Quiet');
    expect(await saveSettings(client, { settings: allOff })).toEqual({ settings: allOff });
    expect(await getNotificationSettings(client)).toEqual({ settings: allOff });
    const profile = await db().send(new GetCommand({ TableName: tableName(), Key: userEntity.key(id) }));
    expect(profile.Item?.settings).toMatchObject({ isNotificationsOn: false });

    await send(admin, id, 'Anyone there?');
    expect(await list(client)).toEqual({ notifications: [], unread: 0, nextCursor: null });

    await saveSettings(client, { settings: { ...allOff, inApp: { ...allOff.inApp, message: true } } });
    const after = await db().send(new GetCommand({ TableName: tableName(), Key: userEntity.key(id) }));
    expect(after.Item?.settings).toMatchObject({ isNotificationsOn: true });
  });

  it('bad settings are 400 and nothing is stored', async () => {
    const { caller: client } = await newClient('Hal Bad');
    for (const body of [
      {},
      { settings: { inApp: allOff.inApp } },
      { settings: { ...allOff, email: { ...allOff.email, mention: 'yes' } } },
    ]) {
      const refused = await refusal(saveSettings(client, body));
      expect(refused.status).toBe(400);
      expect(Object.keys(fieldsOf(refused)).length).toBeGreaterThan(0);
    }
    expect(await getNotificationSettings(client)).toMatchObject({ settings: { inApp: { message: true } } });
  });
});

describe('reading', () => {
  it('marks all read; pages newest first by cursor', async () => {
    const { caller: client, id } = await newClient('Ivy Pages');
    const project = await createProjectFor(id);
    for (const title of ['One', 'Two', 'Three']) await createTaskIn(admin, project.id, { title, assigneeId: id });
    const firstPage = await list(client, { limit: '2' });
    expect(firstPage.notifications.map((n) => n.params.taskTitle)).toEqual(['Three', 'Two']);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    const secondPage = await list(client, { limit: '2', cursor: firstPage.nextCursor ?? '' });
    expect(secondPage.notifications.map((n) => n.params.taskTitle)).toEqual(['One']);
    expect(secondPage.nextCursor).toBeNull();

    // Read-all needs the newest row seen: without it, 400 and nothing marked.
    const refused = await refusal(markAllNotificationsRead(client, parsed(markAllReadRequest, {})));
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused).upTo).toEqual(['Give the id of the newest notification to mark read']);
    expect(await unreadOf(client)).toBe(3);
    // Up to the second newest: the newest stays unread.
    const upTo = firstPage.notifications[1]?.id ?? '';
    expect(await markAllNotificationsRead(client, parsed(markAllReadRequest, { upTo }))).toEqual({ unread: 1 });
    expect((await list(client)).notifications.map((n) => n.read)).toEqual([false, true, true]);
  });

  it('only one’s own: another user’s id is 404 and nothing changes', async () => {
    const victim = await newClient('Jo Victim');
    const intruder = await newClient('Ken Intruder');
    await send(admin, victim.id, 'Private');
    const [row] = (await list(victim.caller)).notifications;
    const read = (ids: unknown[]) => markNotificationsRead(intruder.caller, parsed(markReadRequest, { ids }));
    expect((await refusal(read([row?.id]))).status).toBe(404);
    expect((await list(victim.caller)).notifications[0]).toMatchObject({ id: row?.id, read: false });
    expect(await unreadOf(victim.caller)).toBe(1);
    // Mixed with one of the caller's own: still 404, and the own one is not marked either.
    await send(admin, intruder.id, 'Yours');
    const [own] = (await list(intruder.caller)).notifications;
    expect((await refusal(read([own?.id, row?.id]))).status).toBe(404);
    expect(await unreadOf(intruder.caller)).toBe(1);
  });

  it('bad ids are 400 in the errors shape, nothing changed', async () => {
    const { caller: client, id } = await newClient('Lu Bad Ids');
    await send(admin, id, 'Hi');
    for (const body of [
      {},
      { ids: [] },
      { ids: ['not-an-id'] },
      { ids: 'x' },
      { ids: Array(101).fill('01J00000000000000000000000') },
    ]) {
      const refused = await refusal(markNotificationsRead(client, parsed(markReadRequest, body)));
      expect(refused.status).toBe(400);
      // `ids`, or `ids.0` for an id that is not one.
      expect(Object.keys(fieldsOf(refused)).some((field) => field.startsWith('ids'))).toBe(true);
    }
    expect((await refusal(list(client, { cursor: 'nope' }))).status).toBe(400);
    expect(await unreadOf(client)).toBe(1);
  });
});

describe('live', () => {
  it('pushes a new notification and the unread count to every open connection of the user', async () => {
    const { caller: client, id } = await newClient('Mo Live');
    const tabs = [await live.open({ id, role: 'client' }, 'notifications'), await live.open({ id, role: 'client' })];
    const project = await createProjectFor(id);
    const task = await createTaskIn(admin, project.id, { title: 'Live one', assigneeId: id });
    await drainJobs();
    for (const tab of tabs) {
      const frames = live.framesTo<{ type: string; notification: Notification; unread: number }>(tab);
      const fresh = frames.filter((frame) => frame.type === 'notification.new');
      expect(fresh).toHaveLength(1);
      expect(fresh[0]?.unread).toBe(1);
      expect(fresh[0]?.notification).toMatchObject({ event: 'taskAssigned', target: { taskId: task.id }, read: false });
    }

    const upTo = live
      .framesTo<{ type: string; notification: Notification }>(tabs[0] ?? '')
      .find((frame) => frame.type === 'notification.new')?.notification.id;
    await markAllNotificationsRead(client, parsed(markAllReadRequest, { upTo }));
    for (const tab of tabs) {
      const read = live
        .framesTo<{ type: string; unread: number; upTo: string }>(tab)
        .filter((frame) => frame.type === 'notification.read');
      expect(read).toEqual([expect.objectContaining({ unread: 0, upTo })]);
    }
  });
});

describe('email digest', () => {
  it('many messages are one mail in the user’s language, sent once even when the job runs twice', async () => {
    const { caller: client, id, email } = await newClient('Nia Digest');
    await saveSettings(client, {
      settings: { inApp: everyEvent(true), email: { ...everyEvent(true), taskComment: false, projectStatus: false } },
    });
    for (const index of [1, 2, 3, 4, 5, 6]) await send(admin, id, `Message ${index}`);
    await drainJobs();
    // Within the window nothing is mailed; when it ends, one mail with every line.
    expect(await emailsTo(mailStoreUrl, email)).toEqual([]);
    clock.advance(5 * minutes);
    await drainJobs();
    const [mail, ...more] = await emailsTo(mailStoreUrl, email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('You have 6 new notifications on Orbit');
    expect(mail?.body.text).toContain('Olivia Bennett sent you 6 messages');
    expect(mail?.body.text).toContain('Hello Nia Digest,');
    expect((await jobsFor(digestJobKind, 'userId', id)).map((job) => job.status)).toEqual(['done']);

    // The job run once more by hand (a second delivery): nothing left to send.
    const job = newJob(digestJobKind, { userId: id }, { label: 'again' });
    const again = await notificationJobs[digestJobKind].run(
      { userId: id },
      { job, attempt: 1, now: new Date(), signal: new AbortController().signal },
    );
    expect(again).toEqual({ sent: 0 });
    expect(await emailsTo(mailStoreUrl, email)).toHaveLength(1);
  });

  it('speaks French when the profile says so', async () => {
    const { id, email } = await newClient('Odile Francaise');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userEntity.key(id),
        UpdateExpression: 'SET #language = :fr',
        ExpressionAttributeNames: { '#language': 'language' },
        ExpressionAttributeValues: { ':fr': 'fr' },
      }),
    );
    const project = await createProjectFor(id);
    // taskAssigned is on by email by default.
    await createTaskIn(admin, project.id, { title: 'Maquette', assigneeId: id });
    await drainJobs();
    clock.advance(5 * minutes);
    await drainJobs();
    const [mail] = await emailsTo(mailStoreUrl, email);
    expect(mail?.subject).toBe('Vous avez une nouvelle notification sur Orbit');
    expect(mail?.body.text).toContain('Olivia Bennett vous a assigné « Maquette »');
  });
});
