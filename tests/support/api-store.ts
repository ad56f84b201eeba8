import { clearStore as clearLocalSesMail } from 'aws-ses-v2-local/dist/store.js';
import { afterAll } from 'vitest';

import {
  memoryDataDir,
  startDynamoDbLocal,
  type DynamoDbLocal,
  type StoreConnection,
} from '../../infra/local/dynamodb-local';

/**
 * A DynamoDB Local JVM of each API test file's own (a setup file of the api project), started
 * when the file first asks for it and stopped after the file's hooks. Most files never do: a
 * seeded stack runs on a copy of the seeded data directory, with a store of its own
 * (api-seed-snapshot.ts). One JVM shared by the whole run instead got slower with every file it
 * had served (a file taking 4 s early took 30–40 s late, the JVM busy while the tests waited),
 * whatever was dropped (docs/decisions.md, "API tests: a store per file").
 */
let store: Promise<DynamoDbLocal> | undefined;

afterAll(async () => {
  const started = store;
  store = undefined;
  await (await started)?.stop();
});

/** The running file's store: where it is and the random credentials that reach its tables. */
export const testStore = async (): Promise<StoreConnection> => {
  store ??= startDynamoDbLocal({ dataDir: memoryDataDir });
  const { endpoint, credentials } = await store;
  return { endpoint, credentials };
};

/**
 * The local SES library keeps the mail it receives in its module: one store per process, shared
 * by every SES server the process starts. A worker runs file after file (`isolate: false`), so
 * each file starts with it empty, as a process of its own would: the demo's addresses are the
 * same in every file's workspace, and a test reading a person's mail reads only this file's.
 */
clearLocalSesMail();
