import middy from '@middy/core';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type {
  Context,
  DynamoDBBatchItemFailure,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  ScheduledEvent,
} from 'aws-lambda';

import type { JobRegistry } from '../core/jobs/definition';
import { jobEntity } from '../core/jobs/entities';
import { dueJobs, forEachLimited, runJob, runnerSettings, type RunnerSettings } from '../core/jobs/runner';
import { isDue } from '../core/jobs/transitions';
import { logger } from '../core/logger';
import { jobRegistry } from './registry';
import { jobStreamFilter, matchesFilter } from './stream-filter';

/**
 * The worker: the same two handlers on Lambda and in the local stack (infra/local/stream-poller.ts,
 * infra/local/tick.ts).
 * - `streamHandler`: DynamoDB Streams (via the event source mapping) → runs each queued job that
 *   is due now; jobs due later wait for the tick. Reports the records it could not handle (the
 *   table was unreachable) as batch item failures, so only those are delivered again.
 * - `tickHandler`: EventBridge schedule → one bounded Query of the due index: scheduled work
 *   whose time came, retries after back-off, and claims whose lease lapsed.
 */

export interface WorkerOptions {
  /** Jobs run at once within one invocation (each mostly waits on an outside call). */
  readonly concurrency?: number;
  /** Due jobs one tick reads. */
  readonly tickLimit?: number;
  readonly settings?: Partial<RunnerSettings>;
}

/** Time kept back before the Lambda timeout: a job is not claimed unless its call fits. */
const marginMs = 5_000;

const jobOf = (record: DynamoDBRecord) => {
  const image = record.dynamodb?.NewImage;
  if (!image || !matchesFilter(jobStreamFilter, record)) return undefined;
  return jobEntity.fromItem(unmarshall(image as Record<string, AttributeValue>));
};

export const createWorker = (registry: JobRegistry, options: WorkerOptions = {}) => {
  const concurrency = options.concurrency ?? 10;

  const stream = async (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    const settings = runnerSettings(options.settings);
    const batchItemFailures: DynamoDBBatchItemFailure[] = [];
    await forEachLimited(event.Records, concurrency, async (record) => {
      const sequenceNumber = record.dynamodb?.SequenceNumber ?? '';
      try {
        const job = jobOf(record);
        if (!job || !isDue(job, settings.now())) return;
        // Too late in this invocation to finish the call: delivered again (it is still queued).
        if (context && context.getRemainingTimeInMillis() < settings.callTimeoutMs + marginMs) {
          batchItemFailures.push({ itemIdentifier: sequenceNumber });
          return;
        }
        await runJob(job, registry, settings);
      } catch (error) {
        logger.error('stream record failed', { sequenceNumber }, error instanceof Error ? error : undefined);
        batchItemFailures.push({ itemIdentifier: sequenceNumber });
      }
    });
    return { batchItemFailures };
  };

  const tick = async (_event: ScheduledEvent, context?: Context): Promise<{ readonly found: number }> => {
    const settings = runnerSettings(options.settings);
    const jobs = await dueJobs(settings.now(), options.tickLimit ?? 100);
    await forEachLimited(jobs, concurrency, async (job) => {
      if (context && context.getRemainingTimeInMillis() < settings.callTimeoutMs + marginMs) return;
      try {
        await runJob(job, registry, settings);
      } catch (error) {
        // Still in the due index: the next tick finds it again.
        logger.error('due job failed', { jobId: job.id }, error instanceof Error ? error : undefined);
      }
    });
    return { found: jobs.length };
  };

  return {
    streamHandler: middy<DynamoDBStreamEvent, DynamoDBBatchResponse>((event: DynamoDBStreamEvent, context: Context) =>
      logger.withKeys({ handler: 'worker-stream' }, () => stream(event, context)),
    ),
    tickHandler: middy<ScheduledEvent, { readonly found: number }>((event: ScheduledEvent, context: Context) =>
      logger.withKeys({ handler: 'worker-tick' }, () => tick(event, context)),
    ),
  };
};

export type Worker = ReturnType<typeof createWorker>;

const worker = createWorker(jobRegistry);
export const streamHandler = worker.streamHandler;
export const tickHandler = worker.tickHandler;
