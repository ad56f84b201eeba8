import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { authorizeResource } from '../authorize';
import type { Caller } from '../caller';
import { db } from '../db';
import { tableName } from '../table';
import { invoiceEntity } from './entities';
import type { InvoiceRecord } from './records';

/**
 * One invoice by id, read strongly consistent: the PDF and the online payment (areas of their
 * own) read the invoice the plans area has just written, never an older copy.
 */
export const readInvoice = async (invoiceId: string): Promise<InvoiceRecord | undefined> => {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: invoiceEntity.key(invoiceId), ConsistentRead: true }),
  );
  return Item ? invoiceEntity.fromItem(Item) : undefined;
};

/** The invoice if the caller may read it (a client their own); else 404, as if it did not exist. */
export const readInvoiceAs = async (caller: Caller, invoiceId: string): Promise<InvoiceRecord> => {
  const invoice = await readInvoice(invoiceId);
  authorizeResource(caller.ability, 'read', 'Invoice', invoice && { clientId: invoice.clientId }, 'Invoice not found');
  // authorizeResource threw for a missing invoice.
  return invoice as InvoiceRecord;
};
