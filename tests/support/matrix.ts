import type { HttpMethod, HttpRoute, RouteKey } from '@orbit/functions/routes';

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
export type Identity = AnonymousIdentity | SignedInIdentity;
export const identities: readonly Identity[] = [...anonymousIdentities, ...signedInIdentities];
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
