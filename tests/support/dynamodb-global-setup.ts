import type { TestProject } from 'vitest/node';

import { memoryDataDir, startDynamoDbLocal, type StoreConnection } from '../../infra/local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    store: StoreConnection;
  }
}

/**
 * One DynamoDB Local JVM per test run (it takes seconds to start); files isolate by table. Its
 * random credentials go to every file: without them a client sees none of the tables.
 */
export default async function setup(project: TestProject) {
  const store = await startDynamoDbLocal({ dataDir: memoryDataDir });
  project.provide('store', { endpoint: store.endpoint, credentials: store.credentials });
  return async () => {
    await store.stop();
  };
}
