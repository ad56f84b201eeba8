import { describe, expect, it } from 'vitest';

import { maxWordsInput, searchWords } from './words';

describe('search words', () => {
  it('reads no further than maxWordsInput characters, however long the mail', () => {
    const filler = 'a '.repeat(maxWordsInput / 2);
    expect(searchWords(filler, 'zebra')).toBe(' a ');
    expect(searchWords(filler.slice(0, -10), 'zebra')).toBe(' a zebra ');
    // One 10 MB part is read up to the same point.
    expect(searchWords(`${filler}zebra ${'b '.repeat(5_000_000)}`)).toBe(' a ');
  });
});
