import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { HelpLinks } from '@orbit/functions/integrations/links-contract';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, signInDemoUsers, startApiStack } from '../support/api-stack';

/**
 * The help links' API (docs/integrations.md, "Help links"): where /wiki and /telegram lead, saved
 * by an admin from the version read and read by anyone, signed in or not.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
let manager: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  stack = await startApiStack();
  ({ admin, clientA } = await signInDemoUsers(stack.url));
  manager = new ApiClient(stack.url);
  await manager.signIn(demo.manager.phone, demo.manager.password);
  anonymous = new ApiClient(stack.url);
});

afterAll(async () => {
  await stack.stop();
});

const read = async (): Promise<HelpLinks> => {
  const response = await anonymous.request<{ links: HelpLinks }>('GET', '/api/integrations/links');
  expect(response.status).toBe(200);
  return response.body.links;
};

const save = (by: ApiClient, body: Record<string, unknown>) =>
  by.request<{ links: HelpLinks; errors?: Record<string, string[]>; current?: { links: HelpLinks } }>(
    'PUT',
    '/api/apps/integrations/links',
    { body },
  );

describe('help links', () => {
  it('are unset until an admin saves them, for anyone who asks, signed in or not', async () => {
    expect(await read()).toEqual({ wiki: null, telegram: null, version: 0 });
  });

  it('keeps what an admin saves, for everyone to read, and clears a link saved as null', async () => {
    const saved = await save(admin, {
      wiki: ' https://wiki.example.org/start ',
      telegram: 'https://t.me/orbit',
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.links).toMatchObject({
      wiki: 'https://wiki.example.org/start',
      telegram: 'https://t.me/orbit',
      version: 1,
    });
    expect(await read()).toEqual(saved.body.links);

    const cleared = await save(admin, { wiki: 'https://wiki.example.org/start', telegram: null, version: 1 });
    expect(cleared.status).toBe(200);
    expect(await read()).toMatchObject({ wiki: 'https://wiki.example.org/start', telegram: null, version: 2 });
  });

  it('refuses a stale save with 409 and the current links, changing nothing', async () => {
    const before = await read();
    const stale = await save(admin, {
      wiki: 'https://elsewhere.example.org/',
      telegram: null,
      version: before.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.version).toBeDefined();
    expect(stale.body.current?.links).toEqual(before);
    expect(await read()).toEqual(before);
  });

  it('refuses an address that is not http(s) with 400 on its field, storing nothing', async () => {
    const before = await read();
    for (const wiki of [
      'javascript:alert(1)',
      'wiki.example.org',
      'ftp://files.example.org/',
      `https://x.example/${'a'.repeat(2000)}`,
    ]) {
      const refused = await save(admin, { wiki, telegram: null, version: before.version });
      expect(refused.status, wiki.slice(0, 40)).toBe(400);
      expect(refused.body.errors?.wiki?.length, wiki.slice(0, 40)).toBeGreaterThan(0);
    }
    const missingVersion = await save(admin, { wiki: null, telegram: null });
    expect(missingVersion.status).toBe(400);
    expect(missingVersion.body.errors?.version).toBeDefined();
    expect(await read()).toEqual(before);
  });

  it('lets no one but an admin save them: 403 for staff and clients, 401 signed out', async () => {
    const before = await read();
    const body = { wiki: 'https://evil.example.org/', telegram: null, version: before.version };
    expect((await save(manager, body)).status).toBe(403);
    expect((await save(clientA, body)).status).toBe(403);
    expect((await save(anonymous, body)).status).toBe(401);
    expect(await read()).toEqual(before);
  });
});
