import { defineEntity } from '../core/entity';
import type { WebhookEventType } from '../core/webhook-events';
import type { WebhookAttempt, WebhookDeliveryStatus, WebhookDeliverySummary } from './webhook-contract';

/**
 * Outgoing webhooks' entities (rows in core/integrations-access-patterns.ts; docs/integrations.md
 * "Data"): subscriptions in one partition (at most 50, listed with one Query), and per
 * subscription its deliveries (newest first, by status through GSI1) and their attempts.
 */

/* ---------- Subscriptions ---------- */

export interface WebhookRecord {
  readonly id: string;
  readonly url: string;
  readonly description: string;
  readonly events: readonly WebhookEventType[];
  readonly enabled: boolean;
  readonly disabledReason?: 'failing';
  readonly disabledAt?: string;
  /** The signing secret, sealed (core/secret-box.ts, purpose `integration`). */
  readonly sealedSecret: string;
  readonly secretHint: string;
  /** The rotated-out secret, still signing until `previousSecretExpiresAt`. */
  readonly sealedPreviousSecret?: string;
  readonly previousSecretExpiresAt?: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

export const webhooksPartition = 'INTEGRATION#webhooks';

export const webhookEntity = defineEntity<WebhookRecord, [id: string]>({
  type: 'Webhook',
  key: (id) => ({ pk: webhooksPartition, sk: `WEBHOOK#${id}` }),
  keyOf: (record) => ({ pk: webhooksPartition, sk: `WEBHOOK#${record.id}` }),
});

/* ---------- Deliveries ---------- */

export interface WebhookDeliveryRecord extends Omit<WebhookDeliverySummary, 'eventType' | 'status'> {
  readonly eventType: WebhookEventType | 'webhook.test';
  readonly status: WebhookDeliveryStatus;
  /** The exact body every attempt and replay sends (so signatures cover the same bytes). */
  readonly body: string;
  /** Attempts made before the current round (a replay starts a new round of the schedule). */
  readonly roundStartedAfter: number;
  readonly updatedAt: string;
  /** Epoch seconds (TTL): the log keeps a delivery 30 days. */
  readonly expiresAt: number;
}

export const webhookPartition = (webhookId: string): string => `WEBHOOK#${webhookId}`;
export const deliverySkPrefix = 'DELIVERY#';
export const deliveriesByStatusPartition = (webhookId: string, status: WebhookDeliveryStatus): string =>
  `WEBHOOK#${webhookId}#${status}`;

export const webhookDeliveryEntity = defineEntity<WebhookDeliveryRecord, [webhookId: string, deliveryId: string]>({
  type: 'WebhookDelivery',
  key: (webhookId, deliveryId) => ({ pk: webhookPartition(webhookId), sk: `${deliverySkPrefix}${deliveryId}` }),
  keyOf: (record) => ({ pk: webhookPartition(record.webhookId), sk: `${deliverySkPrefix}${record.id}` }),
  indexKeysOf: (record) => ({
    gsi1pk: deliveriesByStatusPartition(record.webhookId, record.status),
    gsi1sk: record.id,
  }),
});

/* ---------- Attempts ---------- */

export interface WebhookAttemptRecord extends WebhookAttempt {
  readonly webhookId: string;
  readonly deliveryId: string;
  readonly expiresAt: number;
}

export const attemptSkPrefix = (deliveryId: string): string => `ATTEMPT#${deliveryId}#`;
const attemptSk = (deliveryId: string, number: number) =>
  `${attemptSkPrefix(deliveryId)}${String(number).padStart(4, '0')}`;

export const webhookAttemptEntity = defineEntity<
  WebhookAttemptRecord,
  [webhookId: string, deliveryId: string, number: number]
>({
  type: 'WebhookAttempt',
  key: (webhookId, deliveryId, number) => ({ pk: webhookPartition(webhookId), sk: attemptSk(deliveryId, number) }),
  keyOf: (record) => ({ pk: webhookPartition(record.webhookId), sk: attemptSk(record.deliveryId, record.number) }),
});
