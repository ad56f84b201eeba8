import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { memoryDataDir, startDynamoDbLocal } from '../../../infra/local/dynamodb-local';
import { startLocalServices } from '../../../infra/local/local-services';
import { ensureTable } from '../../../infra/local/table-setup';

import { drainJobs } from './drain-jobs';
import { fileEnvironment, withStoreClient, type ServiceRun } from './service-run';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one DynamoDB Local, the seeded template table and the secrets every file shares. */
    serviceRun: ServiceRun;
  }
}

/** The table each file copies when it asks for the demo workspace (seeded-workspace.ts). */
const templateTable = 'service-seed';

/**
 * The service project's global setup: ONE DynamoDB Local for the whole run (each file works in a
 * table of its own on it, service-environment.ts), and the demo workspace seeded once into a
 * template table that a file copies when its rules need the demo's people and records. Seeding
 * runs every area's services (about ten seconds with the password hashes); copying the settled
 * result takes a fraction of that. The seed's own background work (the first invoices, contact
 * events) is drained here, with the local SES and S3 it needs, so no file starts with work due.
 */
export default async function setup(project: TestProject) {
  const store = await startDynamoDbLocal({ dataDir: memoryDataDir });
  const files = mkdtempSync(join(tmpdir(), 'orbit-service-'));
  // Plain data only: it travels to the workers (`stop` stays here).
  const run: ServiceRun = { store: { endpoint: store.endpoint, credentials: store.credentials }, files, templateTable };
  const saved = { ...process.env };
  try {
    const services = await startLocalServices({ dataDir: memoryDataDir, credentials: store.credentials });
    // The services' SES and S3 for the seed's mail and PDFs; the run's own secrets and outbox.
    Object.assign(process.env, services.environment, fileEnvironment(run, templateTable));
    await withStoreClient(store, (client) => ensureTable(client, templateTable));
    // Imported here, after the environment names the template table: the seed's modules read it.
    const { seedDemoData } = await import('@orbit/seed/load');
    await seedDemoData();
    await drainJobs();
    await services.stop();
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
  project.provide('serviceRun', run);
  return async () => {
    await store.stop();
    rmSync(files, { recursive: true, force: true });
  };
}
