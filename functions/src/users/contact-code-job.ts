import type { TransactionPart } from '../core/db';
import { jobPart } from '../core/jobs/enqueue';

/**
 * A code for a new email address or phone on its way out: written in the transaction that
 * stores the pending change (the outbox), sent by the worker (users/jobs.ts). The text is
 * sealed (core/secret-box.ts, purpose 'job'): the code is in no plain item and no log.
 */
export interface ContactCodePayload {
  readonly channel: 'sms' | 'email';
  readonly to: string;
  readonly sealedText: string;
  readonly expiresAt: string;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'users.contact-code': ContactCodePayload;
  }
}

export const contactCodeJobKind = 'users.contact-code' as const;

export const contactCodeJobPart = (payload: ContactCodePayload, now: Date): TransactionPart =>
  jobPart(contactCodeJobKind, payload, {
    label: `Sign-in ${payload.channel === 'sms' ? 'phone' : 'email'} change code to …${payload.to.slice(-4)}`,
    now,
  }).part;
