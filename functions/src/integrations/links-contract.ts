import * as v from 'valibot';

import { object } from '../core/schema';

/**
 * Where the navigation's Wiki (/wiki) and Telegram (/telegram) items lead (docs/integrations.md,
 * "Help links"): set by an admin, read by everyone (the routes that open them are public). Null
 * until set, and the app then says so instead of opening nothing.
 */
export const helpLinkNames = ['wiki', 'telegram'] as const;
export type HelpLinkName = (typeof helpLinkNames)[number];

export const helpLinkMaxLength = 2000;

/** An absolute http(s) address, at most 2000 characters; anything else is refused with a message. */
const helpLinkUrl = v.nullable(
  v.pipe(
    v.string('Enter an http(s) address or leave it empty'),
    v.trim(),
    v.maxLength(helpLinkMaxLength, `At most ${helpLinkMaxLength} characters`),
    v.check((value) => {
      const url = URL.parse(value);
      return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    }, 'Enter an http(s) address'),
  ),
);

export const helpLinksSchema = v.object({
  wiki: v.nullable(v.string()),
  telegram: v.nullable(v.string()),
  /** 0 while nothing was ever saved. */
  version: v.number(),
  updatedAt: v.optional(v.string()),
});
export type HelpLinks = v.InferOutput<typeof helpLinksSchema>;

/** PUT: both targets (null clears one), from the version read. */
export const saveHelpLinksSchema = object({
  wiki: helpLinkUrl,
  telegram: helpLinkUrl,
  version: v.pipe(v.number('version must be a number'), v.integer('version must be a whole number'), v.minValue(0)),
});
export type SaveHelpLinks = v.InferOutput<typeof saveHelpLinksSchema>;

/** What GET /api/integrations/links and the PUT answer. */
export const helpLinksResponse = v.object({ links: helpLinksSchema });
