import * as v from 'valibot';

/**
 * What an outgoing webhook can announce and each type's `data` (docs/integrations.md, "Events"),
 * apart from the outbox code in webhook-events.ts: the web app's subscription form lists the types
 * through the webhooks contract, and this module imports nothing but valibot, so the browser
 * build takes no server code.
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
