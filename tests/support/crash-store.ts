import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, paginateQuery, paginateScan } from '@aws-sdk/lib-dynamodb';

import { jobEntity } from '@orbit/functions/core/jobs/entities';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { scheduledMessageEntity } from '@orbit/functions/chat/entities';
import type { ScheduledMessageRecord } from '@orbit/functions/chat/scheduled-records';
import { ulid } from '@orbit/functions/core/ids';
import { leadEntity } from '@orbit/functions/core/users/entities';
import { mailingItemKey, recipientSortPrefix, type RecipientStatus } from '@orbit/functions/mailings/delivery-entities';
import { totalNameOf } from '@orbit/functions/mailings/totals';

import { localRegion, storeCredentials } from '../../infra/local/dynamodb-local';

import type { ChildStack } from './child-stack';

/**
 * A child stack's table read and written from the test process with a client of its own (its
 * DynamoDB Local's endpoint and the data directory's credentials): the test process's AWS
 * settings are left alone, and no second DynamoDB Local is started to look at the data.
 */
export interface CrashStore {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  close(): void;
}

export const openCrashStore = (stack: ChildStack): CrashStore => {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamodbEndpoint,
      region: localRegion,
      credentials: storeCredentials(stack.dataDir),
    }),
  );
  return { client, tableName: stack.tableName, close: () => client.destroy() };
};

/** Every background job of the table, as stored (a Scan is fine on a test's own table). */
export const readJobs = async ({ client, tableName }: CrashStore): Promise<JobRecord[]> => {
  const jobs: JobRecord[] = [];
  const pages = paginateScan(
    { client },
    {
      TableName: tableName,
      ConsistentRead: true,
      FilterExpression: '#type = :job',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':job': 'Job' },
    },
  );
  for await (const page of pages) jobs.push(...(page.Items ?? []).map((item) => jobEntity.fromItem(item)));
  return jobs;
};

/** Work not finished: waiting, retrying, claimed, or an outcome whose hook has not run. */
export const isPending = (job: Pick<JobRecord, 'status' | 'hookPending'>): boolean =>
  job.status === 'queued' || job.status === 'retrying' || job.status === 'running' || job.hookPending === true;

/**
 * Work running, or due by `horizon`: a claim, an unrun hook, a job waiting or retrying. Nothing
 * else calls the outside world (every send is a job's, docs/background-work.md), so once this is
 * empty nothing more goes out, save what is scheduled later still.
 */
export const busyJobs = (jobs: readonly JobRecord[], horizon: Date): JobRecord[] =>
  jobs.filter(
    (job) => isPending(job) && (job.status === 'running' || job.hookPending || job.runAt <= horizon.toISOString()),
  );

/**
 * `count` leads carrying `tag`, written straight into the table with BatchWrite (leadEntity.toItem:
 * the profile item with its PEOPLE index keys, as the chat area writes a lead): the audience of
 * a mailing, without hundreds of API calls. Returns their addresses.
 */
export const writeTaggedLeads = async ({ client, tableName }: CrashStore, tag: string, count: number) => {
  const createdAt = new Date().toISOString();
  const items = Array.from({ length: count }, (_, index) =>
    leadEntity.toItem({
      id: ulid(),
      fullName: `Reader ${index} ${tag}`,
      role: 'lead',
      status: 'new',
      email: `reader-${index}.${tag}@outside.example`,
      tags: [tag],
      language: 'en',
      createdAt,
      version: 1,
    }),
  );
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((item) => ({ PutRequest: { Item: item } }));
    while (requests.length > 0) {
      const { UnprocessedItems } = await client.send(
        new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
    }
  }
  return items.map((item) => String(item.email));
};

/** A mailing's recipients as the table holds them, counted by the total their status is in (`sending` in queued). */
export const recipientStatusCounts = async (
  { client, tableName }: CrashStore,
  mailingId: string,
): Promise<Record<string, number>> => {
  const counts: Record<string, number> = {};
  const pages = paginateQuery(
    { client },
    {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': mailingItemKey(mailingId).pk, ':prefix': recipientSortPrefix },
      ConsistentRead: true,
    },
  );
  for await (const page of pages)
    for (const item of page.Items ?? []) {
      const total = totalNameOf(item.status as RecipientStatus);
      counts[total] = (counts[total] ?? 0) + 1;
    }
  return counts;
};

/** An admin's scheduled messages to a contact, whatever their status. */
export const readScheduled = async (
  { client, tableName }: CrashStore,
  ownerId: string,
  contactId: string,
): Promise<ScheduledMessageRecord[]> => {
  // The key of the schedule with an empty id: the partition, and the prefix of every sort key.
  const { pk, sk: prefix } = scheduledMessageEntity.key(ownerId, contactId, '');
  const records: ScheduledMessageRecord[] = [];
  const pages = paginateQuery(
    { client },
    {
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
      ConsistentRead: true,
    },
  );
  for await (const page of pages)
    records.push(...(page.Items ?? []).map((item) => scheduledMessageEntity.fromItem(item)));
  return records;
};
