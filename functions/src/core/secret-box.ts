import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { fetchSecretString } from './secrets-manager';

/**
 * Secrets at rest (channel tokens, webhook secrets, a reset code waiting in a job): sealed
 * before they are written, opened only by the code that uses them, never sent to a browser.
 * AES-256-GCM, with the purpose as additional authenticated data, so a sealed bot token cannot
 * be opened as, say, a reset code. Where the key comes from:
 * - On AWS: a Secrets Manager secret (SECRETS_KEY_ARN), encrypted at rest by KMS, read once per
 *   container through the Parameters and Secrets extension (secrets-manager.ts). Not KMS
 *   Encrypt/Decrypt per value: the KMS client alone put the channels bundle over its 300 KB
 *   budget, and one fetch per cold start beats one KMS call per secret (docs/decisions.md).
 * - On one machine: a 0600 file in the data directory (SECRETS_KEY_FILE).
 * Either text is hashed (SHA-256) into the 32-byte key. A sealed value is
 * `aes:<base64 iv|tag|ciphertext>`.
 */
// two-step: a user's TOTP secret (auth/two-step.ts).
export type SecretPurpose = 'channel' | 'job' | 'integration' | 'two-step';

let key: Promise<Buffer> | undefined;

const keyFromText = (text: string): Buffer => {
  if (text.trim().length < 32) throw new Error('The secrets key is shorter than 32 characters');
  return createHash('sha256').update(text.trim()).digest();
};

const loadKey = async (): Promise<Buffer> => {
  const arn = process.env.SECRETS_KEY_ARN;
  if (arn) return keyFromText(await fetchSecretString(arn));
  const file = process.env.SECRETS_KEY_FILE;
  if (!file) throw new Error('Neither SECRETS_KEY_ARN nor SECRETS_KEY_FILE is set');
  return keyFromText(readFileSync(file, 'utf8'));
};

const secretsKey = (): Promise<Buffer> => {
  key ??= loadKey().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
};

/** A new local key's file content (the local stack writes it once, mode 0600). */
export const newLocalSecretKey = (): string => randomBytes(32).toString('base64');

const prefix = 'aes:';

export const sealSecret = async (plain: string, purpose: SecretPurpose): Promise<string> => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await secretsKey(), iv);
  cipher.setAAD(Buffer.from(purpose));
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${prefix}${Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64')}`;
};

export const openSecret = async (sealed: string, purpose: SecretPurpose): Promise<string> => {
  if (!sealed.startsWith(prefix)) throw new Error('Not a sealed secret');
  const bytes = Buffer.from(sealed.slice(prefix.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', await secretsKey(), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
};

/** What the browser may see of a secret: its last four characters. */
export const secretHint = (plain: string): string => plain.slice(-4);

/** Tests that switch key files between stacks. */
export const forgetSecretKeys = (): void => {
  key = undefined;
};
