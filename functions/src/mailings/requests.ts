import * as v from 'valibot';

import { object, queryLimit, recordId, trimInvisible } from '../core/schema';
import { audienceFilterSchema, mailingChannels } from './audience-filter';
import { mailingLimits as limits } from './contract';
import { mailingMessages as m } from './messages';
import { mailingStates } from './records';
import { requestableStates } from './transitions';

/**
 * The mailing routes' request bodies and queries (docs/mailings.md, "States"), shared with the
 * web app's editor: the same rules in the browser and on the server. Variables are checked by
 * the service (variables.ts) once the shape is right.
 */

const name = v.pipe(
  v.string(m.nameRequired),
  trimInvisible(),
  v.minLength(1, m.nameRequired),
  v.maxLength(limits.nameMaxLength, m.nameTooLong),
);
const channel = v.picklist(mailingChannels, m.channelUnknown);
const channelId = recordId(m.channelIdInvalid);
const subject = v.pipe(
  v.string(m.subjectTooLong),
  trimInvisible(),
  v.maxLength(limits.subjectMaxLength, m.subjectTooLong),
);
/** The editor's HTML, sanitised on the server before it is stored. */
const html = v.pipe(v.string(m.bodyTooLong), v.maxLength(limits.htmlMaxLength, m.bodyTooLong));
const throttlePerMinute = v.pipe(
  v.number(m.throttleInvalid),
  v.integer(m.throttleInvalid),
  v.minValue(limits.throttleMin, m.throttleInvalid),
  v.maxValue(limits.throttleMax, m.throttleInvalid),
);
const version = v.pipe(v.number(m.versionRequired), v.integer(m.versionRequired), v.minValue(1, m.versionRequired));

/** POST /api/apps/mailings: a new draft; only the name is required. */
export const createMailingRequest = object({
  name,
  channel: v.optional(channel, 'email'),
  channelId: v.optional(channelId),
  subject: v.optional(subject, ''),
  html: v.optional(html, ''),
  audience: v.optional(audienceFilterSchema, {}),
  throttlePerMinute: v.optional(throttlePerMinute, limits.throttleDefault),
});
export type CreateMailingRequest = v.InferOutput<typeof createMailingRequest>;

/**
 * PUT /api/apps/mailings/{id}: the fields to change, from the version read; `channelId: null`
 * clears the Telegram channel.
 */
export const updateMailingRequest = object({
  version,
  name: v.optional(name),
  channel: v.optional(channel),
  channelId: v.optional(v.nullable(channelId)),
  subject: v.optional(subject),
  html: v.optional(html),
  audience: v.optional(audienceFilterSchema),
  throttlePerMinute: v.optional(throttlePerMinute),
});
export type UpdateMailingRequest = v.InferOutput<typeof updateMailingRequest>;

const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** An instant with its offset (`2026-12-01T09:00:00Z`, `…+01:00`): never a local time without zone. */
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const scheduleInput = object({
  at: v.pipe(
    v.string(m.atInvalid),
    v.regex(instantPattern, m.atInvalid),
    v.check((at) => !Number.isNaN(Date.parse(at)), m.atInvalid),
    v.transform((at) => new Date(at).toISOString()),
  ),
  timeZone: v.pipe(
    v.string(m.timeZoneInvalid),
    v.minLength(1, m.timeZoneInvalid),
    v.maxLength(64, m.timeZoneInvalid),
    v.check(isTimeZone, m.timeZoneInvalid),
  ),
});

/**
 * POST /{id}/transitions: the target state from the version read. Scheduling takes `schedule`
 * (a future time and its zone) or `sendNow: true`, exactly one; no other move takes either.
 */
export const transitionRequest = v.pipe(
  object({
    to: v.picklist(requestableStates, m.targetUnknown),
    version,
    schedule: v.optional(scheduleInput),
    sendNow: v.optional(v.literal(true, m.scheduleOrNow)),
  }),
  v.forward(
    v.check(
      (input) => input.to !== 'scheduled' || (input.schedule === undefined) !== (input.sendNow === undefined),
      m.scheduleOrNow,
    ),
    ['schedule'],
  ),
  v.forward(
    v.check(
      (input) => input.to === 'scheduled' || (input.schedule === undefined && input.sendNow === undefined),
      m.scheduleNotAllowed,
    ),
    ['schedule'],
  ),
);
export type TransitionRequest = v.InferOutput<typeof transitionRequest>;

/** POST /{id}/preview: the person to render it for. */
export const previewRequest = object({ personId: recordId(m.personRequired) });

/** GET /api/apps/mailings?state&cursor&limit */
export const listMailingsQuery = object({
  state: v.optional(v.picklist(mailingStates, m.stateUnknown)),
  cursor: v.optional(recordId(m.cursorInvalid)),
  limit: v.optional(queryLimit(limits.pageSizeMax), limits.pageSizeDefault),
});

/** DELETE /{id}?version=: optional (a delete from the list need not know it). */
export const deleteMailingQuery = object({
  version: v.optional(
    v.pipe(v.string(m.versionRequired), v.regex(/^[1-9]\d{0,8}$/, m.versionRequired), v.transform(Number)),
  ),
});
