import { keyframes, styled, type SxProps, type Theme } from '@mui/material/styles';

/**
 * A linear progress bar in the look of MUI's LinearProgress (light track in the bar's colour,
 * rounded ends), without its code: determinate with a value (a project's progress), or
 * indeterminate without one (a list reloading). The fill grows from the start edge in either
 * direction (logical properties), so right-to-left needs no flipping.
 */

export type ProgressColor = 'primary' | 'secondary' | 'success' | 'error' | 'info' | 'warning';

interface ProgressOwnerState {
  readonly color: ProgressColor;
  readonly thickness: number;
}

const Track = styled('span')<{ ownerState: ProgressOwnerState }>(({ theme, ownerState: { color, thickness } }) => ({
  position: 'relative',
  display: 'block',
  overflow: 'hidden',
  height: thickness,
  borderRadius: thickness / 2,
  // Safari: keeps the clipped fill inside the rounded track while it moves.
  zIndex: 0,
  backgroundColor: theme.vars
    ? theme.vars.palette.LinearProgress[`${color}Bg`]
    : theme.alpha(theme.palette[color].main, theme.palette.mode === 'light' ? 0.38 : 0.5),
  '@media print': { colorAdjust: 'exact' },
}));

const Fill = styled('span')<{ ownerState: ProgressOwnerState }>(({ theme, ownerState: { color } }) => ({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  borderRadius: 'inherit',
  backgroundColor: (theme.vars ?? theme).palette[color].main,
  transition: 'width .4s linear',
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
}));

// MUI's two-bar indeterminate motion: a long bar, then a short fast one, sweeping from the start edge.
const sweepLong = keyframes`
  0% { inset-inline-start: -35%; inset-inline-end: 100%; }
  60% { inset-inline-start: 100%; inset-inline-end: -90%; }
  100% { inset-inline-start: 100%; inset-inline-end: -90%; }
`;
const sweepShort = keyframes`
  0% { inset-inline-start: -200%; inset-inline-end: 100%; }
  60% { inset-inline-start: 107%; inset-inline-end: -8%; }
  100% { inset-inline-start: 107%; inset-inline-end: -8%; }
`;

const Sweep = styled('span')<{ ownerState: ProgressOwnerState & { readonly short?: boolean } }>(
  ({ theme, ownerState: { color, short } }) => ({
    position: 'absolute',
    insetBlock: 0,
    backgroundColor: (theme.vars ?? theme).palette[color].main,
    animation: short
      ? `${sweepShort} 2.1s cubic-bezier(0.165, 0.84, 0.44, 1) 1.15s infinite`
      : `${sweepLong} 2.1s cubic-bezier(0.65, 0.815, 0.735, 0.395) infinite`,
    // Without motion: a still bar in the middle says "busy" without moving.
    '@media (prefers-reduced-motion: reduce)': short
      ? { display: 'none' }
      : { animation: 'none', insetInlineStart: '30%', insetInlineEnd: '30%' },
  }),
);

export interface ProgressBarProps {
  /** Percent done, 0–100; leave it out while the amount of work is unknown (indeterminate). */
  readonly value?: number;
  readonly color?: ProgressColor;
  /** Height in px (the ends are rounded to half of it). */
  readonly thickness?: number;
  /** An accessible name is required: a progress bar without one is an axe violation. */
  readonly 'aria-label'?: string;
  readonly 'aria-labelledby'?: string;
  readonly className?: string;
  readonly sx?: SxProps<Theme>;
}

export const ProgressBar = ({ value, color = 'primary', thickness = 4, ...rest }: ProgressBarProps) => {
  const ownerState = { color, thickness };
  if (value === undefined) {
    return (
      <Track role="progressbar" ownerState={ownerState} {...rest}>
        <Sweep ownerState={ownerState} />
        <Sweep ownerState={{ ...ownerState, short: true }} />
      </Track>
    );
  }
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <Track
      role="progressbar"
      aria-valuenow={clamped}
      aria-valuemin={0}
      aria-valuemax={100}
      ownerState={ownerState}
      {...rest}
    >
      <Fill ownerState={ownerState} style={{ width: `${clamped}%` }} />
    </Track>
  );
};
