import { describe, expect, it } from 'vitest';

import { apiKeyIdOf, apiKeyMatches, apiKeyPrefix, hashApiKey, isApiKey, newApiKey } from './api-key-format';

const id = '01JD0000000000000000000000';

describe('API key format', () => {
  it('makes `orb_<id>_<secret>` keys that name their id, different every time', () => {
    const key = newApiKey(id);
    expect(key).toMatch(/^orb_01JD0000000000000000000000_[\w-]{43}$/);
    expect(key.startsWith(`${apiKeyPrefix(id)}_`)).toBe(true);
    expect(isApiKey(key)).toBe(true);
    expect(apiKeyIdOf(key)).toBe(id);
    expect(newApiKey(id)).not.toBe(key);
  });

  it('finds no id in what cannot be a key', () => {
    for (const text of ['eyJhbGciOiJIUzI1NiJ9.x.y', 'orb_', 'orb__secret', `orb_${id}`, `orb_${id}_`, 'orb_a b_c']) {
      expect(apiKeyIdOf(text), text).toBeUndefined();
    }
  });

  it('matches a key against its stored SHA-256 only', () => {
    const key = newApiKey(id);
    const stored = hashApiKey(key);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(apiKeyMatches(key, stored)).toBe(true);
    expect(apiKeyMatches(`${key}x`, stored)).toBe(false);
    expect(apiKeyMatches(key, 'not-hex')).toBe(false);
  });
});
