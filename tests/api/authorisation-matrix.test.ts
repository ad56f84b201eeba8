import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signAccessToken } from '@orbit/functions/core/auth/tokens';
import { apiKeyLimits } from '@orbit/functions/integrations/api-key-contract';
import {
  anonymousIdentities,
  anonymousStatus,
  identities,
  publicRouteExpectations,
  signedInIdentities,
  signedInRouteExpectations,
  type AnonymousIdentity,
  type Identity,
  type MatrixContext,
  type MatrixRequest,
  type SignedInIdentity,
} from '../support/route-expectations';
import {
  invalidBodiesFor,
  isKeyIdentity,
  keyCreator,
  keyIdentities,
  keyRefusedByScope,
  keyScopes,
  keyStatus,
  refusalStatuses,
  type KeyIdentity,
  type MatrixResponse,
  type RouteExpectation,
} from '../support/matrix';
import { httpRoutes, routeKeyOf, type HttpRouteDefinition } from '@orbit/functions/routes';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';
import { inProcessFetch } from '../support/in-process-fetch';
import { newProbe, watchWrites } from '../support/writes-probe';

/**
 * The authorisation matrix: every route of the route table, called as every identity, against
 * the expectations in tests/support/route-expectations.ts. Routes come from the table itself, so
 * a route added later is checked as soon as it exists, and one without an expectation fails.
 * Identities are the signed-out ones, the seeded people and two API keys of the admin's (their
 * statuses derived: tests/support/matrix.ts, `keyStatus`). Every refusal (403, 404) of a route
 * that takes a body is asked again with bodies no route accepts: the same answer, nothing stored.
 *
 * Every call, the identities' sign-ins included, goes in process through `invokeHttpRoute`
 * (tests/support/in-process-fetch.ts): the local server's own path from the route table to the
 * handler's answer, without the socket, so the 3 000 calls cost the handlers' time alone. The
 * stack is there for its seeded store and the environment it gives the handlers.
 */

let stack: LocalStack;
/** A client whose requests go in process (its own cookies, as a browser's). */
let newClient: () => ApiClient;
const callers = {} as Record<SignedInIdentity, ApiClient>;
const users = {} as Record<SignedInIdentity, { id: string }>;
const tokens = {} as Record<AnonymousIdentity, string | null>;
const keys = {} as Record<KeyIdentity, { id: string; key: string }>;
/** route key → identity → status, printed at the end. */
const observed = new Map<string, Map<Identity, number>>();
let invalidBodyCalls = 0;
const startedAt = Date.now();

/**
 * One fixture per route, made on first use, for the calls that cannot change it: every GET (a
 * read leaves the record as it was for the next identity) and every call without a valid token
 * (refused before anything is read). A write by a signed-in identity gets a fresh fixture of its
 * own, so a DELETE cannot eat the next identity's record.
 */
const sharedFixtures = new Map<string, Promise<unknown>>();
const fixtureFor = (route: HttpRouteDefinition, identity: Identity, ctx: MatrixContext): Promise<unknown> => {
  const entry = expectationFor(route);
  if (!entry?.setup) return Promise.resolve(undefined);
  // A key its scopes refuse is, like a call without a token, turned away before the route runs.
  const shares =
    route.method === 'GET' ||
    (anonymousIdentities as readonly string[]).includes(identity) ||
    (isKeyIdentity(identity) && keyRefusedByScope(identity, route));
  if (!shares) return entry.setup(ctx);
  const key = routeKeyOf(route);
  const shared = sharedFixtures.get(key) ?? entry.setup(ctx);
  sharedFixtures.set(key, shared);
  return shared;
};

const signedInRoutes = httpRoutes.filter((route) => route.access === 'signed-in');
const publicRoutes = httpRoutes.filter((route) => route.access === 'public');
const expectationFor = (route: HttpRouteDefinition) =>
  (
    signedInRouteExpectations as Record<
      string,
      (typeof signedInRouteExpectations)[keyof typeof signedInRouteExpectations]
    >
  )[routeKeyOf(route)];
const publicExpectationFor = (route: HttpRouteDefinition) =>
  (publicRouteExpectations as Record<string, (typeof publicRouteExpectations)[keyof typeof publicRouteExpectations]>)[
    routeKeyOf(route)
  ];

const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string; sid: string };

/**
 * The stack starts, identities sign in (each area's handler loaded cold) and the store is read:
 * on a 2-core machine shared with other work that took past the api project's 60 s hook timeout
 * (the stack alone 35 s, the first sign-in 24 s), so this setup has more room.
 */
const setupTimeoutMs = 180_000;

beforeAll(async () => {
  // The matrix asks who may call what; its fixtures make a record per identity (members
  // registered, test events sent), past the abuse limits as written. Each limit is shown at its
  // default in its own area's file (core/rate-window.ts; docs/decisions.md, "Security: abuse limits in one counting window").
  process.env.ORBIT_RATE_LIMIT_SCALE = '10';
  stack = await startApiStack();
  const inProcess = inProcessFetch(stack.url);
  newClient = () => new ApiClient(stack.url, inProcess);
  watchWrites();
  // Every identity signs in at once: each is a different phone, so no sign-in budget is shared.
  await Promise.all(
    signedInIdentities.map(async (identity) => {
      const client = newClient();
      const { status, body } = await client.signIn(demo[identity].phone, demo[identity].password);
      if (status !== 201) throw new Error(`signing in ${identity} answered ${status}`);
      callers[identity] = client;
      users[identity] = { id: body.userData.id };
    }),
  );
  const admin = payloadOf(callers.admin.accessToken ?? '');
  tokens.nobody = null;
  // The admin's own user and live session, signed with a key that is not the server's.
  tokens.forged = await new SignJWT({ role: 'admin', sid: admin.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(admin.sub)
    .setIssuer('orbit')
    .setAudience('orbit-api')
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode('a-forger-does-not-know-the-server-secret-0123456789'));
  // The admin's live session, signed with the server's key, expired 45 minutes ago.
  tokens.expired = await signAccessToken(
    { userId: admin.sub, role: 'admin', sessionId: admin.sid },
    new Date(Date.now() - 60 * 60 * 1000),
  );
  // The keys: the admin's, a day long, with a rate limit the walk stays far below. Each is created
  // under a write probe, which must see it stored: else "nothing stored" below would prove nothing.
  await Promise.all(
    keyIdentities.map(async (identity) => {
      const probe = newProbe();
      const response = await callers[keyCreator].request<{ apiKey: { id: string }; key: string }>(
        'POST',
        '/api/apps/integrations/api-keys',
        {
          body: {
            name: `Matrix ${identity}`,
            scopes: keyScopes[identity],
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
            rateLimitPerMinute: apiKeyLimits.rateLimitMax,
          },
          headers: probe.headers,
        },
      );
      if (response.status !== 201) throw new Error(`creating the ${identity} answered ${response.status}`);
      keys[identity] = { id: response.body.apiKey.id, key: response.body.key };
      if (!probe.writes().some((write) => write.includes(`APIKEY#${keys[identity].id}`)))
        throw new Error(`the write probe did not see the ${identity} stored: ${JSON.stringify(probe.writes())}`);
    }),
  );
}, setupTimeoutMs);

afterAll(async () => {
  await stack?.stop();
  const checked = [...observed.values()].reduce((sum, row) => sum + row.size, 0);
  const lines = [...observed].map(
    ([key, row]) =>
      `  ${key.padEnd(46)} ${identities.map((identity) => `${identity}=${row.get(identity) ?? '-'}`).join(' ')}`,
  );
  console.log(
    [
      `authorisation matrix: ${signedInRoutes.length} signed-in routes × ${identities.length} identities` +
        ` + ${publicRoutes.length} public routes × ${anonymousIdentities.length} token states = ${checked} calls` +
        ` + ${invalidBodyCalls} refusals asked again with invalid bodies = ${checked + invalidBodyCalls} calls checked` +
        ` in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      ...lines,
    ].join('\n'),
  );
});

const context = (): MatrixContext => ({
  users,
  as: (identity) => ({
    request: (method, path, options = {}) => callers[identity].request(method, path, options),
  }),
});

/** `/api/x/{id}` with the request's params and query filled in. */
const urlOf = (route: HttpRouteDefinition, request: MatrixRequest): string => {
  const path = route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${routeKeyOf(route)}: the expectation gives no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams(request.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
};

/** What an identity must get: its entry's status, 401 without a valid token, a key's derived one. */
const expectedStatus = (route: HttpRouteDefinition, entry: RouteExpectation<unknown>, identity: Identity): number => {
  if ((anonymousIdentities as readonly string[]).includes(identity)) return anonymousStatus;
  if (isKeyIdentity(identity)) return keyStatus(identity, route, entry.expect[keyCreator]);
  return entry.expect[identity as SignedInIdentity];
};

/** One call as `identity`: its own session, a key as the bearer, or a token that is not valid. */
const send = (
  route: HttpRouteDefinition,
  identity: Identity,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<MatrixResponse> => {
  if (isKeyIdentity(identity)) {
    return newClient().request(route.method, url, { body, token: keys[identity].key, headers });
  }
  if ((anonymousIdentities as readonly string[]).includes(identity)) {
    return newClient().request(route.method, url, {
      body,
      token: tokens[identity as AnonymousIdentity],
      headers,
    });
  }
  return callers[identity as SignedInIdentity].request(route.method, url, { body, headers });
};

/**
 * Item 7 of the security issue, for every route at once: a caller refused a route that takes a
 * body (403, or 404 for a record it may not know of) is refused before the body is read. So the
 * same call with an invalid body gets the same answer, not a 400 naming the fields, and stores
 * nothing. (401s need no such row: core/handler.ts authenticates before any route's code runs.)
 */
const askAgainWithInvalidBodies = async (
  route: HttpRouteDefinition,
  identity: Identity,
  url: string,
  sample: unknown,
): Promise<(refused: MatrixResponse) => void> => {
  const answers = await Promise.all(
    invalidBodiesFor(sample).map(async (body) => {
      const probe = newProbe();
      const response = await send(route, identity, url, body, probe.headers);
      return { body, response, writes: probe.writes() };
    }),
  );
  invalidBodyCalls += answers.length;
  const ownKey = isKeyIdentity(identity) ? `APIKEY#${keys[identity].id}` : undefined;
  return (refused) => {
    for (const { body, response, writes } of answers) {
      const what = `${routeKeyOf(route)} as ${identity} with the body ${JSON.stringify(body)}`;
      expect(response.status, `${what}: ${JSON.stringify(response.body)}`).toBe(refused.status);
      expect(response.body, what).toEqual(refused.body);
      // A key's bearer counts its request (the rate limit) and its last use: bookkeeping, not the body.
      expect(
        writes.filter((write) => ownKey === undefined || !write.includes(ownKey)),
        `${what}: stored`,
      ).toEqual([]);
    }
  };
};

const record = (route: HttpRouteDefinition, identity: Identity, status: number) => {
  const row = observed.get(routeKeyOf(route)) ?? new Map<Identity, number>();
  row.set(identity, status);
  observed.set(routeKeyOf(route), row);
};

describe('the expectation table', () => {
  it('has an entry for every signed-in and every public route, and none for routes that do not exist', () => {
    const keys = new Set(httpRoutes.map(routeKeyOf));
    expect(signedInRoutes.filter((route) => !expectationFor(route)).map(routeKeyOf)).toEqual([]);
    expect(publicRoutes.filter((route) => !publicExpectationFor(route)).map(routeKeyOf)).toEqual([]);
    const stale = [...Object.keys(signedInRouteExpectations), ...Object.keys(publicRouteExpectations)].filter(
      (key) => !keys.has(key),
    );
    expect(stale).toEqual([]);
    // Signed-in entries sit in the signed-in map and public ones in the public map.
    expect(publicRoutes.filter((route) => expectationFor(route)).map(routeKeyOf)).toEqual([]);
  });
});

/**
 * A route's identities are called concurrently (each with its own fixture, or the shared one),
 * routes one after another; an entry marked `serial` (its calls change one shared record) runs
 * its identities one at a time.
 */
describe.each(signedInRoutes.map((route) => [routeKeyOf(route), route] as const))('%s', (_key, route) => {
  const rows = identities.map((identity) => [identity] as const);
  const each = expectationFor(route)?.serial ? it.each(rows) : it.concurrent.each(rows);
  each('as %s', async (identity) => {
    const entry = expectationFor(route);
    if (!entry) throw new Error(`${routeKeyOf(route)} has no expectation in tests/support/route-expectations.ts`);
    const ctx = context();
    const fixture = await fixtureFor(route, identity, ctx);
    const request = entry.request ? entry.request(fixture, ctx) : {};
    const url = urlOf(route, request);
    const isAnonymous = (anonymousIdentities as readonly string[]).includes(identity);
    const expected = expectedStatus(route, entry, identity);
    const refusedBeforeTheBody =
      route.method !== 'GET' &&
      !isAnonymous &&
      refusalStatuses.has(expected) &&
      (entry.refusalFromBody === undefined || (isKeyIdentity(identity) && keyRefusedByScope(identity, route)));
    // A refusal is asked with invalid bodies alongside the sample call: all are refused, none changes a thing.
    const [response, checkInvalidBodies] = await Promise.all([
      send(route, identity, url, request.body),
      refusedBeforeTheBody ? askAgainWithInvalidBodies(route, identity, url, request.body) : undefined,
    ]);
    record(route, identity, response.status);
    expect(response.status, `${routeKeyOf(route)} as ${identity}: ${JSON.stringify(response.body)}`).toBe(expected);
    if (isAnonymous) expect(response.body).toEqual({ errors: { general: [expect.any(String)] } });
    checkInvalidBodies?.(response);
    await entry.after?.({ identity, response, fixture }, ctx);
  });
});

describe.each(publicRoutes.map((route) => [routeKeyOf(route), route] as const))('%s (public)', (_key, route) => {
  it.concurrent.each(anonymousIdentities.map((identity) => [identity]))('needs no token: as %s', async (identity) => {
    const entry = publicExpectationFor(route);
    if (!entry) throw new Error(`${routeKeyOf(route)} has no expectation in tests/support/route-expectations.ts`);
    const request = entry.request ? entry.request() : {};
    const response = await newClient().request(route.method, urlOf(route, request), {
      body: request.body,
      token: tokens[identity],
    });
    record(route, identity, response.status);
    expect(response.status, `${routeKeyOf(route)} as ${identity}: ${JSON.stringify(response.body)}`).toBe(entry.status);
  });
});

describe('after the matrix', () => {
  it('left the sessions the forged and expired tokens named signed in', async () => {
    expect((await callers.admin.request('GET', '/api/auth/me')).status).toBe(200);
  });
});
