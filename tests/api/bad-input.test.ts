import { connect } from 'node:net';

import { DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { backgroundWorkSettled } from '../support/background-work';

/**
 * Malformed requests an outside tester sent, each answered as bad input (400, or 404 for an id
 * no record can have) in the `{"errors": …}` shape, never a 500, and storing nothing. The
 * property-based sweep over every route is fuzz.test.ts; these are the cases found by hand.
 */

let stack: LocalStack;
let admin: ApiClient;
let clientA: ApiClient;
const ids = { admin: '', clientA: '', project: '', task: '', taskVersion: 0, permission: '' };

const longId = 'X'.repeat(2100);
const notFound = { errors: { general: ['Not found'] } };

const signedIn = async (account: { phone: string; password: string }) => {
  const client = new ApiClient(stack.url);
  const response = await client.signIn(account.phone, account.password);
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
  return { client, id: response.body.userData.id };
};

/**
 * Every item in the table: nothing a refused request does may change the count. Counted once the
 * background work queued before (the seed's first invoices, sign-in notices) has run, so that
 * only the requests under test can change it.
 */
const itemCount = async (): Promise<number> => {
  await backgroundWorkSettled(stack.tableName);
  const client = new DynamoDBClient({});
  let count = 0;
  try {
    for await (const page of paginateScan({ client }, { TableName: stack.tableName, Select: 'COUNT' })) {
      count += page.Count ?? 0;
    }
  } finally {
    client.destroy();
  }
  return count;
};

/** Status and body, so that one assertion shows both. */
const answer = async (client: ApiClient, method: string, path: string, body?: unknown): Promise<[number, unknown]> => {
  const response = await client.request(method, path, body === undefined ? {} : { body });
  return [response.status, response.body];
};

/** Sends a request as raw bytes (fetch would refuse or rewrite the target) and reads the status line. */
const rawStatusLine = (request: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(stack.port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
    });
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });

beforeAll(async () => {
  stack = await startApiStack();
  ({ client: admin, id: ids.admin } = await signedIn(demo.admin));
  ({ client: clientA, id: ids.clientA } = await signedIn(demo.clientA));
  const projects = await clientA.request<{ projects: { id: string }[] }>('GET', '/api/apps/projects?limit=1');
  ids.project = projects.body.projects[0]?.id ?? '';
  const board = await clientA.request<{ tasks: { id: string; version: number }[] }>(
    'GET',
    `/api/apps/projects/${ids.project}/board`,
  );
  ids.task = board.body.tasks[0]?.id ?? '';
  ids.taskVersion = board.body.tasks[0]?.version ?? 0;
  const permissions = await admin.request<{ permissions: { id: string }[] }>('GET', '/api/apps/permissions');
  ids.permission = permissions.body.permissions[0]?.id ?? '';
  if (!ids.project || !ids.task || !ids.permission)
    throw new Error('the demo data lacks a project, task or permission');
});

afterAll(async () => {
  await stack?.stop();
});

describe('ids longer than a store key can hold', () => {
  it('in the path: 404, as an admin and as a client, on every kind of path id', async () => {
    const paths = [
      `/api/apps/projects/${longId}`,
      `/api/apps/projects/${longId}/board`,
      `/api/apps/projects/${ids.project}/tasks/${longId}`,
      `/api/apps/projects/${longId}/tasks/${longId}/comments`,
      `/api/apps/chat/chats/${longId}`,
      `/api/apps/chat/chats/${longId}/messages`,
    ];
    for (const client of [admin, clientA]) {
      for (const path of paths) expect(await answer(client, 'GET', path), path.slice(0, 60)).toEqual([404, notFound]);
    }
    const before = await itemCount();
    expect(await answer(admin, 'PATCH', `/api/apps/permissions/${longId}`, { name: 'Renamed', version: 1 })).toEqual([
      404,
      notFound,
    ]);
    expect(
      await answer(admin, 'DELETE', `/api/apps/projects/${ids.project}/tasks/${ids.task}/comments/${longId}`),
    ).toEqual([404, notFound]);
    expect(await itemCount()).toBe(before);
  });

  it('in a body or a query: 400 under the field, with its own message, and nothing stored', async () => {
    const before = await itemCount();
    expect(
      await answer(admin, 'POST', '/api/apps/projects', { type: 'design', name: 'Long ids', clientId: longId }),
    ).toEqual([400, { errors: { clientId: ['This client does not exist'] } }]);
    expect(
      await answer(admin, 'POST', '/api/apps/projects', {
        type: 'design',
        name: 'Long ids',
        clientId: ids.clientA,
        managerIds: [longId],
      }),
    ).toEqual([400, { errors: { 'managerIds.0': ['Managers must be active staff members of this workspace'] } }]);
    expect(await answer(admin, 'GET', `/api/apps/projects?clientId=${longId}`)).toEqual([
      400,
      { errors: { clientId: ['This client does not exist'] } },
    ]);
    expect(
      await answer(admin, 'POST', `/api/apps/projects/${ids.project}/tasks`, { title: 'Long id', assigneeId: longId }),
    ).toEqual([
      400,
      { errors: { assigneeId: ['The assignee must be an active staff member or the project’s client'] } },
    ]);
    expect(
      await answer(admin, 'PATCH', `/api/apps/projects/${ids.project}/tasks/${ids.task}`, {
        version: ids.taskVersion,
        assigneeId: longId,
      }),
    ).toEqual([
      400,
      { errors: { assigneeId: ['The assignee must be an active staff member or the project’s client'] } },
    ]);
    expect(await answer(admin, 'POST', '/api/apps/chat/contacts', { userId: longId, status: 'closed' })).toEqual([
      400,
      { errors: { userId: ['userId is required'] } },
    ]);
    expect(await itemCount()).toBe(before);
  });
});

describe('bad percent-encoding in the path', () => {
  it('is a 400 under the parameter, never a URIError (500)', async () => {
    for (const bad of ['%ZZ', '%E0%A4%A', '%ED%A0%80']) {
      expect(await answer(clientA, 'GET', `/api/apps/projects/${bad}`)).toEqual([
        400,
        { errors: { id: ['id is not validly percent-encoded'] } },
      ]);
      expect(await answer(clientA, 'GET', `/api/apps/projects/${ids.project}/tasks/${bad}`)).toEqual([
        400,
        { errors: { taskId: ['taskId is not validly percent-encoded'] } },
      ]);
      expect(await answer(clientA, 'GET', `/api/apps/chat/chats/${bad}/messages`)).toEqual([
        400,
        { errors: { userId: ['userId is not validly percent-encoded'] } },
      ]);
    }
  });
});

describe('a list cursor tampered with', () => {
  it('is refused as an expired page link (its fingerprint is no secret), not a 500', async () => {
    const first = await admin.request<{ nextCursor: string }>('GET', '/api/apps/projects?limit=2');
    const cursor = JSON.parse(Buffer.from(first.body.nextCursor, 'base64url').toString()) as {
      q: string;
      p: [string | null, number][];
    };
    for (const after of ['', 'X'.repeat(1100)]) {
      const tampered = {
        ...cursor,
        p: cursor.p.map(([kept, exhausted], index) => [index === 0 ? after : kept, exhausted]),
      };
      const encoded = Buffer.from(JSON.stringify(tampered)).toString('base64url');
      expect(await answer(admin, 'GET', `/api/apps/projects?limit=2&cursor=${encoded}`)).toEqual([
        400,
        { errors: { cursor: ['This page link has expired; start from the first page'] } },
      ]);
    }
  });
});

describe('text that is not valid Unicode (a lone surrogate)', () => {
  it('is refused before it reaches the store', async () => {
    const before = await itemCount();
    const response = await admin.request('POST', '/api/apps/permissions', {
      rawBody: '{"name":"Broken \\ud800 text","assignedTo":[]}',
    });
    expect([response.status, response.body]).toEqual([
      400,
      { errors: { body: ['The request body holds text that is not valid Unicode'] } },
    ]);
    expect(await itemCount()).toBe(before);
  });
});

describe('zero-width-only text counts as empty', () => {
  const blanks = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', ' \u200B\t\u2060\uFEFF '];
  const projectPath = () => `/api/apps/projects/${ids.project}`;

  it('wherever a text is required: 400 with the field’s message, and nothing stored', async () => {
    const before = await itemCount();
    for (const blank of blanks) {
      const cases: [ApiClient, string, string, unknown, Record<string, string[]>][] = [
        [
          admin,
          'POST',
          '/api/apps/projects',
          { type: 'design', name: blank, clientId: ids.clientA },
          {
            name: ['Name must be 3–120 characters'],
          },
        ],
        [admin, 'PATCH', projectPath(), { version: 1, name: blank }, { name: ['Name must be 3–120 characters'] }],
        [
          admin,
          'POST',
          '/api/apps/projects',
          { type: 'design', name: 'Tagged', clientId: ids.clientA, tags: [blank] },
          {
            'tags.0': ['Tags are 1–30 characters'],
          },
        ],
        [admin, 'POST', `${projectPath()}/tasks`, { title: blank }, { title: ['Title must be 1–200 characters'] }],
        [
          admin,
          'PATCH',
          `${projectPath()}/tasks/${ids.task}`,
          { version: ids.taskVersion, title: blank },
          {
            title: ['Title must be 1–200 characters'],
          },
        ],
        [
          clientA,
          'POST',
          `${projectPath()}/tasks/${ids.task}/comments`,
          { body: blank },
          {
            body: ['Comments are 1–2000 characters'],
          },
        ],
        [
          clientA,
          'POST',
          `/api/apps/chat/chats/${ids.admin}`,
          { message: blank },
          {
            message: ['Message cannot be empty'],
          },
        ],
        [
          admin,
          'POST',
          '/api/apps/permissions',
          { name: blank, assignedTo: [] },
          {
            name: ['Name must be at least 2 characters'],
          },
        ],
        [
          admin,
          'PATCH',
          `/api/apps/permissions/${ids.permission}`,
          { name: blank, version: 1 },
          {
            name: ['Name must be at least 2 characters'],
          },
        ],
        [
          new ApiClient(stack.url),
          'POST',
          '/api/auth/register',
          { fullName: blank, phone: '+15550177001', email: 'blank@test.example', password: 'Secret#2026' },
          { fullName: ['Full name must be at least 2 characters'] },
        ],
      ];
      for (const [client, method, path, body, errors] of cases) {
        expect(await answer(client, method, path, body), `${method} ${path} ${JSON.stringify(body)}`).toEqual([
          400,
          { errors },
        ]);
      }
    }
    expect(await itemCount()).toBe(before);
  });

  it('is trimmed from the ends of a text that has content, and kept inside it', async () => {
    const created = await admin.request<{ permission: { name: string } }>('POST', '/api/apps/permissions', {
      body: { name: '\u200B\uFEFFManage\u200Creports\u2060 ', assignedTo: [] },
    });
    expect(created.status).toBe(201);
    expect(created.body.permission.name).toBe('Manage\u200Creports');
  });
});

describe('a 400 never echoes what the caller sent', () => {
  it('keeps what was expected and drops what was received', async () => {
    const sent = '<img src=x onerror=alert(1)>';
    expect(await answer(admin, 'POST', '/api/apps/permissions', { name: 12345, assignedTo: sent })).toEqual([
      400,
      { errors: { name: ['Invalid type: Expected string'], assignedTo: ['Invalid type: Expected Array'] } },
    ]);
    expect(await answer(admin, 'POST', '/api/apps/permissions', sent)).toEqual([
      400,
      { errors: { body: ['Invalid type: Expected Object'] } },
    ]);
    const query = await admin.request(
      'GET',
      `/api/apps/projects?limit=${encodeURIComponent(sent)}&sort=${encodeURIComponent(sent)}`,
    );
    expect([query.status, query.body]).toEqual([
      400,
      {
        errors: {
          limit: ['Invalid type: Expected number'],
          sort: ['Invalid type: Expected ("updated" | "name" | "due" | "created")'],
        },
      },
    ]);
    expect(JSON.stringify(query.body)).not.toContain('onerror');
  });
});

describe('a request target no URL parser reads', () => {
  it('is a 400 from the local server, which keeps serving (it used to crash the process)', async () => {
    for (const target of ['http://[/api/health', 'http://x:99999/api/health', '//[::1/api/health']) {
      expect(await rawStatusLine(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`), target).toBe(
        'HTTP/1.1 400 Bad Request',
      );
    }
    const upgrade =
      'GET http://[/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
    expect(await rawStatusLine(upgrade)).toMatch(/^HTTP\/1\.1 404/);
    expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
  });
});
