/**
 * How the table's stream is delivered to the worker: the event source mapping in AWS
 * (infra/lib/worker.ts) and the local stream poller (infra/local/stream-poller.ts) both read
 * these, so a batch is retried, split and given up on by the same rules in both places.
 * Why each value: docs/background-work.md.
 */
export interface EventSourceSettings {
  readonly batchSize: number;
  readonly retryAttempts: number;
  readonly bisectBatchOnError: boolean;
  readonly reportBatchItemFailures: boolean;
  readonly maxRecordAgeSeconds: number;
  readonly functionTimeoutSeconds: number;
}

export const jobEventSource: EventSourceSettings = {
  /** Records per invocation: the handler runs up to 10 jobs at once, so two rounds at most. */
  batchSize: 20,
  /** Further invocations for a failing batch; the jobs stay in the table, the tick is the net. */
  retryAttempts: 5,
  /** A batch that throws is split in two and each half retried, isolating a poison record. */
  bisectBatchOnError: true,
  /** The handler names the records it could not handle; only those (and later) are retried. */
  reportBatchItemFailures: true,
  /** Records older than this go to the on-failure destination instead of the handler. */
  maxRecordAgeSeconds: 3_600,
  /** The worker function's timeout; the job lease (runner.ts) is longer. */
  functionTimeoutSeconds: 60,
};

/** How often the tick runs in AWS (an EventBridge rule); locally a timer, every second by default. */
export const tickSchedule = 'rate(1 minute)';
