import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { forgetSecretKeys, newLocalSecretKey, openSecret, sealSecret, secretHint } from './secret-box';

describe('secret box (local key file)', () => {
  beforeEach(() => {
    const file = join(mkdtempSync(join(tmpdir(), 'orbit-secret-')), 'secrets.key');
    writeFileSync(file, newLocalSecretKey(), { mode: 0o600 });
    process.env.SECRETS_KEY_FILE = file;
    forgetSecretKeys();
  });
  afterEach(() => {
    delete process.env.SECRETS_KEY_FILE;
    forgetSecretKeys();
  });

  it('seals so the text is not readable, and opens it back', async () => {
    const sealed = await sealSecret('123456:ABC-bot-token', 'channel');
    expect(sealed).toMatch(/^aes:/);
    expect(sealed).not.toContain('ABC-bot-token');
    await expect(openSecret(sealed, 'channel')).resolves.toBe('123456:ABC-bot-token');
  });

  it('seals the same text differently each time', async () => {
    expect(await sealSecret('same', 'channel')).not.toBe(await sealSecret('same', 'channel'));
  });

  it('refuses to open a secret sealed for another purpose, or tampered with', async () => {
    const sealed = await sealSecret('reset code 123456', 'job');
    await expect(openSecret(sealed, 'channel')).rejects.toThrow();
    const bytes = Buffer.from(sealed.slice('aes:'.length), 'base64');
    bytes.writeUInt8((bytes.at(-1) ?? 0) ^ 1, bytes.length - 1);
    await expect(openSecret(`aes:${bytes.toString('base64')}`, 'job')).rejects.toThrow();
  });

  it('shows only the last four characters', () => {
    expect(secretHint('123456:ABCDEFGH')).toBe('EFGH');
  });
});
