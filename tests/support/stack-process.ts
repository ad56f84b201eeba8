import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

import { repoRoot, type LocalStackOptions } from '../../infra/local/stack';

export interface StackProcess {
  readonly url: string;
  /** SIGKILL is a crash: nothing runs on the way out. */
  kill(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/**
 * A local stack in a child process: for load (the load generator must not share the server's
 * event loop) and for crashes (kill -9 leaves what a real crash leaves).
 */
export const startStackProcess = (options: Omit<LocalStackOptions, 'web'> = {}): Promise<StackProcess> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/stack-process-main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        POWERTOOLS_LOG_LEVEL: 'SILENT',
        NOTIFIER_QUIET: 'true',
        ORBIT_STACK_OPTIONS: JSON.stringify(options),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('exit', (code, signal) => reject(new Error(`the stack process exited (${code ?? signal})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{"url"')) return;
      resolve({
        url: (JSON.parse(line) as { url: string }).url,
        async kill(signal) {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    });
  });
