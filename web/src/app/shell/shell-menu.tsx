import type { MenuProps } from '@mui/material/Menu';
import { useTheme } from '@mui/material/styles';
import { useState, type ComponentType } from 'react';
import { DeferredMenu, deferredMenuWithItems } from '../../shared/ui/deferred';
import { popoverOffset, SlideYReverse } from './slide-y-reverse';

type Align = 'start' | 'end';

/**
 * The slide-y-reverse transition of docs/product.md#constants, opened `popoverOffset` (6 px) below the
 * button, aligned to its start or end edge in the reading direction. Closing with focus inside (Escape, a
 * choice, a click outside) puts focus back on the button: MUI's focus trap misses the focus move Menu makes
 * as it mounts, and would leave focus on <body> once the items are gone.
 */
const useShellMenuProps = (
  align: Align,
  anchorEl: MenuProps['anchorEl'],
  slotProps: MenuProps['slotProps'],
): Partial<MenuProps> => {
  const theme = useTheme();
  // The menus close by clearing their anchor: the button is the last one they had.
  const [button, setButton] = useState<HTMLElement | null>(null);
  if (anchorEl instanceof HTMLElement && anchorEl !== button) setButton(anchorEl);
  const horizontal = (align === 'end') !== (theme.direction === 'rtl') ? 'right' : 'left';
  return {
    anchorOrigin: { vertical: 'bottom', horizontal },
    transformOrigin: { vertical: 'top', horizontal },
    slots: { transition: SlideYReverse },
    slotProps: {
      ...slotProps,
      paper: { sx: { mt: `${popoverOffset}px`, minWidth: 220 }, ...(slotProps?.paper as object | undefined) },
      transition: {
        onExit: (node: HTMLElement) => {
          if (node.contains(node.ownerDocument.activeElement)) button?.focus();
        },
      },
    },
  };
};

/**
 * A shell menu (horizontal navigation groups) with its items given as children. Menu's code loads
 * with the first opening.
 */
export const ShellMenu = ({ align = 'end', slotProps, ...props }: MenuProps & { align?: Align }) => (
  <DeferredMenu {...props} {...useShellMenuProps(align, props.anchorEl, slotProps)} />
);

type ShellMenuWithItemsProps<ItemsProps> = Omit<MenuProps, 'children'> & {
  readonly align?: Align;
  /** The props of the items component. */
  readonly items: ItemsProps;
};

/**
 * A shell menu whose items live in their own module (the navbar's menus), loaded with the Menu on
 * the first opening or on `preload` (shared/ui/deferred.tsx, `deferredMenuWithItems`).
 */
export const lazyShellMenu = <ItemsProps extends object>(loadItems: () => Promise<ComponentType<ItemsProps>>) => {
  const { MenuWithItems, preload } = deferredMenuWithItems(loadItems);
  const LazyShellMenu = ({ align = 'end', slotProps, ...props }: ShellMenuWithItemsProps<ItemsProps>) => (
    <MenuWithItems {...props} {...useShellMenuProps(align, props.anchorEl, slotProps)} />
  );
  return { LazyShellMenu, preload };
};
