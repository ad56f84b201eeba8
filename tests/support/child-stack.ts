import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

import { freePort } from '../../infra/local/dynamodb-local';
import { repoRoot } from '../../infra/local/stack';

/**
 * The real `npm start` (`npx tsx infra/local/start.ts`) as a child process, with its own data
 * directory and port: for crash tests. `crash()` is kill -9 of the whole process group — the
 * server, its stream poller and tick, and its DynamoDB Local — so nothing runs on the way out,
 * as when the machine loses power; `start()` again on the same DATA_DIR is the restart.
 */
export interface ChildStack {
  readonly dataDir: string;
  /** The URL the stack printed (127.0.0.1 rather than localhost, so no IPv6 lookup). */
  readonly url: string;
  /** Starts it (again), on the same data directory and port; resolves once it prints its URL. */
  start(): Promise<string>;
  /** kill -9 of every process of the stack. */
  crash(): Promise<void>;
  /** Ends every process of the stack (kill -9: its data is thrown away), removes the data directory. */
  dispose(): Promise<void>;
}

export interface ChildStackOptions {
  /** Extra environment for the stack (e.g. JOB_LEASE_MS, TELEGRAM_API_BASE_URL). */
  readonly env?: Record<string, string>;
  /** Appends the stack's output (stdout and stderr) here, for a failure's post-mortem. */
  readonly logFile?: string;
  /** The first start may build the web app (start.ts does when web/dist is missing). */
  readonly startTimeoutMs?: number;
  /**
   * A seeded data directory to start from (a copy of it: tests/support/api-seed-snapshot.ts), so
   * the first start is a restart and does not seed again.
   */
  readonly copyOf?: string;
}

const urlLine = /Orbit is running at (http:\/\/\S+)/;

export const createChildStack = async (options: ChildStackOptions = {}): Promise<ChildStack> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'orbit-child-stack-'));
  if (options.copyOf) cpSync(options.copyOf, dataDir, { recursive: true });
  const port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let url = '';

  const start = () =>
    new Promise<string>((resolve, reject) => {
      // Its own process group (detached), so a crash can take the JVM down with the server.
      const started = spawn('npx', ['tsx', 'infra/local/start.ts'], {
        cwd: repoRoot,
        detached: true,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          POWERTOOLS_LOG_LEVEL: 'SILENT',
          NOTIFIER_QUIET: 'true',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      exited = new Promise((done) => started.once('exit', () => done()));
      let output = '';
      const timer = setTimeout(() => {
        reject(new Error(`the stack printed no URL within the time allowed:\n${output}`));
      }, options.startTimeoutMs ?? 240_000);
      started.stderr?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4000);
        if (options.logFile) appendFileSync(options.logFile, chunk);
      });
      started.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the stack exited (${code ?? signal}):\n${output}`));
      });
      createInterface({ input: started.stdout! }).on('line', (line) => {
        output = (output + line + '\n').slice(-4000);
        if (options.logFile) appendFileSync(options.logFile, `${line}\n`);
        const match = urlLine.exec(line);
        if (!match?.[1]) return;
        clearTimeout(timer);
        url = match[1].replace('//localhost:', '//127.0.0.1:');
        resolve(url);
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

  return {
    dataDir,
    get url() {
      return url;
    },
    start,
    crash: () => signalGroup('SIGKILL'),
    async dispose() {
      await signalGroup('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
