import { createHash } from 'node:crypto';

import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiKeyEntity, liveApiKeysEntity } from '@orbit/functions/core/api-key-entities';
import { apiScopes } from '@orbit/functions/core/api-scopes';
import { batchWrite, db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import type { ApiKey } from '@orbit/functions/integrations/api-key-contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack, type ApiResponse } from '../support/api-stack';
import { backgroundWorkSettled } from '../support/background-work';
import { emailsTo } from '../support/sent-messages';
import { WsClient } from '../support/ws-client';

/**
 * API keys (docs/integrations.md, "API keys") against the local stack: shown once and stored as a
 * hash, a bearer limited to the key's scopes and to its creator's rights as they are now, expiry,
 * revocation, the per-key rate limit and the last use.
 */

type Created = { apiKey: ApiKey; key: string };
type Errors = { errors: Record<string, string[]> };

let stack: LocalStack;
let admin: ApiClient;
/** Every answer an admin got about keys after their creation: none may hold a key. */
const answers: string[] = [];

beforeAll(async () => {
  stack = await startApiStack();
  admin = new ApiClient(stack.url);
  expect((await admin.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
});
afterAll(async () => {
  await stack.stop();
});

const keysPath = '/api/apps/integrations/api-keys';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const createKey = async (overrides: Record<string, unknown> = {}, as = admin): Promise<Created> => {
  const response = await as.request<Created>('POST', keysPath, {
    body: { name: 'Reporting', scopes: ['projects:read'], expiresAt: inDays(30), ...overrides },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
};

const listKeys = async (): Promise<ApiKey[]> => {
  const response = await admin.request<{ apiKeys: ApiKey[] }>('GET', keysPath);
  expect(response.status).toBe(200);
  answers.push(JSON.stringify(response.body));
  return response.body.apiKeys;
};

/** A request with the key as its bearer, from a client of its own (no cookies, no session). */
const withKey = <T = unknown>(key: string, method: string, path: string, body?: unknown): Promise<ApiResponse<T>> =>
  new ApiClient(stack.url).request<T>(method, path, { token: key, ...(body === undefined ? {} : { body }) });

const storedItem = async (id: string) =>
  (await db().send(new GetCommand({ TableName: stack.tableName, Key: apiKeyEntity.key(id), ConsistentRead: true })))
    .Item;

describe('creating a key', () => {
  it('answers the key once; the table keeps its SHA-256 and its prefix, never the key', async () => {
    const { apiKey, key } = await createKey({ name: 'Shown once', scopes: ['projects:read', 'chat:read'] });
    expect(key).toMatch(/^orb_[0-9A-Z]{26}_[\w-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Shown once',
      scopes: ['projects:read', 'chat:read'],
      rateLimitPerMinute: 600,
      createdByName: 'Olivia Bennett',
    });
    expect(apiKey.prefix).toBe(`orb_${apiKey.id}`);
    expect(key.startsWith(`${apiKey.prefix}_`)).toBe(true);
    expect(apiKey).not.toHaveProperty('keyHash');
    expect(apiKey.lastUsedAt).toBeUndefined();

    const item = await storedItem(apiKey.id);
    expect(item?.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    const secret = key.slice(apiKey.prefix.length + 1);
    expect(JSON.stringify(item)).not.toContain(secret);

    const listed = (await listKeys()).find((each) => each.id === apiKey.id);
    expect(listed).toEqual(apiKey);
    const revoked = await admin.request('DELETE', `${keysPath}/${apiKey.id}`);
    answers.push(JSON.stringify(revoked.body));
    await listKeys();
    for (const answer of answers) expect(answer).not.toContain(secret);
  });

  it('refuses a bad request with 400 and stores nothing', async () => {
    const before = (await listKeys()).length;
    const valid = { name: 'Bad', scopes: ['projects:read'], expiresAt: inDays(1) };
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ scopes: [] }, 'scopes'],
      [{ scopes: ['projects:admin'] }, 'scopes.0'],
      [{ scopes: ['integrations:read'] }, 'scopes.0'],
      [{ scopes: ['auth:write'] }, 'scopes.0'],
      [{ scopes: ['chat:read', 'chat:read'] }, 'scopes'],
      [{ expiresAt: 'tomorrow' }, 'expiresAt'],
      [{ expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
      [{ expiresAt: inDays(367) }, 'expiresAt'],
      [{ rateLimitPerMinute: 0 }, 'rateLimitPerMinute'],
      [{ rateLimitPerMinute: 1.5 }, 'rateLimitPerMinute'],
      [{ rateLimitPerMinute: 6001 }, 'rateLimitPerMinute'],
    ];
    for (const [override, field] of bad) {
      const response = await admin.request<Errors>('POST', keysPath, { body: { ...valid, ...override } });
      expect(response.status, JSON.stringify(override)).toBe(400);
      expect(Object.keys(response.body.errors), JSON.stringify(override)).toContain(field);
    }
    expect(await listKeys()).toHaveLength(before);
  });

  it('lists the keys newest first', async () => {
    const older = await createKey({ name: 'Older' });
    const newer = await createKey({ name: 'Newer' });
    const ids = (await listKeys()).map((each) => each.id);
    expect(ids.indexOf(newer.apiKey.id)).toBeLessThan(ids.indexOf(older.apiKey.id));
  });
});

describe('a key as bearer', () => {
  it('reads with the read scope; a change needs the write scope; other areas need theirs', async () => {
    const reader = await createKey({ scopes: ['projects:read'] });
    const asAdmin = await admin.request<{ projects: unknown[] }>('GET', '/api/apps/projects');
    const asKey = await withKey<{ projects: unknown[] }>(reader.key, 'GET', '/api/apps/projects');
    expect(asKey.status).toBe(200);
    expect(asKey.body.projects).toEqual(asAdmin.body.projects);
    expect(JSON.stringify(asKey.body)).not.toContain(reader.key);

    const clientA = (await admin.request<{ members: { id: string }[] }>('GET', '/api/team/members?q=Liam')).body
      .members[0];
    const project = { type: 'development', name: `By key ${Date.now()}`, clientId: clientA?.id };
    const refused = await withKey<Errors>(reader.key, 'POST', '/api/apps/projects', project);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errors: { scope: ['This key needs the projects:write scope'] } });
    const otherArea = await withKey<Errors>(reader.key, 'GET', '/api/apps/mailings');
    expect(otherArea.status).toBe(403);
    expect(otherArea.body.errors.scope).toEqual(['This key needs the mailings:read scope']);

    const writer = await createKey({ scopes: ['projects:write'] });
    const created = await withKey<{ project: { name: string; createdBy?: string } }>(
      writer.key,
      'POST',
      '/api/apps/projects',
      project,
    );
    expect(created.status).toBe(201);
    expect(created.body.project.name).toBe(project.name);
    // Write is not read: each scope says one thing.
    expect((await withKey(writer.key, 'GET', '/api/apps/projects')).status).toBe(403);
  });

  it('is refused on the sign-in, session and integrations routes, and opens no WebSocket', async () => {
    // chat:write would reach the chat area's other writes: the socket ticket is refused whatever the scopes.
    const { key } = await createKey({ scopes: ['users:read', 'users:write', 'projects:read', 'chat:write'] });
    const me = (await admin.request<{ id: string }>('GET', '/api/auth/me')).body;
    const refusedRoutes: [string, string, unknown?][] = [
      ['GET', '/api/auth/me'],
      ['GET', `/api/users/${me.id}/sessions`],
      ['POST', `/api/users/${me.id}/sessions/revoke-others`],
      ['POST', `/api/users/${me.id}/password`, { currentPassword: demo.admin.password, newPassword: 'Other#2026' }],
      ['GET', keysPath],
      ['POST', keysPath, { name: 'Minted by a key', scopes: ['projects:read'], expiresAt: inDays(1) }],
      ['PUT', '/api/apps/integrations/links', { wiki: null, telegram: null, version: 0 }],
      ['POST', '/api/realtime/ticket'],
    ];
    for (const [method, path, body] of refusedRoutes) {
      const response = await withKey<Errors>(key, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual({ errors: { scope: ['API keys cannot call this route'] } });
    }
    // Still signed in: the key ended no session.
    expect((await admin.request('GET', '/api/auth/me')).status).toBe(200);
    expect((await listKeys()).some((each) => each.name === 'Minted by a key')).toBe(false);
    // No ticket, so no socket; nor does the key itself open one in the URL.
    await expect(WsClient.handshake(stack.url, { token: key })).rejects.toMatchObject({ status: 401 });
    await expect(WsClient.handshake(stack.url, { ticket: key })).rejects.toMatchObject({ status: 401 });
  });

  it('with every scope, still moves no sign-in contact, gives no role and invites no administrator', async () => {
    const { key } = await createKey({ scopes: [...apiScopes] });
    const me = (await admin.request<{ userData: { id: string; email: string } }>('GET', '/api/auth/me')).body.userData;
    const member = (await admin.request<{ members: { id: string; role: string }[] }>('GET', '/api/team/members?q=Liam'))
      .body.members[0];
    const pending = await admin.request<{ invitation: { id: string } }>('POST', '/api/team/invitations', {
      body: { email: `next-admin-${Date.now().toString(36)}@keys.example`, role: 'admin' },
    });
    expect(pending.status).toBe(201);
    const takeover = `takeover-${Date.now().toString(36)}@keys.example`;
    const refusedRoutes: [string, string, unknown?][] = [
      [
        'POST',
        `/api/users/${me.id}/contact-change`,
        { field: 'email', value: takeover, currentPassword: demo.admin.password },
      ],
      ['POST', `/api/users/${me.id}/contact-change/confirm`, { field: 'email', code: '000000' }],
      ['POST', '/api/team/invitations', { email: takeover, role: 'admin' }],
      ['POST', `/api/team/invitations/${pending.body.invitation.id}/resend`],
      ['PATCH', `/api/team/members/${member?.id ?? ''}/role`, { role: 'admin' }],
    ];
    for (const [method, path, body] of refusedRoutes) {
      const response = await withKey<Errors>(key, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toEqual({ errors: { scope: ['API keys cannot call this route'] } });
    }
    // Nothing moved: no code went out, no invitation was made, the member's role is as it was.
    await backgroundWorkSettled(stack.tableName);
    const invitations = (
      await admin.request<{ invitations: { email: string | null }[] }>('GET', '/api/team/invitations')
    ).body.invitations;
    expect(invitations.some((invitation) => invitation.email === takeover)).toBe(false);
    expect(await emailsTo(stack.mailStoreUrl, takeover)).toEqual([]);
    const after = (await admin.request<{ members: { id: string; role: string }[] }>('GET', '/api/team/members?q=Liam'))
      .body.members[0];
    expect(after?.role).toBe(member?.role);
    const meAfter = await admin.request<{ userData: { email: string } }>('GET', '/api/auth/me');
    expect(meAfter.body.userData.email).toBe(me.email);
  });

  it('answers 401 alike for an unknown, forged, expired or revoked key', async () => {
    const { apiKey, key } = await createKey();
    expect((await withKey(key, 'GET', '/api/apps/projects')).status).toBe(200);
    const forged = `${apiKey.prefix}_${'A'.repeat(43)}`;
    const unknown = `orb_01J00000000000000000000000_${'A'.repeat(43)}`;
    const refusals = [forged, unknown, 'orb_', 'orb_x', `${apiKey.prefix}_`];
    for (const bearer of refusals) {
      const response = await withKey<Errors>(bearer, 'GET', '/api/apps/projects');
      expect(response.status, bearer).toBe(401);
      expect(response.body).toEqual({ errors: { general: ['Invalid API key'] } });
    }

    // Expired: the stored expiry moved a second into the past (the API refuses a past one).
    await db().send(
      new UpdateCommand({
        TableName: stack.tableName,
        Key: apiKeyEntity.key(apiKey.id),
        UpdateExpression: 'SET validUntil = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const expired = await withKey<Errors>(key, 'GET', '/api/apps/projects');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ errors: { general: ['Invalid API key'] } });
  });

  it('stops working at its expiry', async () => {
    const { key } = await createKey({ expiresAt: new Date(Date.now() + 3000).toISOString() });
    expect((await withKey(key, 'GET', '/api/apps/projects')).status).toBe(200);
    const deadline = Date.now() + 15_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) status = (await withKey(key, 'GET', '/api/apps/projects')).status;
    expect(status).toBe(401);
  });

  it('is refused from the request after its revocation; a second revocation changes nothing', async () => {
    const { apiKey, key } = await createKey();
    expect((await withKey(key, 'GET', '/api/apps/projects')).status).toBe(200);
    const revoked = await admin.request<{ apiKey: ApiKey }>('DELETE', `${keysPath}/${apiKey.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.apiKey.revokedAt).toEqual(expect.any(String));
    expect((await withKey(key, 'GET', '/api/apps/projects')).status).toBe(401);

    const again = await admin.request<{ apiKey: ApiKey }>('DELETE', `${keysPath}/${apiKey.id}`);
    expect(again.status).toBe(200);
    expect(again.body.apiKey).toEqual(revoked.body.apiKey);
    expect((await listKeys()).find((each) => each.id === apiKey.id)?.revokedAt).toBe(revoked.body.apiKey.revokedAt);
    expect((await admin.request('DELETE', `${keysPath}/01J00000000000000000000000`)).status).toBe(404);
  });
});

describe("a key's rights follow its creator", () => {
  it('loses what a demotion takes, and everything with a suspension', async () => {
    const manager = new ApiClient(stack.url);
    const managerId = (await manager.signIn(demo.manager.phone, demo.manager.password)).body.userData.id;
    const role = (to: string) => admin.request('PATCH', `/api/team/members/${managerId}/role`, { body: { role: to } });
    expect((await role('admin')).status).toBe(200);
    expect((await manager.signIn(demo.manager.phone, demo.manager.password)).status).toBe(201);
    const { key } = await createKey({ scopes: ['mailings:read', 'projects:read'] }, manager);
    expect((await withKey(key, 'GET', '/api/apps/mailings')).status).toBe(200);

    // A manager may read projects but not mailings (seed/src/permissions.ts).
    expect((await role('manager')).status).toBe(200);
    expect((await withKey(key, 'GET', '/api/apps/mailings')).status).toBe(403);
    expect((await withKey(key, 'GET', '/api/apps/projects')).status).toBe(200);

    expect((await admin.request('POST', `/api/team/members/${managerId}/suspend`)).status).toBe(200);
    const suspended = await withKey<Errors>(key, 'GET', '/api/apps/projects');
    expect(suspended.status).toBe(401);
    expect(suspended.body).toEqual({ errors: { general: ['Invalid API key'] } });
    expect((await admin.request('POST', `/api/team/members/${managerId}/reactivate`)).status).toBe(200);
    expect((await withKey(key, 'GET', '/api/apps/projects')).status).toBe(200);
  });
});

describe('the rate limit and the last use', () => {
  const minuteOf = (time: number) => Math.floor(time / 60_000);

  it('answers 429 with Retry-After once a key has used its requests of the minute', async () => {
    const { key } = await createKey({ rateLimitPerMinute: 3 });
    // A minute that turns during the burst starts a new count: the burst is then tried again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const started = Date.now();
      const statuses: number[] = [];
      let limited: ApiResponse<Errors & { retryAfter: number }> | undefined;
      for (let call = 0; call < 4; call += 1) {
        const response = await withKey<Errors & { retryAfter: number }>(key, 'GET', '/api/apps/projects');
        statuses.push(response.status);
        if (response.status === 429) limited = response;
      }
      if (minuteOf(started) !== minuteOf(Date.now())) continue;
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(3);
      expect(statuses.at(-1)).toBe(429);
      const retryAfter = Number(limited?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limited?.body.retryAfter).toBe(retryAfter);
      expect(limited?.body.errors.general).toEqual(['This key is limited to 3 requests a minute']);
      return;
    }
    throw new Error('every burst straddled a minute');
  });

  it('costs a session request plus the key read and the count (the last use once a minute)', async () => {
    const { key } = await createKey();
    const commands: string[] = [];
    const commandsOf = async (call: () => Promise<ApiResponse>) => {
      await backgroundWorkSettled(stack.tableName);
      commands.length = 0;
      expect((await call()).status).toBe(200);
      return [...commands].sort();
    };
    db().middlewareStack.add(
      (next, context) => (args) => {
        // The background worker runs in this process too (the seed's contact events), and so does the
        // local SES's event feed for mail sent earlier in the file: their reads are not the call's.
        if (!/"(JOBS?|MAILSES|MAILINGSES)#/.test(JSON.stringify(args.input)))
          commands.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'apiKeyCallCounter' },
    );
    try {
      const firstUse = await commandsOf(() => withKey(key, 'GET', '/api/apps/projects'));
      const withinTheMinute = await commandsOf(() => withKey(key, 'GET', '/api/apps/projects'));
      const session = await commandsOf(() => admin.request('GET', '/api/apps/projects'));
      expect(withinTheMinute).toEqual([...session, 'GetItemCommand', 'UpdateItemCommand'].sort());
      expect(firstUse).toEqual([...withinTheMinute, 'UpdateItemCommand'].sort());
    } finally {
      db().middlewareStack.remove('apiKeyCallCounter');
    }
  });

  it('records the last use, at most once a minute', async () => {
    const { apiKey, key } = await createKey();
    expect((await withKey(key, 'GET', '/api/apps/projects')).status).toBe(200);
    const first = (await listKeys()).find((each) => each.id === apiKey.id)?.lastUsedAt;
    expect(first).toEqual(expect.any(String));
    expect(Date.parse(first ?? '')).toBeGreaterThanOrEqual(Date.parse(apiKey.createdAt));
    expect((await withKey(key, 'GET', '/api/apps/projects')).status).toBe(200);
    expect((await listKeys()).find((each) => each.id === apiKey.id)?.lastUsedAt).toBe(first);
  });
});

describe('the live keys’ limit', () => {
  const liveKeys = async () =>
    (await listKeys()).filter((each) => !each.revokedAt && Date.parse(each.expiresAt) > Date.now());
  const create = (name: string) =>
    admin.request<Created & Errors>('POST', keysPath, {
      body: { name, scopes: ['projects:read'], expiresAt: inDays(30) },
    });

  it('holds under 20 concurrent creates at 95 live keys: exactly 100 are live, the others 409', async () => {
    // Up to 95 live keys, written as keys made before the live keys' item was kept: the racing
    // creates start it from the list (one of them), then add to it (the others).
    const missing = 95 - (await liveKeys()).length;
    const now = new Date();
    await batchWrite(
      Array.from({ length: missing }, (_, index) => {
        const id = ulid(now.getTime() - index);
        return {
          put: apiKeyEntity.toItem({
            id,
            name: `Older ${index}`,
            prefix: `orb_${id}`,
            keyHash: createHash('sha256').update(id).digest('hex'),
            scopes: ['projects:read'],
            validUntil: inDays(30),
            rateLimitPerMinute: 600,
            createdBy: 'someone',
            createdByName: 'Olivia Bennett',
            createdAt: now.toISOString(),
            expiresAt: Math.ceil(Date.parse(inDays(60)) / 1000),
          }),
        };
      }),
    );
    await db().send(new DeleteCommand({ TableName: stack.tableName, Key: liveApiKeysEntity.key() }));

    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => create(`Racer ${index}`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ errors: { general: ['At most 100 live keys: revoke one first'] } });
    }
    const live = await liveKeys();
    expect(live).toHaveLength(100);

    // A revocation gives its place back, to one create.
    expect((await admin.request('DELETE', `${keysPath}/${live[0]?.id ?? ''}`)).status).toBe(200);
    expect((await create('After a revocation')).status).toBe(201);
    expect((await create('One too many')).status).toBe(409);
    expect(await liveKeys()).toHaveLength(100);
  });
});
