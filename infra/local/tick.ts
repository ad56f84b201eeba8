import { randomUUID } from 'node:crypto';

import type { Context, ScheduledEvent } from 'aws-lambda';

import { jobEventSource } from '@orbit/functions/worker/event-source';

import { invocationContext } from './stream-poller';

/**
 * The local stand-in for the EventBridge rule that runs the worker's tick: a timer invoking the
 * same `tickHandler` with the event EventBridge sends. Locally it fires every second by default
 * (JOB_TICK_INTERVAL_MS), so "send later" and retries after back-off are prompt; one tick at a
 * time, the next one an interval after the last ended.
 */

export type TickHandler = (event: ScheduledEvent, context: Context) => Promise<unknown>;

export interface Tick {
  /** Stops the timer; waits for a tick in flight, not for the interval. */
  stop(): Promise<void>;
}

const localRuleArn = 'arn:aws:events:us-east-1:000000000000:rule/orbit-worker-tick';

export const scheduledEvent = (now = new Date()): ScheduledEvent => ({
  version: '0',
  id: randomUUID(),
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '000000000000',
  time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
  region: process.env.AWS_REGION ?? 'us-east-1',
  resources: [localRuleArn],
  detail: {},
});

export const defaultTickIntervalMs = (): number => Number(process.env.JOB_TICK_INTERVAL_MS) || 1_000;

export const startTick = (options: { readonly handler: TickHandler; readonly intervalMs?: number }): Tick => {
  const intervalMs = options.intervalMs ?? defaultTickIntervalMs();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  const fire = () => {
    inFlight = options
      .handler(scheduledEvent(), invocationContext(jobEventSource.functionTimeoutSeconds, 'orbit-worker-tick'))
      .then(
        () => undefined,
        (error: unknown) => console.error('[tick] the worker failed:', error instanceof Error ? error.message : error),
      )
      .finally(() => {
        inFlight = undefined;
        if (!stopped) timer = setTimeout(fire, intervalMs);
      });
  };
  timer = setTimeout(fire, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
    },
  };
};
