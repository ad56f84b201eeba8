import { randomBytes } from 'node:crypto';

import { afterAll, inject, vi } from 'vitest';

import { tableDefinition } from '@orbit/functions/core/table';

import { dropTable, ensureTable } from '../../../infra/local/table-setup';

import { fileEnvironment, withStoreClient } from './service-run';

/**
 * The service project's setup file: each test file gets a table of its own on the run's one
 * DynamoDB Local (global-store.ts), named in the environment before the file imports a service,
 * and dropped after its hooks. Without a stream: nothing polls it here, drainJobs() runs the due
 * work instead (drain-jobs.ts). A worker runs files one after the other, each started afresh
 * (tests/support/fresh-file-setup.ts: the environment as the worker got it, the modules new), so
 * the table named here is the file's alone.
 */
const run = inject('serviceRun');
const tableName = `file-${randomBytes(6).toString('hex')}`;
Object.assign(process.env, fileEnvironment(run, tableName));
const { stream: _streamOnlyTheWorkerReads, ...withoutStream } = tableDefinition;
await withStoreClient(run.store, (client) => ensureTable(client, tableName, withoutStream));

afterAll(async () => {
  vi.useRealTimers();
  await withStoreClient(run.store, (client) => dropTable(client, tableName));
});
