import { styled } from '@mui/material/styles';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A small static label in the look of MUI's small Chip (24 px pill, 13 px text): status, type,
 * priority, due date, hashtags. A plain span, not MUI's Chip: a card shows several and none is
 * clickable or deletable, so the Chip's interactive machinery would be dead weight on
 * the page everyone lands on.
 */

export type TagColor = 'default' | 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';
/** `dashed` is the outlined look with a dashed border (hashtags). */
export type TagVariant = 'filled' | 'outlined' | 'dashed';

interface TagOwnerState {
  readonly color: TagColor;
  readonly variant: TagVariant;
}

const TagRoot = styled('span')<{ ownerState: TagOwnerState }>(({ theme, ownerState: { color, variant } }) => {
  const tokens = theme.vars ?? theme;
  const main = color === 'default' ? null : tokens.palette[color].main;
  const outlinedBorder = main
    ? theme.alpha(main, 0.7)
    : theme.vars
      ? theme.vars.palette.Chip.defaultBorder
      : theme.palette.grey[theme.palette.mode === 'light' ? 400 : 700];
  return {
    display: 'inline-block',
    boxSizing: 'border-box',
    maxWidth: '100%',
    height: 24,
    // MUI's Chip centres a 1.5-line label in 24 px: the same text position, as a block (ellipsis).
    padding: '2.25px 8px',
    borderRadius: 16,
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    fontWeight: theme.typography.fontWeightRegular,
    lineHeight: 1.5,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    verticalAlign: 'middle',
    ...(variant === 'filled'
      ? {
          color: color === 'default' ? tokens.palette.text.primary : tokens.palette[color].contrastText,
          backgroundColor: main ?? tokens.palette.action.selected,
        }
      : {
          // 7 px + the 1 px border: the text sits 8 px in, as in a filled one (and in a small Chip).
          padding: '1.25px 7px',
          // A colour's main shade is below 4.5:1 as text on paper (warning, info): a darker shade on
          // light paper, a lighter one on dark; the border keeps the main shade.
          color: main ? `color-mix(in srgb, ${main}, #000 40%)` : tokens.palette.text.primary,
          ...(main ? theme.applyStyles('dark', { color: `color-mix(in srgb, ${main}, #fff 30%)` }) : {}),
          border: `1px ${variant === 'dashed' ? 'dashed' : 'solid'} ${outlinedBorder}`,
        }),
  };
});

export interface TagProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'color' | 'children'> {
  readonly label: ReactNode;
  readonly color?: TagColor;
  readonly variant?: TagVariant;
}

export const Tag = ({ label, color = 'default', variant = 'filled', ...rest }: TagProps) => (
  <TagRoot ownerState={{ color, variant }} {...rest}>
    {label}
  </TagRoot>
);
