import { useForkRef } from '@mui/material/utils';
import { cloneElement, useEffect, useRef, type CSSProperties, type ReactElement, type Ref } from 'react';
import { elementRef } from './element-ref';

/** docs/product.md#constants: the horizontal navigation's menus use a slide-y-reverse transition. */
export const slideYReverseMs = 200;
/** Menus open this many px away from their button (docs/product.md#constants, popover offset 6). */
export const popoverOffset = 6;

type Callback = (node: HTMLElement, isAppearing?: boolean) => void;

interface SlideYReverseProps {
  readonly in?: boolean;
  readonly appear?: boolean;
  readonly children: ReactElement<{ style?: CSSProperties; ref?: Ref<HTMLElement> }>;
  readonly onEnter?: Callback;
  readonly onEntering?: Callback;
  readonly onEntered?: Callback;
  readonly onExit?: Callback;
  readonly onExiting?: Callback;
  readonly onExited?: Callback;
  readonly timeout?: unknown;
}

const reducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Slides up 15 px into place while fading in, and back down while fading out: the Vuetify
 * `slide-y-reverse` transition the original used, as a transition component for MUI's Menu and
 * Popover (`slots.transition`). It calls the lifecycle callbacks react-transition-group would,
 * so the popover positions itself and unmounts when the exit ends. The entry is a CSS animation
 * (keyframes in base.css), the exit a CSS transition: no state, no extra render.
 */
export const SlideYReverse = ({
  in: open = false,
  children,
  onEnter,
  onEntering,
  onEntered,
  onExit,
  onExiting,
  onExited,
}: SlideYReverseProps) => {
  const node = useRef<HTMLElement | null>(null);
  const ref = useForkRef(node, elementRef(children));

  useEffect(() => {
    const element = node.current;
    if (!element) return undefined;
    const duration = reducedMotion() ? 0 : slideYReverseMs;
    if (open) {
      onEnter?.(element, true);
      onEntering?.(element, true);
      const done = setTimeout(() => onEntered?.(element, true), duration);
      return () => clearTimeout(done);
    }
    onExit?.(element);
    onExiting?.(element);
    const done = setTimeout(() => onExited?.(element), duration);
    return () => clearTimeout(done);
    // The callbacks change on every render of the popover; only `open` starts a transition.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const style = children.props.style ?? {};
  return cloneElement(children, {
    ref,
    style: {
      ...style,
      opacity: open ? (style.opacity ?? 1) : 0,
      transform: open ? 'none' : 'translateY(15px)',
      animation: open ? `orbit-slide-y-reverse-in ${slideYReverseMs}ms ease-out` : undefined,
      transition: `opacity ${slideYReverseMs}ms ease-out, transform ${slideYReverseMs}ms ease-out`,
    },
  });
};
