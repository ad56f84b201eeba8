import Box from '@mui/material/Box';
import Popper from '@mui/material/Popper';
import { alpha } from '@mui/material/styles';

/**
 * The bubble of `HintTooltip` (loaded with its first showing), styled as MUI's Tooltip: a dark
 * label under its control, 14 px away, above everything else. Popper's root is the
 * `role="tooltip"` element.
 */
const HintBubble = ({ id, anchor, title }: { id: string; anchor: HTMLElement; title: string }) => (
  <Popper
    id={id}
    open
    anchorEl={anchor}
    placement="bottom"
    modifiers={[{ name: 'offset', options: { offset: [0, 14] } }]}
    sx={{ zIndex: 'tooltip', pointerEvents: 'none' }}
  >
    <Box
      sx={(theme) => ({
        bgcolor: theme.vars ? theme.vars.palette.Tooltip.bg : alpha(theme.palette.grey[700], 0.92),
        color: 'common.white',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        maxWidth: 300,
        overflowWrap: 'break-word',
        fontFamily: theme.typography.fontFamily,
        fontSize: theme.typography.pxToRem(11),
        fontWeight: theme.typography.fontWeightMedium,
        lineHeight: 1.4,
      })}
    >
      {title}
    </Box>
  </Popper>
);

export default HintBubble;
