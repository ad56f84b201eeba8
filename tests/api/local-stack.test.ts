import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { DynamoDBClient, ListTablesCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { seedDemoData } from '@orbit/seed/load';

import { startLocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';

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
      const stranger = outsider(inject('store').endpoint);
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
