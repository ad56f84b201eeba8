import * as v from 'valibot';

import { webhookEventDataSchemas, webhookEventTypes, webhookTestEventType } from '../core/webhook-event-types';
import { jsonSchemaOf } from './json-schema';

/**
 * The `webhooks` section: one entry per event type, with what a receiver gets
 * (docs/integrations.md, "Webhooks"): the Standard Webhooks payload around the event, its `data`
 * as core/webhook-event-types.ts describes that type's, and the three signature headers.
 */
const payloadSchemaFor = (type: string, data: v.GenericSchema) =>
  v.object({
    type: v.literal(type),
    /** The event's `occurredAt`. */
    timestamp: v.pipe(v.string(), v.isoTimestamp()),
    eventId: v.pipe(v.string(), v.startsWith('evt_')),
    version: v.literal(1),
    data,
  });

/** The test event's data: what "send test event" puts in it is for a person to read, not a contract. */
const testEventData = v.record(v.string(), v.unknown());

const signatureHeaders = [
  {
    name: 'webhook-id',
    description: 'The delivery’s id: the same on every attempt and every replay, so a receiver can de-duplicate.',
  },
  { name: 'webhook-timestamp', description: 'When this attempt was signed, in seconds since the epoch.' },
  {
    name: 'webhook-signature',
    description:
      '`v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>`; during a secret rotation, two space-separated signatures (new and old).',
  },
].map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

const webhookOf = (type: string, data: v.GenericSchema, summary: string) => ({
  post: {
    operationId: `webhook${type.replace(/(^|[._])(\w)/g, (_match, _separator: string, letter: string) => letter.toUpperCase())}`,
    summary,
    description:
      'Signed per Standard Webhooks: verify the signature with the subscription’s secret before trusting the body (see the signature snippets in Integrations → API reference).',
    parameters: signatureHeaders,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: jsonSchemaOf(payloadSchemaFor(type, data), 'output') } },
    },
    responses: {
      '2XX': { description: 'Received. Any other answer, or none within the timeout, is retried with back-off.' },
    },
  },
});

export const webhooksSection = (): Record<string, unknown> => ({
  ...Object.fromEntries(
    webhookEventTypes.map((type) => [type, webhookOf(type, webhookEventDataSchemas[type], `The ${type} event`)]),
  ),
  [webhookTestEventType]: webhookOf(
    webhookTestEventType,
    testEventData,
    'The test event “send test event” delivers to one subscription',
  ),
});
