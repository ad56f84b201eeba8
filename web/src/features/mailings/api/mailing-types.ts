import type { Mailing, MailingSummary, RequestableState } from '@orbit/functions/mailings/contract';

/**
 * The mailings API's shapes as the pages use them: the server's own contract
 * (functions/src/mailings), so a change of a route's answer breaks the web build, not a page.
 */
export {
  mailingStates,
  type Mailing,
  type MailingChannel,
  type MailingList,
  type MailingPreview,
  type MailingState,
  type MailingSummary,
  type RequestableState,
} from '@orbit/functions/mailings/contract';
/** The recipient statuses the table filters by, in the order they happen. */
export {
  recipientStatuses,
  type MailingStats,
  type RecipientsPage,
  type RecipientStatus,
} from '@orbit/functions/mailings/delivery-contract';
export {
  audienceLimits,
  type AudienceFilter,
  type AudiencePreviewResponse,
  type BulkTagsResponse,
  type MailingChannelsResponse,
  type MailingContactsResponse,
  type TagsResponse,
} from '@orbit/functions/mailings/audience-contract';
/** A person's status (spec §4's values): what an audience chooses by. */
export {
  chatContactStatuses as contactStatuses,
  type ChatContactStatus as ContactStatus,
} from '@orbit/functions/chat/contract';

export type MailingTotals = MailingSummary['totals'];
export type MailingSchedule = NonNullable<MailingSummary['schedule']>;

/** What the editor's form holds: the fields a draft is created and saved with. */
export type MailingInput = Pick<
  Mailing,
  'name' | 'channel' | 'channelId' | 'subject' | 'html' | 'audience' | 'throttlePerMinute'
>;

/** POST /{id}/transitions (requests.ts `transitionRequest`): the target state from the version read. */
export interface TransitionInput {
  readonly to: RequestableState;
  readonly version: number;
  readonly schedule?: MailingSchedule;
  readonly sendNow?: true;
}
