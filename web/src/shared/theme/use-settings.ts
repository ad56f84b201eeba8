import { useSyncExternalStore } from 'react';
import { getSettings, subscribeToSettings, type Settings } from './settings';

/** The current settings; components re-render when one changes. */
export const useSettings = (): Settings => useSyncExternalStore(subscribeToSettings, getSettings, getSettings);
