import { DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';

/**
 * Resolves once no background job of the table is due or running: what the seed and earlier
 * calls queued (contact events, digests, sends) has run, so it does not land in what a test
 * measures next. A job due later stays as it is. Reads with a client of its own, never the
 * handlers' (tests that count the handlers' calls do not see these reads).
 */
export const backgroundWorkSettled = async (tableName: string, timeoutMs = 50_000): Promise<void> => {
  const client = new DynamoDBClient({});
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const now = new Date().toISOString();
      const busy: string[] = [];
      const pages = paginateScan(
        { client },
        {
          TableName: tableName,
          ConsistentRead: true,
          FilterExpression: '#type = :job',
          ExpressionAttributeNames: { '#type': 'type' },
          ExpressionAttributeValues: { ':job': { S: 'Job' } },
        },
      );
      for await (const page of pages) {
        for (const item of page.Items ?? []) {
          const status = item.status?.S;
          if (status === 'running' || (status === 'queued' && (item.runAt?.S ?? '') <= now))
            busy.push(`${item.kind?.S ?? '?'} ${status}`);
        }
      }
      if (busy.length === 0) return;
      if (Date.now() > deadline) throw new Error(`background work still busy: ${busy.join(', ')}`);
      await new Promise((next) => setTimeout(next, 100));
    }
  } finally {
    client.destroy();
  }
};
