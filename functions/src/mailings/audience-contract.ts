import type { ContactStatus } from '../core/users/records';

/**
 * What the audience and tag routes answer (docs/mailings.md, "Audiences"), shared with the web
 * app, with the requests' schemas (audience-requests.ts) and the filter (audience-filter.ts).
 */
export * from './audience-requests';
export {
  audienceFilterSchema,
  audienceLimits,
  mailingChannels,
  tagSchema,
  type AudienceFilter,
  type MailingChannel,
} from './audience-filter';

/** A person as the bulk tagging table shows them: never an address, a hash or sign-in data. */
export interface MailingContact {
  readonly id: string;
  readonly fullName: string;
  readonly role: string;
  readonly status: ContactStatus;
  readonly tags: readonly string[];
  readonly optedOut: boolean;
  readonly hasEmail: boolean;
  readonly hasTelegram: boolean;
}

export interface MailingContactsResponse {
  readonly contacts: MailingContact[];
  /** The next page's cursor; null on the last page. */
  readonly nextCursor: string | null;
}

export interface TagCount {
  readonly tag: string;
  readonly count: number;
}

export interface TagsResponse {
  /** Most used first, then by name. */
  readonly tags: TagCount[];
}

export interface SetTagsResponse {
  readonly contact: MailingContact;
}

export interface BulkTagsResponse {
  /** How many people's tags changed (a person who already had them is not counted). */
  readonly changed: number;
}

export interface AudienceExcluded {
  /** Matched but opted out of mailings. */
  readonly optedOut: number;
  /** Matched, but their email address is on the suppression list. */
  readonly suppressed: number;
  /** Matched, but without an address on the channel. */
  readonly unreachable: number;
}

export interface AudiencePreviewResponse {
  readonly count: number;
  /** Up to five recipients' names. */
  readonly sample: string[];
  readonly excluded: AudienceExcluded;
}

/** A Telegram channel a mailing can go through: its name and state, never its token. */
export interface TelegramChannelOption {
  readonly id: string;
  readonly name: string;
  readonly paused: boolean;
}

export interface MailingChannelsResponse {
  /** The workspace's Telegram channels, oldest first: a Telegram mailing names one. */
  readonly telegram: TelegramChannelOption[];
}
