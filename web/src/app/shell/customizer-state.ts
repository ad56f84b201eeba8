import { useSyncExternalStore } from 'react';

/**
 * Whether the customizer panel is open. Its floating tab opens it on wide screens; on phones the
 * tab would cover form fields at the window's edge, so there it is hidden and the user menu opens
 * the panel instead.
 */
let open = false;
const listeners = new Set<() => void>();

export const setCustomizerOpen = (next: boolean): void => {
  open = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useCustomizerOpen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => open,
    () => open,
  );
