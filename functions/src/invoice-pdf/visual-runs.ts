import bidiFactory from 'bidi-js';

/**
 * A line of text cut into runs in the order they are drawn, left to right (the Unicode
 * Bidirectional Algorithm, bidi-js). PDFKit lays out each run with fontkit, which shapes Arabic
 * (joined letter forms) and draws a right-to-left script's run reversed; but it knows nothing of
 * a line mixing directions ("فاتورة 2026-0001"), so the runs' order is decided here. Each run
 * stays in logical order for fontkit to shape, and one in a right-to-left level gets its mirrored
 * characters ("(" drawn as ")").
 */
const bidi = bidiFactory();

/** Marks that only steer the algorithm (Intl puts some around numbers): they take part, then no glyph draws them. */
const directionMark = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Keeps a number or date one left-to-right piece inside Arabic ("2026-0001", never "0001-2026"). */
export const isolateLeftToRight = (text: string): string => `\u2066${text}\u2069`;

export interface VisualRun {
  readonly text: string;
  readonly rightToLeft: boolean;
}

export const visualRuns = (text: string, direction: 'ltr' | 'rtl'): VisualRun[] => {
  // Astral characters (none in an invoice's words) would make UTF-16 indices differ from characters.
  if ([...text].length !== text.length) return [{ text, rightToLeft: direction === 'rtl' }];
  const embedding = bidi.getEmbeddingLevels(text, direction);
  const characters = text.split('');
  bidi.getMirroredCharactersMap(text, embedding.levels).forEach((replacement, index) => {
    characters[index] = replacement;
  });
  const order = characters.map((_, index) => index);
  for (const [start = 0, end = -1] of bidi.getReorderSegments(text, embedding)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  // Characters next to each other on the page at one level belong to one run (the marks, drawn
  // by nothing, are left out: they may sit between two halves of a run).
  const runs: { indexes: number[]; level: number }[] = [];
  for (const index of order) {
    if (directionMark.test(text[index] ?? '')) continue;
    const level = embedding.levels[index] ?? 0;
    const last = runs.at(-1);
    if (last?.level === level) last.indexes.push(index);
    else runs.push({ indexes: [index], level });
  }
  return runs.map(({ indexes, level }) => {
    const rightToLeft = level % 2 === 1;
    const logical = rightToLeft ? indexes.reverse() : indexes;
    return { text: logical.map((index) => characters[index]).join(''), rightToLeft };
  });
};
