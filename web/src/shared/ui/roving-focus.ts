import { useTheme } from '@mui/material/styles';
import { useState, type FocusEvent, type KeyboardEvent } from 'react';

/**
 * Roving focus for a row of controls that is one tab stop (the tab strip, the segmented control):
 * arrow keys move focus, mirrored right-to-left and wrapping round, Home/End go to the ends.
 */

/**
 * The index a roving-focus key moves to among `count` items in a row, or null for other keys.
 */
export const rovingTarget = (key: string, index: number, count: number, rtl: boolean): number | null => {
  if (count === 0) return null;
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return (index + 1) % count;
  if (key === backward) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
};

/**
 * Roving focus over the items of a container (`itemSelector`, in the order of `values`): which
 * item holds the tab stop (the focused one while focus is inside, else `current`), and the
 * container's key and blur handlers.
 */
export const useRovingFocus = <V extends string>(values: readonly V[], current: V, itemSelector: string) => {
  const rtl = useTheme().direction === 'rtl';
  const [focused, setFocused] = useState<V | null>(null);
  const wanted = focused ?? current;
  const stop = values.includes(wanted) ? wanted : values[0];
  return {
    tabIndexOf: (value: V) => (value === stop ? 0 : -1),
    onItemFocus: (value: V) => setFocused(value),
    containerProps: {
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        const next = rovingTarget(event.key, stop === undefined ? 0 : values.indexOf(stop), values.length, rtl);
        if (next === null) return;
        event.preventDefault();
        event.currentTarget.querySelectorAll<HTMLElement>(itemSelector)[next]?.focus();
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        // Leaving the group hands the tab stop back to the current item.
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(null);
      },
    },
  };
};
