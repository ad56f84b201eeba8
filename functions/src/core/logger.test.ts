import { describe, expect, it } from 'vitest';

import { createLogger, logLevelFrom, type LoggerOptions } from './logger';

const at = new Date('2026-11-23T03:04:05.678Z');

/** A logger whose lines are collected, parsed, with the level each was written at. */
const capture = (env: LoggerOptions['env'] = {}) => {
  const lines: { level: string; record: Record<string, unknown> }[] = [];
  const logger = createLogger({
    serviceName: 'orbit',
    env,
    now: () => at,
    write: (line, level) => {
      expect(line).not.toContain('\n');
      lines.push({ level, record: JSON.parse(line) as Record<string, unknown> });
    },
  });
  return { logger, lines, records: () => lines.map((line) => line.record) };
};

describe('logger', () => {
  it('writes one JSON record per call with level, message, timestamp, service and the extra keys', () => {
    const { logger, records } = capture();
    logger.warn('push failed', { connectionId: 'abc', attempt: 2 });
    expect(records()).toEqual([
      {
        level: 'WARN',
        message: 'push failed',
        timestamp: '2026-11-23T03:04:05.678Z',
        service: 'orbit',
        connectionId: 'abc',
        attempt: 2,
      },
    ]);
  });

  it('logs an Error as name, location, message, stack and cause, with its own keys', () => {
    const { logger, records } = capture();
    const failingWrite = () =>
      Object.assign(new Error('conditional check failed', { cause: new TypeError('inner') }), { code: 'CONFLICT' });
    const error = failingWrite();
    logger.error('unhandled error', error);
    const [record] = records();
    expect(record).toMatchObject({
      level: 'ERROR',
      message: 'unhandled error',
      error: {
        name: 'Error',
        message: 'conditional check failed',
        code: 'CONFLICT',
        cause: { name: 'TypeError', message: 'inner' },
      },
    });
    const logged = record?.error as { stack: string; location: string };
    expect(logged.stack).toContain('conditional check failed');
    expect(logged.location).toMatch(/logger\.test\.ts:\d+$/);
  });

  it('puts scoped keys on the records logged inside the call only; a record cannot overwrite the reserved ones', async () => {
    const { logger, records } = capture();
    await logger.withKeys({ routeKey: 'GET /api/health', area: 'health' }, async () => {
      logger.info('first');
      await logger.withKeys({ step: 'inner' }, async () => {
        logger.info('second', { level: 'DEBUG', message: 'overwritten?', detail: 'kept' });
      });
    });
    logger.info('after');
    expect(records()).toEqual([
      expect.objectContaining({ message: 'first', routeKey: 'GET /api/health', area: 'health' }),
      expect.objectContaining({
        level: 'INFO',
        message: 'second',
        routeKey: 'GET /api/health',
        step: 'inner',
        detail: 'kept',
      }),
      expect.not.objectContaining({ routeKey: expect.anything() }),
    ]);
    expect(records()[0]).not.toHaveProperty('step');
  });

  it('keeps the keys of calls running at the same time apart (one process serves every handler locally)', async () => {
    const { logger, records } = capture();
    let releaseFirst = () => {};
    const firstMayLog = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const first = logger.withKeys({ routeKey: 'GET /api/referrals' }, async () => {
      await firstMayLog;
      logger.info('request');
    });
    const second = logger.withKeys({ handler: 'worker-stream' }, async () => {
      logger.info('job');
      releaseFirst();
    });
    await Promise.all([first, second]);
    expect(records()).toEqual([
      expect.objectContaining({ message: 'job', handler: 'worker-stream' }),
      expect.objectContaining({ message: 'request', routeKey: 'GET /api/referrals' }),
    ]);
    expect(records()[0]).not.toHaveProperty('routeKey');
    expect(records()[1]).not.toHaveProperty('handler');
  });

  it('adds the X-Ray trace id of the current invocation when Lambda sets one', () => {
    const env: Record<string, string | undefined> = {};
    const { logger, records } = capture(env);
    logger.info('before');
    env._X_AMZN_TRACE_ID = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1';
    logger.info('during');
    expect(records()[0]).not.toHaveProperty('xray_trace_id');
    expect(records()[1]?.xray_trace_id).toBe('1-5759e988-bd862e3fe1be46a994272793');
  });

  it('survives circular and bigint values', () => {
    const { logger, records } = capture();
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    logger.info('odd values', { loop, big: 10n });
    expect(records()[0]).toMatchObject({ loop: { name: 'loop' }, big: '10' });
  });

  it('drops records below its level, and everything when SILENT', () => {
    const info = capture();
    info.logger.debug('hidden');
    info.logger.info('shown');
    expect(info.records().map((record) => record.message)).toEqual(['shown']);

    const silent = capture({ POWERTOOLS_LOG_LEVEL: 'SILENT' });
    silent.logger.error('not even errors');
    expect(silent.lines).toEqual([]);

    const debug = capture({ LOG_LEVEL: 'debug' });
    debug.logger.debug('shown');
    expect(debug.lines).toEqual([{ level: 'DEBUG', record: expect.objectContaining({ message: 'shown' }) }]);
  });

  it('takes its level from Lambda first, then POWERTOOLS_LOG_LEVEL, then LOG_LEVEL, else INFO', () => {
    expect(logLevelFrom({})).toBe('INFO');
    expect(logLevelFrom({ LOG_LEVEL: 'warn' })).toBe('WARN');
    expect(logLevelFrom({ POWERTOOLS_LOG_LEVEL: 'error', LOG_LEVEL: 'debug' })).toBe('ERROR');
    expect(logLevelFrom({ AWS_LAMBDA_LOG_LEVEL: 'INFO', POWERTOOLS_LOG_LEVEL: 'DEBUG' })).toBe('INFO');
    expect(logLevelFrom({ AWS_LAMBDA_LOG_LEVEL: 'FATAL' })).toBe('CRITICAL');
    expect(logLevelFrom({ POWERTOOLS_LOG_LEVEL: 'loud' })).toBe('INFO');
  });
});
