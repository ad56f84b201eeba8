import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { authorizeResource, can } from '../authorize';
import type { Caller } from '../caller';
import { db } from '../db';
import { NotFoundError } from '../errors';
import { tableName } from '../table';
import { invoiceEntity } from './entities';
import type { InvoiceRecord } from './records';

const notFound = 'Invoice not found';

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

/**
 * The invoice if the caller may read it (a client their own); else 404, as if it did not exist.
 * A draft is the agency's working copy, not yet the client's: only those who may change invoices
 * (who issue it) see it.
 */
export const readInvoiceAs = async (caller: Caller, invoiceId: string): Promise<InvoiceRecord> => {
  const invoice = await readInvoice(invoiceId);
  const fields = invoice && { clientId: invoice.clientId };
  authorizeResource(caller.ability, 'read', 'Invoice', fields, notFound);
  if (!invoice || (invoice.status === 'draft' && !can(caller.ability, 'update', 'Invoice', fields))) {
    throw new NotFoundError(notFound);
  }
  return invoice;
};
