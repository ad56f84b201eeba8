import * as v from 'valibot';

import { webhookEventTypes, webhookTestEventType } from '../core/webhook-events';
import { object, queryLimit } from '../core/schema';

/**
 * Outgoing webhooks' contract (docs/integrations.md, "Webhooks"), imported by the web app too:
 * subscriptions, their signing secret (shown once), and the delivery log with its attempts.
 */

export { webhookEventTypes, webhookTestEventType };
export type { WebhookEventType } from '../core/webhook-events';

export const webhookLimits = {
  urlMaxLength: 2000,
  descriptionMaxLength: 500,
  /** Subscriptions per workspace: each event is fanned out to every one that wants it. */
  subscriptionsMax: 50,
  /** What the log keeps of a request and a response body. */
  bodyExcerptMaxBytes: 4096,
  pageSizeDefault: 25,
  pageSizeMax: 100,
} as const;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** A subscription as listed and shown: never its secret. */
export const webhookSchema = v.object({
  id: v.string(),
  url: v.string(),
  description: v.string(),
  events: v.array(v.picklist(webhookEventTypes)),
  enabled: v.boolean(),
  /** Set when the endpoint was turned off because deliveries kept failing; cleared when re-enabled. */
  disabledReason: v.optional(v.picklist(['failing'])),
  disabledAt: v.optional(v.string()),
  /** The secret's first characters (`whsec_AbCd…`), to recognise it. */
  secretHint: v.string(),
  /** While a rotated-out secret still signs alongside the new one (each delivery carries both signatures). */
  previousSecretExpiresAt: v.optional(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  version: v.number(),
});
export type Webhook = v.InferOutput<typeof webhookSchema>;

const webhookUrl = v.pipe(
  v.string('Enter the endpoint URL'),
  v.trim(),
  v.nonEmpty('Enter the endpoint URL'),
  v.maxLength(webhookLimits.urlMaxLength, `At most ${webhookLimits.urlMaxLength} characters`),
  v.check((value) => {
    const url = URL.parse(value);
    return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  }, 'Enter an http(s) URL'),
);
const webhookEvents = v.pipe(
  v.array(v.picklist(webhookEventTypes, 'Unknown event'), 'Choose the events'),
  v.minLength(1, 'Choose at least one event'),
  v.check((events) => new Set(events).size === events.length, 'An event is listed twice'),
);
const webhookDescription = v.pipe(
  v.string('description must be text'),
  v.trim(),
  v.maxLength(webhookLimits.descriptionMaxLength, `At most ${webhookLimits.descriptionMaxLength} characters`),
);
const readVersion = v.pipe(v.number('version must be a number'), v.integer('version must be a whole number'));

/**
 * POST: a new subscription. Whether the URL is one Orbit may call (https outside development, no
 * private, loopback or metadata address) is the server's check on save and again on each delivery.
 */
export const createWebhookSchema = object({
  url: webhookUrl,
  events: webhookEvents,
  description: v.optional(webhookDescription, ''),
  enabled: v.optional(v.boolean('enabled must be true or false'), true),
});
export type CreateWebhook = v.InferOutput<typeof createWebhookSchema>;

/** PATCH: any of the fields, from the version read (stale is 409 with the current one). */
export const updateWebhookSchema = object({
  version: readVersion,
  url: v.optional(webhookUrl),
  events: v.optional(webhookEvents),
  description: v.optional(webhookDescription),
  enabled: v.optional(v.boolean('enabled must be true or false')),
});
export type UpdateWebhook = v.InferOutput<typeof updateWebhookSchema>;

/** POST and rotate-secret answer the secret this once. */
export const webhookWithSecretSchema = v.object({ webhook: webhookSchema, secret: v.string() });
export type WebhookWithSecret = v.InferOutput<typeof webhookWithSecretSchema>;

export const webhookListSchema = v.object({ webhooks: v.array(webhookSchema) });

/** One delivery of one event to one subscription; its `id` is the `webhook-id` header (the same on every attempt and replay). */
export const webhookDeliverySummarySchema = v.object({
  id: v.string(),
  webhookId: v.string(),
  eventId: v.string(),
  eventType: v.union([v.picklist(webhookEventTypes), v.literal(webhookTestEventType)]),
  status: v.picklist(webhookDeliveryStatuses),
  attempts: v.number(),
  lastStatusCode: v.optional(v.number()),
  lastAttemptAt: v.optional(v.string()),
  nextAttemptAt: v.optional(v.string()),
  createdAt: v.string(),
});
export type WebhookDeliverySummary = v.InferOutput<typeof webhookDeliverySummarySchema>;

/** One attempt as the log shows it: the request and the response, each cut to `bodyExcerptMaxBytes`. */
export const webhookAttemptSchema = v.object({
  number: v.number(),
  at: v.string(),
  durationMs: v.number(),
  /** Absent when no response came (refused address, timeout, connection error): see `error`. */
  statusCode: v.optional(v.number()),
  error: v.optional(v.string()),
  requestHeaders: v.record(v.string(), v.string()),
  requestBody: v.string(),
  responseBody: v.optional(v.string()),
  /** When the next attempt is due, if this one failed and one remains. */
  nextAttemptAt: v.optional(v.string()),
});
export type WebhookAttempt = v.InferOutput<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = v.object({
  ...webhookDeliverySummarySchema.entries,
  attemptLog: v.array(webhookAttemptSchema),
});
export type WebhookDelivery = v.InferOutput<typeof webhookDeliverySchema>;

/** GET …/deliveries: newest first, optionally of one status, by cursor. */
export const webhookDeliveryQuerySchema = object({
  status: v.optional(v.picklist(webhookDeliveryStatuses, 'Unknown status')),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(500, 'cursor is not valid'))),
  limit: v.optional(queryLimit(webhookLimits.pageSizeMax)),
});
export const webhookDeliveryListSchema = v.object({
  deliveries: v.array(webhookDeliverySummarySchema),
  nextCursor: v.optional(v.string()),
});
export type WebhookDeliveryList = v.InferOutput<typeof webhookDeliveryListSchema>;

/** POST …/replay-failed: every failed delivery of this subscription created since then, queued again. */
export const replayFailedSchema = object({
  since: v.pipe(
    v.string('Give a date and time'),
    v.isoTimestamp('Give a date and time (ISO 8601)'),
  ),
});
export const replayFailedResultSchema = v.object({ replayed: v.number() });
