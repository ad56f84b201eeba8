import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import type { SnackbarProps } from '@mui/material/Snackbar';
import { lazy, Suspense, useState } from 'react';

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

const Menu = lazy(() => import('@mui/material/Menu'));
const Popover = lazy(() => import('@mui/material/Popover'));
const Drawer = lazy(() => import('@mui/material/Drawer'));
const Snackbar = lazy(() => import('@mui/material/Snackbar'));

/** MUI's Menu, loaded on first opening. */
export const DeferredMenu = (props: MenuProps) =>
  useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <Menu {...props} />
    </Suspense>
  ) : null;

/** MUI's Popover, loaded on first opening. */
export const DeferredPopover = (props: PopoverProps) =>
  useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  ) : null;

/** MUI's temporary (modal) Drawer, loaded on first opening. */
export const DeferredDrawer = (props: DrawerProps) =>
  useOpenedOnce(Boolean(props.open)) ? (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  ) : null;

/** MUI's Snackbar, loaded the first time there is something to say. */
export const DeferredSnackbar = (props: SnackbarProps) =>
  useOpenedOnce(Boolean(props.open)) ? (
    <Suspense fallback={null}>
      <Snackbar {...props} />
    </Suspense>
  ) : null;
