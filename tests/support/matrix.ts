import type { HttpMethod, HttpRoute, RouteKey } from '@orbit/functions/routes';

/** The authorisation matrix's vocabulary: identities, expectations and the common answers. */

export const signedInIdentities = ['clientA', 'clientB', 'admin'] as const;
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
  readonly expect: Readonly<Record<SignedInIdentity, number>>;
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

/** Client A owns the fixture: it may read and comment (200/201) but not write (403); client B gets 404. */
export const readable = { clientA: 200, clientB: 404, admin: 200 } as const;
/** Admin-only routes: both clients are refused (403) whatever the record. */
export const adminOnly = (status: number) => ({ clientA: 403, clientB: 403, admin: status });
export const adminWrite = (status: number) => ({ clientA: 403, clientB: 404, admin: status });
