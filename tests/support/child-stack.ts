import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { freePort } from '../../infra/local/dynamodb-local';
import { repoRoot } from '../../infra/local/stack';

import { builtStackProcess } from './crash-build';
import type { StackProcessOptions, StackProcessReady } from './stack-process-main';

/**
 * A whole local stack as a child process with its own data directory and port, started from the
 * built entry (`node <built>.mjs`, crash-build.ts): for crash tests and the mailings bench.
 * `crash()` is kill -9 of the whole process group — the server, its stream poller and tick, and
 * its DynamoDB Local — so nothing runs on the way out, as when the machine loses power; `start()`
 * again on the same data directory and port is the restart. If the test process dies, the stack
 * stops too (it watches its stdin).
 */
export interface ChildStack {
  readonly dataDir: string;
  /** The URL it serves on (127.0.0.1, so no IPv6 lookup); the same after a restart. */
  readonly url: string;
  /** Its DynamoDB Local (credentials: `storeCredentials(dataDir)`), while it runs. */
  readonly dynamodbEndpoint: string;
  readonly tableName: string;
  /**
   * Starts it (again) on the same data directory and port; resolves once it serves. With
   * `holdWorker`, without background work until `startWorker()`.
   */
  start(options?: { readonly holdWorker?: boolean }): Promise<string>;
  /** Starts the background work a `holdWorker` start held back. */
  startWorker(): Promise<void>;
  /** kill -9 of every process of the stack. */
  crash(): Promise<void>;
  /** Ends every process of the stack (kill -9: its data is thrown away), removes the data directory. */
  dispose(): Promise<void>;
}

export interface ChildStackOptions {
  /** Extra environment for the stack (e.g. JOB_LEASE_MS, TELEGRAM_API_BASE_URL, LOCAL_SES_URL). */
  readonly env?: Record<string, string>;
  /** Appends the stack's output (stdout and stderr) here, for a failure's post-mortem. */
  readonly logFile?: string;
  readonly startTimeoutMs?: number;
  /**
   * A seeded data directory to start from (a copy of it: tests/support/api-seed-snapshot.ts), so
   * the first start is a restart and does not seed again.
   */
  readonly copyOf?: string;
}

export const createChildStack = async (options: ChildStackOptions = {}): Promise<ChildStack> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbit-child-stack-'));
  if (options.copyOf) cpSync(options.copyOf, dataDir, { recursive: true });
  const [port, entry] = await Promise.all([freePort(), builtStackProcess()]);
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let ready: StackProcessReady | undefined;
  let workerStarted: (() => void) | undefined;
  const log = (text: string) => {
    if (options.logFile) appendFileSync(options.logFile, text);
  };

  const start = ({ holdWorker = false } = {}) =>
    new Promise<string>((resolve, reject) => {
      const stackOptions: StackProcessOptions = { port, host: '127.0.0.1', dataDir, control: 'stdin', holdWorker };
      // Its own process group (detached), so a crash takes the JVM down with the server.
      const started = spawn(process.execPath, [entry], {
        cwd: repoRoot,
        detached: true,
        env: {
          ...process.env,
          POWERTOOLS_LOG_LEVEL: 'SILENT',
          NOTIFIER_QUIET: 'true',
          // As `npm start` (infra/local/start.ts), which this child stands for: a loopback
          // receiver (a test's fake) may take webhooks.
          WEBHOOK_ALLOW_LOOPBACK: '1',
          ...options.env,
          ORBIT_STACK_OPTIONS: JSON.stringify(stackOptions),
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      child = started;
      ready = undefined;
      exited = new Promise((done) => started.once('exit', () => done()));
      // Writes to a stack that was just killed fail: that is the crash, not an error of the test.
      started.stdin?.on('error', () => undefined);
      let output = '';
      const timer = setTimeout(() => {
        reject(new Error(`the stack did not serve within the time allowed:\n${output}`));
      }, options.startTimeoutMs ?? 240_000);
      started.stderr?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
        log(chunk.toString());
      });
      started.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the stack exited (${code ?? signal}):\n${output}`));
      });
      createInterface({ input: started.stdout! }).on('line', (line) => {
        output = (output + line + '\n').slice(-4000);
        log(`${line}\n`);
        if (line.startsWith('{"worker"')) workerStarted?.();
        if (!line.startsWith('{"url"')) return;
        clearTimeout(timer);
        ready = JSON.parse(line) as StackProcessReady;
        resolve(ready.url);
      });
    });

  const signalGroup = async (signal: 'SIGKILL' | 'SIGTERM') => {
    const running = child;
    if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return;
    try {
      process.kill(-running.pid, signal);
    } catch {
      // Already gone.
    }
    await exited;
  };

  const running = (): StackProcessReady => {
    if (!ready) throw new Error('the child stack is not running');
    return ready;
  };

  return {
    dataDir,
    get url() {
      return running().url;
    },
    get dynamodbEndpoint() {
      return running().dynamodbEndpoint;
    },
    get tableName() {
      return running().tableName;
    },
    start,
    startWorker: () =>
      new Promise<void>((resolve, reject) => {
        const held = child;
        if (!held || held.exitCode !== null || held.signalCode !== null)
          return reject(new Error('the child stack is not running'));
        workerStarted = resolve;
        held.once('exit', () => reject(new Error('the child stack exited before its worker started')));
        held.stdin?.write('start-worker\n');
      }),
    crash: () => signalGroup('SIGKILL'),
    async dispose() {
      await signalGroup('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
