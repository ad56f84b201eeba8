/** Paying invoices online (docs/plans.md, "Paying online"): what the web app reads. */

/** GET /api/payments/provider: whether the "Pay online" button is shown at all. */
export interface PaymentProviderResponse {
  readonly online: boolean;
}

/** POST /api/apps/plans/invoices/{id}/checkout: where to send the client to pay. */
export interface CheckoutResponse {
  readonly url: string;
}
