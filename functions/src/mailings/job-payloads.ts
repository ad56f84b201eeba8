/**
 * The mailings' background work (docs/mailings.md, "Delivery", "Sequences"); the definitions are
 * in the delivery and sequence parts' files, listed in jobs.ts:
 * - `mailing.start`: at the scheduled time (or now), the audience is frozen into recipient items
 *   and the first batch is queued;
 * - `mailing.batch`: sends the next recipients within the mailing's and the channel's throttle,
 *   then queues the next batch at the time the throttle allows; stops when the mailing is paused
 *   or cancelled (resume queues a new batch);
 * - `mailing.send`: one recipient's send (at most once: claimed before the provider is called);
 * - `mailing.test`: the mailing to the admin who asked, marked as a test;
 * - `sequence.step`: one enrolment's next step, due N days after the previous one.
 */
export interface MailingJobPayload {
  readonly mailingId: string;
  /**
   * The mailing's version the job was queued at (mailing-service.ts sets it on `mailing.start`
   * and on a resume's `mailing.batch`): a start job does nothing unless the mailing is still
   * `scheduled` at exactly this version (docs/mailings.md, "States").
   */
  readonly version?: number;
}
export interface MailingSendPayload {
  readonly mailingId: string;
  readonly personId: string;
}
export interface MailingTestPayload {
  readonly mailingId: string;
  readonly userId: string;
}
export interface SequenceStepPayload {
  readonly sequenceId: string;
  readonly personId: string;
  /** The step to send (0-based); a step the sequence no longer has ends the enrolment. */
  readonly step: number;
}

declare module '../core/jobs/records' {
  interface JobPayloads {
    'mailing.start': MailingJobPayload;
    'mailing.batch': MailingJobPayload;
    'mailing.send': MailingSendPayload;
    'mailing.test': MailingTestPayload;
    'sequence.step': SequenceStepPayload;
  }
}
