import { putInvoice } from '../invoice-records';
import {
  everyone,
  expectation,
  type MatrixContext,
  type PublicRouteExpectation,
  type PublicRouteKey,
  type RouteExpectation,
  type SignedInRouteKey,
} from '../matrix';

/**
 * Who may download an invoice's PDF and pay it online (docs/plans.md, "Invoice PDF", "Paying
 * online"). An open invoice of client A's: another client's is 404, and so it is for staff
 * whose role may not read invoices; the manager reads them (the seed's Financial Management), so
 * downloads the PDF but, like the admin, may not pay it (403). The matrix's stack has no payment
 * provider: the client's own checkout is 409.
 */
const openInvoiceOfClientA = async ({ users }: MatrixContext) => ({
  invoice: await putInvoice(users.clientA.id),
});

const onInvoice = (fixture: { invoice: { id: string } }) => ({ params: { id: fixture.invoice.id } });

const hiddenFromStaff = { support: 404, users: 404, restrictedUser: 404 } as const;

export const plansEdgeRouteExpectations = {
  'GET /api/apps/plans/invoices/{id}/pdf': expectation({
    setup: openInvoiceOfClientA,
    request: onInvoice,
    expect: { clientA: 200, clientB: 404, admin: 200, manager: 200, ...hiddenFromStaff },
  }),
  'GET /api/payments/provider': expectation({ expect: everyone(200) }),
  // Only the client themself pays: the admin may read the invoice but not pay it (403).
  'POST /api/apps/plans/invoices/{id}/checkout': expectation({
    setup: openInvoiceOfClientA,
    request: onInvoice,
    expect: { clientA: 409, clientB: 404, admin: 403, manager: 403, ...hiddenFromStaff },
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;

export const plansEdgePublicRouteExpectations = {
  // Without a valid Stripe-Signature: 400, nothing stored, whoever sends it.
  'POST /api/payments/stripe/webhook': { request: () => ({ body: { id: 'evt_forged' } }), status: 400 },
} satisfies Partial<Record<PublicRouteKey, PublicRouteExpectation>>;
