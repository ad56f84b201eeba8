import type { MenuProps } from '@mui/material/Menu';
import { useTheme } from '@mui/material/styles';
import { DeferredMenu } from '../../shared/ui/deferred';
import { popoverOffset, SlideYReverse } from './slide-y-reverse';

/**
 * The shell's menus (navbar tools, horizontal navigation groups): spec §9's slide-y-reverse
 * transition, opened `popoverOffset` (6 px) below their button, aligned to its start or end edge
 * in the reading direction. Menu's code loads with the first opening.
 */
export const ShellMenu = ({ align = 'end', slotProps, ...props }: MenuProps & { align?: 'start' | 'end' }) => {
  const theme = useTheme();
  const rtl = theme.direction === 'rtl';
  const horizontal = (align === 'end') !== rtl ? 'right' : 'left';
  return (
    <DeferredMenu
      {...props}
      anchorOrigin={{ vertical: 'bottom', horizontal }}
      transformOrigin={{ vertical: 'top', horizontal }}
      slots={{ transition: SlideYReverse }}
      slotProps={{
        ...slotProps,
        paper: { sx: { mt: `${popoverOffset}px`, minWidth: 220 }, ...(slotProps?.paper as object | undefined) },
      }}
    />
  );
};
