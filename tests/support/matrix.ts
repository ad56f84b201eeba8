import { apiScopes, scopeForRoute, type ApiScope } from '@orbit/functions/core/api-scopes';
import type { HttpMethod, HttpRoute, HttpRouteDefinition, RouteKey } from '@orbit/functions/routes';

/** The authorisation matrix's vocabulary: identities, expectations and the common answers. */

/**
 * The signed-in identities: two clients, then one staff member of each role (seed/src/demo-users.ts),
 * each with the rules the seed's permissions give their role (seed/src/permissions.ts, docs/roles.md).
 */
export const signedInIdentities = [
  'clientA',
  'clientB',
  'admin',
  'manager',
  'support',
  'users',
  'restrictedUser',
] as const;
export type SignedInIdentity = (typeof signedInIdentities)[number];
/** Callers without a valid token: no token, a token signed with another key, an expired one. */
export const anonymousIdentities = ['nobody', 'forged', 'expired'] as const;
export type AnonymousIdentity = (typeof anonymousIdentities)[number];
/**
 * API keys as principals (docs/integrations.md, "API keys"), both created by the admin when the
 * matrix starts: one with every scope, one that may only read projects. Their statuses are not
 * written per route: `keyStatus` derives them from the route and the admin's expectation.
 */
export const keyIdentities = ['adminKey', 'narrowKey'] as const;
export type KeyIdentity = (typeof keyIdentities)[number];
export const keyScopes: Readonly<Record<KeyIdentity, readonly ApiScope[]>> = {
  adminKey: apiScopes,
  narrowKey: ['projects:read'],
};
/** Who created the matrix's keys: a key acts as its creator, never as more. */
export const keyCreator = 'admin' satisfies SignedInIdentity;
export type Identity = AnonymousIdentity | SignedInIdentity | KeyIdentity;
export const identities: readonly Identity[] = [...anonymousIdentities, ...signedInIdentities, ...keyIdentities];
export const isKeyIdentity = (identity: Identity): identity is KeyIdentity =>
  (keyIdentities as readonly string[]).includes(identity);
/** What every signed-in route answers a caller without a valid token. */
export const anonymousStatus = 401;

export type SignedInRouteKey = RouteKey<Extract<HttpRoute, { access: 'signed-in' }>>;
export type PublicRouteKey = RouteKey<Extract<HttpRoute, { access: 'public' }>>;

/** The request the matrix sends: `{name}` path parameters, query and JSON body. */
export interface MatrixRequest {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface MatrixResponse {
  readonly status: number;
  readonly body: unknown;
}

/** Calls the API as one signed-in demo user (a concrete path, parameters filled in). */
export interface MatrixCaller {
  request(method: HttpMethod, path: string, options?: { body?: unknown }): Promise<MatrixResponse>;
}

export interface MatrixContext {
  readonly users: Readonly<Record<SignedInIdentity, { readonly id: string }>>;
  as(identity: SignedInIdentity): MatrixCaller;
}

export interface RouteExpectation<Fixture = undefined> {
  /** Runs before each identity's call; what it returns is given to `request` and `after`. */
  setup?(context: MatrixContext): Promise<Fixture>;
  /** The sample request; absent means no parameters, query or body. */
  request?(fixture: Fixture, context: MatrixContext): MatrixRequest;
  /** The expected status for each signed-in identity. */
  readonly expect: Statuses;
  /**
   * The calls change one record that every identity's call shares (client A's profile, say), so
   * they run one after another; other routes' identities are called concurrently.
   */
  readonly serial?: true;
  /**
   * Why the refusals here come from what the body names (ids of records that are not the
   * caller's), not from the route or its path: an invalid body is then rightly a 400, so only
   * identities refused before the route runs (a key its scopes refuse) are asked again with
   * invalid bodies. Every other refusal must not depend on the body (tests/api/authorisation-matrix.test.ts).
   */
  readonly refusalFromBody?: string;
  /** Extra checks after each call, e.g. that a refused DELETE left the record in place. */
  after?(
    call: { identity: Identity; response: MatrixResponse; fixture: Fixture },
    context: MatrixContext,
  ): Promise<void>;
}

export interface PublicRouteExpectation {
  request?(): MatrixRequest;
  /** The status without a token; a forged or expired token must not change it. */
  readonly status: number;
}

/** Keeps each entry's fixture type checked while the map holds entries of different fixtures. */
export const expectation = <Fixture = undefined>(entry: RouteExpectation<Fixture>): RouteExpectation<unknown> =>
  entry as RouteExpectation<unknown>;

export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** A status for each signed-in identity. */
export type Statuses = Readonly<Record<SignedInIdentity, number>>;

/**
 * Client A's record that every role reads: client A and every staff member get `status`, client B
 * 404 (it cannot tell the record exists). Every staff role's permissions include reading projects,
 * tasks and comments (docs/roles.md), so this is the projects' read row.
 */
export const readByEveryone = (status: number): Statuses => ({
  clientA: status,
  clientB: 404,
  admin: status,
  manager: status,
  support: status,
  users: status,
  restrictedUser: status,
});
/** Everyone's own (no id in the path): every signed-in identity gets `status`. */
export const everyone = (status: number): Statuses => ({
  clientA: status,
  clientB: status,
  admin: status,
  manager: status,
  support: status,
  users: status,
  restrictedUser: status,
});

/**
 * What an API key gets on a route, derived for every route (core/api-scopes.ts decides what a key
 * may reach; core/auth/api-key-auth.ts checks it before the route runs):
 * - a route no key may call (it acts on who someone is, or lies outside the key areas): 403;
 * - a route whose scope the key lacks: 403;
 * - otherwise the key acts as its creator: the creator's status for the route.
 * A key has no session, so where the admin's session is what a route acts on (a WebSocket
 * ticket, "this session", the password, two-step) the key differs from its creator: each such
 * route is one no key may call (the auth area, or `identityRouteKeys`), so the first rule is the
 * one place that says so. There is no other difference: a key is its creator, no more, no less.
 */
export const keyStatus = (identity: KeyIdentity, route: HttpRouteDefinition, creatorStatus: number): number => {
  const scope = scopeForRoute(route);
  if (scope === undefined || !keyScopes[identity].includes(scope)) return 403;
  return creatorStatus;
};

/** Whether `keyStatus` refuses the key before its route runs (its scopes do not cover it). */
export const keyRefusedByScope = (identity: KeyIdentity, route: HttpRouteDefinition): boolean => {
  const scope = scopeForRoute(route);
  return scope === undefined || !keyScopes[identity].includes(scope);
};

/** The statuses of a refusal that comes before the body is read: no right to the route, or a record hidden. */
export const refusalStatuses: ReadonlySet<number> = new Set([403, 404]);

/** A value of another JSON type than `value`'s (a field that takes one rarely takes the other). */
const otherType = (value: unknown): unknown => {
  if (typeof value === 'string') return 1;
  if (value !== null && typeof value === 'object') return 'not-a-valid-value';
  return { __: 1 };
};

/**
 * Bodies no route accepts, sent again by each identity a route refuses (docs/decisions.md,
 * "Security: authorise before reading the body"): an empty object (every required field missing)
 * and the route's sample body with each field of the wrong type (a JSON array when the sample has
 * no fields). A refusal must not depend on them: the same status and answer, nothing stored.
 */
export const invalidBodiesFor = (sample: unknown): readonly unknown[] => {
  const fields = sample !== null && typeof sample === 'object' && !Array.isArray(sample) ? Object.entries(sample) : [];
  const wrongTypes =
    fields.length > 0 ? Object.fromEntries(fields.map(([name, value]) => [name, otherType(value)])) : [{ __: 1 }];
  return [{}, wrongTypes];
};
