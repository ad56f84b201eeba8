import { ScanCommand } from '@aws-sdk/lib-dynamodb';

import { db } from '@orbit/functions/core/db';
import { tableName } from '@orbit/functions/core/table';

/**
 * Every item in the file's table (a Scan is fine on a test's own table): a refused request must
 * not change the count.
 */
export const countItems = async (): Promise<number> => {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({ TableName: tableName(), Select: 'COUNT', ConsistentRead: true, ExclusiveStartKey: start }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
};
