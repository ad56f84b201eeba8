import { Webhook } from 'standardwebhooks';

import type { TransactionPart } from '../core/db';
import { logger } from '../core/logger';
import { postSafely, type OutboundResult } from '../core/safe-outbound';
import { webhookTestEventType } from '../core/webhook-event-types';
import { attemptJobPart, type WebhookAttemptPayload } from './delivery-job';
import { attemptPart, getDeliveryRecord, replaceDelivery } from './delivery-repository';
import { retryDelayMs } from './delivery-schedule';
import { webhookLimits } from './webhook-contract';
import type { WebhookDeliveryRecord, WebhookRecord } from './webhook-entities';
import { disableFailingWebhook, getWebhookRecord } from './webhook-repository';
import { signingSecrets } from './webhook-service';

/**
 * One attempt of one delivery (the `webhook.deliver` job): sign, POST safely, and record the
 * attempt with the delivery's new state and, after a failure with attempts left, the next
 * attempt's job, in one transaction. A job run again after a crash finds its attempt recorded
 * and sends nothing; a crash between the POST and the record sends again with the same
 * `webhook-id` (at-least-once: the receiver de-duplicates by it).
 */

/** The log record an alarm counts when an endpoint is turned off for failing. */
export const webhookDisabledAlarm = 'WebhookEndpointDisabled';

export const userAgent = 'Orbit-Webhooks/1';

const excerpt = (text: string): string => {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= webhookLimits.bodyExcerptMaxBytes
    ? text
    : `${bytes.subarray(0, webhookLimits.bodyExcerptMaxBytes).toString('utf8')}…`;
};

/** The Standard Webhooks headers: one `v1,` signature per secret (new first, then the rotated-out one). */
export const signedHeaders = (
  secrets: readonly string[],
  id: string,
  now: Date,
  body: string,
): Record<string, string> => ({
  'content-type': 'application/json',
  'user-agent': userAgent,
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
  'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, now, body)).join(' '),
});

interface Sent {
  readonly result: OutboundResult;
  readonly headers: Record<string, string>;
}

/** Why nothing was sent (the endpoint is gone or off): the delivery fails with no retry. */
const notSendable = (webhook: WebhookRecord | undefined, delivery: WebhookDeliveryRecord): string | undefined => {
  if (!webhook) return 'The endpoint was deleted';
  if (!webhook.enabled && delivery.eventType !== webhookTestEventType) return 'The endpoint is turned off';
  return undefined;
};

const send = async (
  webhook: WebhookRecord,
  delivery: WebhookDeliveryRecord,
  now: Date,
  signal: AbortSignal,
): Promise<Sent> => {
  const headers = signedHeaders(await signingSecrets(webhook, now), delivery.id, now, delivery.body);
  const result = await postSafely({
    url: webhook.url,
    headers,
    body: delivery.body,
    maxResponseBytes: webhookLimits.bodyExcerptMaxBytes,
    signal,
  });
  return { result, headers };
};

/**
 * A final failure of a real event turns its endpoint off; the one write that did so queues the
 * admins' notification (webhook-repository.ts) and leaves the log record an alarm counts.
 */
const disableEndpoint = async (webhook: WebhookRecord, delivery: WebhookDeliveryRecord, now: Date) => {
  if (!(await disableFailingWebhook(webhook, now))) return;
  logger.error('webhook endpoint disabled after its deliveries kept failing', {
    alarm: webhookDisabledAlarm,
    webhookId: webhook.id,
    url: webhook.url,
    deliveryId: delivery.id,
  });
};

export const attemptDelivery = async (
  payload: WebhookAttemptPayload,
  now: Date,
  signal: AbortSignal,
): Promise<string> => {
  const delivery = await getDeliveryRecord(payload.webhookId, payload.deliveryId);
  if (!delivery || delivery.status !== 'pending' || delivery.attempts >= payload.attempt) return 'already recorded';
  const webhook = await getWebhookRecord(payload.webhookId);
  const refusal = notSendable(webhook, delivery);
  const sent = webhook && !refusal ? await send(webhook, delivery, now, signal) : undefined;
  const result: OutboundResult = sent?.result ?? { ok: false, durationMs: 0, error: refusal };
  const roundAttempt = payload.attempt - delivery.roundStartedAfter;
  const waitMs = result.ok || refusal ? undefined : retryDelayMs(roundAttempt);
  const nextAttemptAt = waitMs === undefined ? undefined : new Date(now.getTime() + waitMs);
  const status = result.ok ? 'delivered' : nextAttemptAt ? 'pending' : 'failed';
  if (status === 'failed' && webhook && !refusal && delivery.eventType !== webhookTestEventType) {
    await disableEndpoint(webhook, delivery, now);
  }
  const { nextAttemptAt: _previous, lastStatusCode: _code, ...rest } = delivery;
  const next: WebhookDeliveryRecord = {
    ...rest,
    status,
    attempts: payload.attempt,
    lastAttemptAt: now.toISOString(),
    ...(result.statusCode !== undefined ? { lastStatusCode: result.statusCode } : {}),
    ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}),
    updatedAt: new Date().toISOString(),
  };
  const parts: TransactionPart[] = [
    attemptPart({
      webhookId: delivery.webhookId,
      deliveryId: delivery.id,
      number: payload.attempt,
      at: now.toISOString(),
      durationMs: result.durationMs,
      ...(result.statusCode !== undefined ? { statusCode: result.statusCode } : {}),
      ...(result.error ? { error: result.error } : {}),
      requestHeaders: sent?.headers ?? {},
      requestBody: sent ? excerpt(delivery.body) : '',
      ...(result.responseBody !== undefined ? { responseBody: excerpt(result.responseBody) } : {}),
      ...(nextAttemptAt ? { nextAttemptAt: nextAttemptAt.toISOString() } : {}),
      expiresAt: delivery.expiresAt,
    }),
  ];
  if (nextAttemptAt) parts.push(attemptJobPart({ ...payload, attempt: payload.attempt + 1 }, nextAttemptAt, now));
  return (await replaceDelivery(next, delivery, parts)) ? status : 'already recorded';
};
