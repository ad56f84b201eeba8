import type { JobRegistry } from '@orbit/functions/core/jobs/definition';
import type { RunnerSettings } from '@orbit/functions/core/jobs/runner';
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
  readonly pollIntervalMs?: number;
  /** Lease and call timeout, e.g. short leases in tests of a lapsed claim. */
  readonly settings?: Partial<RunnerSettings>;
  /** Off: no poller and no tick (a test that drives the handlers itself). */
  readonly enabled?: boolean;
}

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
    pollIntervalMs: options.pollIntervalMs,
  });
  const tick: Tick = startTick({ handler: worker.tickHandler, intervalMs: options.tickIntervalMs });
  return {
    poller,
    async stop() {
      await Promise.all([tick.stop(), poller.stop()]);
    },
  };
};
