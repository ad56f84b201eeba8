import { BatchWriteItemCommand, paginateScan, type WriteRequest } from '@aws-sdk/client-dynamodb';
import { inject } from 'vitest';

import { tableName } from '@orbit/functions/core/table';

import { withStoreClient } from './service-run';

/** DynamoDB's batch write limit. */
const batchSize = 25;

/**
 * The demo workspace in the file's table: a copy of the template the global setup seeded and
 * settled once (global-store.ts). Service tests of rules that need the demo's people, roles,
 * projects and mailboxes start from it, as the HTTP tests and `npm start` do; the demo sign-ins
 * are tests/support/api-stack.ts's `demo`.
 */
export const copySeededWorkspace = async (): Promise<{ readonly items: number }> => {
  const run = inject('serviceRun');
  const target = tableName();
  return withStoreClient(run.store, async (client) => {
    let items = 0;
    const writes: Promise<unknown>[] = [];
    for await (const page of paginateScan({ client }, { TableName: run.templateTable })) {
      const requests: WriteRequest[] = (page.Items ?? []).map((Item) => ({ PutRequest: { Item } }));
      items += requests.length;
      for (let start = 0; start < requests.length; start += batchSize)
        writes.push(writeAll(client, target, requests.slice(start, start + batchSize)));
    }
    await Promise.all(writes);
    return { items };
  });
};

/** One batch, with what DynamoDB left unprocessed written again until none is left. */
const writeAll = async (
  client: Parameters<Parameters<typeof withStoreClient>[1]>[0],
  table: string,
  requests: WriteRequest[],
): Promise<void> => {
  let pending = requests;
  while (pending.length > 0) {
    const { UnprocessedItems } = await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
    pending = UnprocessedItems?.[table] ?? [];
  }
};
