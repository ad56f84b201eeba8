import { PutCommand } from '@aws-sdk/lib-dynamodb';

import { db, putPart, writeIf, type TransactionPart } from '../db';
import { ulid } from '../ids';
import { tableName } from '../table';
import { jobEntity } from './entities';
import type { JobKind, JobPayloads, JobRecord } from './records';

/**
 * The API other areas use to hand work to the background. A request never makes the outside
 * call itself: it writes the job, usually as one part of the transaction that makes the change
 * (`jobPart`), and the worker runs it (docs/background-work.md).
 */
export interface EnqueueOptions {
  /** When to run it (default: now). A later time makes it scheduled work for the tick. */
  readonly runAt?: Date;
  /** Names the job for de-duplication: a second job with the same id is refused. */
  readonly id?: string;
  /** Attempts before it is dead (default 5). Outside sends that must not repeat use retries only for failures known to be safe. */
  readonly maxAttempts?: number;
  /** What an admin reads in the dead-letter list. */
  readonly label: string;
  readonly now?: Date;
}

export const defaultMaxAttempts = 5;

export const newJob = <K extends JobKind>(
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions,
): JobRecord<JobPayloads[K]> => {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  return {
    id: options.id ?? ulid(now.getTime()),
    kind,
    payload,
    status: 'queued',
    runAt: (options.runAt ?? now).toISOString(),
    attempts: 0,
    maxAttempts: options.maxAttempts ?? defaultMaxAttempts,
    label: options.label,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
};

/** The job as a part of the caller's transaction (the outbox): it exists only if the change does. */
export const jobPart = <K extends JobKind>(
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions,
): { part: TransactionPart; job: JobRecord<JobPayloads[K]> } => {
  const job = newJob(kind, payload, options);
  return { job, part: putPart(`job:${kind}`, jobEntity.toItem(job), 'attribute_not_exists(pk)') };
};

/**
 * A job on its own (when nothing else is written with it). With `id`, a job of that id that
 * already exists is kept and ConditionFailed(['job']) is thrown: the work is queued once.
 */
export const enqueueJob = async <K extends JobKind>(
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions,
): Promise<JobRecord<JobPayloads[K]>> => {
  const job = newJob(kind, payload, options);
  await writeIf('job', () =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: jobEntity.toItem(job),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  return job;
};
