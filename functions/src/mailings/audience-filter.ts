import * as v from 'valibot';

import { object } from '../core/schema';
import { contactStatuses, type ContactStatus } from '../core/users/records';

/**
 * Who a mailing (or a sequence's step) goes to (docs/mailings.md, "Audiences"): people whose
 * status is one of `statuses`, who carry any (or all) of `tags`, whose role is one of `roles`.
 * An empty list does not narrow. The channel narrows too: a person without an address on the
 * mailing's channel is unreachable. Opted-out and suppressed people are never in it.
 * The audience part implements resolving it (audience-service.ts).
 */
export const mailingChannels = ['email', 'telegram'] as const;
export type MailingChannel = (typeof mailingChannels)[number];

export const audienceLimits = { maxTags: 20, tagMaxLength: 32, sampleSize: 5 } as const;

/** A tag: lower-case letters, digits, `-` and `_`, 1–32 characters. */
export const tagSchema = v.pipe(
  v.string('Enter a tag'),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^[\p{L}\p{N}_-]{1,32}$/u, 'A tag is 1 to 32 letters, digits, - or _'),
);

export const audienceFilterSchema = object({
  statuses: v.optional(
    v.pipe(v.array(v.picklist(contactStatuses, 'Unknown status')), v.maxLength(contactStatuses.length)),
    [],
  ),
  tags: v.optional(v.pipe(v.array(tagSchema), v.maxLength(audienceLimits.maxTags, 'At most 20 tags')), []),
  tagMatch: v.optional(v.picklist(['any', 'all'], 'Choose any or all'), 'any'),
  roles: v.optional(v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(64))), v.maxLength(20)), []),
});
export type AudienceFilter = v.InferOutput<typeof audienceFilterSchema>;

/** One person a mailing goes to, as the send and the variables need them. */
export interface AudienceMember {
  readonly personId: string;
  readonly fullName: string;
  readonly status: ContactStatus;
  /** The email address, or the Telegram chat id. */
  readonly address: string;
  /** The Telegram channel the lead is known on (telegram mailings). */
  readonly channelId?: string;
  /** The person's interface language when known (the unsubscribe page, the footer). */
  readonly language: 'en' | 'fr' | 'ar';
}
