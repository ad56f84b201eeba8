import type { TestProject } from 'vitest/node';

import { memoryDataDir, startDynamoDbLocal } from '../../infra/local/dynamodb-local';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

/** One DynamoDB Local JVM per test run (it takes seconds to start); files isolate by table. */
export default async function setup(project: TestProject) {
  const store = await startDynamoDbLocal({ dataDir: memoryDataDir });
  project.provide('dynamodbEndpoint', store.endpoint);
  return async () => {
    await store.stop();
  };
}
