/**
 * Why an outside mail was refused for good (docs/email.md, "Inbound"). The same bytes fail the
 * same way every time, so a retry only repeats the work: the SMTP listener answers 554 (the
 * sender stops and bounces the mail to its author) and SES receiving's handler logs and drops
 * it. Anything else thrown while receiving (the table or S3 not answering, a bug) is temporary:
 * 451 at SMTP, a retried invocation in AWS — mail must never be bounced for a fault of ours.
 */
export class InboundMailRefused extends Error {
  /** Stable, for logs and tests. */
  readonly code = 'INBOUND_UNREADABLE';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InboundMailRefused';
  }
}

export const isPermanentInboundFailure = (error: unknown): error is InboundMailRefused =>
  error instanceof InboundMailRefused;
