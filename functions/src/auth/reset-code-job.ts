import type { TransactionPart } from '../core/db';
import { jobPart } from '../core/jobs/enqueue';

/**
 * A password-reset code on its way out (docs/decisions.md, "Reset codes through background
 * work"). forgot-password writes one job per channel in the transaction that stores the code;
 * the worker sends it. The message is sealed (core/secret-box.ts, purpose 'job'), so the code
 * is in no plain item and no log of the auth function or of the worker.
 */
export interface ResetCodePayload {
  readonly channel: 'sms' | 'email';
  /** The phone (E.164) or the email address. */
  readonly to: string;
  /** The message text, sealed: only this job's run opens it. */
  readonly sealedText: string;
  /** When the code stops working: a send after that would only confuse its owner. */
  readonly expiresAt: string;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'auth.reset-code': ResetCodePayload;
  }
}

export const resetCodeJobKind = 'auth.reset-code' as const;

/** What the admin's dead-letter list shows: the channel and the last characters of the address. */
const labelFor = (channel: ResetCodePayload['channel'], to: string): string =>
  `Password reset code by ${channel === 'sms' ? 'SMS' : 'email'} to …${to.slice(-4)}`;

/** The job as a part of forgot-password's transaction. */
export const resetCodeJobPart = (payload: ResetCodePayload, now: Date): TransactionPart =>
  jobPart(resetCodeJobKind, payload, { label: labelFor(payload.channel, payload.to), now }).part;
