import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import type { SnackbarProps } from '@mui/material/Snackbar';
import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * Overlays that download with their first opening, not with the page that may open them: a menu
 * (Menu, MenuList, Popover, Modal: ~8 KB gzip), a popover, an overlay drawer or a snackbar is
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
/** MUI's Popover, loaded on first opening. */
export const DeferredPopover = deferredOverlay<PopoverProps>(() => import('@mui/material/Popover'));
/** MUI's temporary (modal) Drawer, loaded on first opening. */
export const DeferredDrawer = deferredOverlay<DrawerProps>(() => import('@mui/material/Drawer'));
/** MUI's Snackbar, loaded the first time there is something to say. */
export const DeferredSnackbar = deferredOverlay<SnackbarProps>(() => import('@mui/material/Snackbar'));
