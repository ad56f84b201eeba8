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

interface WebhookFixture {
  readonly webhook: { readonly id: string; readonly version: number };
  readonly deliveryId: string;
}

/**
 * A subscription (to a public address literal: nothing resolves offline) with a test delivery;
 * each call's own, removed after it (a workspace holds at most 50), except a GET's shared one.
 */
const webhookWithDelivery = async ({ as }: MatrixContext): Promise<WebhookFixture> => {
  const admin = as('admin');
  const created = await admin.request('POST', '/api/apps/integrations/webhooks', {
    body: { url: 'https://93.184.215.14/matrix', events: ['project.created'] },
  });
  if (created.status !== 201) throw new Error(`fixture: a webhook answered ${created.status}`);
  const { webhook } = created.body as { webhook: WebhookFixture['webhook'] };
  const test = await admin.request('POST', `/api/apps/integrations/webhooks/${webhook.id}/test`);
  if (test.status !== 202) throw new Error(`fixture: a test event answered ${test.status}`);
  return { webhook, deliveryId: (test.body as { delivery: { id: string } }).delivery.id };
};

const removeWebhook = async ({ fixture }: { fixture: WebhookFixture }, { as }: MatrixContext): Promise<void> => {
  await as('admin').request('DELETE', `/api/apps/integrations/webhooks/${fixture.webhook.id}`);
};

const onWebhook = (
  status: number,
  request: (fixture: WebhookFixture) => {
    params: Record<string, string>;
    body?: unknown;
    query?: Record<string, string>;
  },
) => expectation({ setup: webhookWithDelivery, request, expect: administratorOnly(status), after: removeWebhook });

/** A GET's identities share one fixture (the matrix reads it concurrently): it stays. */
const readingWebhook = (status: number, request: (fixture: WebhookFixture) => { params: Record<string, string> }) =>
  expectation({ setup: webhookWithDelivery, request, expect: administratorOnly(status) });

const ids = (fixture: WebhookFixture) => ({ id: fixture.webhook.id, deliveryId: fixture.deliveryId });

/** A key to create: read-only, a week long. */
const newKeyBody = () => ({
  name: 'Matrix key',
  scopes: ['projects:read'],
  expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
});

/** A key the admin created, for each identity to try to revoke. */
const newApiKey = async ({ as }: MatrixContext): Promise<string> => {
  const response = await as('admin').request('POST', '/api/apps/integrations/api-keys', { body: newKeyBody() });
  if (response.status !== 201) throw new Error(`fixture: creating a key answered ${response.status}`);
  return (response.body as { apiKey: { id: string } }).apiKey.id;
};

export const integrationsRouteExpectations = {
  // Webhooks out: each call on its own subscription.
  'GET /api/apps/integrations/webhooks': expectation({ expect: administratorOnly(200) }),
  'POST /api/apps/integrations/webhooks': expectation({
    request: () => ({ body: { url: 'https://93.184.215.14/matrix-new', events: ['task.moved'] } }),
    expect: administratorOnly(201),
    after: async ({ response }, { as }) => {
      const created = response.body as { webhook?: { id: string } };
      if (created.webhook) await as('admin').request('DELETE', `/api/apps/integrations/webhooks/${created.webhook.id}`);
    },
  }),
  'GET /api/apps/integrations/webhooks/{id}': readingWebhook(200, (fixture) => ({ params: ids(fixture) })),
  'PATCH /api/apps/integrations/webhooks/{id}': onWebhook(200, (fixture) => ({
    params: ids(fixture),
    body: { version: fixture.webhook.version, description: 'Matrix' },
  })),
  'DELETE /api/apps/integrations/webhooks/{id}': onWebhook(204, (fixture) => ({ params: ids(fixture) })),
  'POST /api/apps/integrations/webhooks/{id}/rotate-secret': onWebhook(200, (fixture) => ({ params: ids(fixture) })),
  'POST /api/apps/integrations/webhooks/{id}/test': onWebhook(202, (fixture) => ({ params: ids(fixture) })),
  'GET /api/apps/integrations/webhooks/{id}/deliveries': readingWebhook(200, (fixture) => ({
    params: ids(fixture),
    query: { status: 'pending' },
  })),
  'GET /api/apps/integrations/webhooks/{id}/deliveries/{deliveryId}': readingWebhook(200, (fixture) => ({
    params: ids(fixture),
  })),
  // The test delivery is still pending (nothing answers offline): the admin's replay is refused as such.
  'POST /api/apps/integrations/webhooks/{id}/deliveries/{deliveryId}/replay': onWebhook(409, (fixture) => ({
    params: ids(fixture),
  })),
  'POST /api/apps/integrations/webhooks/{id}/replay-failed': onWebhook(202, (fixture) => ({
    params: ids(fixture),
    body: { since: new Date(Date.now() - 60_000).toISOString() },
  })),
  // Help links: the same targets again, from the version read.
  'PUT /api/apps/integrations/links': expectation({
    setup: linksVersion,
    request: (version) => ({ body: { wiki: null, telegram: null, version } }),
    expect: administratorOnly(200),
  }),
  // API keys.
  'GET /api/apps/integrations/api-keys': expectation({ expect: administratorOnly(200) }),
  'POST /api/apps/integrations/api-keys': expectation({
    request: () => ({ body: newKeyBody() }),
    expect: administratorOnly(201),
  }),
  'DELETE /api/apps/integrations/api-keys/{id}': expectation({
    setup: newApiKey,
    request: (id) => ({ params: { id } }),
    expect: administratorOnly(200),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;

export const integrationsPublicRouteExpectations = {
  'GET /api/integrations/links': { status: 200 },
  'GET /api/openapi.json': { status: 200 },
} satisfies Partial<Record<PublicRouteKey, PublicRouteExpectation>>;
