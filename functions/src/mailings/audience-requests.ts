import * as v from 'valibot';

import { contactStatuses } from '../core/users/records';
import { object, queryLimit, recordId } from '../core/schema';
import { audienceFilterSchema, audienceLimits, mailingChannels, tagSchema } from './audience-filter';

/**
 * What the audience and tag routes accept (docs/mailings.md, "Audiences"). Imports only valibot
 * and shared constants, so the web app validates with the same schemas.
 */

export const audienceMessages = {
  tags: 'At most 20 tags',
  ids: 'Choose from 1 to 500 people',
  nothingToChange: 'Say which tags to add or remove',
  addAndRemove: 'A tag cannot be added and removed at once',
  status: 'Unknown status',
  q: 'A search is at most 100 characters',
  cursor: 'This page link is not valid; start from the first page',
  channel: 'Choose email or telegram',
  channelId: 'Choose a Telegram channel',
  notFound: 'Person not found',
  someNotFound: 'Some of these people do not exist',
  tooManyTags: 'A person carries at most 20 tags',
} as const;

export const maxBulkIds = 500;

/** A list of tags: lower-cased, trimmed, duplicates dropped, at most 20. */
const tagList = v.pipe(
  v.array(tagSchema, audienceMessages.tags),
  v.maxLength(audienceLimits.maxTags, audienceMessages.tags),
  v.transform((tags) => [...new Set(tags)]),
);

/** PUT /api/apps/mailings/contacts/{id}/tags: the person's whole list of tags (empty clears). */
export const setTagsRequest = object({ tags: tagList });
export type SetTagsRequest = v.InferOutput<typeof setTagsRequest>;

/** POST /api/apps/mailings/contacts/tags: tags added to and removed from every person named. */
export const bulkTagsRequest = v.pipe(
  object({
    ids: v.pipe(
      v.array(recordId(audienceMessages.ids), audienceMessages.ids),
      v.minLength(1, audienceMessages.ids),
      v.maxLength(maxBulkIds, audienceMessages.ids),
      v.transform((ids) => [...new Set(ids)]),
    ),
    add: v.optional(tagList, []),
    remove: v.optional(tagList, []),
  }),
  v.forward(
    v.check((body) => body.add.length + body.remove.length > 0, audienceMessages.nothingToChange),
    ['add'],
  ),
  v.forward(
    v.check((body) => !body.add.some((tag) => body.remove.includes(tag)), audienceMessages.addAndRemove),
    ['remove'],
  ),
);
export type BulkTagsRequest = v.InferOutput<typeof bulkTagsRequest>;

/** GET /api/apps/mailings/contacts: a name search, a tag, a status, and the page. */
export const contactsQuery = object({
  q: v.optional(v.pipe(v.string(audienceMessages.q), v.maxLength(100, audienceMessages.q))),
  tag: v.optional(tagSchema),
  status: v.optional(v.picklist(contactStatuses, audienceMessages.status)),
  cursor: v.optional(v.pipe(v.string(audienceMessages.cursor), v.maxLength(300, audienceMessages.cursor))),
  limit: v.optional(queryLimit(100)),
});
export type ContactsQuery = v.InferOutput<typeof contactsQuery>;

/** POST /api/apps/mailings/audience/preview; `channelId`: the Telegram mailing's channel (only its chats count). */
export const audiencePreviewRequest = object({
  channel: v.picklist(mailingChannels, audienceMessages.channel),
  channelId: v.optional(recordId(audienceMessages.channelId)),
  audience: audienceFilterSchema,
});
export type AudiencePreviewRequest = v.InferOutput<typeof audiencePreviewRequest>;
