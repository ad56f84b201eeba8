import * as v from 'valibot';

import { audienceFilterSchema, mailingChannels } from './audience-filter';
import { mailingStates, mailingTotalNames } from './records';
import { requestableStates } from './transitions';
import { templateVariables } from './variables';

/**
 * The mailings' contract (docs/mailings.md), imported by the web app too: the limits the editor
 * shows, and what the mailing routes answer, as valibot schemas (the types are theirs).
 */

export { mailingChannels, mailingStates, mailingTotalNames, requestableStates, templateVariables };
export type { MailingChannel } from './audience-filter';
export type { MailingState, MailingTotalName } from './records';
export type { RequestableState } from './transitions';

export const mailingLimits = {
  nameMaxLength: 200,
  subjectMaxLength: 250,
  /** The editor's HTML as sent (its sanitised copy is checked again by size in bytes). */
  htmlMaxLength: 100_000,
  /** A mailing item must stay well under DynamoDB's 400 KB. */
  htmlMaxBytes: 300_000,
  throttleMin: 1,
  throttleMax: 10_000,
  throttleDefault: 600,
  /** How far ahead a mailing may be scheduled. */
  scheduleMaxDays: 366,
  pageSizeDefault: 20,
  pageSizeMax: 50,
} as const;

const totalsSchema = v.object(
  Object.fromEntries(mailingTotalNames.map((name) => [name, v.number()])) as Record<
    (typeof mailingTotalNames)[number],
    v.NumberSchema<undefined>
  >,
);

const scheduleSchema = v.object({ at: v.string(), timeZone: v.string() });

/** A mailing in the list: no body, no audience. */
export const mailingSummarySchema = v.object({
  id: v.string(),
  name: v.string(),
  channel: v.picklist(mailingChannels),
  subject: v.string(),
  state: v.picklist(mailingStates),
  schedule: v.optional(scheduleSchema),
  throttlePerMinute: v.number(),
  totals: totalsSchema,
  createdBy: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  startedAt: v.optional(v.string()),
  finishedAt: v.optional(v.string()),
  cancelledAt: v.optional(v.string()),
  version: v.number(),
});
export type MailingSummary = v.InferOutput<typeof mailingSummarySchema>;

/** One mailing: GET, POST, PUT and transitions answer `{ mailing }`; a 409 carries it as `current`. */
export const mailingSchema = v.object({
  ...mailingSummarySchema.entries,
  channelId: v.optional(v.string()),
  html: v.string(),
  audience: audienceFilterSchema,
});
export type Mailing = v.InferOutput<typeof mailingSchema>;

/** GET /api/apps/mailings: newest first; `nextCursor` while there are older ones. */
export const mailingListSchema = v.object({
  mailings: v.array(mailingSummarySchema),
  nextCursor: v.optional(v.string()),
});
export type MailingList = v.InferOutput<typeof mailingListSchema>;

/** POST /{id}/preview: what one person will get. */
export const mailingPreviewSchema = v.object({ subject: v.string(), html: v.string() });
export type MailingPreview = v.InferOutput<typeof mailingPreviewSchema>;
