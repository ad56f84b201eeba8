import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { InvoiceRecord } from '../core/billing/records';
import type { JobContext } from '../core/jobs/definition';
import { PermanentJobError, UnknownOutcomeError } from '../core/jobs/errors';
import type { JobRecord } from '../core/jobs/records';

/**
 * The invoice mail is sent at most once (docs/plans.md, "Background work"): what SES's failures
 * mean for the job. SES is the edge here (the transport and the invoice's read are stubbed); the
 * job's whole path through the worker is tests/api/plans-invoices.test.ts and crash.test.ts.
 */

const sendEmail = vi.hoisted(() => vi.fn());
vi.mock('../core/transports/email', () => ({ sendEmail }));
vi.mock('./invoice-repository', () => ({
  getInvoice: async (id: string): Promise<Partial<InvoiceRecord>> => ({
    id,
    status: 'open',
    number: '2026-0007',
    billedTo: { fullName: 'Maya Rahal', email: 'maya@example.com', language: 'en' },
    currency: 'EUR',
    lines: [],
    total: 9_480,
    creditApplied: 0,
    amountDue: 9_480,
    periodStart: '2026-03-01T00:00:00.000Z',
    periodEnd: '2026-04-01T00:00:00.000Z',
    dueAt: '2026-03-15T01:00:00.000Z',
  }),
}));

const { planJobs } = await import('./jobs');
const mail = planJobs['billing.invoice.email'];
const context: JobContext = {
  job: {} as JobRecord,
  attempt: 1,
  now: new Date('2026-03-01T01:00:00.000Z'),
  signal: new AbortController().signal,
};

beforeEach(() => {
  sendEmail.mockReset();
});

describe('the invoice mail job', () => {
  it('sends the mail once and keeps the provider’s id', async () => {
    sendEmail.mockResolvedValue({ messageId: 'ses-1' });
    await expect(mail.run({ invoiceId: '01JINVOICE' }, context)).resolves.toEqual({ messageId: 'ses-1' });
    expect(sendEmail).toHaveBeenCalledTimes(1);
  });

  it('leaves a send cut off after it left to an admin (unknown), never to a retry', async () => {
    sendEmail.mockRejectedValue(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
    await expect(mail.run({ invoiceId: '01JINVOICE' }, context)).rejects.toBeInstanceOf(UnknownOutcomeError);
  });

  it('gives up on a refusal, and retries when SES is busy', async () => {
    const answered = (status: number, name: string) =>
      Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
    sendEmail.mockRejectedValueOnce(answered(400, 'MessageRejected'));
    await expect(mail.run({ invoiceId: '01JINVOICE' }, context)).rejects.toBeInstanceOf(PermanentJobError);
    sendEmail.mockRejectedValueOnce(answered(503, 'ServiceUnavailable'));
    const busy = await mail.run({ invoiceId: '01JINVOICE' }, context).catch((error: unknown) => error);
    expect(busy).not.toBeInstanceOf(PermanentJobError);
    expect(busy).not.toBeInstanceOf(UnknownOutcomeError);
  });
});
