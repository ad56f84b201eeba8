/**
 * A mail's search words (docs/email.md, "Search"): subject, text and participants, lower-case,
 * accents folded (é → e), split on anything that is not a letter or a digit, each word once, in
 * a string kept under `maxWordsLength` so the items a search reads stay small.
 */
export const maxWordsLength = 2000;

export const normaliseWords = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);

/**
 * The characters read for them, all parts together: a mail's first words fill `maxWordsLength`
 * long before, and a 40 MB text from outside would take seconds to fold (1 MB: half a second).
 */
export const maxWordsInput = 100_000;

export const searchWords = (...parts: readonly string[]): string => {
  const seen = new Set<string>();
  let length = 0;
  let unread = maxWordsInput;
  reading: for (const part of parts) {
    if (unread <= 0) break;
    const piece = part.slice(0, unread);
    unread -= piece.length + 1;
    for (const word of normaliseWords(piece)) {
      if (seen.has(word)) continue;
      if (length + word.length + 1 > maxWordsLength) break reading;
      seen.add(word);
      length += word.length + 1;
    }
  }
  // Leading and trailing spaces let a search match a whole word's start: contains(words, ' foo').
  return seen.size === 0 ? ' ' : ` ${[...seen].join(' ')} `;
};
