import { transactWrite, type TransactionPart } from '../db';
import { jobPart } from '../jobs/enqueue';
import { tableName } from '../table';
import { invoiceEntity } from './entities';
import './jobs';
import type { InvoicePayment, InvoiceRecord } from './records';

/**
 * An open invoice becomes paid: shared by an admin's recorded payment (plans) and an online
 * payment's webhook (payments). With it, in the same transaction, the job that may make the
 * client's referral active (docs/plans.md, "Referrals"): a paid invoice and its referral step
 * are never one without the other. Stale or not open: ConditionFailed(['invoice']). `alsoWrite`:
 * parts of the caller's that must land with the payment (the online payment's event claim).
 */
export const markInvoicePaid = async (
  invoice: InvoiceRecord,
  payment: InvoicePayment,
  now: Date,
  alsoWrite: readonly TransactionPart[] = [],
): Promise<InvoiceRecord> => {
  const paid: InvoiceRecord = {
    ...invoice,
    status: 'paid',
    payment,
    updatedAt: now.toISOString(),
    version: invoice.version + 1,
  };
  const parts: TransactionPart[] = [
    {
      label: 'invoice',
      item: {
        Put: {
          TableName: tableName(),
          Item: invoiceEntity.toItem(paid),
          ConditionExpression: '#status = :open AND version = :read',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':open': 'open', ':read': invoice.version },
        },
      },
    },
    jobPart(
      'referrals.activate',
      { clientId: invoice.clientId, invoiceId: invoice.id },
      {
        id: `referral-activate#${invoice.id}`,
        label: `Referral step for invoice ${invoice.number ?? invoice.id}`,
        now,
      },
    ).part,
    ...alsoWrite,
  ];
  await transactWrite(parts);
  return paid;
};
