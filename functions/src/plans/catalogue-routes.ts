import type { AreaRouteHandlers } from '../core/handler';
import { json, parseBody, parseQuery, pathParam } from '../core/http';
import type { AreaRouteKey } from '../routes';
import { createPlan, listPlans, updatePlan } from './catalogue-service';
import {
  createPlanSchema,
  listSubscriptionsQuery,
  requestChangeSchema,
  setSubscriptionSchema,
  updatePlanSchema,
} from './contract';
import type { InvoiceRouteKey } from './invoice-routes';
import { listSubscriptions, plansOverview } from './overview-service';
import {
  approveChange,
  getSubscriptionFor,
  requestChange,
  setCancelAtPeriodEnd,
  setSubscription,
  withdrawOrDeclineChange,
} from './subscription-service';

/** The catalogue's and subscriptions' routes: every plans route but the invoices'. */
type CatalogueRouteKey = Exclude<AreaRouteKey<'plans'>, InvoiceRouteKey>;

const base = '/api/apps/plans/subscriptions/{clientId}';

export const catalogueRouteHandlers: Pick<AreaRouteHandlers<'plans'>, CatalogueRouteKey> = {
  'GET /api/apps/plans': async ({ caller }) => json(200, { plans: await listPlans(caller) }),
  'POST /api/apps/plans': async ({ event, caller }) =>
    json(201, { plan: await createPlan(caller, () => parseBody(event, createPlanSchema)) }),
  'PATCH /api/apps/plans/{id}': async ({ event, caller }) =>
    json(200, { plan: await updatePlan(caller, pathParam(event, 'id'), () => parseBody(event, updatePlanSchema)) }),
  'GET /api/apps/plans/subscriptions': async ({ event, caller }) =>
    json(200, await listSubscriptions(caller, () => parseQuery(event, listSubscriptionsQuery))),
  [`GET ${base}`]: async ({ event, caller }) =>
    json(200, { subscription: await getSubscriptionFor(caller, pathParam(event, 'clientId')) }),
  [`PUT ${base}`]: async ({ event, caller }) =>
    json(200, {
      subscription: await setSubscription(caller, pathParam(event, 'clientId'), () =>
        parseBody(event, setSubscriptionSchema),
      ),
    }),
  [`POST ${base}/change-request`]: async ({ event, caller }) =>
    json(200, {
      subscription: await requestChange(caller, pathParam(event, 'clientId'), () =>
        parseBody(event, requestChangeSchema),
      ),
    }),
  [`DELETE ${base}/change-request`]: async ({ event, caller }) =>
    json(200, { subscription: await withdrawOrDeclineChange(caller, pathParam(event, 'clientId')) }),
  [`POST ${base}/change-request/approve`]: async ({ event, caller }) =>
    json(200, { subscription: await approveChange(caller, pathParam(event, 'clientId')) }),
  [`POST ${base}/cancel`]: async ({ event, caller }) =>
    json(200, { subscription: await setCancelAtPeriodEnd(caller, pathParam(event, 'clientId'), true) }),
  [`POST ${base}/resume`]: async ({ event, caller }) =>
    json(200, { subscription: await setCancelAtPeriodEnd(caller, pathParam(event, 'clientId'), false) }),
  'GET /api/apps/plans/overview': async ({ caller }) => json(200, { overview: await plansOverview(caller) }),
};
