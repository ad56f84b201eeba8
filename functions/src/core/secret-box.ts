import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { DecryptCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';

/**
 * Secrets at rest (channel tokens, webhook secrets, a reset code waiting in a job): sealed
 * before they are written, opened only by the code that uses them, never sent to a browser.
 * - On AWS: KMS Encrypt/Decrypt with the key SECRETS_KMS_KEY_ID names (the function's role may
 *   use that key and no other). The encryption context names the purpose, so a sealed bot token
 *   cannot be opened as, say, a reset code.
 * - On one machine: AES-256-GCM with a key read from SECRETS_KEY_FILE (a 0600 file the local
 *   stack makes in its data directory), with the purpose as additional authenticated data.
 * A sealed value says which way it was sealed: `kms:<base64>` or `local:<base64 iv|tag|text>`.
 */
export type SecretPurpose = 'channel' | 'job' | 'integration';

let kms: KMSClient | undefined;
let localKey: Buffer | undefined;

const readLocalKey = (): Buffer => {
  if (localKey) return localKey;
  const file = process.env.SECRETS_KEY_FILE;
  if (!file) throw new Error('Neither SECRETS_KMS_KEY_ID nor SECRETS_KEY_FILE is set');
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY_FILE must hold 32 bytes, base64');
  localKey = key;
  return key;
};

/** A new local key's file content (the local stack writes it once, mode 0600). */
export const newLocalSecretKey = (): string => randomBytes(32).toString('base64');

export const sealSecret = async (plain: string, purpose: SecretPurpose): Promise<string> => {
  const keyId = process.env.SECRETS_KMS_KEY_ID;
  if (keyId) {
    kms ??= new KMSClient({});
    const sealed = await kms.send(
      new EncryptCommand({
        KeyId: keyId,
        Plaintext: new TextEncoder().encode(plain),
        EncryptionContext: { purpose },
      }),
    );
    if (!sealed.CiphertextBlob) throw new Error('KMS returned no ciphertext');
    return `kms:${Buffer.from(sealed.CiphertextBlob).toString('base64')}`;
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', readLocalKey(), iv);
  cipher.setAAD(Buffer.from(purpose));
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `local:${Buffer.concat([iv, cipher.getAuthTag(), text]).toString('base64')}`;
};

export const openSecret = async (sealed: string, purpose: SecretPurpose): Promise<string> => {
  if (sealed.startsWith('kms:')) {
    kms ??= new KMSClient({});
    const opened = await kms.send(
      new DecryptCommand({
        CiphertextBlob: Buffer.from(sealed.slice('kms:'.length), 'base64'),
        EncryptionContext: { purpose },
      }),
    );
    if (!opened.Plaintext) throw new Error('KMS returned no plaintext');
    return new TextDecoder().decode(opened.Plaintext);
  }
  if (!sealed.startsWith('local:')) throw new Error('Not a sealed secret');
  const bytes = Buffer.from(sealed.slice('local:'.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', readLocalKey(), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
};

/** What the browser may see of a secret: its last four characters. */
export const secretHint = (plain: string): string => plain.slice(-4);

/** Tests that switch key files between stacks. */
export const forgetSecretKeys = (): void => {
  localKey = undefined;
};
