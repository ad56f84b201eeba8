import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

import { repoRoot } from '../../infra/local/stack';

import { builtStackProcess } from './crash-build';
import type { StackProcessOptions, StackProcessReady } from './stack-process-main';

export interface StackProcess extends StackProcessReady {
  /** SIGKILL is a crash: nothing runs on the way out. */
  kill(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/**
 * A local stack in a child process, started from the built entry (crash-build.ts): for load (the
 * load generator must not share the server's event loop), for crashes (kill -9 leaves what a
 * real crash leaves) and for the browser tests' stacks (one a worker, each with settings of its
 * own that a process's environment can hold only one of). Only the Node process is signalled: a
 * stack on a store of its own should be a child stack (child-stack.ts), whose crash takes its
 * DynamoDB Local down too.
 */
export const startStackProcess = async (
  options: Omit<StackProcessOptions, 'control' | 'holdWorker'> = {},
  /** Settings of this stack's own, over the test process's environment (e.g. TELEGRAM_API_BASE_URL). */
  env: Readonly<Record<string, string>> = {},
): Promise<StackProcess> => {
  const entry = await builtStackProcess();
  return new Promise((resolve, reject) => {
    const stackOptions: StackProcessOptions = { ...options, control: 'stdin' };
    const child = spawn(process.execPath, [entry], {
      cwd: repoRoot,
      env: {
        ...process.env,
        POWERTOOLS_LOG_LEVEL: 'SILENT',
        NOTIFIER_QUIET: 'true',
        ...env,
        ORBIT_STACK_OPTIONS: JSON.stringify(stackOptions),
      },
      // stdin stays open while this process lives: the stack stops when it closes.
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child.stdin.on('error', () => undefined);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.once('exit', (code, signal) => reject(new Error(`the stack process exited (${code ?? signal})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{"url"')) return;
      resolve({
        ...(JSON.parse(line) as StackProcessReady),
        async kill(signal) {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    });
  });
};
