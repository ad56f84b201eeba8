import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

import { startLocalStack } from '../../infra/local/stack';

import { backgroundWorkSettled } from './background-work';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding the seeded demo workspace, copied by each API test file's stack. */
    apiSeedSnapshot: string;
  }
}

/** The seeded table's name: `npm start`'s, so a child stack (child-stack.ts) can start on a copy too. */
export const snapshotTableName = 'orbit';

/**
 * Where the stores' files go: memory (tmpfs) where the machine has it, so DynamoDB Local's
 * SQLite commits cost what its `-inMemory` mode does; the temporary directory otherwise.
 */
const scratchRoot = (): string => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

/**
 * The api project's global setup. Seeding the demo workspace takes about ten seconds (password
 * hashes, every area's services), and each API test file starts a stack of its own: seeded once
 * here instead, into a data directory that each file's stack copies and starts from, as
 * `npm start` restarts from its `.data`. The seed's background work (the first invoices) has run
 * before the copy is taken, so no file starts with work landing in what it measures.
 */
export default async function setup(project: TestProject) {
  const directory = mkdtempSync(join(scratchRoot(), 'orbit-api-seed-'));
  // The stack points the process's AWS clients at its store; that is not for the test workers.
  const environment = { ...process.env };
  const stack = await startLocalStack({ port: 0, host: '127.0.0.1', dataDir: directory, tableName: snapshotTableName });
  try {
    await backgroundWorkSettled(snapshotTableName);
  } finally {
    await stack.stop();
    for (const key of Object.keys(process.env)) if (!(key in environment)) delete process.env[key];
    Object.assign(process.env, environment);
  }
  project.provide('apiSeedSnapshot', directory);
  return () => rmSync(directory, { recursive: true, force: true });
}

/** The seeded data directory, to copy from. */
export const seededSnapshot = (): string => inject('apiSeedSnapshot');

/** A fresh copy of the seeded data directory, for one stack; removed by `discard`. */
export const copyOfSeededSnapshot = (): { readonly dataDir: string; discard(): void } => {
  const dataDir = mkdtempSync(join(scratchRoot(), 'orbit-api-'));
  cpSync(seededSnapshot(), dataDir, { recursive: true });
  return { dataDir, discard: () => rmSync(dataDir, { recursive: true, force: true }) };
};
