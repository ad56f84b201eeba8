import { keyframes, styled, type SxProps, type Theme } from '@mui/material/styles';

/**
 * A rounded placeholder where content is loading, in the look of MUI's `<Skeleton
 * variant="rounded">` (its pulse, its colour) without its code. Hidden from assistive
 * technology: the container it fills says it is busy (`aria-busy`), the shapes say nothing.
 */

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

const Block = styled('span')(({ theme }) => ({
  display: 'block',
  borderRadius: (theme.vars ?? theme).shape.borderRadius,
  backgroundColor: theme.vars
    ? theme.vars.palette.Skeleton.bg
    : theme.alpha(theme.palette.text.primary, theme.palette.mode === 'light' ? 0.11 : 0.13),
  animation: `${pulse} 2s ease-in-out 0.5s infinite`,
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
}));

export const SkeletonBlock = ({
  width,
  height,
  sx,
}: {
  readonly width?: number | string;
  readonly height: number | string;
  readonly sx?: SxProps<Theme>;
}) => <Block aria-hidden style={{ width, height }} sx={sx} />;
