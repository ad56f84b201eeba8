import {
  expectation,
  type MatrixContext,
  type PublicRouteExpectation,
  type PublicRouteKey,
  type RouteExpectation,
  type SignedInRouteKey,
} from '../matrix';

/**
 * Who may call the integrations' routes (docs/integrations.md): the Integration subject is the
 * administrator's alone (no seeded permission grants it to a staff role), so everyone else is
 * refused with 403; clients too (integrations are no record of theirs to hide).
 */
export const administratorOnly = (status: number) => ({
  clientA: 403,
  clientB: 403,
  admin: status,
  manager: 403,
  support: 403,
  users: 403,
  restrictedUser: 403,
});

/** The help links' current version, so the admin's save is not stale. */
const linksVersion = async ({ as }: MatrixContext): Promise<number> => {
  const response = await as('admin').request('GET', '/api/integrations/links');
  if (response.status !== 200) throw new Error(`fixture: reading the links answered ${response.status}`);
  return (response.body as { links: { version: number } }).links.version;
};

export const integrationsRouteExpectations = {
  // Help links: the same targets again, from the version read.
  'PUT /api/apps/integrations/links': expectation({
    setup: linksVersion,
    request: (version) => ({ body: { wiki: null, telegram: null, version } }),
    expect: administratorOnly(200),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;

export const integrationsPublicRouteExpectations = {
  'GET /api/integrations/links': { status: 200 },
  'GET /api/openapi.json': { status: 200 },
} satisfies Partial<Record<PublicRouteKey, PublicRouteExpectation>>;
