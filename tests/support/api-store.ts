import { afterAll, beforeAll } from 'vitest';

import {
  memoryDataDir,
  startDynamoDbLocal,
  type DynamoDbLocal,
  type StoreConnection,
} from '../../infra/local/dynamodb-local';

/**
 * A DynamoDB Local JVM of each API test file's own (a setup file of the api project), started
 * before the file's hooks and stopped after them. It starts in about a second; one JVM shared by
 * the whole run instead got slower with every file it had served (a file taking 4 s early took
 * 30–40 s late, the JVM busy while the tests waited), whatever was dropped (docs/decisions.md,
 * "API tests: a store per file").
 */
let store: DynamoDbLocal | undefined;

beforeAll(async () => {
  store = await startDynamoDbLocal({ dataDir: memoryDataDir });
}, 60_000);

afterAll(async () => {
  await store?.stop();
  store = undefined;
});

/** The running file's store: where it is and the random credentials that reach its tables. */
export const testStore = (): StoreConnection => {
  if (!store) throw new Error('The API test store is not running (tests/support/api-store.ts is a setup file).');
  return { endpoint: store.endpoint, credentials: store.credentials };
};
