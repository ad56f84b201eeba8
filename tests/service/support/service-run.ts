import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

import { newLocalSecretKey } from '@orbit/functions/core/secret-box';

import { localAwsEnvironment, localRegion, type StoreConnection } from '../../../infra/local/dynamodb-local';
import { dataDirectorySecret } from '../../../infra/local/data-dir';

/** What the service project's global setup hands every file (global-store.ts). */
export interface ServiceRun {
  readonly store: StoreConnection;
  /** A private directory of the run: the shared secrets key, each file's SMS outbox. */
  readonly files: string;
  /** The seeded demo workspace, for files to copy (seeded-workspace.ts). */
  readonly templateTable: string;
}

/** The run's key for sealed secrets, made on first use (the seed's API keys and webhook secrets). */
const runSecretsKeyFile = (run: ServiceRun): string => {
  dataDirectorySecret(run.files, 'secrets.key', newLocalSecretKey);
  return join(run.files, 'secrets.key');
};

/**
 * The environment the handlers and services read on Lambda, pointing at the run's store and a
 * table of the caller's. The JWT secret and the secrets key are the run's, so tokens and sealed
 * secrets made by the seed open in every file's copy of it. No SES, S3 or WebSocket endpoint:
 * a file whose rules send mail or push starts what it needs (local-mail.ts).
 */
export const fileEnvironment = (run: ServiceRun, tableName: string): Record<string, string> => {
  const smsOutboxFile = join(run.files, `sms-${tableName}.jsonl`);
  writeFileSync(smsOutboxFile, '', { mode: 0o600, flag: 'a' });
  return {
    ...localAwsEnvironment(run.store),
    TABLE_NAME: tableName,
    JWT_SECRET: dataDirectorySecret(run.files, 'jwt-secret', () => randomBytes(48).toString('base64url')),
    SECRETS_KEY_FILE: runSecretsKeyFile(run),
    SMS_OUTBOX_FILE: smsOutboxFile,
    POWERTOOLS_SERVICE_NAME: 'orbit',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
    ORBIT_DEVELOPMENT: '1',
  };
};

/** A DynamoDB client of the test's own on the run's store (table admin, copies), destroyed after. */
export const withStoreClient = async <T>(
  store: StoreConnection,
  use: (client: DynamoDBClient) => Promise<T>,
): Promise<T> => {
  const client = new DynamoDBClient({ endpoint: store.endpoint, region: localRegion, credentials: store.credentials });
  try {
    return await use(client);
  } finally {
    client.destroy();
  }
};
