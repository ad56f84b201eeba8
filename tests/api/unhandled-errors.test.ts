import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, demo, startApiStack } from '../support/api-stack';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startApiStack();
});
afterAll(async () => {
  await stack.stop();
});

it('turns an unhandled failure into a 500 that reveals no internals', async () => {
  // The store losing its table is a failure no handler expects.
  const admin = new DynamoDBClient({});
  await admin.send(new DeleteTableCommand({ TableName: stack.tableName }));
  admin.destroy();
  const response = await new ApiClient(stack.url).request('POST', '/api/auth/login', { body: demo.admin });
  expect(response.status).toBe(500);
  expect(response.body).toEqual({ errors: { general: ['Internal server error'] } });
  expect(JSON.stringify(response.body)).not.toMatch(/ResourceNotFound|dynamo|stack|table/i);
});
