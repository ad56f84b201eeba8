import { describe, expect, it } from 'vitest';

import { monotonicFactory, ulid } from './ids';

const shape = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

describe('ulid', () => {
  it('is 26 Crockford base32 characters, the first 10 the time (the example time of the ULID specification)', () => {
    const id = ulid(1469918176385);
    expect(id).toMatch(shape);
    expect(id.slice(0, 10)).toBe('01ARYZ6S41');
    expect(ulid(0).slice(0, 10)).toBe('0000000000');
    expect(ulid(2 ** 48 - 1).slice(0, 10)).toBe('7ZZZZZZZZZ');
  });

  it('sorts by time as a string, and differs every time', () => {
    const ids = [ulid(1_000), ulid(1_001), ulid(2_000_000_000_000)];
    expect([...ids].sort()).toEqual(ids);
    const many = new Set(Array.from({ length: 1000 }, () => ulid(5)));
    expect(many.size).toBe(1000);
  });

  it('refuses a time it cannot encode', () => {
    for (const time of [-1, 1.5, Number.NaN, 2 ** 48]) expect(() => ulid(time)).toThrow(RangeError);
  });
});

describe('monotonicFactory', () => {
  it('keeps issue order within one millisecond and when the clock goes back', () => {
    const next = monotonicFactory();
    const ids = [next(10), next(10), next(10), next(9), next(11)];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.slice(0, 4).every((id) => id.slice(0, 10) === ids[0]?.slice(0, 10))).toBe(true);
    // Within a millisecond each id is the previous one plus one.
    expect(ids[1]?.slice(10)).not.toBe(ids[0]?.slice(10));
  });

  it('carries like a number', () => {
    const next = monotonicFactory();
    let id = next(7);
    // Drive the random part to ...ZZ and check the carry to the next digit.
    for (let guard = 0; !id.endsWith('ZZ') && guard < 2000; guard += 1) id = next(7);
    expect(id.endsWith('ZZ')).toBe(true);
    const after = next(7);
    expect(after.endsWith('00')).toBe(true);
    expect(after > id).toBe(true);
  });
});
