import {
  anonymousIdentities,
  anonymousStatus,
  identities,
  signedInIdentities,
  type AnonymousIdentity,
  type Identity,
  type MatrixContext,
  type MatrixRequest,
  type PublicRouteExpectation,
  type PublicRouteKey,
  type RouteExpectation,
  type SignedInIdentity,
  type SignedInRouteKey,
} from './matrix';
import { accountRouteExpectations } from './route-expectations/account';
import { workspaceRouteExpectations } from './route-expectations/workspace';
import { teamPublicRouteExpectations, teamRouteExpectations } from './route-expectations/team';
import { integrationsPublicRouteExpectations, integrationsRouteExpectations } from './route-expectations/integrations';
import { plansRouteExpectations } from './route-expectations/plans';
import { plansInvoiceRouteExpectations } from './route-expectations/plans-invoices';
import { referralsRouteExpectations } from './route-expectations/referrals';
import { plansEdgePublicRouteExpectations, plansEdgeRouteExpectations } from './route-expectations/plans-edge';
import { emailComposeRouteExpectations } from './route-expectations/email-compose';
import { emailMailboxRouteExpectations } from './route-expectations/email-mailbox';
import { mailingsAudienceRouteExpectations } from './route-expectations/mailings-audience';
import { mailingsRouteExpectations } from './route-expectations/mailings';
import { mailingsSequenceRouteExpectations } from './route-expectations/mailings-sequences';

export {
  anonymousIdentities,
  anonymousStatus,
  identities,
  signedInIdentities,
  type AnonymousIdentity,
  type Identity,
  type MatrixContext,
  type MatrixRequest,
  type SignedInIdentity,
};

/**
 * Who may call what: one expectation per route of the route table (functions/src/routes.ts), walked by the
 * authorisation matrix test (tests/api/authorisation-matrix.test.ts). Each signed-in route is
 * called as twelve identities — nobody, a forged token, an expired token, client A, client B, the
 * admin, the manager, the support, the users member, the restricted user, and two API keys of the
 * admin's (every scope; only projects:read), whose statuses are derived (matrix.ts, `keyStatus`) —
 * and each public route with no token and with bad ones. Every 403 or 404 of a route taking a
 * body is asked again with invalid bodies, automatically: it must not change (`refusalFromBody`
 * says where a refusal comes from the body's own ids).
 *
 * Adding a route to routes.ts without an entry here fails typecheck (the maps below are keyed
 * by every route key) and fails the matrix test. To add yours, append to your area's group
 * (route-expectations/account.ts or workspace.ts; vocabulary in matrix.ts):
 *
 *   'GET /api/projects/{id}': expectation({
 *     // Runs before each write's call, so each identity meets a fresh record (a DELETE cannot
 *     // eat the next identity's fixture); a GET's identities share one. Here: a project of
 *     // client A, created by the admin.
 *     setup: async ({ as, users }) => (await as('admin').request('POST', '/api/projects', {
 *       body: { ..., clientId: users.clientA.id } })).body as { project: { id: string } },
 *     request: (fixture) => ({ params: { id: fixture.project.id } }),
 *     // Another client's record is 404, not 403 (core/authorize.ts: authorizeResource).
 *     expect: { clientA: 200, clientB: 404, admin: 200, manager: 200, support: 200, users: 200, restrictedUser: 200 },
 *   }),
 *
 * nobody, forged and expired always get 401 on a signed-in route and the keys' statuses are
 * derived, so entries give only the seven signed-in identities, each from the rules the seed gives
 * its role (docs/roles.md).
 * Seeded users: admin, clientA, clientB and one staff member per role of seed/src/demo-users.ts.
 */

/** Every signed-in route's expectation: typecheck fails while one is missing. */
export const signedInRouteExpectations: { readonly [K in SignedInRouteKey]: RouteExpectation<unknown> } = {
  ...accountRouteExpectations,
  ...workspaceRouteExpectations,
  ...teamRouteExpectations,
  ...integrationsRouteExpectations,
  ...plansRouteExpectations,
  ...plansInvoiceRouteExpectations,
  ...referralsRouteExpectations,
  ...plansEdgeRouteExpectations,
  ...emailMailboxRouteExpectations,
  ...emailComposeRouteExpectations,
  ...mailingsAudienceRouteExpectations,
  ...mailingsRouteExpectations,
  ...mailingsSequenceRouteExpectations,
};

export const publicRouteExpectations: { readonly [K in PublicRouteKey]: PublicRouteExpectation } = {
  'GET /api/health': { status: 200 },
  // Bodies of the wrong shape: the answer shows the route ran without asking for a token.
  'POST /api/auth/login': { request: () => ({ body: {} }), status: 400 },
  'POST /api/auth/register': { request: () => ({ body: {} }), status: 400 },
  // The refresh cookie is its credential, not the access token: without a cookie, 401.
  'POST /api/auth/refresh': { status: 401 },
  'POST /api/auth/logout': { status: 204 },
  'POST /api/auth/forgot-password': { request: () => ({ body: {} }), status: 400 },
  'POST /api/auth/reset-password': { request: () => ({ body: {} }), status: 400 },
  // Security: the second step of a sign-in, with no challenge.
  'POST /api/auth/login/two-step': { request: () => ({ body: {} }), status: 400 },
  'POST /api/users/contact-change/undo': { request: () => ({ body: {} }), status: 400 }, // The undo link's route, without a token
  // Hooks: without the channel's secret token / a valid signature, 401 (the same whether the
  // channel exists or not, so a caller learns nothing).
  'POST /api/hooks/telegram/{channelId}': {
    request: () => ({ params: { channelId: 'no-such-channel' }, body: { update_id: 1 } }),
    status: 401,
  },
  'POST /api/hooks/webhook/{channelId}': {
    request: () => ({ params: { channelId: 'no-such-channel' }, body: {} }),
    status: 401,
  },
  ...teamPublicRouteExpectations,
  ...integrationsPublicRouteExpectations,
  ...plansEdgePublicRouteExpectations,
  // Opting out: a token that is not ours is 404, whoever asks (GROUNDWORK: the delivery helper confirms these).
  'GET /api/mailings/unsubscribe/{token}': { request: () => ({ params: { token: 'not-a-token' } }), status: 404 },
  'POST /api/mailings/unsubscribe/{token}': { request: () => ({ params: { token: 'not-a-token' } }), status: 404 },
};
