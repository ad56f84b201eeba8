import { invoiceEntity } from '@orbit/functions/core/billing/entities';
import { putPart, transactWrite } from '@orbit/functions/core/db';
import { newDraft } from '@orbit/functions/plans/invoice-drafting';
import { getPlan } from '@orbit/functions/plans/invoice-repository';
import { getSubscription } from '@orbit/functions/plans/subscription-repository';

import {
  expectation,
  type MatrixContext,
  type RouteExpectation,
  type SignedInRouteKey,
  type Statuses,
} from '../matrix';

/**
 * Who may call the invoices' routes (docs/plans.md, "Invoices"): a client reads their own (a draft
 * or another client's is 404), staff need Invoice (the manager's Financial Management reads and
 * updates them, as the admin does; the other staff roles see none: 403 on the list, 404 on one),
 * and only who may update Invoice issues, voids or records a payment (a client, who may read their
 * open invoice, gets 403). Each write has an invoice of client A of its own.
 */

const onClientA = (statuses: Partial<Statuses> & Pick<Statuses, 'clientA' | 'admin'>): Statuses => ({
  clientB: 404,
  manager: statuses.admin,
  support: 404,
  users: 404,
  restrictedUser: 404,
  ...statuses,
});

/** A draft of client A's current period beside the worker's (client A is subscribed by the seed). */
const draftOfClientA = async ({ users }: MatrixContext): Promise<string> => {
  const subscription = await getSubscription(users.clientA.id);
  const plan = subscription && (await getPlan(subscription.planId));
  if (!subscription || !plan) throw new Error('fixture: client A has no subscription');
  const draft = await newDraft(subscription, plan, [], new Date());
  await transactWrite([putPart('invoice', invoiceEntity.toItem(draft))]);
  return draft.id;
};

/** The same, issued by the admin: open. */
const openOfClientA = async (context: MatrixContext): Promise<string> => {
  const id = await draftOfClientA(context);
  const issued = await context.as('admin').request('POST', `/api/apps/plans/invoices/${id}/issue`);
  if (issued.status !== 200) throw new Error(`fixture: issuing answered ${issued.status}`);
  return id;
};

export const plansInvoiceRouteExpectations = {
  'GET /api/apps/plans/invoices': expectation({
    expect: { clientA: 200, clientB: 200, admin: 200, manager: 200, support: 403, users: 403, restrictedUser: 403 },
  }),
  'GET /api/apps/plans/invoices/{id}': expectation({
    setup: openOfClientA,
    request: (id) => ({ params: { id } }),
    expect: onClientA({ clientA: 200, admin: 200 }),
  }),
  'POST /api/apps/plans/invoices/{id}/issue': expectation({
    setup: draftOfClientA,
    request: (id) => ({ params: { id } }),
    // A draft does not exist for a client.
    expect: onClientA({ clientA: 404, admin: 200 }),
  }),
  'POST /api/apps/plans/invoices/{id}/void': expectation({
    setup: openOfClientA,
    request: (id) => ({ params: { id } }),
    expect: onClientA({ clientA: 403, admin: 200 }),
  }),
  'POST /api/apps/plans/invoices/{id}/payments': expectation({
    setup: openOfClientA,
    request: (id) => ({ params: { id }, body: { method: 'bank_transfer', paidOn: '2026-03-02', reference: 'Matrix' } }),
    expect: onClientA({ clientA: 403, admin: 200 }),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
