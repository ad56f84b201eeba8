import { DynamoDBClient, paginateScan, type AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as authContract from '@orbit/functions/auth/contract';
import * as chatContract from '@orbit/functions/chat/contract';
import * as permissionsContract from '@orbit/functions/permissions/contract';
import * as projectRequests from '@orbit/functions/projects/requests';
import { httpRoutes, routeKeyOf, type HttpRouteDefinition } from '@orbit/functions/routes';

import type { LocalStack } from '../../infra/local/stack';
import { backgroundWorkSettled } from '../support/background-work';
import { ApiClient, demo, startApiStack, type Transport } from '../support/api-stack';
import { inProcessFetch } from '../support/in-process-fetch';
import type { RouteExpectation } from '../support/matrix';
import { signedInRouteExpectations } from '../support/route-expectations';

/**
 * Property-based fuzzing of the whole HTTP API: every route of the route table, as an admin, as
 * a staff member of another role (the support: its own rules, docs/roles.md), as a client and
 * signed out, with generated path ids, query strings, bodies and headers. Whatever
 * arrives, the answer is never a 5xx, an error is in the `{"errors": {field: [messages]}}` shape,
 * no answer echoes what was sent, and nothing is stored.
 *
 * "Nothing stored" holds by construction of the inputs, not by luck: a path id is generated (a
 * real id only where the call cannot write: GETs, or a client, who may write nothing but comments
 * and chat messages), and every string in a body is one no text field or id accepts (blank or
 * zero-width only, longer than any limit, or not valid Unicode). So any item written during the
 * run is a bug, except the sign-in bookkeeping that a refused sign-in or a sign-out is meant to
 * touch (failed-attempt counters, sessions) and the socket tickets a session asks for (each a
 * hash that expires in 30 s: POST /api/realtime/ticket takes no body).
 *
 * Where the authorisation matrix says an identity may not call a route at all (403), and no path
 * id can make it a 404, the answer is that 403 whatever is sent: the route authorises before it
 * reads the body, so a refused caller learns nothing of its fields.
 *
 * The requests go in process through `invokeHttpRoute` (tests/support/in-process-fetch.ts): the
 * local server's own path from the request target to the handler's answer (routing, the API
 * Gateway event, authentication, parsing, error mapping), without the socket. So a body larger
 * than the local server's per-area limit reaches the handler, as it would in AWS (API Gateway
 * takes 10 MB); the limits themselves are tested over HTTP (tests/api/local-stack.test.ts).
 *
 * Deterministic: a fixed seed per route and identity; FUZZ_RUNS=<n> runs more cases per route.
 */

const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 24);
/** In every generated string that could be echoed: no answer may contain it. */
const canary = 'Zq9canary';

type Identity = 'admin' | 'staff' | 'client' | 'signed-out';
const identities: readonly Identity[] = ['admin', 'staff', 'client', 'signed-out'];

let stack: LocalStack;
/** `fetch` to the stack's API, in process. */
let call: Transport;
const tokens: Partial<Record<Identity, string>> = {};
/** Ids of records that exist, by path parameter name. */
const realIds: Record<string, string[]> = {};
const statusCounts = new Map<number, number>();
let requestCount = 0;
const startedAt = Date.now();

/* ---------- What the contracts name: field and query names to generate ---------- */

/** Every key of every object schema the contracts export: the names a body or query may carry. */
const fieldNamesOf = (modules: readonly Record<string, unknown>[]): string[] => {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const schema = node as { entries?: unknown; pipe?: unknown; wrapped?: unknown; item?: unknown; options?: unknown };
    if (schema.entries && typeof schema.entries === 'object') {
      for (const [name, entry] of Object.entries(schema.entries)) {
        names.add(name);
        visit(entry);
      }
    }
    for (const children of [schema.pipe, schema.options]) if (Array.isArray(children)) children.forEach(visit);
    visit(schema.wrapped);
    visit(schema.item);
  };
  for (const module of modules) Object.values(module).forEach(visit);
  return [...names].sort();
};

const contractFields = fieldNamesOf([authContract, chatContract, permissionsContract, projectRequests]);

/* ---------- Generators ---------- */

const invisible = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\u00A0',
  '\u3000',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
);
/** Empty, whitespace or zero-width only: empty to every required text. */
const blankText = fc.array(invisible, { maxLength: 6 }).map((parts) => parts.join(''));
/** Longer than any text or id the API takes (descriptions stop at 5000), with any content. */
const overlongText = fc
  .tuple(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.integer({ min: 5001, max: 9000 }))
  .map(([content, length]) => `${content}${canary}`.padEnd(length, 'X'));
/** A lone surrogate: JSON can carry it, no UTF-8 text can. */
const brokenText = fc.string({ maxLength: 8 }).map((content) => `${canary}${content}\uD800`);
const bodyString = fc.oneof({ arbitrary: blankText, weight: 3 }, { arbitrary: overlongText, weight: 3 }, brokenText);

const bodyScalar = fc.oneof(
  bodyString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 1, 1e300, -1e300, 2 ** 53, 0.5),
  fc.boolean(),
  fc.constant(null),
);

const { bodyValue } = fc.letrec<{ bodyValue: unknown }>((tie) => ({
  bodyValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: bodyScalar, weight: 4 },
    fc.array(tie('bodyValue'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...contractFields), tie('bodyValue'), { maxKeys: 3 }),
  ),
}));

const bodyKey = fc.oneof(
  { arbitrary: fc.constantFrom(...contractFields), weight: 8 },
  fc.constantFrom('__proto__', 'constructor', 'prototype', ''),
  fc.string({ maxLength: 10 }).map((key) => `${canary}${key}`),
);

interface GeneratedBody {
  readonly text?: string;
  readonly bytes?: Uint8Array<ArrayBuffer>;
}

const generatedBody: fc.Arbitrary<GeneratedBody> = fc.oneof(
  {
    arbitrary: fc.dictionary(bodyKey, bodyValue, { maxKeys: 8 }).map((json) => ({ text: JSON.stringify(json) })),
    weight: 8,
  },
  fc.oneof(bodyScalar, fc.array(bodyValue, { maxLength: 4 })).map((json) => ({ text: JSON.stringify(json) })),
  fc
    .constantFrom(
      '{',
      '{"name":',
      'nul',
      '[1,]',
      '\u0000',
      '{"name":"\\ud800"}',
      '{"__proto__":{"isAdmin":true}}',
      '['.repeat(100_000) + ']'.repeat(100_000),
      `{"${canary}":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    )
    .map((text) => ({ text })),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ bytes })),
  fc.constant({}),
);

/** Query values as they appear in the URL: encoded, raw, or badly percent-encoded. */
const queryValue = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }).map((value) => encodeURIComponent(`${canary}${value}`)),
  fc.constantFrom('', '%ZZ', '%', '%E0%A4%A', '%ED%A0%80', '%00', '%FF', '%C0%AF', '%2C%2C', ',,,'),
  fc.constantFrom('-1', '0', '1', '1e309', 'NaN', 'Infinity', '1.5', '99999999999999999999', '0x10', '+5', 'all'),
  fc.integer({ min: 65, max: 2100 }).map((length) => canary.padEnd(length, 'X')),
  fc.stringMatching(/^[\w-]{1,64}$/),
);
const queryKey = fc.oneof(
  { arbitrary: fc.constantFrom(...contractFields), weight: 6 },
  fc.string({ maxLength: 8 }).map((key) => encodeURIComponent(`${canary}${key}`)),
  fc.constantFrom('%ZZ', '__proto__', ''),
);
const generatedQuery = fc
  .array(fc.tuple(queryKey, queryValue), { maxLength: 6 })
  .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'));

/** Not `.` or `..` in any spelling: the URL would lose the segment and match no route at all. */
const keepsItsSegment = (segment: string) => !/^(?:\.|%2e){1,2}$/i.test(segment);

const fakePathId = fc.oneof(
  fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%00', '%2F', '%25', '%20', '%E2%80%8B'),
  fc.integer({ min: 65, max: 2100 }).map((length) => 'X'.repeat(length)),
  fc.stringMatching(/^[\w-]{1,64}$/),
  fc
    .string({ unit: 'grapheme', minLength: 1, maxLength: 30 })
    .map((value) => encodeURIComponent(value))
    .filter(keepsItsSegment),
);

const pathIdFor = (name: string, realAllowed: boolean) => {
  const real = realIds[name] ?? [];
  return realAllowed && real.length > 0
    ? fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 2 }, fakePathId)
    : fakePathId;
};

/** Header values fetch can send (visible ASCII), possibly with the canary. */
const headerText = fc.stringMatching(/^[\x21-\x3a\x3c-\x7e]{0,200}$/);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/octet-stream',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'image/png',
);

interface GeneratedRequest {
  readonly params: Record<string, string>;
  readonly query: string;
  readonly body: GeneratedBody;
  readonly contentType: string;
  readonly refreshCookie: string | null;
  readonly bearer: string | null;
}

const parameterNames = (route: HttpRouteDefinition) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

const urlFor = (route: HttpRouteDefinition, request: GeneratedRequest): string => {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => request.params[name] ?? '');
  return `${stack.url}${path}${request.query ? `?${request.query}` : ''}`;
};

/**
 * API Gateway takes at most 10 240 bytes of request line and headers; a longer URL never reaches
 * a function (the edge answers it), so generated URLs stay within 8 000 characters.
 */
const maxUrlLength = 8000;

const withinUrlBudget = (route: HttpRouteDefinition, request: GeneratedRequest): GeneratedRequest => {
  const pathLength = urlFor(route, { ...request, query: '' }).length - stack.url.length;
  const room = Math.max(0, maxUrlLength - pathLength - 1);
  return request.query.length <= room ? request : { ...request, query: request.query.slice(0, room) };
};

const requestsFor = (route: HttpRouteDefinition, identity: Identity): fc.Arbitrary<GeneratedRequest> => {
  const realAllowed = route.method === 'GET' || identity === 'client';
  const generated: fc.Arbitrary<GeneratedRequest> = fc.record({
    params: fc.record(
      Object.fromEntries(parameterNames(route).map((name) => [name, pathIdFor(name, realAllowed)])) as Record<
        string,
        fc.Arbitrary<string>
      >,
    ),
    query: generatedQuery,
    body: route.method === 'GET' ? fc.constant({}) : generatedBody,
    contentType,
    refreshCookie: fc.option(headerText.map((value) => `${canary}${value}`)),
    // Signed out: no token, or a made-up one. Signed in: the identity's own token.
    bearer: identity === 'signed-out' ? fc.option(headerText) : fc.constant(null),
  });
  return generated.map((request) => withinUrlBudget(route, request));
};

/* ---------- Sending and checking ---------- */

const send = async (route: HttpRouteDefinition, identity: Identity, request: GeneratedRequest) => {
  const headers: Record<string, string> = { 'content-type': request.contentType };
  const token = identity === 'signed-out' ? request.bearer : tokens[identity];
  if (token !== null && token !== undefined) headers.authorization = `Bearer ${token}`;
  // Only a made-up refresh cookie: the identities' own sessions are never rotated or ended here.
  if (request.refreshCookie !== null) headers.cookie = `orbit_refresh=${request.refreshCookie}`;
  const body = route.method === 'GET' ? undefined : (request.body.bytes ?? request.body.text);
  const response = await call(urlFor(route, request), { method: route.method, headers, body });
  const text = await response.text();
  requestCount += 1;
  statusCounts.set(response.status, (statusCounts.get(response.status) ?? 0) + 1);
  return { status: response.status, text };
};

/** The matrix's identity behind each signed-in one here (tests/support/route-expectations.ts). */
const matrixIdentityOf = { admin: 'admin', staff: 'support', client: 'clientA' } as const;

/**
 * The matrix's 403 for a route taking a body, without path parameters (a generated id could be a
 * 404 first), unless its refusals come from what the body names. Whatever the body (the largest
 * reach the handler here: nothing stands in front of it), the route refuses before reading it.
 */
const refusedWhateverIsSent = (route: HttpRouteDefinition, identity: Identity): readonly number[] | undefined => {
  if (identity === 'signed-out' || route.method === 'GET' || parameterNames(route).length > 0) return undefined;
  const entry = (signedInRouteExpectations as Partial<Record<string, RouteExpectation<unknown>>>)[routeKeyOf(route)];
  if (!entry || entry.refusalFromBody !== undefined || entry.expect[matrixIdentityOf[identity]] !== 403)
    return undefined;
  return [403];
};

const isFieldErrors = (errors: unknown): boolean =>
  errors !== null &&
  typeof errors === 'object' &&
  !Array.isArray(errors) &&
  Object.values(errors).every(
    (messages) =>
      Array.isArray(messages) && messages.length > 0 && messages.every((message) => typeof message === 'string'),
  );

const describeRequest = (route: HttpRouteDefinition, identity: Identity, request: GeneratedRequest) =>
  `${route.method} ${urlFor(route, request).slice(stack.url.length, 300)} as ${identity} ` +
  `(${request.contentType}; body ${(request.body.text ?? `${request.body.bytes?.length ?? 0} bytes`).slice(0, 200)})`;

const checkAnswer = (
  route: HttpRouteDefinition,
  identity: Identity,
  request: GeneratedRequest,
  answer: { status: number; text: string },
) => {
  const what = `${describeRequest(route, identity, request)} → ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, what).toBeLessThan(500);
  const refused = refusedWhateverIsSent(route, identity);
  if (refused) expect(refused, `refused, yet answered otherwise: ${what}`).toContain(answer.status);
  expect(answer.text.includes(canary), `echoes the input: ${what}`).toBe(false);
  if (answer.status >= 400) {
    let body: { errors?: unknown } | undefined;
    try {
      body = JSON.parse(answer.text) as { errors?: unknown };
    } catch {
      body = undefined;
    }
    expect(isFieldErrors(body?.errors), `not the {"errors": {field: [messages]}} shape: ${what}`).toBe(true);
  }
};

/* ---------- What the table holds ---------- */

/** Sign-in bookkeeping that refused sign-ins and sign-outs are meant to change. */
const isSignInBookkeeping = (item: Record<string, AttributeValue>) => {
  const type = item.type?.S ?? '';
  return (
    type === 'Session' ||
    type === 'SocketTicket' ||
    /Throttle|Attempt|RateLimit/i.test(type) ||
    (item.pk?.S ?? '').startsWith('THROTTLE#')
  );
};

const snapshot = async (): Promise<Map<string, string>> => {
  const client = new DynamoDBClient({});
  const items = new Map<string, string>();
  try {
    for await (const page of paginateScan({ client }, { TableName: stack.tableName, ConsistentRead: true })) {
      for (const item of page.Items ?? []) {
        if (isSignInBookkeeping(item)) continue;
        if (item.sk?.S?.startsWith('CHATWITH#')) {
          // Opening a chat (a GET) marks its messages delivered and seen: receipts a read moves.
          for (const name of Object.keys(item))
            if (/^unseenMsgs$|DeliveredUpTo$|SeenUpTo$/i.test(name)) delete item[name];
        }
        items.set(`${item.pk?.S ?? ''} | ${item.sk?.S ?? ''}`, JSON.stringify(item));
      }
    }
  } finally {
    client.destroy();
  }
  return items;
};

let before: Map<string, string>;

/* ---------- The run ---------- */

const signIn = async (phone: string, password: string) => {
  const client = new ApiClient(stack.url, call);
  const { status, body } = await client.signIn(phone, password);
  if (status !== 201 || !client.accessToken) throw new Error(`signing in ${phone} answered ${status}`);
  return { client, token: client.accessToken, id: body.userData.id };
};

/**
 * The stack starts, identities sign in (each area's handler loaded cold) and the store is read:
 * on a 2-core machine shared with other work that took past the api project's 60 s hook timeout
 * (the stack alone 35 s, the first sign-in 24 s), so this setup has more room.
 */
const setupTimeoutMs = 180_000;

beforeAll(async () => {
  stack = await startApiStack();
  call = inProcessFetch(stack.url);
  const admin = await signIn(demo.admin.phone, demo.admin.password);
  const staff = await signIn(demo.support.phone, demo.support.password);
  const client = await signIn(demo.clientA.phone, demo.clientA.password);
  tokens.admin = admin.token;
  tokens.staff = staff.token;
  tokens.client = client.token;

  // Real records, so that reads reach past "not found" into query parsing and the stores.
  const projects = await client.client.request<{ projects: { id: string }[] }>('GET', '/api/apps/projects?limit=3');
  const board = await client.client.request<{ tasks: { id: string; commentCount: number }[] }>(
    'GET',
    `/api/apps/projects/${projects.body.projects[0]?.id ?? ''}/board`,
  );
  const project = projects.body.projects[0]?.id;
  const task = board.body.tasks.find((candidate) => candidate.commentCount > 0) ?? board.body.tasks[0];
  const comments = await client.client.request<{ comments: { id: string }[] }>(
    'GET',
    `/api/apps/projects/${project ?? ''}/tasks/${task?.id ?? ''}/comments`,
  );
  const permissions = await admin.client.request<{ permissions: { id: string }[] }>('GET', '/api/apps/permissions');
  const ids: Record<string, (string | undefined)[]> = {
    id: [project, permissions.body.permissions[0]?.id],
    taskId: [task?.id],
    commentId: [comments.body.comments[0]?.id],
    userId: [admin.id, client.id],
  };
  for (const [name, values] of Object.entries(ids)) {
    const existing = values.filter((value): value is string => typeof value === 'string');
    if (existing.length === 0) throw new Error(`the demo data has no record for {${name}}`);
    realIds[name] = existing;
  }
  // The seed's own background work (contact events) moving during the run is not the run's doing.
  await backgroundWorkSettled(stack.tableName);
  before = await snapshot();
}, setupTimeoutMs);

afterAll(async () => {
  const statuses = [...statusCounts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
  console.log(
    `fuzz: ${requestCount} requests over ${httpRoutes.length} routes × ${identities.length} identities ` +
      `in ${((Date.now() - startedAt) / 1000).toFixed(1)} s: ${statuses.join(' ')}`,
  );
  await stack?.stop();
});

/** A seed per route and identity (FNV-1a): adding a route does not change the others' cases. */
const seedOf = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash | 0;
};

describe('a tampered list cursor', () => {
  // 96 cursors one after another: on a loaded 2-core machine they took past the 30 s default.
  it('is refused with a 400, never a 5xx (its fingerprint is no secret)', { timeout: setupTimeoutMs }, async () => {
    const first = await call(`${stack.url}/api/apps/projects?limit=2`, {
      headers: { authorization: `Bearer ${tokens.admin ?? ''}` },
    });
    const { nextCursor } = (await first.json()) as { nextCursor: string };
    const decoded = JSON.parse(Buffer.from(nextCursor, 'base64url').toString('utf8')) as { q: string; p: unknown[] };
    const position = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('', '\u0000', 'X'.repeat(1025), 'é'.repeat(600)),
      fc.integer(),
      fc.constant(null),
      fc.constant([]),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(position, fc.constantFrom(0, 1, 2, '0')), {
          minLength: decoded.p.length,
          maxLength: decoded.p.length,
        }),
        async (positions) => {
          const cursor = Buffer.from(JSON.stringify({ q: decoded.q, p: positions })).toString('base64url');
          const response = await call(`${stack.url}/api/apps/projects?limit=2&cursor=${cursor}`, {
            headers: { authorization: `Bearer ${tokens.admin ?? ''}` },
          });
          const text = await response.text();
          expect(response.status, `cursor ${JSON.stringify(positions)} → ${text.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: runsPerRoute * 4, seed: seedOf('list cursor') },
    );
  });
});

// Sign-out last: the other routes keep the identities' sessions (it ends only the made-up ones).
const routesInOrder = [...httpRoutes].sort(
  (a, b) => Number(a.path === '/api/auth/logout') - Number(b.path === '/api/auth/logout'),
);

describe.each(routesInOrder.map((route) => [routeKeyOf(route), route] as const))('%s', (key, route) => {
  it.each(identities.map((identity) => [identity]))(
    'as %s: never a 5xx, errors in their shape, nothing echoed',
    async (identity) => {
      await fc.assert(
        fc.asyncProperty(requestsFor(route, identity), async (request) => {
          checkAnswer(route, identity, request, await send(route, identity, request));
        }),
        { numRuns: runsPerRoute, seed: seedOf(`${key} ${identity}`) },
      );
    },
  );
});

describe('after the run', () => {
  it('stored nothing: the table holds the same items as before', async () => {
    const after = await snapshot();
    const added = [...after.keys()].filter((key) => !before.has(key));
    const removed = [...before.keys()].filter((key) => !after.has(key));
    const changed = [...after.keys()]
      .filter((key) => before.has(key) && before.get(key) !== after.get(key))
      .map((key) => `${key}: ${before.get(key) ?? ''} → ${after.get(key) ?? ''}`);
    expect({ added, removed, changed }).toEqual({ added: [], removed: [], changed: [] });
    expect(after.size).toBe(before.size);
  });
});
