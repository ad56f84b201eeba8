import type { TransactionPart } from '../core/db';
import { jobPart } from '../core/jobs/enqueue';

/**
 * An invitation link on its way out (docs/roles.md, "Team and invitations"): written in the
 * transaction that stores (or renews) the invitation, sent by the worker (team/jobs.ts) by email
 * or SMS. The token is sealed (core/secret-box.ts, purpose 'job'): it is in no plain item and
 * no log; the worker opens it only to write the message.
 */
export interface InvitationSendPayload {
  readonly channel: 'email' | 'sms';
  /** The email address or the phone (E.164). */
  readonly to: string;
  /** `<invitationId>.<secret>`, sealed. */
  readonly sealedToken: string;
  /** Where the web app is: the link's origin. */
  readonly appOrigin: string;
  readonly inviterName: string;
  readonly role: string;
  readonly validUntil: string;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'team.send-invitation': InvitationSendPayload;
  }
}

export const invitationJobKind = 'team.send-invitation' as const;

/** The job as a part of the invitation's transaction; the admin's list shows the channel and the address's end. */
export const invitationJobPart = (payload: InvitationSendPayload, now = new Date()): TransactionPart =>
  jobPart(invitationJobKind, payload, {
    label: `Invitation by ${payload.channel === 'sms' ? 'SMS' : 'email'} to …${payload.to.slice(-6)}`,
    now,
  }).part;
