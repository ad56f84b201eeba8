import ButtonBase from '@mui/material/ButtonBase';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { useRovingFocus } from './roving-focus';

/**
 * A row of tabs in the look of MUI's scrollable Tabs (primary text and a 2 px primary underline on
 * the selected tab), without its measuring and scroll buttons: the row scrolls
 * sideways when it does not fit, and the selected tab is brought into view.
 *
 * Keyboard, per the WAI-ARIA tabs pattern with manual activation (a tab here reloads a list, so
 * moving focus must not do it): one tab stop, on the selected tab; ArrowLeft/ArrowRight move focus
 * (mirrored right-to-left, wrapping round), Home/End go to the first/last; Enter or Space selects.
 */

const List = styled('div')(({ theme }) => ({
  display: 'flex',
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollbarWidth: 'thin',
  minHeight: 48,
  '@media (prefers-reduced-motion: no-preference)': { scrollBehavior: 'smooth' },
  // The ring goes inside the tab: the scrolling row would clip it outside.
  '& > .MuiButtonBase-root.Mui-focusVisible': { outlineOffset: -3 },
  '& > [role="tab"]': {
    ...theme.typography.button,
    position: 'relative',
    flexShrink: 0,
    minWidth: 90,
    maxWidth: 360,
    minHeight: 48,
    padding: '12px 16px',
    lineHeight: 1.25,
    color: (theme.vars ?? theme).palette.text.secondary,
    '&::after': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      bottom: 0,
      height: 2,
      backgroundColor: (theme.vars ?? theme).palette.primary.main,
      transform: 'scaleX(0)',
      transition: theme.transitions.create('transform', { duration: theme.transitions.duration.shorter }),
      '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
    },
    '&[aria-selected="true"]': {
      color: (theme.vars ?? theme).palette.primary.main,
      '&::after': { transform: 'none' },
    },
  },
}));

export interface TabItem<V extends string> {
  readonly value: V;
  readonly label: string;
}

export const TabStrip = <V extends string>({
  items,
  value,
  onChange,
  'aria-label': ariaLabel,
  sx,
}: {
  readonly items: readonly TabItem<V>[];
  readonly value: V;
  readonly onChange: (value: V) => void;
  readonly 'aria-label': string;
  readonly sx?: SxProps<Theme>;
}) => {
  const listRef = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(
    items.map((item) => item.value),
    value,
    ':scope > [role="tab"]',
  );

  // Bring the selected tab into view when it is off to either side (a narrow screen).
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector('[aria-selected="true"]');
    if (!list || !tab) return;
    const [outer, inner] = [list.getBoundingClientRect(), tab.getBoundingClientRect()];
    if (inner.left < outer.left) list.scrollLeft -= outer.left - inner.left;
    else if (inner.right > outer.right) list.scrollLeft += inner.right - outer.right;
  }, [value]);

  return (
    <List ref={listRef} role="tablist" aria-label={ariaLabel} sx={sx} {...roving.containerProps}>
      {items.map((item) => (
        <ButtonBase
          key={item.value}
          role="tab"
          focusRipple
          aria-selected={item.value === value}
          tabIndex={roving.tabIndexOf(item.value)}
          onFocus={() => roving.onItemFocus(item.value)}
          onClick={() => {
            if (item.value !== value) onChange(item.value);
          }}
        >
          {item.label}
        </ButtonBase>
      ))}
    </List>
  );
};
