import {
  expectation,
  type MatrixContext,
  type RouteExpectation,
  type SignedInRouteKey,
  type Statuses,
} from '../matrix';

/**
 * Who may call the plans' catalogue and subscription routes (docs/plans.md): everyone reads the
 * catalogue but the staff roles without Financial Management; the manager (Financial
 * Management: update Plan, read/update Subscription and Invoice) acts as the admin does, except
 * creating plans; a client reads only their own subscription (another's is 404) and alone asks
 * for changes, cancels and resumes. Client A is on Scale, monthly (seed/src/plans.ts); each
 * write puts them back.
 */

const byRole = (statuses: Partial<Statuses> & Pick<Statuses, 'admin'>): Statuses => ({
  clientA: 403,
  clientB: 403,
  manager: 403,
  support: 403,
  users: 403,
  restrictedUser: 403,
  ...statuses,
});

/** Client A's subscription: another client and staff who may not read it get 404. */
const onClientA = (statuses: Partial<Statuses> & Pick<Statuses, 'admin'>): Statuses =>
  byRole({ clientB: 404, support: 404, users: 404, restrictedUser: 404, ...statuses });

interface SubscriptionState {
  readonly clientId: string;
  readonly planId: string;
  readonly version: number;
  readonly requested: boolean;
}

const readClientA = async ({ as, users }: MatrixContext): Promise<SubscriptionState> => {
  const response = await as('admin').request('GET', `/api/apps/plans/subscriptions/${users.clientA.id}`);
  if (response.status !== 200) throw new Error(`fixture: client A's subscription answered ${response.status}`);
  const { subscription } = response.body as {
    subscription: { plan: { id: string }; version: number; requestedChange: unknown };
  };
  return {
    clientId: users.clientA.id,
    planId: subscription.plan.id,
    version: subscription.version,
    requested: subscription.requestedChange !== null,
  };
};

const planIdNamed = async ({ as }: MatrixContext, name: string): Promise<string> => {
  const response = await as('admin').request('GET', '/api/apps/plans');
  const plan = (response.body as { plans: { id: string; name: { en: string } }[] }).plans.find(
    (candidate) => candidate.name.en === name,
  );
  if (!plan) throw new Error(`fixture: no plan named ${name}`);
  return plan.id;
};

/** Client A asks for Growth, monthly (their own request, for an admin to approve or decline). */
const withRequest = async (context: MatrixContext): Promise<SubscriptionState> => {
  const growth = await planIdNamed(context, 'Growth');
  const state = await readClientA(context);
  const asked = await context
    .as('clientA')
    .request('POST', `/api/apps/plans/subscriptions/${state.clientId}/change-request`, {
      body: { planId: growth, interval: 'month' },
    });
  if (asked.status !== 200) throw new Error(`fixture: the change request answered ${asked.status}`);
  return readClientA(context);
};

/** Client A back on Scale monthly, with no request and not cancelling. */
const restoreClientA = async (_call: unknown, context: MatrixContext): Promise<void> => {
  const scale = await planIdNamed(context, 'Scale');
  const state = await readClientA(context);
  const path = `/api/apps/plans/subscriptions/${state.clientId}`;
  if (state.requested) await context.as('clientA').request('DELETE', `${path}/change-request`);
  await context.as('clientA').request('POST', `${path}/resume`);
  if (state.planId !== scale) {
    const { version } = await readClientA(context);
    await context.as('admin').request('PUT', path, { body: { planId: scale, interval: 'month', version } });
  }
};

const clientA = (state: SubscriptionState) => ({ params: { clientId: state.clientId } });

/** A hidden plan of the call's own to edit. */
const hiddenPlan = async ({ as }: MatrixContext) => {
  const response = await as('admin').request('POST', '/api/apps/plans', { body: newPlanBody() });
  if (response.status !== 201) throw new Error(`fixture: a plan answered ${response.status}`);
  return (response.body as { plan: { id: string; version: number } }).plan;
};

const newPlanBody = () => ({
  name: { en: 'Matrix plan', fr: '', ar: '' },
  description: { en: 'For the authorisation matrix', fr: '', ar: '' },
  currency: 'EUR',
  monthlyPrice: 100,
  yearlyPrice: 1000,
  taxRateBps: 0,
  features: [],
  limits: { activeProjects: null, storageBytes: null },
  visible: false,
  archived: true,
  position: 99,
});

export const plansRouteExpectations = {
  'GET /api/apps/plans': expectation({ expect: byRole({ admin: 200, manager: 200, clientA: 200, clientB: 200 }) }),
  'POST /api/apps/plans': expectation({ request: () => ({ body: newPlanBody() }), expect: byRole({ admin: 201 }) }),
  'PATCH /api/apps/plans/{id}': expectation({
    setup: hiddenPlan,
    request: (plan) => ({ params: { id: plan.id }, body: { position: 98, version: plan.version } }),
    expect: byRole({ admin: 200, manager: 200 }),
  }),
  'GET /api/apps/plans/subscriptions': expectation({ expect: byRole({ admin: 200, manager: 200 }) }),
  'GET /api/apps/plans/subscriptions/{clientId}': expectation({
    setup: readClientA,
    request: clientA,
    expect: onClientA({ admin: 200, manager: 200, clientA: 200 }),
  }),
  // Clients are refused before anything is read: 403 for both.
  'PUT /api/apps/plans/subscriptions/{clientId}': expectation({
    serial: true,
    setup: readClientA,
    request: (state) => ({
      ...clientA(state),
      body: { planId: state.planId, interval: 'month', version: state.version },
    }),
    expect: byRole({ admin: 200, manager: 200 }),
  }),
  'POST /api/apps/plans/subscriptions/{clientId}/change-request': expectation({
    serial: true,
    setup: async (context) => ({ ...(await readClientA(context)), growth: await planIdNamed(context, 'Growth') }),
    request: (state) => ({ ...clientA(state), body: { planId: state.growth, interval: 'month' } }),
    expect: onClientA({ admin: 403, clientA: 200 }),
    after: restoreClientA,
  }),
  'DELETE /api/apps/plans/subscriptions/{clientId}/change-request': expectation({
    serial: true,
    setup: withRequest,
    request: clientA,
    expect: onClientA({ admin: 200, manager: 200, clientA: 200 }),
    after: restoreClientA,
  }),
  'POST /api/apps/plans/subscriptions/{clientId}/change-request/approve': expectation({
    serial: true,
    setup: withRequest,
    request: clientA,
    expect: onClientA({ admin: 200, manager: 200 }),
    after: restoreClientA,
  }),
  'POST /api/apps/plans/subscriptions/{clientId}/cancel': expectation({
    serial: true,
    setup: readClientA,
    request: clientA,
    expect: onClientA({ admin: 403, clientA: 200 }),
    after: restoreClientA,
  }),
  'POST /api/apps/plans/subscriptions/{clientId}/resume': expectation({
    serial: true,
    setup: async (context) => {
      const state = await readClientA(context);
      await context.as('clientA').request('POST', `/api/apps/plans/subscriptions/${state.clientId}/cancel`);
      return state;
    },
    request: clientA,
    expect: onClientA({ admin: 403, clientA: 200 }),
    after: restoreClientA,
  }),
  'GET /api/apps/plans/overview': expectation({ expect: byRole({ admin: 200, manager: 200 }) }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
