import ButtonBase from '@mui/material/ButtonBase';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useRovingFocus } from './roving-focus';

/**
 * Pick one of a few options with joined buttons, in the look and with the semantics of MUI's small
 * exclusive ToggleButtonGroup, without its code: a `role="group"` named by `label`, each
 * option an `aria-pressed` button; one tab stop (the pressed option), arrow keys move between
 * the options (mirrored right-to-left), Enter or Space picks. Picking the pressed option again
 * keeps it: there is always one.
 */

export interface SegmentOption<V extends string> {
  readonly value: V;
  /** The visible text, or the accessible name when there is an icon. */
  readonly label: string;
  /** Shows the icon alone, named by `label`. */
  readonly icon?: ReactNode;
}

const Group = styled('div')(({ theme }) => {
  const tokens = theme.vars ?? theme;
  const radius = tokens.shape.borderRadius;
  return {
    display: 'inline-flex',
    borderRadius: radius,
    '& > button': {
      ...theme.typography.button,
      fontSize: theme.typography.pxToRem(13),
      padding: 7,
      border: `1px solid ${tokens.palette.divider}`,
      color: tokens.palette.action.active,
      '&:hover': {
        backgroundColor: theme.alpha(tokens.palette.text.primary, tokens.palette.action.hoverOpacity),
        '@media (hover: none)': { backgroundColor: 'transparent' },
      },
      '&[aria-pressed="true"]': {
        color: tokens.palette.text.primary,
        backgroundColor: theme.alpha(tokens.palette.text.primary, tokens.palette.action.selectedOpacity),
        '&:hover': {
          backgroundColor: theme.alpha(
            tokens.palette.text.primary,
            `${tokens.palette.action.selectedOpacity} + ${tokens.palette.action.hoverOpacity}`,
          ),
        },
      },
      // Joined: the outer corners rounded, one shared border between neighbours.
      '&:first-of-type': { borderStartStartRadius: radius, borderEndStartRadius: radius },
      '&:last-of-type': { borderStartEndRadius: radius, borderEndEndRadius: radius },
      '&:not(:first-of-type)': { marginInlineStart: -1, borderInlineStartColor: 'transparent' },
      // The focus ring above the neighbours' backgrounds.
      '&.Mui-focusVisible': { zIndex: 1 },
    },
  };
});

export const SegmentedControl = <V extends string>({
  label,
  value,
  options,
  onChange,
  sx,
}: {
  /** The group's accessible name. */
  readonly label: string;
  readonly value: V;
  readonly options: readonly SegmentOption<V>[];
  readonly onChange: (value: V) => void;
  readonly sx?: SxProps<Theme>;
}) => {
  const roving = useRovingFocus(
    options.map((option) => option.value),
    value,
    ':scope > button',
  );
  return (
    <Group role="group" aria-label={label} sx={sx} {...roving.containerProps}>
      {options.map((option) => (
        <ButtonBase
          key={option.value}
          aria-pressed={option.value === value}
          focusRipple
          aria-label={option.icon ? option.label : undefined}
          tabIndex={roving.tabIndexOf(option.value)}
          onFocus={() => roving.onItemFocus(option.value)}
          onClick={() => {
            if (option.value !== value) onChange(option.value);
          }}
        >
          {option.icon ?? option.label}
        </ButtonBase>
      ))}
    </Group>
  );
};
