import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { resetCodeEntity } from '@orbit/functions/auth/entities';
import { db } from '@orbit/functions/core/db';
import { localSmsOutbox } from '@orbit/functions/core/transports/sms';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, captureProcessOutput, demo, startApiStack } from '../support/api-stack';
import { resetJobItems, resetJobsTo, waitForEmails } from '../support/sent-messages';

/**
 * On AWS Lambda, without an SMS or email transport configured, password recovery fails closed:
 * 503 for every phone, no code stored, sent or logged, and a log record the CloudWatch alarm
 * counts. With email only, codes go by email alone. The handlers run here as Lambda runs them:
 * AWS_LAMBDA_FUNCTION_NAME set, every log level on.
 */
vi.hoisted(() => {
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'orbit-test-auth';
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

let stack: LocalStack;
const client = () => new ApiClient(stack.url);
let logged: string[] = [];

beforeAll(async () => {
  stack = await startApiStack();
  logged = captureProcessOutput();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await stack.stop();
});

const unavailable = {
  errors: {
    general: ['Password recovery by SMS is not available yet. Ask an administrator to reset your password.'],
  },
};

describe('password recovery on Lambda without an SMS or email transport', () => {
  it('answers 503 in the errors shape for every phone, stores and sends nothing, and logs no code', async () => {
    const outboxBefore = localSmsOutbox.length;
    const logsBefore = logged.length;
    for (const phone of [demo.clientA.phone, '+15550349999']) {
      const response = await client().request('POST', '/api/auth/forgot-password', { body: { phone } });
      expect(response.status).toBe(503);
      expect(response.body).toEqual(unavailable);
      const { Item } = await db().send(new GetCommand({ TableName: stack.tableName, Key: resetCodeEntity.key(phone) }));
      expect(Item).toBeUndefined();
    }
    expect(await resetJobItems(stack.tableName)).toHaveLength(0);
    expect(localSmsOutbox.length).toBe(outboxBefore);

    const records = logged
      .slice(logsBefore)
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean);
    const alarms = records.filter((line) => line.includes('"alarm":"NotifierUnavailable"'));
    expect(alarms).toHaveLength(2);
    for (const line of records) {
      expect(line).not.toMatch(/reset code|\b\d{6}\b/i);
      expect(line).not.toContain(demo.clientA.phone);
    }
  });

  it('leaves sign-in working', async () => {
    expect((await client().signIn(demo.admin.phone, demo.admin.password)).status).toBe(201);
  });
});

describe('password recovery on Lambda with email only', () => {
  it('sends the code by email and writes no SMS', async () => {
    process.env.NOTIFICATIONS_FROM_EMAIL = 'security@orbit.example';
    try {
      const phone = demo.clientA.phone;
      const me = await client().signIn(phone, demo.clientA.password);
      const email = (me.body.userData as unknown as { email: string }).email;
      const response = await client().request('POST', '/api/auth/forgot-password', { body: { phone } });
      expect(response.status).toBe(202);
      expect(await resetJobsTo(stack.tableName, phone)).toHaveLength(0);
      expect(await resetJobsTo(stack.tableName, email)).toHaveLength(1);
      const [received] = await waitForEmails(stack.mailStoreUrl, email, 1);
      expect(received?.from).toContain('security@orbit.example');
      expect(received?.body.text).toMatch(/\b\d{6}\b/);
    } finally {
      delete process.env.NOTIFICATIONS_FROM_EMAIL;
    }
  });
});
