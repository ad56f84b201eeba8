import * as v from 'valibot';

import type { TransactionPart } from './db';
import { ulid } from './ids';
import { jobPart } from './jobs/enqueue';

/**
 * What an outgoing webhook can announce (docs/integrations.md, "Events"). The area that makes a
 * change writes the event as a job in the same transaction (the outbox), so a subscriber hears of
 * every change that happened and of none that did not; the integrations area's worker fans the
 * event out to the subscriptions that want it, one delivery each.
 *
 * Each type's `data` is described here once, as a valibot schema: the builders below are typed by
 * it and the OpenAPI document's `webhooks` section is generated from it. Payloads are versioned by
 * `version` in the envelope: a field may be added to a version; a change that could break a
 * receiver (a field removed, renamed or retyped) comes as a new version.
 */

const person = v.object({ id: v.string(), fullName: v.string() });

export const webhookEventDataSchemas = {
  /** A chat message was stored: written in the app, received through a channel, or a reply sent to one. */
  'message.created': v.object({
    messageId: v.string(),
    chatId: v.number(),
    senderId: v.string(),
    recipientId: v.string(),
    text: v.string(),
    /** The channel it came in or goes out through (a lead's conversation); absent for an in-app message. */
    channel: v.optional(v.string()),
    sentAt: v.string(),
  }),
  /** A person the workspace talks to appeared: a client who registered, or a lead who first wrote through a channel. */
  'contact.created': v.object({
    contact: person,
    role: v.string(),
    status: v.string(),
    /** The channel type a lead came through. */
    channel: v.optional(v.string()),
    createdAt: v.string(),
  }),
  /** An admin moved a person to another status (a lead's stage). */
  'contact.status_changed': v.object({
    contactId: v.string(),
    from: v.string(),
    to: v.string(),
    changedAt: v.string(),
  }),
  'project.created': v.object({
    projectId: v.string(),
    name: v.string(),
    type: v.string(),
    status: v.string(),
    clientId: v.string(),
    createdAt: v.string(),
  }),
  /** An edit, an archive or a restore: `changed` names the fields whose value differs. */
  'project.updated': v.object({
    projectId: v.string(),
    name: v.string(),
    status: v.string(),
    changed: v.array(v.string()),
    version: v.number(),
    updatedAt: v.string(),
  }),
  /** A task changed stage or place on its board. */
  'task.moved': v.object({
    projectId: v.string(),
    taskId: v.string(),
    title: v.string(),
    fromStage: v.string(),
    toStage: v.string(),
    movedAt: v.string(),
  }),
  /** A mail from outside arrived in a member's mailbox (no body: read it with the email routes). */
  'email.received': v.object({
    mailId: v.string(),
    ownerId: v.string(),
    from: v.string(),
    subject: v.string(),
    receivedAt: v.string(),
  }),
  /** A mailing sent to its whole audience (a cancelled one does not finish). */
  'mailing.finished': v.object({
    mailingId: v.string(),
    name: v.string(),
    channel: v.string(),
    recipients: v.number(),
    finishedAt: v.string(),
  }),
} as const;

export type WebhookEventType = keyof typeof webhookEventDataSchemas;
export const webhookEventTypes = Object.keys(webhookEventDataSchemas) as readonly WebhookEventType[] as readonly [
  WebhookEventType,
  ...WebhookEventType[],
];
export type WebhookEventData<T extends WebhookEventType> = v.InferOutput<(typeof webhookEventDataSchemas)[T]>;

/** The test event "send test event" delivers; never fanned out to other subscriptions. */
export const webhookTestEventType = 'webhook.test';

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
