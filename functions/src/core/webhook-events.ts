import type { TransactionPart } from './db';
import { ulid } from './ids';
import { jobPart } from './jobs/enqueue';
import type { WebhookEventType } from './webhook-event-types';

/**
 * What an outgoing webhook can announce (docs/integrations.md, "Events"). The area that makes a
 * change writes the event as a job in the same transaction (the outbox), so a subscriber hears of
 * every change that happened and of none that did not; the integrations area's worker fans the
 * event out to the subscriptions that want it, one delivery each.
 *
 * Payloads are versioned by `version` in the envelope: a field is added freely, and a change that
 * could break a receiver comes as a new version of the event.
 */
export { webhookEventTypes, webhookTestEventType, type WebhookEventType } from './webhook-event-types';

export interface WebhookEvent {
  /** `evt_<ULID>`: the same event reaches each subscription under one id (its `data` may be looked up by it). */
  readonly id: string;
  readonly type: WebhookEventType;
  readonly version: 1;
  /** When the change happened (ISO). */
  readonly occurredAt: string;
  /** The event's own fields (documented per type); ids and names, never secrets or message bodies of others. */
  readonly data: Readonly<Record<string, unknown>>;
}

declare module './jobs/records' {
  interface JobPayloads {
    'webhook.event': WebhookEvent;
  }
}

export const newWebhookEvent = (
  type: WebhookEventType,
  data: Readonly<Record<string, unknown>>,
  now = new Date(),
): WebhookEvent => ({ id: `evt_${ulid(now.getTime())}`, type, version: 1, occurredAt: now.toISOString(), data });

/** The event as one part of the change's transaction (its job id is the event's, so it is written once). */
export const webhookEventPart = (event: WebhookEvent): TransactionPart =>
  jobPart('webhook.event', event, {
    id: event.id,
    label: `Webhook event ${event.type}`,
    now: new Date(event.occurredAt),
  }).part;
