import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

import { resetDocumentClient } from '@orbit/functions/core/db';
import { forgetSecretKeys } from '@orbit/functions/core/secret-box';
import { resetEmailClient } from '@orbit/functions/core/transports/email';
import { seedDemoData } from '@orbit/seed/load';

import { dataDirectorySecret, ensurePrivateDirectory, restrictToOwner } from './data-dir';
import {
  localAwsEnvironment,
  memoryDataDir,
  startDynamoDbLocal,
  type DynamoDbLocal,
  type StoreConnection,
} from './dynamodb-local';
import { startLocalServices } from './local-services';
import { startLocalWorker, type LocalWorker, type LocalWorkerOptions } from './local-worker';
import { createLocalServer, type LocalServerOptions } from './server';
import { ensureTable } from './table-setup';
import { createLocalWebSocketGateway } from './websocket/gateway';
import { startSesEvents } from './ses-events';
import { startSmtpListener } from './smtp-listener';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const defaultWebDir = join(repoRoot, 'web', 'dist');

export interface LocalStackOptions {
  /** Port to serve on; 0 picks a free one. */
  readonly port?: number;
  /** Interface to listen on: loopback unless asked (`HOST=0.0.0.0` opens it to the network). */
  readonly host?: string;
  /** Where DynamoDB Local keeps its files; ':memory:' for a throwaway store. */
  readonly dataDir?: string;
  /** Use an already running DynamoDB Local and its credentials (tests share one JVM per run). */
  readonly store?: StoreConnection;
  readonly tableName?: string;
  readonly seed?: boolean;
  readonly web?: Omit<LocalServerOptions, 'admission' | 'realtime'>;
  /** API requests at once and waiting; the default suits this machine (see http-api.ts). */
  readonly admission?: LocalServerOptions['admission'];
  /** Where outside senders reach the hooks (a tunnel's URL); default this server. */
  readonly publicBaseUrl?: string;
  /** The local SES server's port (its mail viewer); 0 or unset picks a free one. */
  readonly mailPort?: number;
  /** Background work: the stream poller and the tick (docs/background-work.md). */
  readonly worker?: LocalWorkerOptions;
  /** The inbound SMTP listener's port (docs/email.md, "Inbound"); 0 or unset picks a free one. */
  readonly smtpPort?: number;
}

export interface LocalStack {
  readonly url: string;
  readonly port: number;
  readonly tableName: string;
  readonly dynamodbEndpoint: string;
  readonly seeded: boolean;
  readonly server: Server;
  /** The local SES server: its mail viewer, and the JSON list of what it received. */
  readonly mailViewerUrl: string;
  readonly mailStoreUrl: string;
  /** Where SMS "sent" on this machine are appended, one JSON object a line. */
  readonly smsOutboxFile: string;
  /** The local stream poller and tick (background work). */
  readonly worker: LocalWorker;
  /** Inbound mail: the SMTP listener on 127.0.0.1 (docs/email.md, "Inbound"). */
  readonly smtpPort: number;
  stop(): Promise<void>;
}

/** One secret per data directory, so sign-ins survive restarts; never committed (.data/ is ignored). */
const localJwtSecret = (dataDir: string): string => {
  const make = () => randomBytes(48).toString('base64url');
  return dataDir === memoryDataDir ? make() : dataDirectorySecret(dataDir, 'jwt-secret', make);
};

/**
 * The whole product on one machine: DynamoDB Local, the table from the shared definition, the
 * demo seed, and one HTTP server in front of the real handlers. Handlers read the same
 * environment variables they read on Lambda.
 */
export const startLocalStack = async (options: LocalStackOptions = {}): Promise<LocalStack> => {
  const dataDir = options.dataDir ?? process.env.DATA_DIR ?? join(repoRoot, '.data');
  const tableName = options.tableName ?? 'orbit';
  if (dataDir !== memoryDataDir) {
    ensurePrivateDirectory(dataDir);
    restrictToOwner(dataDir);
  }
  let started: DynamoDbLocal | undefined;
  const store = options.store ?? (started = await startDynamoDbLocal({ dataDir }));

  Object.assign(process.env, localAwsEnvironment(store), {
    TABLE_NAME: tableName,
    JWT_SECRET: localJwtSecret(dataDir),
    POWERTOOLS_SERVICE_NAME: 'orbit',
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    // Development: outgoing webhooks may use plain http here (core/outbound-address.ts); never set in AWS.
    ORBIT_DEVELOPMENT: '1',
  });
  resetDocumentClient();
  const services = await startLocalServices({ dataDir, mailPort: options.mailPort, credentials: store.credentials });
  Object.assign(process.env, services.environment);
  forgetSecretKeys();
  resetEmailClient();

  const admin = new DynamoDBClient({});
  try {
    await ensureTable(admin, tableName);
  } finally {
    admin.destroy();
  }
  const { seeded } = options.seed === false ? { seeded: false } : await seedDemoData();
  const worker = await startLocalWorker({
    ...options.worker,
    tableName,
    ...(dataDir === memoryDataDir ? {} : { dataDir }),
  });

  const realtime = createLocalWebSocketGateway(
    dataDir === memoryDataDir ? {} : { journalFile: join(dataDir, 'websocket-connections.jsonl') },
  );
  const server = createLocalServer({ ...options.web, admission: options.admission, realtime });
  const bindHost = options.host ?? '127.0.0.1';
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port ?? 3000, bindHost, () => done());
  });
  const port = (server.address() as AddressInfo).port;
  const everyInterface = bindHost === '0.0.0.0' || bindHost === '::';
  // Printed for a browser: `localhost` unless a particular interface was asked for.
  const host = options.host && !everyInterface ? options.host : 'localhost';
  // The WebSocket management API (postToConnection) is this server's `/ws/@connections`.
  const loopback = everyInterface ? '127.0.0.1' : bindHost.includes(':') ? `[${bindHost}]` : bindHost;
  process.env.WS_ENDPOINT = `http://${loopback}:${port}/ws`;
  // Where Telegram and webhook senders reach the hooks (docs/channels.md): this server, unless a
  // public tunnel's URL was given.
  process.env.PUBLIC_BASE_URL = options.publicBaseUrl ?? `http://${loopback}:${port}`;
  // Mail from outside (SMTP in) and SES's events about mail sent out (docs/email.md, "Delivery").
  const smtp = await startSmtpListener(options.smtpPort ?? 0);
  const sesEvents = startSesEvents(services.mailStoreUrl);
  // No connection outlives the process that served it: those a crash left get their
  // $disconnect now (pushes to them answer 410 from this server); new ones wait for it.
  await realtime.sweepOrphans();

  return {
    url: `http://${host}:${port}`,
    port,
    tableName,
    dynamodbEndpoint: store.endpoint,
    seeded,
    server,
    mailViewerUrl: services.mailUrl,
    mailStoreUrl: services.mailStoreUrl,
    smsOutboxFile: services.smsOutboxFile,
    worker,
    smtpPort: smtp.port,
    async stop() {
      await sesEvents.stop();
      await smtp.stop();
      await worker.stop();
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await services.stop();
      await started?.stop();
    },
  };
};
