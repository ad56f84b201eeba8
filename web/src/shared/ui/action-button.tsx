import ButtonBase, { type ButtonBaseProps } from '@mui/material/ButtonBase';
import { styled } from '@mui/material/styles';
import { forwardRef, type ReactNode } from 'react';

type Variant = 'contained' | 'outlined' | 'text';

interface ActionButtonOwnProps {
  /** As MUI's Button: filled with the primary colour, outlined in it, or text only. */
  readonly variant?: Variant;
  /** `inherit` takes the surrounding text colour (an alert's action). */
  readonly color?: 'primary' | 'inherit';
  readonly size?: 'small' | 'medium';
  readonly startIcon?: ReactNode;
}

export type ActionButtonProps = Omit<ButtonBaseProps, 'color'> & ActionButtonOwnProps;

const Root = styled(ButtonBase, {
  shouldForwardProp: (prop) => prop !== 'variant' && prop !== 'tone' && prop !== 'size',
})<{ variant: Variant; tone: 'primary' | 'inherit'; size: 'small' | 'medium' }>(({ theme, variant, tone, size }) => {
  const palette = (theme.vars ?? theme).palette;
  const main = tone === 'inherit' ? 'inherit' : palette.primary.main;
  const horizontal = size === 'small' ? (variant === 'text' ? 5 : 10) : variant === 'text' ? 8 : 16;
  const vertical = size === 'small' ? 4 : 6;
  const border = variant === 'outlined' ? 1 : 0;
  return {
    ...theme.typography.button,
    ...(size === 'small' ? { fontSize: theme.typography.pxToRem(13) } : {}),
    minWidth: 64,
    padding: `${vertical - border}px ${horizontal - border}px`,
    borderRadius: (theme.vars ?? theme).shape.borderRadius,
    transition: theme.transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], {
      duration: theme.transitions.duration.short,
    }),
    ...(variant === 'contained'
      ? {
          color: palette.primary.contrastText,
          backgroundColor: palette.primary.main,
          boxShadow: (theme.vars ?? theme).shadows[2],
          '&:hover': { backgroundColor: palette.primary.dark, boxShadow: (theme.vars ?? theme).shadows[4] },
          '&.Mui-focusVisible': { boxShadow: (theme.vars ?? theme).shadows[6] },
          '&.Mui-disabled': {
            color: palette.action.disabled,
            backgroundColor: palette.action.disabledBackground,
            boxShadow: 'none',
          },
        }
      : {
          color: main,
          // The colour at half strength (outlined) and a faint wash on hover, as MUI's Button.
          ...(variant === 'outlined' ? { border: '1px solid color-mix(in srgb, currentColor 50%, transparent)' } : {}),
          '&:hover': {
            backgroundColor: 'color-mix(in srgb, currentColor 4%, transparent)',
            ...(variant === 'outlined' ? { borderColor: 'currentColor' } : {}),
          },
          '&.Mui-disabled': { color: palette.action.disabled, borderColor: palette.action.disabledBackground },
        }),
    '@media (hover: none)': { '&:hover': { boxShadow: 'none' } },
  };
});

const StartIcon = styled('span')({
  display: 'inherit',
  marginInlineStart: -4,
  marginInlineEnd: 8,
  '& > svg': { fontSize: 20 },
});

/**
 * MUI's Button as the projects list (the page every session starts on) uses it: the same look,
 * role and keyboard behaviour (ButtonBase: focus ripple, Enter and Space), without Button's module
 * in the first download. Pages further in keep MUI's Button.
 */
export const ActionButton = forwardRef<HTMLButtonElement, ActionButtonProps>(function ActionButton(
  { variant = 'text', color = 'primary', size = 'medium', startIcon, children, ...props },
  ref,
) {
  return (
    <Root ref={ref} focusRipple variant={variant} tone={color} size={size} {...props}>
      {startIcon ? <StartIcon>{startIcon}</StartIcon> : null}
      {children}
    </Root>
  );
});
