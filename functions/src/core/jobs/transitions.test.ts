import { describe, expect, it } from 'vitest';

import { jobIndexKeys } from './entities';
import { PermanentJobError, UnknownOutcomeError } from './errors';
import type { JobRecord } from './records';
import {
  claimed,
  defaultBackoff,
  errorText,
  failed,
  isDue,
  isLapsed,
  lapsed,
  maxErrorLength,
  mayRerun,
  isUnsettled,
  replayed,
  settled,
  succeeded,
  withHookPending,
  unrunnable,
} from './transitions';

const t0 = new Date('2026-11-24T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const job = (overrides: Partial<JobRecord> = {}): JobRecord => ({
  id: '01JOB',
  kind: 'test.kind' as JobRecord['kind'],
  payload: { to: 'ada' },
  status: 'queued',
  runAt: t0.toISOString(),
  attempts: 0,
  maxAttempts: 3,
  label: 'Test job',
  createdAt: t0.toISOString(),
  updatedAt: t0.toISOString(),
  version: 1,
  ...overrides,
});

describe('job transitions', () => {
  it('is due once its time has come, and only when queued or retrying', () => {
    expect(isDue(job(), t0)).toBe(true);
    expect(isDue(job({ runAt: at(1).toISOString() }), t0)).toBe(false);
    expect(isDue(job({ status: 'retrying' }), t0)).toBe(true);
    for (const status of ['running', 'done', 'dead', 'unknown', 'cancelled'] as const)
      expect(isDue(job({ status }), at(60_000))).toBe(false);
  });

  it('claims with one more attempt, a lease, a new version, and moves to the lease in the due index', () => {
    const claim = claimed(job(), t0, 60_000);
    expect(claim).toMatchObject({ status: 'running', attempts: 1, version: 2, leaseUntil: at(60_000).toISOString() });
    expect(jobIndexKeys(claim)).toEqual({ gsi1pk: 'JOBS#due', gsi1sk: `${at(60_000).toISOString()}#01JOB` });
    expect(isLapsed(claim, at(59_999))).toBe(false);
    expect(isLapsed(claim, at(60_000))).toBe(true);
  });

  it('records success out of every index, with the result and a 30-day expiry', () => {
    const done = succeeded(claimed(job(), t0, 60_000), at(500), { messageId: 'm1' });
    expect(done).toMatchObject({ status: 'done', result: { messageId: 'm1' }, version: 3 });
    expect(done.leaseUntil).toBeUndefined();
    expect(done.expiresAt).toBe(Math.floor(at(500).getTime() / 1000) + 30 * 24 * 3600);
    expect(jobIndexKeys(done)).toEqual({});
  });

  it('retries a transient failure after an exponential back-off with full jitter', () => {
    const first = failed(claimed(job(), t0, 60_000), t0, new Error('ECONNRESET'), defaultBackoff, () => 0.5);
    expect(first).toMatchObject({ status: 'retrying', lastError: 'Error: ECONNRESET' });
    expect(Date.parse(first.runAt) - t0.getTime()).toBe(0.5 * defaultBackoff.baseMs);
    const second = failed(claimed(first, t0, 60_000), t0, new Error('again'), defaultBackoff, () => 1);
    expect(Date.parse(second.runAt) - t0.getTime()).toBe(2 * defaultBackoff.baseMs);
    const capped = failed(
      claimed(job({ attempts: 1, maxAttempts: 40 }), t0, 1),
      t0,
      new Error('x'),
      { baseMs: 1_000, capMs: 1_500 },
      () => 1,
    );
    expect(Date.parse(capped.runAt) - t0.getTime()).toBe(1_500);
    expect(jobIndexKeys(first).gsi1pk).toBe('JOBS#due');
  });

  it('is dead when the attempts are spent or the failure is permanent, unknown when the outcome is', () => {
    const last = claimed(job({ attempts: 2 }), t0, 60_000);
    expect(failed(last, t0, new Error('timeout'))).toMatchObject({ status: 'dead', attempts: 3 });
    const permanent = failed(claimed(job(), t0, 1), t0, new PermanentJobError('bot token revoked'));
    expect(permanent).toMatchObject({ status: 'dead', lastError: 'PermanentJobError: bot token revoked' });
    expect(jobIndexKeys(permanent)).toEqual({ gsi1pk: 'JOBS#attention', gsi1sk: `${t0.toISOString()}#01JOB` });
    expect(failed(claimed(job(), t0, 1), t0, new UnknownOutcomeError('socket hang up'))).toMatchObject({
      status: 'unknown',
    });
    expect(unrunnable(job(), t0)).toMatchObject({
      status: 'dead',
      lastError: 'No worker knows the job kind "test.kind"',
    });
  });

  it('keeps only a short message as the last error', () => {
    expect(errorText(new Error('x'.repeat(2_000)))).toHaveLength(maxErrorLength);
    expect(errorText('plain')).toBe('plain');
  });

  it('ends a lapsed at-most-once claim as unknown, and re-runs at-least-once work while attempts remain', () => {
    const running = claimed(job(), t0, 1_000);
    expect(mayRerun(running, 'at-most-once')).toBe(false);
    expect(lapsed(running, at(2_000), 'at-most-once')).toMatchObject({ status: 'unknown', version: 3 });
    expect(lapsed(running, at(2_000), undefined).status).toBe('unknown');
    expect(mayRerun(running, 'at-least-once')).toBe(true);
    expect(mayRerun(claimed(job({ attempts: 2 }), t0, 1), 'at-least-once')).toBe(false);
    expect(lapsed(claimed(job({ attempts: 2 }), t0, 1), at(2_000), 'at-least-once').status).toBe('dead');
  });

  it('replays a dead job as queued now with its attempts afresh', () => {
    const dead = failed(claimed(job({ attempts: 2 }), t0, 1), t0, new Error('x'));
    expect(replayed(dead, at(5_000))).toMatchObject({
      status: 'queued',
      attempts: 0,
      runAt: at(5_000).toISOString(),
      version: dead.version + 1,
    });
  });

  it('keeps an outcome whose hook is still to run in the due index, at a lease, until settled', () => {
    const done = succeeded(claimed(job(), t0, 60_000), t0, 'ok');
    const pending = withHookPending(done, t0, 5_000);
    expect(jobIndexKeys(pending)).toEqual({ gsi1pk: 'JOBS#due', gsi1sk: `${at(5_000).toISOString()}#01JOB` });
    expect(isUnsettled(pending, at(4_999))).toBe(false);
    expect(isUnsettled(pending, at(5_000))).toBe(true);
    const final = settled(pending, at(6_000));
    expect(final).toMatchObject({ status: 'done', version: pending.version + 1 });
    expect(final.hookPending).toBeUndefined();
    expect(jobIndexKeys(final)).toEqual({});
    const dead = settled(withHookPending(failed(claimed(job({ attempts: 2 }), t0, 1), t0, new Error('x')), t0, 1), t0);
    expect(jobIndexKeys(dead).gsi1pk).toBe('JOBS#attention');
    expect(replayed(withHookPending(dead, t0, 1), t0).hookPending).toBeUndefined();
  });
});
