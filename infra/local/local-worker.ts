import type { JobRegistry } from '@orbit/functions/core/jobs/definition';
import type { RunnerSettings } from '@orbit/functions/core/jobs/runner';
import { onTableWrite } from '@orbit/functions/core/db';
import { createWorker } from '@orbit/functions/worker/handler';
import { jobRegistry } from '@orbit/functions/worker/registry';

import { startStreamPoller, type StreamPoller } from './stream-poller';
import { startTick, type Tick } from './tick';

/**
 * The worker on one machine: the stream poller and the tick, both invoking the worker's own
 * handlers (functions/src/worker/handler.ts) as Lambda would.
 */
export interface LocalWorkerOptions {
  /** The job kinds to run; the production registry by default (tests pass their own). */
  readonly registry?: JobRegistry;
  readonly tickIntervalMs?: number;
  /**
   * The stream poller's wait after an empty read. The stack's own writes wake it at once
   * (core/db.ts's `onTableWrite`), so the wait only bounds how late a write from another process
   * (a script on the same store) is seen.
   */
  readonly pollIntervalMs?: number;
  /** Lease and call timeout, e.g. short leases in tests of a lapsed claim. */
  readonly settings?: Partial<RunnerSettings>;
  /** Off: no poller and no tick (a test that drives the handlers itself). */
  readonly enabled?: boolean;
}

/**
 * An idle poll a second: Lambda's mapping reads four times a second, but here the stack's own
 * writes wake the poller at once, and four idle reads a second were most of what an idle stack
 * cost (docs/decisions.md, "Local worker: woken by the stack's own writes").
 */
const idlePollIntervalMs = 1_000;

export interface LocalWorker {
  readonly poller?: StreamPoller;
  stop(): Promise<void>;
}

export const startLocalWorker = async (
  options: LocalWorkerOptions & { readonly tableName: string; readonly dataDir?: string },
): Promise<LocalWorker> => {
  if (options.enabled === false) return { stop: async () => undefined };
  const worker = createWorker(options.registry ?? jobRegistry, { settings: options.settings });
  const poller = await startStreamPoller({
    tableName: options.tableName,
    handler: worker.streamHandler,
    dataDir: options.dataDir,
    pollIntervalMs: options.pollIntervalMs ?? idlePollIntervalMs,
    wakeOn: onTableWrite,
  });
  const tick: Tick = startTick({ handler: worker.tickHandler, intervalMs: options.tickIntervalMs });
  return {
    poller,
    async stop() {
      await Promise.all([tick.stop(), poller.stop()]);
    },
  };
};
