import { afterEach, expect, it } from 'vitest';

import { JavaMissingError, startDynamoDbLocal } from './dynamodb-local';

const originalPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = originalPath;
});

it('explains how to install Java when it is missing', async () => {
  process.env.PATH = '/nonexistent';
  await expect(startDynamoDbLocal({ dataDir: ':memory:' })).rejects.toBeInstanceOf(JavaMissingError);
  await expect(startDynamoDbLocal({ dataDir: ':memory:' })).rejects.toThrow(/Java 17 or newer is needed/);
});
