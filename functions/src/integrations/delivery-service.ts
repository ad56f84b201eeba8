import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConflictError, NotFoundError } from '../core/errors';
import type { TransactionPart } from '../core/db';
import { ulid } from '../core/ids';
import { chargeRate, rateLimitedError, type RateLimit } from '../core/rate-window';
import { userPartitionKey } from '../core/users/entities';
import { webhookTestEventType } from '../core/webhook-event-types';
import type { WebhookEvent } from '../core/webhook-events';
import { attemptJobPart } from './delivery-job';
import {
  createDelivery,
  failedDeliveriesSince,
  getDeliveryRecord,
  listAttemptRecords,
  listDeliveryRecords,
  replaceDelivery,
} from './delivery-repository';
import {
  webhookLimits,
  type WebhookDelivery,
  type WebhookDeliveryList,
  type WebhookDeliveryStatus,
  type WebhookDeliverySummary,
} from './webhook-contract';
import { webhookPartition, type WebhookDeliveryRecord, type WebhookRecord } from './webhook-entities';
import { requireWebhook } from './webhook-service';

/**
 * Deliveries (docs/integrations.md, "Webhooks"): one per (event, subscription), named by both so
 * a fan-out that runs twice creates nothing twice; its id is the `webhook-id` header of every
 * attempt and replay. The log, replays and the test event are the admin's (Integration subject).
 */

/** What a delivery of the log is kept for. */
const keptSeconds = 30 * 24 * 60 * 60;
/** Replay-failed's bound per call (a request's cost must not grow with the log): call again for more. */
export const replayFailedMax = 500;

/** An event of the catalogue (core/webhook-events.ts) or the test event. */
type Envelope = Pick<WebhookEvent, 'id' | 'version' | 'occurredAt'> & {
  readonly type: WebhookDeliveryRecord['eventType'];
  readonly data: unknown;
};

/** `msg_<event ULID>_<subscription ULID>`: sorts by the event's time, and the same pair always gives the same id. */
export const deliveryIdFor = (eventId: string, webhookId: string): string =>
  `msg_${eventId.replace(/^evt_/, '')}_${webhookId.replace(/^whk_/, '')}`;

/** What the receiver gets: the Standard Webhooks payload shape (type, timestamp, data), with the event's id and version. */
const bodyOf = (event: Envelope): string =>
  JSON.stringify({
    type: event.type,
    timestamp: event.occurredAt,
    eventId: event.id,
    version: event.version,
    data: event.data,
  });

/**
 * Queues one event for one subscription (the delivery and its first attempt, with `also` in the
 * same transaction); undefined if it was queued already.
 */
export const queueDelivery = async (
  webhook: WebhookRecord,
  event: Envelope,
  now = new Date(),
  also: readonly TransactionPart[] = [],
): Promise<WebhookDeliveryRecord | undefined> => {
  const at = now.toISOString();
  const record: WebhookDeliveryRecord = {
    id: deliveryIdFor(event.id, webhook.id),
    webhookId: webhook.id,
    eventId: event.id,
    eventType: event.type,
    status: 'pending',
    attempts: 0,
    roundStartedAfter: 0,
    nextAttemptAt: at,
    body: bodyOf(event),
    createdAt: at,
    updatedAt: at,
    expiresAt: Math.floor(now.getTime() / 1000) + keptSeconds,
  };
  const part = attemptJobPart({ webhookId: webhook.id, deliveryId: record.id, attempt: 1 }, now, now);
  return (await createDelivery(record, part, also)) ? record : undefined;
};

export const deliverySummary = (record: WebhookDeliveryRecord): WebhookDeliverySummary => ({
  id: record.id,
  webhookId: record.webhookId,
  eventId: record.eventId,
  eventType: record.eventType,
  status: record.status,
  attempts: record.attempts,
  ...(record.lastStatusCode !== undefined ? { lastStatusCode: record.lastStatusCode } : {}),
  ...(record.lastAttemptAt ? { lastAttemptAt: record.lastAttemptAt } : {}),
  ...(record.nextAttemptAt ? { nextAttemptAt: record.nextAttemptAt } : {}),
  createdAt: record.createdAt,
});

/**
 * Test events (docs/integrations.md, "Webhooks"; docs/decisions.md, "Security: abuse limits in
 * one counting window"): at most 5 a minute to one endpoint, and 30 an hour from one person
 * whatever the endpoint. Setting up a receiver takes a few; more makes Orbit a request
 * generator pointed at someone's server.
 */
export const testEventsPerWebhookLimit = {
  name: 'test-events',
  windows: [{ max: 5, seconds: 60 }],
} as const satisfies RateLimit;
export const testEventsPerPersonLimit = {
  name: 'webhook-test-events',
  windows: [{ max: 30, seconds: 60 * 60 }],
} as const satisfies RateLimit;

/** "Send test event": a `webhook.test` event to this subscription only (enabled or not: it is the admin's probe). */
export const sendTestEvent = async (
  caller: Caller,
  webhookId: string,
  now = new Date(),
): Promise<WebhookDeliverySummary> => {
  authorize(caller.ability, 'update', 'Integration');
  const webhook = await requireWebhook(webhookId);
  const event: Envelope = {
    id: `evt_${ulid(now.getTime())}`,
    type: webhookTestEventType,
    version: 1,
    occurredAt: now.toISOString(),
    data: { webhookId, message: 'A test event from Orbit' },
  };
  const counted = chargeRate(
    [
      { limit: testEventsPerWebhookLimit, pk: webhookPartition(webhookId) },
      { limit: testEventsPerPersonLimit, pk: userPartitionKey(caller.principal.userId) },
    ],
    now.getTime(),
  );
  let record: WebhookDeliveryRecord | undefined;
  try {
    record = await queueDelivery(webhook, event, now, counted.parts);
  } catch (error) {
    const refusal = counted.refusalOf(error);
    if (!refusal) throw error;
    throw rateLimitedError(
      refusal,
      refusal.limit === testEventsPerPersonLimit ? 'test events per person' : 'test events to one endpoint',
    );
  }
  if (!record) throw new ConflictError({ body: ['Try again'] });
  return deliverySummary(record);
};

export const listDeliveries = async (
  caller: Caller,
  webhookId: string,
  query: { status?: WebhookDeliveryStatus | undefined; cursor?: string | undefined; limit?: number | undefined },
): Promise<WebhookDeliveryList> => {
  authorize(caller.ability, 'read', 'Integration');
  await requireWebhook(webhookId);
  const page = await listDeliveryRecords({
    webhookId,
    status: query.status,
    cursor: query.cursor,
    limit: query.limit ?? webhookLimits.pageSizeDefault,
  });
  return {
    deliveries: page.records.map(deliverySummary),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
};

const requireDelivery = async (webhookId: string, deliveryId: string): Promise<WebhookDeliveryRecord> => {
  await requireWebhook(webhookId);
  const record = await getDeliveryRecord(webhookId, deliveryId);
  if (!record) throw new NotFoundError();
  return record;
};

export const readDelivery = async (caller: Caller, webhookId: string, deliveryId: string): Promise<WebhookDelivery> => {
  authorize(caller.ability, 'read', 'Integration');
  const record = await requireDelivery(webhookId, deliveryId);
  const attempts = await listAttemptRecords(webhookId, deliveryId);
  return {
    ...deliverySummary(record),
    attemptLog: attempts.map(({ webhookId: _w, deliveryId: _d, expiresAt: _e, ...attempt }) => attempt),
  };
};

/**
 * A finished delivery (delivered or failed) starts a new round of the schedule, under the same
 * id; false when it changed meanwhile (another replay, an attempt being recorded).
 */
const replayRecord = async (record: WebhookDeliveryRecord, now: Date): Promise<WebhookDeliveryRecord | undefined> => {
  const { nextAttemptAt: _next, ...rest } = record;
  const next: WebhookDeliveryRecord = {
    ...rest,
    status: 'pending',
    roundStartedAfter: record.attempts,
    nextAttemptAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const job = attemptJobPart(
    { webhookId: record.webhookId, deliveryId: record.id, attempt: record.attempts + 1 },
    now,
    now,
  );
  return (await replaceDelivery(next, record, [job])) ? next : undefined;
};

/** A disabled endpoint gets nothing but test events: the admin turns it on before replaying. */
const requireEnabled = (webhook: WebhookRecord) => {
  if (!webhook.enabled) throw new ConflictError({ enabled: ['Turn the endpoint on before replaying'] });
};

export const replayDelivery = async (
  caller: Caller,
  webhookId: string,
  deliveryId: string,
  now = new Date(),
): Promise<WebhookDeliverySummary> => {
  authorize(caller.ability, 'update', 'Integration');
  const webhook = await requireWebhook(webhookId);
  const record = await getDeliveryRecord(webhookId, deliveryId);
  if (!record) throw new NotFoundError();
  if (record.eventType !== webhookTestEventType) requireEnabled(webhook);
  if (record.status === 'pending') throw new ConflictError({ status: ['This delivery is still being attempted'] });
  const replayed = await replayRecord(record, now);
  if (!replayed) throw new ConflictError({ status: ['This delivery changed meanwhile'] });
  return deliverySummary(replayed);
};

/** Every failed delivery of the subscription whose event came at or after `since` (at most `replayFailedMax`). */
export const replayFailedSince = async (
  caller: Caller,
  webhookId: string,
  since: string,
  now = new Date(),
): Promise<number> => {
  authorize(caller.ability, 'update', 'Integration');
  requireEnabled(await requireWebhook(webhookId));
  const fromId = `msg_${ulid(Date.parse(since)).slice(0, 10)}`;
  const failed = await failedDeliveriesSince(webhookId, fromId, replayFailedMax);
  let replayed = 0;
  for (const record of failed) if (await replayRecord(record, now)) replayed += 1;
  return replayed;
};
