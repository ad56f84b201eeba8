import '../core/billing/jobs';
import type { JobDefinition } from '../core/jobs/definition';
import { PermanentJobError } from '../core/jobs/errors';
import { failureOfSend } from '../core/jobs/send-failure';
import type { JobPayloads } from '../core/jobs/records';
import { sendEmail } from '../core/transports/email';
import { draftInvoice } from './invoice-drafting';
import { issueInvoice } from './invoice-issuing';
import { invoiceEmail } from './invoice-mail';
import { getInvoice } from './invoice-repository';

/**
 * The plans area's background work (docs/plans.md, "Background work"): drafting, issuing and
 * mailing invoices. Drafting and issuing are safe to repeat (a period is billed once, a draft
 * issued once); the mail is sent at most once (a cut-off send is left to an admin).
 */

const draft: JobDefinition<JobPayloads['billing.invoice.draft']> = {
  delivery: 'at-least-once',
  run: ({ clientId, periodStart }, { now }) => draftInvoice(clientId, periodStart, now),
};

const issue: JobDefinition<JobPayloads['billing.invoice.issue']> = {
  delivery: 'at-least-once',
  async run({ invoiceId }, { now }) {
    const outcome = await issueInvoice(invoiceId, now);
    // An admin issued or voided it first: nothing is left to do.
    if ('notDraft' in outcome) return { skipped: outcome.notDraft?.status ?? 'missing' };
    return { number: outcome.issued.number };
  },
};

/** The deployment's notifications address (NOTIFICATIONS_FROM_EMAIL; on one machine the local default). */
const senderAddress = (): string | undefined =>
  process.env.NOTIFICATIONS_FROM_EMAIL || (process.env.AWS_LAMBDA_FUNCTION_NAME ? undefined : 'no-reply@orbit.local');

const email: JobDefinition<JobPayloads['billing.invoice.email']> = {
  delivery: 'at-most-once',
  backoff: { baseMs: 2_000, capMs: 60_000 },
  async run({ invoiceId }, { signal }) {
    const invoice = await getInvoice(invoiceId);
    // Voided before the mail went: the client is not told of an invoice that no longer stands.
    if (!invoice || invoice.status === 'void' || invoice.status === 'draft')
      return { skipped: invoice?.status ?? 'missing' };
    const from = senderAddress();
    if (!from) throw new PermanentJobError('NOTIFICATIONS_FROM_EMAIL is not set: no sender for the email');
    const { subject, text } = invoiceEmail(invoice, process.env.PUBLIC_BASE_URL);
    try {
      const sent = await sendEmail(
        { from: { address: from, name: 'Orbit' }, to: [invoice.billedTo.email], subject, text },
        signal,
      );
      return { messageId: sent.messageId };
    } catch (error) {
      // A cut-off send may have gone out: unknown for an admin, never sent again by itself.
      throw failureOfSend(error);
    }
  },
};

export const planJobs = {
  'billing.invoice.draft': draft,
  'billing.invoice.issue': issue,
  'billing.invoice.email': email,
} as const;
