import { useAbility } from '@casl/react';
import { useSyncExternalStore } from 'react';
import type { AppAbility } from '@orbit/functions/core/ability';
import { getSession, subscribeToSession, type Session } from './session-store';

export const useSession = (): Session => useSyncExternalStore(subscribeToSession, getSession, getSession);

/** The signed-in user's ability (from <AbilityProvider>); components re-render when the rules change. */
export const useAppAbility = (): AppAbility => useAbility<AppAbility>();
