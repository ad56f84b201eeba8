import {
  cloneElement,
  lazy,
  Suspense,
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';

// The bubble is positioned by MUI's Popper (with Popper.js): it downloads on the
// first hover or keyboard focus, not with every page that has a control with a hint.
const HintBubble = lazy(() => import('./hint-bubble'));

/** MUI's Tooltip timings: a short delay before showing on hover, none on keyboard focus. */
const enterDelayMs = 100;

/** Focus from the keyboard (not from a click); a browser without the selector counts as keyboard. */
const isKeyboardFocus = (element: Element): boolean => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
};

interface TriggerProps {
  readonly 'aria-label'?: string;
  readonly className?: string;
  readonly style?: CSSProperties;
  readonly onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  readonly onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  readonly onFocus?: (event: FocusEvent<HTMLElement>) => void;
  readonly onBlur?: (event: FocusEvent<HTMLElement>) => void;
  readonly onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * A tooltip with a text title, in MUI's look and behaviour: shown on mouse hover (after 100 ms)
 * and on keyboard focus, hidden on leave, blur and Escape. The title is the child's accessible
 * name, as MUI's Tooltip makes it (`aria-label`), and the bubble is a `role="tooltip"`.
 *
 * Unlike wrapping the child in a lazily loaded MUI Tooltip, the child is rendered in the same
 * place from the start, so loading the bubble never remounts it: a click in progress is not
 * lost and keyboard focus stays where it is. Touch shows no bubble (the name is still there).
 * `className` and `style` reach the child, as MUI's Tooltip passes them (AvatarGroup sets them).
 */
export const HintTooltip = ({
  title,
  children,
  className,
  style,
}: {
  title: string;
  children: ReactElement<TriggerProps>;
  className?: string;
  style?: CSSProperties;
}) => {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  /** The control the mouse is over, shown after the hover delay. */
  const [hovered, setHovered] = useState<HTMLElement | null>(null);
  const own = children.props;

  useEffect(() => {
    if (!hovered) return undefined;
    const timer = setTimeout(() => setAnchor(hovered), enterDelayMs);
    return () => clearTimeout(timer);
  }, [hovered]);

  const hide = () => {
    setHovered(null);
    setAnchor(null);
  };

  const trigger = cloneElement(children, {
    className: [className, own.className].filter(Boolean).join(' ') || undefined,
    style: style || own.style ? { ...style, ...own.style } : undefined,
    'aria-label': own['aria-label'] ?? title,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') setHovered(event.currentTarget);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      // Like MUI: a hint on keyboard focus, not on the focus a mouse click gives.
      if (isKeyboardFocus(event.currentTarget)) setAnchor(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      hide();
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') hide();
    },
  });

  return (
    <>
      {trigger}
      {anchor ? (
        <Suspense fallback={null}>
          <HintBubble id={id} anchor={anchor} title={title} />
        </Suspense>
      ) : null}
    </>
  );
};
