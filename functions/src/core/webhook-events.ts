import type { TransactionPart } from './db';
import { ulid } from './ids';
import { jobPart } from './jobs/enqueue';
import type { WebhookEventData, WebhookEventType } from './webhook-event-types';

/**
 * What an outgoing webhook can announce (docs/integrations.md, "Events"). The area that makes a
 * change writes the event as a job in the same transaction (the outbox), so a subscriber hears of
 * every change that happened and of none that did not; the integrations area's worker fans the
 * event out to the subscriptions that want it, one delivery each.
 *
 * Each type's `data` is described once, as a valibot schema (webhook-event-types.ts): the builders
 * below are typed by it and the OpenAPI document's `webhooks` section is generated from it. Payloads are versioned by
 * `version` in the envelope: a field may be added to a version; a change that could break a
 * receiver (a field removed, renamed or retyped) comes as a new version.
 */
// Types only: the schemas stay out of the bundles of the areas that announce (every change's
// repository imports this module); what needs them imports webhook-event-types.ts itself.
export type { WebhookEventData, WebhookEventType } from './webhook-event-types';

export interface WebhookEvent<T extends WebhookEventType = WebhookEventType> {
  /** `evt_<ULID>`: the same event reaches each subscription under one id. */
  readonly id: string;
  readonly type: T;
  readonly version: 1;
  /** When the change happened (ISO). */
  readonly occurredAt: string;
  readonly data: WebhookEventData<T>;
}

declare module './jobs/records' {
  interface JobPayloads {
    'webhook.event': WebhookEvent;
  }
}

export const newWebhookEvent = <T extends WebhookEventType>(
  type: T,
  data: WebhookEventData<T>,
  now = new Date(),
): WebhookEvent<T> => ({ id: `evt_${ulid(now.getTime())}`, type, version: 1, occurredAt: now.toISOString(), data });

/** The event as one part of the change's transaction (its job id is the event's, so it is written once). */
export const webhookEventPart = <T extends WebhookEventType>(event: WebhookEvent<T>): TransactionPart =>
  jobPart('webhook.event', event as WebhookEvent, {
    id: event.id,
    label: `Webhook event ${event.type}`,
    now: new Date(event.occurredAt),
  }).part;

/** Shorthand for the call sites: the part announcing `type` with `data`, now. */
export const announce = <T extends WebhookEventType>(type: T, data: WebhookEventData<T>, now?: Date): TransactionPart =>
  webhookEventPart(newWebhookEvent(type, data, now));
