import { useEffect, useState } from 'react';

/** How long typing must pause before a search reaches the URL (and the request). */
export const searchDelayMs = 300;

/**
 * A search box over a value kept in the URL: the box answers every keystroke (`draft`), and
 * `commit` runs once typing pauses for `delayMs`. When the committed value changes from elsewhere
 * (Back, a link, a "clear filters" button), the box follows it.
 */
export const useDebouncedSearch = (committed: string, commit: (value: string) => void, delayMs = searchDelayMs) => {
  const [draft, setDraft] = useState(committed);
  const [shown, setShown] = useState(committed);
  if (committed !== shown) {
    setShown(committed);
    setDraft(committed);
  }
  useEffect(() => {
    if (draft === committed) return undefined;
    const timer = setTimeout(() => commit(draft), delayMs);
    return () => clearTimeout(timer);
  });
  return [draft, setDraft] as const;
};
