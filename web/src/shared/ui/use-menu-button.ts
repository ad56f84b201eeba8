import { useId, useState, type MouseEvent } from 'react';

/**
 * The button half of a menu whose code loads on demand (`deferredMenuWithItems` in deferred.tsx):
 * the button starts loading the menu when hovered or focused, so it is usually there by the click,
 * carries the ARIA a menu button needs, and anchors the menu. Spread `buttonProps` on the button
 * and `menuProps` on the menu; `close` is for the items (a choice closes the menu).
 */
export const useMenuButton = (preload: () => void) => {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return {
    close,
    buttonProps: {
      'aria-haspopup': 'menu',
      'aria-controls': anchor ? menuId : undefined,
      'aria-expanded': anchor ? true : undefined,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: (event: MouseEvent<HTMLElement>) => {
        preload();
        setAnchor(event.currentTarget);
      },
    },
    menuProps: { id: menuId, anchorEl: anchor, open: anchor !== null, onClose: close },
  } as const;
};
