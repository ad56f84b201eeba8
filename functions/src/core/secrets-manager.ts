import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * One client per container, reused by every invocation. Region, credentials and endpoint come
 * from the standard SDK environment (AWS_REGION, the execution role,
 * AWS_ENDPOINT_URL_SECRETS_MANAGER), so nothing here knows where it runs.
 */
const secretsManager = new SecretsManagerClient({});

/**
 * Reads a secret's current string value. Callers cache the result (see secrets.ts): it is
 * fetched once per cold start, not per request.
 */
export const fetchSecretString = async (
  arn: string,
  client: SecretsManagerClient = secretsManager,
): Promise<string> => {
  const { SecretString: value } = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  // A binary-only secret is a deployment mistake; say so without echoing any of it.
  if (value === undefined) throw new Error('The secret has no string value');
  return value;
};
