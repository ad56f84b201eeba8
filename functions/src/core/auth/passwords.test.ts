import { describe, expect, it } from 'vitest';

import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('verifies the right password and refuses others, with a fresh salt per hash', async () => {
    const first = await hashPassword('Admin#2026');
    const second = await hashPassword('Admin#2026');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Admin#2026');
    expect(await verifyPassword('Admin#2026', first)).toBe(true);
    expect(await verifyPassword('Admin#2026 ', first)).toBe(false);
    expect(await verifyPassword('admin#2026', first)).toBe(false);
  });

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
  });
});
