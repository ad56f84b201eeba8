import type { ContactStatus } from './users/records';
import { jobPart, type EnqueueOptions } from './jobs/enqueue';
import type { TransactionPart } from './db';

/**
 * Something that happened to a person (a user or a lead) that later work reacts to: a sequence
 * enrols or stops someone, a mailing counts a reply (docs/mailings.md, "Sequences"). The area
 * that makes the change writes the event as a job in the same transaction (the outbox), so it is
 * never lost and never seen for a change that did not happen; the mailings area runs it.
 */
export type ContactEvent =
  | { readonly type: 'created'; readonly contactId: string; readonly status: ContactStatus; readonly at: string }
  | {
      readonly type: 'status_changed';
      readonly contactId: string;
      readonly from: ContactStatus;
      readonly to: ContactStatus;
      readonly at: string;
    }
  | {
      readonly type: 'tags_changed';
      readonly contactId: string;
      readonly added: readonly string[];
      readonly removed: readonly string[];
      readonly at: string;
    }
  /** The person wrote to the workspace (a channel message, an email): it stops their sequences. */
  | { readonly type: 'replied'; readonly contactId: string; readonly channel: string; readonly at: string };

declare module './jobs/records' {
  interface JobPayloads {
    'contact.event': ContactEvent;
  }
}

/** The event as one part of the change's transaction. */
export const contactEventPart = (
  event: ContactEvent,
  options: Partial<Pick<EnqueueOptions, 'now'>> = {},
): TransactionPart =>
  jobPart('contact.event', event, { label: `Contact ${event.type.replace('_', ' ')}`, ...options }).part;
