import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import type { SnackbarProps } from '@mui/material/Snackbar';
import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * Overlays that download with their first opening, not with the page that may open them: a menu
 * (Menu, MenuList, Popover, Modal), a popover, an overlay drawer or a snackbar is
 * closed on most visits. Once opened they stay mounted, so closing animates and reopening is
 * instant.
 */

/** True from the first time `open` is true. */
export const useOpenedOnce = (open: boolean): boolean => {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
};

/**
 * A lazily loaded overlay component that mounts from its first opening on. `load` may bring more
 * than the overlay (its content too), so that it mounts once, complete.
 */
export const deferredOverlay = <Props extends { open?: boolean }>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) => {
  const Overlay = lazy(load);
  const Deferred = (props: Props) =>
    useOpenedOnce(Boolean(props.open)) ? (
      <Suspense fallback={null}>
        <Overlay {...props} />
      </Suspense>
    ) : null;
  return Deferred;
};

/** Menu's code; a trigger may start loading it early (on hover or focus). */
export const loadMenu = () => import('@mui/material/Menu');
/** MUI's Menu, loaded on first opening. */
export const DeferredMenu = deferredOverlay<MenuProps>(loadMenu);
type MenuWithItemsProps<ItemsProps> = Omit<MenuProps, 'children'> & {
  /** The props of the items component. */
  readonly items: ItemsProps;
};

/**
 * A menu whose items live in their own module: MenuItem and its list parts (and MenuItem's
 * roving-focus helper) are then not downloaded with the page. Menu and the items load together,
 * with the first opening or before it (`preload`, e.g. on the button's hover, focus and click), and
 * the menu mounts once both are there: it opens once, with its items, and Menu's autoFocus lands on
 * the selected or first item as with items imported statically. (Items as a lazy child of the Menu
 * would suspend a second time, after the Menu: the first opening took twice as long.)
 */
export const deferredMenuWithItems = <ItemsProps extends object>(
  loadItems: () => Promise<ComponentType<ItemsProps>>,
) => {
  const MenuWithItems = deferredOverlay<MenuWithItemsProps<ItemsProps>>(async () => {
    const [{ default: Menu }, Items] = await Promise.all([loadMenu(), loadItems()]);
    const Loaded = ({ items, ...props }: MenuWithItemsProps<ItemsProps>) => (
      <Menu {...props}>
        <Items {...items} />
      </Menu>
    );
    return { default: Loaded };
  });
  const preload = () => {
    void loadMenu();
    void loadItems();
  };
  return { MenuWithItems, preload };
};

/** MUI's Popover, loaded on first opening. */
export const DeferredPopover = deferredOverlay<PopoverProps>(() => import('@mui/material/Popover'));
/** MUI's temporary (modal) Drawer, loaded on first opening. */
export const DeferredDrawer = deferredOverlay<DrawerProps>(() => import('@mui/material/Drawer'));
/** MUI's Snackbar, loaded the first time there is something to say. */
export const DeferredSnackbar = deferredOverlay<SnackbarProps>(() => import('@mui/material/Snackbar'));
