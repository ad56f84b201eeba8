import { useLocation, useSearchParams } from 'react-router';
import { readListPage, writeListPage } from '../utils/list-state';

/** The cursors of the pages before this one, kept in the history entry (it survives a reload). */
const trailOf = (state: unknown): readonly (string | null)[] => {
  const cursors = (state as { cursors?: unknown } | null)?.cursors;
  return Array.isArray(cursors) && cursors.every((cursor) => cursor === null || typeof cursor === 'string')
    ? (cursors as (string | null)[])
    : [];
};

/**
 * Cursor pages with the page in the URL (list-state.ts): Next pushes a history entry, so Back
 * returns to the page before and a reload stays on this one. Previous uses the cursor of the
 * page before when this history entry knows it; a link opened elsewhere knows only its own page,
 * so Previous goes back to the first.
 */
export const useListPages = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const page = readListPage(searchParams);
  const trail = trailOf(location.state);
  const go = (index: number, cursor: string | undefined, cursors: readonly (string | null)[]) =>
    setSearchParams((current) => writeListPage(current, { index, cursor }), { state: { cursors } });
  return {
    index: page.index,
    cursor: page.cursor,
    next: (cursor: string) => {
      const known = page.index === 0 ? [null] : trail.length === page.index + 1 ? trail : [];
      go(page.index + 1, cursor, known.length > 0 ? [...known, cursor] : []);
    },
    previous: () => {
      const before = trail.length === page.index + 1 ? trail[page.index - 1] : undefined;
      if (page.index > 1 && before) go(page.index - 1, before, trail.slice(0, page.index));
      else go(0, undefined, [null]);
    },
  };
};
