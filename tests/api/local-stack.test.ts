import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { seedDemoData } from '@orbit/seed/load';

import { defaultAdmissionLimits } from '../../infra/local/http-api';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { listUserConnections } from '@orbit/functions/core/connections/repository';
import type { ChatsAndContactsResponse } from '@orbit/functions/chat/contract';

import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { testStore } from '../support/api-store';
import { startStackProcess } from '../support/stack-process';
import { WsClient } from '../support/ws-client';

/** A response's status, headers and JSON body. */
const received = async (response: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return { status: response.statusCode, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : text };
};

/**
 * Declares a big body, sends only its first bytes, and waits for the answer: a server that
 * buffers bodies before deciding never answers this one.
 */
const answerBeforeTheBody = (url: string, path: string, declaredBytes: number) =>
  new Promise<Awaited<ReturnType<typeof received>>>((resolve, reject) => {
    const request = httpRequest(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': declaredBytes },
    });
    request.on('response', (response) => {
      received(response)
        .then(resolve, reject)
        .finally(() => request.destroy());
    });
    request.on('error', reject);
    request.write(Buffer.alloc(64 * 1024, 'x'));
  });

const errorShape = { errors: expect.any(Object) as unknown };

const dataDir = mkdtempSync(join(tmpdir(), 'orbit-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A real SDK client with credentials of its own: another process, host or web page. */
const outsider = (endpoint: string) =>
  new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIAOUTSIDER0000', secretAccessKey: 'guessed' },
    maxAttempts: 1,
  });

/** Every file and directory under a path, with its permission bits. */
const modesUnder = (path: string): { path: string; directory: boolean; mode: number }[] =>
  readdirSync(path, { recursive: true, encoding: 'utf8' }).map((entry) => {
    const stat = statSync(join(path, entry));
    return { path: entry, directory: stat.isDirectory(), mode: stat.mode & 0o777 };
  });

describe('the local stack', () => {
  // Two JVM starts: allow for a busy machine.
  it('keeps data on disk under DATA_DIR across restarts, sign-ins included', { timeout: 120_000 }, async () => {
    // Seeding is tested below; here only what a user writes has to survive.
    const first = await startLocalStack({ port: 0, host: '127.0.0.1', dataDir, seed: false });
    const browser = new ApiClient(first.url);
    const registered = await browser.request('POST', '/api/auth/register', {
      body: {
        fullName: 'Persisted Person',
        phone: '+15550166001',
        email: 'persist@example.com',
        password: 'Persist#2026',
      },
    });
    expect(registered.status).toBe(201);

    // The store is the stack's alone: a client without its credential sees no table at all.
    const stranger = outsider(first.dynamodbEndpoint);
    try {
      expect((await stranger.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      await expect(stranger.send(new ScanCommand({ TableName: first.tableName }))).rejects.toMatchObject({
        name: 'ResourceNotFoundException',
      });
    } finally {
      stranger.destroy();
    }
    // And no browser origin may call it.
    const preflight = await fetch(first.dynamodbEndpoint, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    await first.stop();

    // Data files and secrets are the owner's only.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const modes = modesUnder(dataDir);
    expect(modes.filter((entry) => !entry.directory).map((entry) => entry.path)).toEqual(
      expect.arrayContaining(['jwt-secret', 'store-credentials.json', expect.stringMatching(/^dynamodb\/.+\.db$/)]),
    );
    for (const entry of modes) expect(entry, entry.path).toMatchObject({ mode: entry.directory ? 0o700 : 0o600 });

    const second = await startLocalStack({ port: 0, host: '127.0.0.1', dataDir, seed: false });
    try {
      const again = new ApiClient(second.url);
      expect((await again.signIn('+15550166001', 'Persist#2026')).status).toBe(201);
      // The JWT secret is kept per data directory, so the refresh cookie from before still works.
      browser.accessToken = undefined;
      const refreshed = await new ApiClient(second.url).request('POST', '/api/auth/refresh', {
        headers: { cookie: `orbit_refresh=${browser.cookie('orbit_refresh') ?? ''}` },
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('listens on loopback unless told, and shares the store only with holders of its credential', async () => {
    const stack = await startApiStack({ host: undefined });
    try {
      expect(stack.server.address()).toMatchObject({ address: '127.0.0.1' });
      expect(stack.url).toBe(`http://localhost:${stack.port}`);
      const own = new DynamoDBClient({});
      expect((await own.send(new ListTablesCommand({}))).TableNames).toContain(stack.tableName);
      own.destroy();
      const stranger = outsider((await testStore()).endpoint);
      expect((await stranger.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      stranger.destroy();
    } finally {
      await stack.stop();
    }
  });

  it('seeds idempotently: a second run adds nothing', { timeout: 120_000 }, async () => {
    const stack = await startApiStack();
    try {
      const countUsers = async () => {
        const result = await db().send(
          new QueryCommand({
            TableName: stack.tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :role',
            ExpressionAttributeValues: { ':role': 'ROLE#client' },
            Select: 'COUNT',
          }),
        );
        return result.Count ?? 0;
      };
      const before = await countUsers();
      expect(before).toBeGreaterThan(2);
      expect(await seedDemoData()).toEqual({ seeded: false, steps: [] });
      expect(await countUsers()).toBe(before);
      expect((await new ApiClient(stack.url).signIn(demo.clientA.phone, demo.clientA.password)).status).toBe(201);
    } finally {
      await stack.stop();
    }
  });
});

describe('what the local server refuses before any handler runs', () => {
  let stack: LocalStack;
  beforeAll(async () => {
    stack = await startApiStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('answers unknown API paths 404 in the error shape', async () => {
    const client = new ApiClient(stack.url);
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/apps/projects/x/y/z/w'],
      ['PUT', '/api/auth/login'],
      ['GET', '/api'],
    ] as const) {
      const response = await client.request(method, path, { body: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body).toEqual({ errors: { general: ['Not found'] } });
    }
  });

  it('answers a body over the limit 413 in the error shape, not with a reset', async () => {
    const client = new ApiClient(stack.url);
    // Sign-in takes a few KB at most.
    const signIn = await client.request('POST', '/api/auth/login', {
      body: { phone: demo.admin.phone, password: 'x'.repeat(20_000) },
    });
    expect(signIn.status).toBe(413);
    expect(signIn.body).toEqual({ errors: { body: [expect.stringMatching(/at most \d+ bytes/)] } });
    // Past API Gateway's 10 MB, sent whole: the client still reads the answer.
    const huge = await client.request('POST', '/api/apps/projects', { rawBody: 'x'.repeat(11 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject(errorShape);
    // Without a declared length (chunked), the limit holds as the body streams in.
    const chunked = await received(
      await new Promise<IncomingMessage>((resolve, reject) => {
        const request = httpRequest(`${stack.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        });
        request.on('response', resolve).on('error', reject);
        for (let chunk = 0; chunk < 8; chunk += 1) request.write('x'.repeat(4096));
        request.end();
      }),
    );
    expect(chunked).toMatchObject({ status: 413, body: errorShape });
    // The connection is still good for the next request.
    expect((await client.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
  });

  it('refuses 30 concurrent 9.5 MB sign-ins without reading their bodies', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => answerBeforeTheBody(stack.url, '/api/auth/login', 9.5 * 1024 * 1024)),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 413, body: errorShape });
  });

  it('answers a URL or headers longer than CloudFront takes 414 / 431 with a body', async () => {
    const client = new ApiClient(stack.url);
    const longQuery = await client.request('GET', `/api/apps/projects?q=${'a'.repeat(9000)}`);
    expect(longQuery).toMatchObject({ status: 414, body: errorShape });
    const bigHeaders = await client.request('GET', '/api/health', { headers: { 'x-padding': 'p'.repeat(24_000) } });
    expect(bigHeaders).toMatchObject({ status: 431, body: errorShape });
    // Past what Node's parser takes at all: still an answer with a body, not a dropped connection.
    const hugeHeaders = await client.request('GET', '/api/health', { headers: { 'x-padding': 'p'.repeat(100_000) } });
    expect(hugeHeaders).toMatchObject({ status: 431, body: errorShape });
    expect((await client.request('GET', '/api/health')).status).toBe(200);
  });
});

describe('under overload', () => {
  it('answers a fast 503 with Retry-After instead of queueing without end', async () => {
    // One projects request at a time and no queue: the rest of a burst is refused at once.
    const stack = await startApiStack({
      admission: { ...defaultAdmissionLimits, projects: { maxInFlight: 1, maxQueued: 0, maxWaitMs: 0 } },
    });
    try {
      const client = new ApiClient(stack.url);
      expect((await client.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
      const burst = await Promise.all(Array.from({ length: 20 }, () => client.request('GET', '/api/apps/projects')));
      const refused = burst.filter((response) => response.status === 503);
      expect(burst.filter((response) => response.status === 200).length).toBeGreaterThan(0);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused.length + burst.filter((response) => response.status === 200).length).toBe(burst.length);
      for (const response of refused) {
        expect(response.headers.get('retry-after')).toBe('1');
        expect(response.body).toEqual({ errors: { general: [expect.any(String)] } });
      }
      // Once the burst has passed, requests go through again.
      expect((await client.request('GET', '/api/apps/projects')).status).toBe(200);
    } finally {
      await stack.stop();
    }
  });
});

describe('after a crash', () => {
  it('sends the $disconnect a killed process owed, so presence is right again', { timeout: 120_000 }, async () => {
    const crashDir = mkdtempSync(join(tmpdir(), 'orbit-crash-'));
    const tableName = `crash-${Date.now().toString(36)}`;
    const statusOf = async (admin: ApiClient, userId: string) =>
      (await admin.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts')).body.contacts.find(
        (contact) => contact.id === userId,
      )?.status;
    try {
      const doomed = await startStackProcess({ dataDir: crashDir, tableName, store: await testStore() });
      const liam = new ApiClient(doomed.url);
      const liamId = (await liam.signIn(demo.clientA.phone, demo.clientA.password)).body.userData.id;
      const admin = new ApiClient(doomed.url);
      expect((await admin.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
      const socket = await WsClient.connect(doomed.url, liam.accessToken);
      await socket.roundTrip();
      expect(await statusOf(admin, liamId)).toBe('online');

      // kill -9: no $disconnect, the store still says online.
      await doomed.kill('SIGKILL');
      await socket.waitClosed();

      const restarted = await startApiStack({ dataDir: crashDir, tableName });
      try {
        const again = new ApiClient(restarted.url);
        expect((await again.signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
        expect(await statusOf(again, liamId)).toBe('offline');
        expect(await listUserConnections(liamId)).toEqual([]);
      } finally {
        await restarted.stop();
      }
    } finally {
      rmSync(crashDir, { recursive: true, force: true });
    }
  });
});
