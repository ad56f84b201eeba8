import { deflateSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { headObject } from '@orbit/functions/core/media/object-store';
import type { AvatarUpload, Profile, ProfileView } from '@orbit/functions/users/contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, registerNewClient, signInDemoUsers, startApiStack } from '../support/api-stack';
import { backgroundWorkSettled } from '../support/background-work';
import { fromSource, newSource } from '../support/from-source';
import { codeIn, smsTo, waitForEmails, waitForSms } from '../support/sent-messages';

let stack: LocalStack;
let users: Awaited<ReturnType<typeof signInDemoUsers>>;

beforeAll(async () => {
  stack = await startApiStack();
  users = await signInDemoUsers(stack.url);
});
afterAll(async () => {
  await stack.stop();
});

type Errors = { errors?: Record<string, string[]>; current?: Profile };
const view = (client: ApiClient, id: string) => client.request<ProfileView>('GET', `/api/users/${id}`);
const patch = (client: ApiClient, id: string, body: unknown) =>
  client.request<{ user: Profile } & Errors>('PATCH', `/api/users/${id}`, { body });

/** A real PNG of one pixel: what S3 holds is checked, so the bytes do not matter, the type does. */
const tinyPng = (): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 200, 80, 40]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

describe('GET /api/users/{id}', () => {
  it('shows a client its own profile with its counts, and another client’s id as not found', async () => {
    const own = await view(users.clientA, users.ids.clientA);
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ id: users.ids.clientA, role: 'client', phone: demo.clientA.phone });
    expect(own.body.user).not.toHaveProperty('passwordHash');
    expect(own.body.counts.projects).toBeGreaterThanOrEqual(0);
    expect(own.body.counts.openTasks).toBeGreaterThanOrEqual(0);
    expect((await view(users.clientA, users.ids.clientB)).status).toBe(404);
    expect((await view(users.clientA, users.ids.admin)).status).toBe(404);
    expect((await view(users.clientA, 'no-such-user')).status).toBe(404);
  });

  it('lets an admin open anyone’s view; the counts of a client are its projects and their open tasks', async () => {
    const response = await view(users.admin, users.ids.clientA);
    expect(response.status).toBe(200);
    const projects = await users.clientA.request<{ counts: Record<string, number> }>('GET', '/api/apps/projects');
    const notArchived = Object.entries(projects.body.counts)
      .filter(([status]) => status !== 'archived')
      .reduce((total, [, count]) => total + count, 0);
    expect(response.body.counts.projects).toBe(notArchived);
    expect((await view(users.admin, 'no-such-user')).status).toBe(404);
  });

  it('counts a new task of the client’s project as open', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Counted Client');
    const before = (await view(client, id)).body.counts;
    expect(before).toEqual({ projects: 0, openTasks: 0, openTasksComplete: true });
    const created = await users.admin.request<{ project: { id: string } }>('POST', '/api/apps/projects', {
      body: { type: 'development', name: 'Counted project', clientId: id },
    });
    await users.admin.request('POST', `/api/apps/projects/${created.body.project.id}/tasks`, {
      body: { title: 'One' },
    });
    expect((await view(client, id)).body.counts).toEqual({ projects: 1, openTasks: 1, openTasksComplete: true });
  });
});

describe('PATCH /api/users/{id}', () => {
  it('edits from the version read, shows the change in the chat’s contacts, and refuses a stale version with 409', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Editing Client');
    const { user } = (await view(client, id)).body;
    const saved = await patch(client, id, {
      fullName: 'Edited Name',
      about: 'Likes tidy boards',
      status: 'away',
      language: 'fr',
      version: user.version,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({
      fullName: 'Edited Name',
      about: 'Likes tidy boards',
      status: 'away',
      language: 'fr',
    });
    expect(saved.body.user.version).toBe(user.version + 1);

    const stale = await patch(client, id, { about: 'Lost edit', version: user.version });
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.version).toHaveLength(1);
    expect(stale.body.current?.about).toBe('Likes tidy boards');

    const contacts = await users.admin.request<{ contacts: { id: string; fullName: string; about: string }[] }>(
      'GET',
      '/api/apps/chat/chats-and-contacts?q=Edited',
    );
    expect(contacts.body.contacts.find((contact) => contact.id === id)).toMatchObject({
      fullName: 'Edited Name',
      about: 'Likes tidy boards',
    });
  });

  it('answers bad input with 400 per field and stores nothing', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Careful Client');
    const { user } = (await view(client, id)).body;
    const bad = await patch(client, id, {
      fullName: 'x',
      about: 'a'.repeat(501),
      status: 'interest_shown',
      language: 'de',
      version: user.version,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['about', 'fullName', 'language', 'status']);
    expect((await patch(client, id, { version: user.version })).status).toBe(400);
    expect((await patch(client, id, { about: 'no version' })).status).toBe(400);
    expect((await view(client, id)).body.user).toEqual(user);
  });

  it('refuses another client’s profile as not found and lets an admin edit anyone’s', async () => {
    const { user } = (await view(users.admin, users.ids.clientB)).body;
    expect((await patch(users.clientA, users.ids.clientB, { about: 'x', version: user.version })).status).toBe(404);
    const byAdmin = await patch(users.admin, users.ids.clientB, { about: 'Edited by an admin', version: user.version });
    expect(byAdmin.status).toBe(200);
  });
});

describe('avatars', () => {
  const upload = (client: ApiClient, id: string, body: unknown) =>
    client.request<AvatarUpload & Errors>('POST', `/api/users/${id}/avatar/upload`, { body });
  const confirm = (client: ApiClient, id: string, key: string) =>
    client.request<{ user: Profile } & Errors>('POST', `/api/users/${id}/avatar`, { body: { key } });

  it('presigns, uploads to the local S3 server, confirms and serves the picture under /media on the app origin', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Pictured Client');
    const png = tinyPng();
    const presigned = await upload(client, id, { contentType: 'image/png', size: png.length });
    expect(presigned.status).toBe(200);
    const put = await fetch(`${stack.url}${presigned.body.uploadUrl}`, {
      method: 'PUT',
      headers: presigned.body.headers,
      body: new Uint8Array(png),
    });
    expect(put.status).toBe(200);
    const confirmed = await confirm(client, id, presigned.body.key);
    expect(confirmed.status).toBe(200);
    const avatar = confirmed.body.user.avatar ?? '';
    expect(avatar).toMatch(new RegExp(`^/media/avatars/${id}/[0-9A-Z]{26}\\.png$`));
    const served = await fetch(`${stack.url}${avatar}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    // Moved out of pending: the upload's key holds nothing any more.
    expect(await headObject(presigned.body.key)).toBeUndefined();
    // The sign-in's userData and the contacts read the same profile item.
    const contacts = await users.admin.request<{ contacts: { id: string; avatar?: string }[] }>(
      'GET',
      '/api/apps/chat/chats-and-contacts?q=Pictured',
    );
    expect(contacts.body.contacts.find((contact) => contact.id === id)?.avatar).toBe(avatar);

    // A second picture replaces the first, which is removed from the bucket.
    const second = await upload(client, id, { contentType: 'image/png', size: png.length });
    await fetch(`${stack.url}${second.body.uploadUrl}`, {
      method: 'PUT',
      headers: second.body.headers,
      body: new Uint8Array(png),
    });
    const replaced = await confirm(client, id, second.body.key);
    expect(replaced.body.user.avatar).not.toBe(avatar);
    expect(await headObject(avatar.slice(1))).toBeUndefined();

    const removed = await client.request<{ user: Profile }>('DELETE', `/api/users/${id}/avatar`);
    expect(removed.body.user.avatar).toBeNull();
  });

  it('refuses a type or size outside the rules when presigning, with 400', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Gif Client');
    const gif = await upload(client, id, { contentType: 'image/gif', size: 100 });
    expect(gif.status).toBe(400);
    expect(gif.body.errors?.contentType).toHaveLength(1);
    const big = await upload(client, id, { contentType: 'image/png', size: 2 * 1024 * 1024 + 1 });
    expect(big.status).toBe(400);
    expect(big.body.errors?.size).toHaveLength(1);
    expect((await view(client, id)).body.user.avatar).toBeNull();
  });

  it('lets S3 refuse an upload of another type or length than the one signed', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Sneaky Client');
    const png = tinyPng();
    const presigned = await upload(client, id, { contentType: 'image/png', size: png.length });
    const otherType = await fetch(`${stack.url}${presigned.body.uploadUrl}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html' },
      body: new Uint8Array(png),
    });
    expect(otherType.status).toBe(403);
    const longer = await fetch(`${stack.url}${presigned.body.uploadUrl}`, {
      method: 'PUT',
      headers: presigned.body.headers,
      body: new Uint8Array(Buffer.concat([png, Buffer.alloc(10)])),
    });
    expect(longer.status).toBe(403);
    expect((await confirm(client, id, presigned.body.key)).status).toBe(400);
  });

  it('checks what S3 holds on confirm: a stored object of another type is deleted and refused with 400', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Html Client');
    // An object under the user's pending prefix that is not a picture (written with the
    // server's own credentials, as a forged or stale upload would leave it).
    const { presignPut } = await import('@orbit/functions/core/media/object-store');
    const key = `media/pending/${id}/01JBBBBBBBBBBBBBBBBBBBBBBB`;
    const html = Buffer.from('<script>alert(1)</script>');
    const forged = await presignPut(key, {
      contentType: 'text/html',
      contentLength: html.length,
      expiresInSeconds: 60,
    });
    expect(
      (await fetch(`${stack.url}${forged.url}`, { method: 'PUT', headers: forged.headers, body: new Uint8Array(html) }))
        .status,
    ).toBe(200);
    const refused = await confirm(client, id, key);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.avatar).toHaveLength(1);
    expect(await headObject(key)).toBeUndefined();
    expect((await view(client, id)).body.user.avatar).toBeNull();
    // Another user's pending key is not this user's to confirm.
    expect((await confirm(client, id, `media/pending/${users.ids.clientB}/01JBBBBBBBBBBBBBBBBBBBBBBB`)).status).toBe(
      400,
    );
  });
});

describe('changing the sign-in email or phone', () => {
  /** A change asked for with the owner's password (a registered client's), unless the body says otherwise. */
  const start = (client: ApiClient, id: string, body: Record<string, unknown>) =>
    client.request<Errors & { value?: string }>('POST', `/api/users/${id}/contact-change`, {
      body: { currentPassword: 'Secret#2026', ...body },
    });
  const finish = (client: ApiClient, id: string, body: unknown) =>
    client.request<{ user: Profile } & Errors>('POST', `/api/users/${id}/contact-change/confirm`, { body });
  const uniquePhone = () => `+1555${Date.now().toString().slice(-7)}`;
  const undo = (token: string) =>
    new ApiClient(stack.url).request<Errors & { field?: string; restored?: boolean }>(
      'POST',
      '/api/users/contact-change/undo',
      { body: { token } },
    );
  const undoTokenIn = (text: string | undefined): string => {
    const match = /\/contact-change\/undo#token=([^\s]+)/.exec(text ?? '');
    if (!match?.[1]) throw new Error(`no undo link in: ${text}`);
    return decodeURIComponent(match[1]);
  };

  it('changes the phone only with the code sent to the new number; the new phone signs in and the old does not', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Moving Client');
    const oldPhone = (await view(client, id)).body.user.phone;
    const newPhone = uniquePhone();
    expect((await start(client, id, { field: 'phone', value: newPhone })).status).toBe(202);
    const [sms] = await waitForSms(newPhone, 1);
    const code = codeIn(sms?.text) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await finish(client, id, { field: 'phone', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.code).toHaveLength(1);
    expect((await view(client, id)).body.user.phone).toBe(oldPhone);

    const done = await finish(client, id, { field: 'phone', code });
    expect(done.status).toBe(200);
    expect(done.body.user.phone).toBe(newPhone);
    // The code is spent.
    expect((await finish(client, id, { field: 'phone', code })).status).toBe(400);

    expect((await new ApiClient(stack.url).signIn(newPhone, 'Secret#2026')).status).toBe(201);
    expect((await new ApiClient(stack.url).signIn(oldPhone, 'Secret#2026')).status).not.toBe(201);
  });

  it('changes the email with the code mailed to the new address', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Mailing Client');
    const address = `new-${Date.now().toString(36)}@example.com`;
    expect((await start(client, id, { field: 'email', value: address })).status).toBe(202);
    const [mail] = await waitForEmails(stack.mailStoreUrl, address, 1);
    const code = codeIn(mail?.body.text) ?? '';
    const done = await finish(client, id, { field: 'email', code });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(address);
  });

  it('refuses a value someone else holds, at the request and at the swap, with nothing changed', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Late Client');
    const taken = await start(client, id, { field: 'phone', value: demo.clientB.phone });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.value).toHaveLength(1);

    // Free when asked for, taken by another account before the code comes back.
    const contested = uniquePhone();
    expect((await start(client, id, { field: 'phone', value: contested })).status).toBe(202);
    const [sms] = await waitForSms(contested, 1);
    const rival = await registerNewClient(stack.url, 'Rival Client');
    const rivalStart = await start(rival.client, rival.id, { field: 'phone', value: contested });
    expect(rivalStart.status).toBe(202);
    const [, rivalSms] = await waitForSms(contested, 2);
    expect((await finish(rival.client, rival.id, { field: 'phone', code: codeIn(rivalSms?.text) })).status).toBe(200);

    const before = (await view(client, id)).body.user;
    const lost = await finish(client, id, { field: 'phone', code: codeIn(sms?.text) });
    expect(lost.status).toBe(409);
    expect((await view(client, id)).body.user.phone).toBe(before.phone);
    // The rival holds the claim: it signs in with it; the loser still signs in with its old phone.
    expect((await new ApiClient(stack.url).signIn(contested, 'Secret#2026')).body.userData.id).toBe(rival.id);
    expect((await new ApiClient(stack.url).signIn(before.phone, 'Secret#2026')).status).toBe(201);
  });

  it('limits wrong codes, refuses bad input with 400 and lets only the owner change it', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Guessing Client');
    expect((await start(client, id, { field: 'phone', value: 'not a phone' })).status).toBe(400);
    expect((await start(client, id, { field: 'fax', value: '+15550000000' })).status).toBe(400);
    expect((await finish(client, id, { field: 'phone', code: '12' })).status).toBe(400);
    expect((await start(users.admin, id, { field: 'phone', value: uniquePhone() })).status).toBe(403);
    expect((await start(users.clientB, id, { field: 'phone', value: uniquePhone() })).status).toBe(404);

    const target = uniquePhone();
    await start(client, id, { field: 'phone', value: target });
    const [sms] = await waitForSms(target, 1);
    const code = codeIn(sms?.text) ?? '';
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await finish(client, id, { field: 'phone', code: wrongCode })).status).toBe(400);
    }
    // The tries are spent: even the right code no longer works in this window.
    expect((await finish(client, id, { field: 'phone', code })).status).toBe(400);
    expect((await view(client, id)).body.user.phone).not.toBe(target);
  });

  it('asks for the current password: none or a wrong one is a 400 that sends nothing, and wrong ones run out', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Careful Client');
    const target = uniquePhone();
    const missing = await start(client, id, { field: 'phone', value: target, currentPassword: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ currentPassword: ['Enter your current password'] });
    const wrongPassword = { field: 'phone', value: target, currentPassword: 'Wrong#2026' };
    const wrong = await start(client, id, wrongPassword);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: ['The password is not right'] });
    // Without two-step verification on, no code stands in for the password.
    const code = await start(client, id, { field: 'phone', value: target, currentPassword: undefined, code: '123456' });
    expect(code.status).toBe(400);
    expect(code.body.errors).toEqual({ code: [expect.any(String)] });

    // The user's budget of password and code checks (5 per 15 minutes), shared with a password change.
    for (let attempt = 0; attempt < 3; attempt++) expect((await start(client, id, wrongPassword)).status).toBe(400);
    const throttled = await start(client, id, { field: 'phone', value: target });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    const passwordChange = await client.request('POST', `/api/users/${id}/password`, {
      body: { currentPassword: 'Secret#2026', newPassword: 'Another#2026' },
    });
    expect(passwordChange.status).toBe(429);

    await backgroundWorkSettled(stack.tableName);
    expect(smsTo(target)).toHaveLength(0);
  });

  it('tells the old phone, whose link undoes the change once and signs every device out', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Undone Client');
    const oldPhone = (await view(client, id)).body.user.phone;
    const otherDevice = new ApiClient(stack.url);
    expect((await otherDevice.signIn(oldPhone, 'Secret#2026')).status).toBe(201);
    const newPhone = uniquePhone();
    expect((await start(client, id, { field: 'phone', value: newPhone })).status).toBe(202);
    const [sms] = await waitForSms(newPhone, 1);
    expect((await finish(client, id, { field: 'phone', code: codeIn(sms?.text) })).status).toBe(200);

    const [notice] = await waitForSms(oldPhone, 1);
    expect(notice?.text).toContain(`•••${newPhone.slice(-4)}`);
    expect(notice?.text).not.toContain(newPhone);
    // The link is on the deployment's public address, never one a request named.
    expect(notice?.text).toContain(`${process.env.PUBLIC_BASE_URL}/contact-change/undo#token=`);
    const token = undoTokenIn(notice?.text);

    const undone = await undo(token);
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ field: 'phone', restored: true });
    // Every session ended: both devices' next requests are 401, and the refresh fails.
    expect((await view(client, id)).status).toBe(401);
    expect((await view(otherDevice, id)).status).toBe(401);
    expect((await client.request('POST', '/api/auth/refresh')).status).toBe(401);
    // The old phone signs in again; the new one does not, and is free for anyone.
    const back = new ApiClient(stack.url);
    expect((await back.signIn(oldPhone, 'Secret#2026')).status).toBe(201);
    expect((await view(back, id)).body.user.phone).toBe(oldPhone);
    expect((await new ApiClient(stack.url).signIn(newPhone, 'Secret#2026')).status).not.toBe(201);
    const log = await back.request<{ entries: { event: string }[] }>('GET', `/api/users/${id}/security-log?limit=50`);
    expect(log.body.entries.map((entry) => entry.event)).toEqual(
      expect.arrayContaining(['phone-changed', 'contact-change-undone']),
    );

    // Once: the same link again, or a forged one, changes nothing and says the same.
    expect((await undo(token)).status).toBe(404);
    expect((await undo(`${id}.phone.${'A'.repeat(43)}`)).status).toBe(404);
    expect((await undo('not a token')).status).toBe(404);
    expect((await view(back, id)).status).toBe(200);
  });

  it('signs every device out even when the old email has been taken since, and leaves the email as it is', async () => {
    const { client, id } = await registerNewClient(stack.url, 'Outpaced Client');
    const { email: oldEmail, phone } = (await view(client, id)).body.user;
    const newEmail = `outpaced-${Date.now().toString(36)}@example.com`;
    expect((await start(client, id, { field: 'email', value: newEmail })).status).toBe(202);
    const [mail] = await waitForEmails(stack.mailStoreUrl, newEmail, 1);
    expect((await finish(client, id, { field: 'email', code: codeIn(mail?.body.text) })).status).toBe(200);
    const [notice] = await waitForEmails(stack.mailStoreUrl, oldEmail, 1);
    expect(notice?.subject).toBe('Your Orbit sign-in email was changed');

    // Someone registers with the old address before the owner opens the link.
    const squatter = await fromSource(stack.url, newSource()).request('POST', '/api/auth/register', {
      body: { fullName: 'Squatter', phone: uniquePhone(), email: oldEmail, password: 'Secret#2026' },
    });
    expect(squatter.status).toBe(201);

    const undone = await undo(undoTokenIn(notice?.body.text));
    expect(undone.status).toBe(200);
    expect(undone.body).toEqual({ field: 'email', restored: false });
    expect((await view(client, id)).status).toBe(401);
    expect((await undo(undoTokenIn(notice?.body.text))).status).toBe(404);
    const back = new ApiClient(stack.url);
    expect((await back.signIn(phone, 'Secret#2026')).status).toBe(201);
    expect((await view(back, id)).body.user.email).toBe(newEmail);
  });
});
