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

export const searchWords = (...parts: readonly string[]): string => {
  const seen = new Set<string>();
  let length = 0;
  for (const word of normaliseWords(parts.join(' '))) {
    if (seen.has(word)) continue;
    if (length + word.length + 1 > maxWordsLength) break;
    seen.add(word);
    length += word.length + 1;
  }
  // Leading and trailing spaces let a search match a whole word's start: contains(words, ' foo').
  return seen.size === 0 ? ' ' : ` ${[...seen].join(' ')} `;
};
