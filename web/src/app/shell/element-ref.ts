import type { ReactElement, Ref } from 'react';

/** The ref an element was created with (React 19 keeps it among its props), to fork it. */
export const elementRef = <T>(element: ReactElement): Ref<T> | undefined => (element.props as { ref?: Ref<T> }).ref;
