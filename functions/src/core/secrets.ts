import { fetchSecretString } from './secrets-manager';

/**
 * The JWT signing secret. Locally the stack generates one per data directory and passes it
 * as JWT_SECRET. On AWS the deployment generates it in Secrets Manager and passes only its
 * ARN (JWT_SECRET_ARN); the value is fetched once per container, through the Parameters and
 * Secrets extension (secrets-manager.ts). It is never in the repository, in logs or in a
 * response.
 */
let cached: Promise<Uint8Array> | undefined;

const minimumLength = 32;

const fromSecretsManager = async (): Promise<Uint8Array> => {
  const arn = process.env.JWT_SECRET_ARN;
  if (!arn) throw new Error('Neither JWT_SECRET nor JWT_SECRET_ARN is set');
  const value = await fetchSecretString(arn);
  if (value.length < minimumLength) throw new Error('The JWT secret is shorter than 32 characters');
  return new TextEncoder().encode(value);
};

export const jwtSecret = (): Promise<Uint8Array> => {
  const direct = process.env.JWT_SECRET;
  if (direct) {
    if (direct.length < minimumLength) return Promise.reject(new Error('JWT_SECRET is shorter than 32 characters'));
    return Promise.resolve(new TextEncoder().encode(direct));
  }
  cached ??= fromSecretsManager().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
};
