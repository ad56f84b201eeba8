import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type * as v from 'valibot';

import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { db } from '../core/db';
import { NotFoundError, ValidationError } from '../core/errors';
import { enqueueJob } from '../core/jobs/enqueue';
import { tableName } from '../core/table';
import { userEntity } from '../core/users/entities';
import type { MailingStats, RecipientsPage, recipientsQuery } from './delivery-contract';
import { listRecipients, mailingTotals, readMailing } from './delivery-repository';
import { listMinutes } from './pacing-repository';
import './job-payloads';

/** The delivery routes' work (docs/mailings.md, "Delivery"): the test send, recipients, statistics. */
const mailingOr404 = async (mailingId: string) => {
  const mailing = await readMailing(mailingId);
  if (!mailing) throw new NotFoundError();
  return mailing;
};

/** The mailing to the caller's own address, in the background (202). */
export const requestTestSend = async (caller: Caller, mailingId: string): Promise<{ jobId: string }> => {
  authorize(caller.ability, 'update', 'Mailing');
  const mailing = await mailingOr404(mailingId);
  if (mailing.channel !== 'email')
    throw new ValidationError({ channel: ['A test can be sent only through the email channel'] });
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: userEntity.key(caller.principal.userId) }),
  );
  if (typeof Item?.email !== 'string' || Item.email === '')
    throw new ValidationError({ email: ['You have no email address to send the test to'] });
  const job = await enqueueJob(
    'mailing.test',
    { mailingId, userId: caller.principal.userId },
    { label: 'Mailing: test send', maxAttempts: 1 },
  );
  return { jobId: job.id };
};

export const recipientsOf = async (
  caller: Caller,
  mailingId: string,
  query: v.InferOutput<typeof recipientsQuery>,
): Promise<RecipientsPage> => {
  authorize(caller.ability, 'read', 'Mailing');
  await mailingOr404(mailingId);
  const page = await listRecipients(mailingId, query);
  return {
    recipients: page.recipients.map((recipient) => ({
      personId: recipient.personId,
      fullName: recipient.fullName,
      address: recipient.address,
      status: recipient.status,
      ...(recipient.sentAt ? { sentAt: recipient.sentAt } : {}),
      ...(recipient.detail ? { detail: recipient.detail } : {}),
      ...(recipient.optedOutAt ? { optedOutAt: recipient.optedOutAt } : {}),
      ...(recipient.repliedAt ? { repliedAt: recipient.repliedAt } : {}),
    })),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
};

export const statsOf = async (caller: Caller, mailingId: string): Promise<MailingStats> => {
  authorize(caller.ability, 'read', 'Mailing');
  const mailing = await mailingOr404(mailingId);
  const [totals, perMinute] = await Promise.all([mailingTotals(mailingId, mailing.baseTotals), listMinutes(mailingId)]);
  return { totals, perMinute };
};
