/**
 * The names of what an outgoing webhook can announce (docs/integrations.md, "Events"), apart from
 * the outbox code in webhook-events.ts: the web app's subscription form lists them through the
 * webhooks contract, and this module imports nothing, so the browser build takes no server code.
 */
export const webhookEventTypes = [
  'message.created',
  'contact.created',
  'contact.status_changed',
  'project.created',
  'project.updated',
  'task.moved',
  'email.received',
  'mailing.finished',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The test event "send test event" delivers; never fanned out to other subscriptions. */
export const webhookTestEventType = 'webhook.test';
