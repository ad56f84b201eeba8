import { randomBytes } from 'node:crypto';

import * as stablelibBase64 from '@stablelib/base64';
import * as fastSha256 from 'fast-sha256';
import { describe, expect, it } from 'vitest';

import { decode, encode, hmac } from './webhook-primitives';

describe('the webhook signer’s primitives on node:crypto', () => {
  it('computes the same HMAC-SHA256 as fast-sha256', () => {
    for (let round = 0; round < 20; round += 1) {
      const key = randomBytes(round + 8);
      const data = randomBytes(round * 13);
      expect(hmac(key, data)).toEqual(fastSha256.hmac(key, data));
    }
  });

  it('encodes and decodes base64 as @stablelib/base64 does, and refuses what it refuses', () => {
    for (let round = 0; round < 20; round += 1) {
      const bytes = new Uint8Array(randomBytes(round));
      const text = stablelibBase64.encode(bytes);
      expect(encode(bytes)).toBe(text);
      expect(decode(text)).toEqual(stablelibBase64.decode(text));
    }
    expect(() => stablelibBase64.decode('not base64!')).toThrow();
    expect(() => decode('not base64!')).toThrow();
  });
});
