import type { JobDefinition } from '../core/jobs/definition';
import type { JobPayloads } from '../core/jobs/records';
import { attemptDelivery } from './delivery-attempt';
import type { WebhookAttemptPayload } from './delivery-job';
import { queueDelivery } from './delivery-service';
import { listWebhookRecords } from './webhook-repository';

/**
 * The integrations area's background work (docs/integrations.md, "Webhooks"). Both kinds are
 * at-least-once: a fan-out run again finds its deliveries there (their ids are the event's and
 * the subscription's) and writes nothing twice; an attempt cut off mid-POST is sent again with
 * the same `webhook-id`, which Standard Webhooks receivers de-duplicate on. At-most-once would
 * leave such a delivery `unknown` for a person to settle, which a receiver built for retries
 * does not need.
 */

/** An event (written by the area that made the change, core/webhook-events.ts) becomes one delivery per subscription that wants it. */
const fanOut: JobDefinition<JobPayloads['webhook.event']> = {
  delivery: 'at-least-once',
  async run(event, { now }) {
    const subscribers = (await listWebhookRecords()).filter(
      (webhook) => webhook.enabled && webhook.events.includes(event.type),
    );
    let queued = 0;
    for (const webhook of subscribers) if (await queueDelivery(webhook, event, now)) queued += 1;
    return { subscribers: subscribers.length, queued };
  },
};

const deliver: JobDefinition<WebhookAttemptPayload> = {
  delivery: 'at-least-once',
  run: (payload, { now, signal }) => attemptDelivery(payload, now, signal),
  backoff: { baseMs: 1_000, capMs: 30_000 },
};

export const integrationJobs = {
  'webhook.event': fanOut,
  'webhook.deliver': deliver,
};
