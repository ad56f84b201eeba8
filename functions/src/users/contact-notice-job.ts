import type { TransactionPart } from '../core/db';
import { jobPart } from '../core/jobs/enqueue';
import type { ContactField } from './contract';

/**
 * The notice to the OLD email or phone that the sign-in one was changed, with the undo link
 * (docs/user-view.md): written in the transaction that makes the change (the outbox), sent by
 * the worker (users/jobs.ts), which builds the link on the deployment's public address
 * (PUBLIC_BASE_URL: never an address a request named). The token is sealed (core/secret-box.ts,
 * purpose 'job'): it is in no plain item and no log.
 */
export interface ContactNoticePayload {
  readonly channel: 'sms' | 'email';
  /** The value replaced: where the owner still reads their messages. */
  readonly to: string;
  readonly field: ContactField;
  /** The new value as the notice shows it (users/contact-undo.ts `maskedContact`). */
  readonly maskedValue: string;
  readonly sealedToken: string;
  /** Until when the link undoes: a notice sent later would offer nothing. */
  readonly validUntil: string;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'users.contact-notice': ContactNoticePayload;
  }
}

export const contactNoticeJobKind = 'users.contact-notice' as const;

export const contactNoticeJobPart = (payload: ContactNoticePayload, now: Date): TransactionPart =>
  jobPart(contactNoticeJobKind, payload, {
    label: `Sign-in ${payload.field} changed: notice to the old one, …${payload.to.slice(-4)}`,
    now,
  }).part;
