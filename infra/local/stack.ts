import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

import { resetDocumentClient } from '@orbit/functions/core/db';
import { seedDemoData } from '@orbit/seed/load';

import { localAwsEnvironment, memoryDataDir, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { createLocalServer, type LocalServerOptions } from './server';
import { ensureTable } from './table-setup';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const defaultWebDir = join(repoRoot, 'web', 'dist');

export interface LocalStackOptions {
  /** Port to serve on; 0 picks a free one. */
  readonly port?: number;
  readonly host?: string;
  /** Where DynamoDB Local keeps its files; ':memory:' for a throwaway store. */
  readonly dataDir?: string;
  /** Use an already running DynamoDB Local (tests share one JVM per run). */
  readonly dynamodbEndpoint?: string;
  readonly tableName?: string;
  readonly seed?: boolean;
  readonly web?: LocalServerOptions;
}

export interface LocalStack {
  readonly url: string;
  readonly port: number;
  readonly tableName: string;
  readonly dynamodbEndpoint: string;
  readonly seeded: boolean;
  readonly server: Server;
  stop(): Promise<void>;
}

/** One secret per data directory, so sign-ins survive restarts; never committed (.data/ is ignored). */
const localJwtSecret = (dataDir: string): string => {
  if (dataDir === memoryDataDir) return randomBytes(48).toString('base64url');
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

/**
 * The whole product on one machine: DynamoDB Local, the table from the shared definition, the
 * demo seed, and one HTTP server in front of the real handlers. Handlers read the same
 * environment variables they read on Lambda.
 */
export const startLocalStack = async (options: LocalStackOptions = {}): Promise<LocalStack> => {
  const dataDir = options.dataDir ?? process.env.DATA_DIR ?? join(repoRoot, '.data');
  const tableName = options.tableName ?? 'orbit';
  let store: DynamoDbLocal | undefined;
  const dynamodbEndpoint = options.dynamodbEndpoint ?? (store = await startDynamoDbLocal({ dataDir })).endpoint;

  Object.assign(process.env, localAwsEnvironment(dynamodbEndpoint), {
    TABLE_NAME: tableName,
    JWT_SECRET: localJwtSecret(dataDir),
    POWERTOOLS_SERVICE_NAME: 'orbit',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  });
  resetDocumentClient();

  const admin = new DynamoDBClient({});
  try {
    await ensureTable(admin, tableName);
  } finally {
    admin.destroy();
  }
  const { seeded } = options.seed === false ? { seeded: false } : await seedDemoData();

  const server = createLocalServer(options.web);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 3000, options.host, () => done());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : 'localhost';
  // The WebSocket management API (postToConnection) is this server's `/ws/@connections`.
  const loopback = !options.host || options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : host;
  process.env.WS_ENDPOINT = `http://${loopback}:${port}/ws`;

  return {
    url: `http://${host}:${port}`,
    port,
    tableName,
    dynamodbEndpoint,
    seeded,
    server,
    async stop() {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await store?.stop();
    },
  };
};
