import { createInterface } from 'node:readline';

import { memoryDataDir } from '../../infra/local/dynamodb-local';
import { startLocalWorker, type LocalWorker } from '../../infra/local/local-worker';
import { startLocalStack, type LocalStackOptions } from '../../infra/local/stack';

/**
 * A local stack in a process of its own (stack-process.ts, child-stack.ts), run from the bundle
 * crash-build.ts makes (`node <built>.mjs`, no TypeScript loader). Its options come as JSON in
 * ORBIT_STACK_OPTIONS; it prints one JSON line — its URL and its DynamoDB Local's endpoint — then
 * serves until told to stop.
 *
 * With `control: 'stdin'` it also takes commands on stdin, one a line, and stops when stdin
 * closes, so a stack whose test process died does not live on (with its JVM) on a shared
 * machine. `holdWorker` starts it without background work until the `start-worker` command: a
 * crash test reads the jobs as the kill left them before the restarted worker moves any.
 */
export interface StackProcessOptions extends LocalStackOptions {
  readonly control?: 'stdin';
  readonly holdWorker?: boolean;
}

/** The line the process prints once it serves. */
export interface StackProcessReady {
  readonly url: string;
  readonly dynamodbEndpoint: string;
  readonly tableName: string;
  /** The local SES server's list of what it received, and the SMS outbox (the browser tests read both). */
  readonly mailStoreUrl: string;
  readonly smsOutboxFile: string;
}

const { control, holdWorker, ...options } = JSON.parse(process.env.ORBIT_STACK_OPTIONS ?? '{}') as StackProcessOptions;
const stack = await startLocalStack({
  port: 0,
  host: '127.0.0.1',
  ...options,
  ...(holdWorker ? { worker: { ...options.worker, enabled: false } } : {}),
});
const ready: StackProcessReady = {
  url: stack.url,
  dynamodbEndpoint: stack.dynamodbEndpoint,
  tableName: stack.tableName,
  mailStoreUrl: stack.mailStoreUrl,
  smsOutboxFile: stack.smsOutboxFile,
};
console.log(JSON.stringify(ready));

let heldWorker: Promise<LocalWorker> | undefined;
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    await (await heldWorker)?.stop();
    await stack.stop();
    process.exit(0);
  })();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

if (control === 'stdin') {
  const commands = createInterface({ input: process.stdin });
  commands.on('line', (line) => {
    if (line.trim() !== 'start-worker' || heldWorker || !holdWorker) return;
    // As startLocalStack starts it: the stream poller resumes from the data directory's checkpoints.
    const dataDir = options.dataDir ?? process.env.DATA_DIR;
    heldWorker = startLocalWorker({
      ...options.worker,
      tableName: stack.tableName,
      ...(dataDir && dataDir !== memoryDataDir ? { dataDir } : {}),
    });
    void heldWorker.then(() => console.log(JSON.stringify({ worker: 'started' })));
  });
  commands.on('close', stop);
}
