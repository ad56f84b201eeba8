import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';

import { db } from '@orbit/functions/core/db';
import { seedDemoData } from '@orbit/seed/load';

import { startLocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';

const dataDir = mkdtempSync(join(tmpdir(), 'orbit-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

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
    await first.stop();

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
