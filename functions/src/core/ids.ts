import { randomBytes } from 'node:crypto';

/**
 * ULIDs (github.com/ulid/spec): 48 bits of milliseconds then 80 random bits, as 26 characters
 * of Crockford base32, so ids sort by creation time as plain strings. Our own few lines rather
 * than a library: ulidx and its error library cost ~3 KB of every Lambda bundle.
 */

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const timeLength = 10;
const randomLength = 16;
const maxTime = 2 ** 48 - 1;

const encodeTime = (time: number): string => {
  if (!Number.isInteger(time) || time < 0 || time > maxTime) {
    throw new RangeError(`A ULID time is a whole number of milliseconds from 0 to ${maxTime}, not ${time}`);
  }
  let text = '';
  for (let rest = time, index = 0; index < timeLength; index += 1, rest = Math.floor(rest / 32)) {
    text = alphabet.charAt(rest % 32) + text;
  }
  return text;
};

/** 80 uniform random bits: each byte's low 5 bits (256 is a multiple of 32, so no bias). */
const randomPart = (): string => {
  let text = '';
  for (const byte of randomBytes(randomLength)) text += alphabet.charAt(byte & 31);
  return text;
};

/** The base32 number one greater; throws rather than wrap around. */
const increment = (text: string): string => {
  for (let index = text.length - 1; index >= 0; index -= 1) {
    const digit = alphabet.indexOf(text.charAt(index));
    if (digit < alphabet.length - 1) {
      return text.slice(0, index) + alphabet.charAt(digit + 1) + alphabet.charAt(0).repeat(text.length - 1 - index);
    }
  }
  throw new RangeError('No more ULIDs in this millisecond');
};

export const ulid = (time: number = Date.now()): string => encodeTime(time) + randomPart();

/**
 * Ids that also sort in the order they were issued by this process: within one millisecond, or
 * when the clock goes back, the next id keeps the last time and increments the last random part.
 */
export const monotonicFactory = () => {
  let lastTime = -1;
  let lastRandom = '';
  return (time: number = Date.now()): string => {
    if (time <= lastTime) {
      lastRandom = increment(lastRandom);
      return encodeTime(lastTime) + lastRandom;
    }
    const timePart = encodeTime(time);
    lastTime = time;
    lastRandom = randomPart();
    return timePart + lastRandom;
  };
};
