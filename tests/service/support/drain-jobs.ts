import type { JobRegistry } from '@orbit/functions/core/jobs/definition';
import {
  dueJobs,
  runJob,
  runnerSettings,
  type RunnerSettings,
  type RunOutcome,
} from '@orbit/functions/core/jobs/runner';
import { jobRegistry } from '@orbit/functions/worker/registry';

export interface DrainedJob {
  readonly kind: string;
  readonly id: string;
  readonly outcome: RunOutcome;
}

export interface DrainOptions {
  /** The job kinds that may run; the production registry by default. */
  readonly registry?: JobRegistry;
  readonly settings?: Partial<RunnerSettings>;
  /** Rounds before giving up: work that keeps queueing more work at once is a bug worth a failure. */
  readonly maxRounds?: number;
}

/**
 * Runs, now, every background job that is due: what the worker's tick would find on its next
 * beat (worker/handler.ts), through the same `runJob`, round after round until nothing due is
 * left — a job's hook may queue the next one. "Due" is by the process clock, so a test that moved
 * it (clock.ts) drains scheduled work, retries after their back-off and lapsed leases too. Jobs
 * run one at a time, in the due index's order, so a test reads a settled table afterwards. A job
 * due later stays queued; a retry stays until the clock passes its back-off.
 */
export const drainJobs = async (options: DrainOptions = {}): Promise<DrainedJob[]> => {
  const registry = options.registry ?? jobRegistry;
  const settings = runnerSettings(options.settings);
  const ran: DrainedJob[] = [];
  const maxRounds = options.maxRounds ?? 25;
  for (let round = 0; round < maxRounds; round++) {
    const due = await dueJobs(settings.now(), 100);
    if (due.length === 0) return ran;
    for (const job of due) ran.push({ kind: job.kind, id: job.id, outcome: await runJob(job, registry, settings) });
  }
  throw new Error(
    `background work still due after ${maxRounds} rounds: ${ran
      .slice(-5)
      .map((job) => job.kind)
      .join(', ')}`,
  );
};
