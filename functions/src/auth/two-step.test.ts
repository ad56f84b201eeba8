import { describe, expect, it } from 'vitest';

import {
  acceptedStep,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  recoveryCodeCount,
  recoveryDigest,
  timeStepAt,
  totpCodeAt,
  totpUri,
} from './two-step';

// RFC 6238 appendix B's SHA-1 key ("12345678901234567890"), in base32.
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it('matches the RFC 6238 test vector (6 digits of 94287082 at 59 s)', () => {
    expect(totpCodeAt(rfcSecret, 59_000)).toBe('287082');
    expect(acceptedStep(rfcSecret, '287082', undefined, 59_000)).toBe(1);
  });

  it('accepts a code one step late or early, and nothing further off', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = timeStepAt(now);
    expect(acceptedStep(secret, totpCodeAt(secret, now - 30_000), undefined, now)).toBe(step - 1);
    expect(acceptedStep(secret, totpCodeAt(secret, now + 30_000), undefined, now)).toBe(step + 1);
    expect(acceptedStep(secret, totpCodeAt(secret, now - 90_000), undefined, now)).toBeUndefined();
  });

  it('never accepts a step already used, or an older one', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const code = totpCodeAt(secret, now);
    const step = acceptedStep(secret, code, undefined, now);
    expect(step).toBe(timeStepAt(now));
    expect(acceptedStep(secret, code, step, now)).toBeUndefined();
    expect(acceptedStep(secret, totpCodeAt(secret, now - 30_000), step, now)).toBeUndefined();
    expect(acceptedStep(secret, totpCodeAt(secret, now + 30_000), step, now)).toBe(timeStepAt(now) + 1);
  });

  it('refuses what is not six digits', () => {
    expect(acceptedStep(rfcSecret, '28708', undefined, 59_000)).toBeUndefined();
    expect(acceptedStep(rfcSecret, ' 287082', undefined, 59_000)).toBeUndefined();
  });

  it('makes an otpauth URI an authenticator app reads', () => {
    const uri = totpUri(rfcSecret, 'ada@example.com');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Orbit:ada%40example\.com\?/);
    expect(uri).toContain(`secret=${rfcSecret}`);
    expect(uri).toContain('issuer=Orbit');
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes whose digest ignores case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(recoveryCodeCount);
    expect(new Set(codes).size).toBe(recoveryCodeCount);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const first = codes[0] ?? '';
    expect(recoveryDigest(first.toUpperCase().replace(/-/g, ' '))).toBe(recoveryDigest(first));
    expect(normaliseRecoveryCode('AB-cd ef')).toBe('abcdef');
    expect(recoveryDigest(first)).not.toContain(normaliseRecoveryCode(first));
  });
});
