import { createHash, randomBytes, randomInt } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';

/**
 * Two-step verification's arithmetic: TOTP codes (RFC 6238, with `otpauth`: SHA-1, 6 digits,
 * 30-second steps, what every authenticator app reads from an otpauth:// URI), the one-time
 * recovery codes and the sign-in challenge. No I/O: the service stores what these make.
 */

const period = 30;
const issuer = 'Orbit';

const totpOf = (base32Secret: string, label = 'Orbit') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(base32Secret) });

/** A new secret (160 bits, RFC 4226's recommendation), base32 as apps take it typed in. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the enrolment's QR code holds. */
export const totpUri = (base32Secret: string, label: string): string => totpOf(base32Secret, label).toString();

/** The 30-second step a time falls in. */
export const timeStepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / period);

/**
 * The time step a code belongs to, if it is right now (one step of clock drift either way, as
 * RFC 6238 §5.2 suggests) and later than the last step accepted: a code that was used, or an
 * older one, is never accepted again.
 */
export const acceptedStep = (
  base32Secret: string,
  code: string,
  lastUsedStep: number | undefined,
  nowMs: number,
): number | undefined => {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(base32Secret).validate({ token: code, timestamp: nowMs, window: 1 });
  if (delta === null) return undefined;
  const step = timeStepAt(nowMs) + delta;
  return lastUsedStep !== undefined && step <= lastUsedStep ? undefined : step;
};

/** The code of a step (tests, and nothing else, make codes). */
export const totpCodeAt = (base32Secret: string, nowMs: number): string =>
  totpOf(base32Secret).generate({ timestamp: nowMs });

/* ---------- Recovery codes ---------- */

export const recoveryCodeCount = 10;
/** No 0/o, 1/l/i: read off a screen or paper without doubt. 12 characters of 32: 60 bits. */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

const newRecoveryCode = (): string => {
  const characters = Array.from({ length: 12 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
  return [0, 4, 8].map((start) => characters.slice(start, start + 4).join('')).join('-');
};

/** What a typed recovery code is compared as: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * A recovery code's stored form. A plain SHA-256, not scrypt: the code is random with 60 bits,
 * not a chosen password, so no dictionary helps, and the wrong tries are throttled anyway.
 */
export const recoveryDigest = (code: string): string =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('base64url');

export const newRecoveryCodes = (): string[] => Array.from({ length: recoveryCodeCount }, newRecoveryCode);

/* ---------- The sign-in challenge ---------- */

/** How long the second step of a sign-in may wait for its code. */
export const challengeLifetimeMs = 5 * 60 * 1000;

/** The browser's proof that the password step succeeded: random, stored only as a digest. */
export const newChallenge = (): string => randomBytes(32).toString('base64url');
