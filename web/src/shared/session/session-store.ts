import type { SignInResponse, UserData } from '@orbit/functions/auth/contract';

/**
 * The signed-in session as docs/product.md#stored-values stores it: `userData` (JSON), `accessToken` and
 * `userAbilityRules` (JSON) in localStorage. Logged in means userData and accessToken are both
 * stored (docs/product.md#behaviour). Other tabs see changes through the `storage` event.
 */

export const sessionStorageKeys = {
  userData: 'userData',
  accessToken: 'accessToken',
  userAbilityRules: 'userAbilityRules',
} as const;

/** What the browser may find stored: written by this app, but possibly stale or hand-edited. */
/** A CASL rule as the API sends it (docs/product.md#stored-values: action, subject; plus optional conditions). */
export type StoredAbilityRule = SignInResponse['userAbilityRules'][number];

export type StoredUserData = Partial<UserData> & Record<string, unknown>;

export interface Session {
  readonly userData: StoredUserData | null;
  readonly accessToken: string | null;
  readonly userAbilityRules: readonly StoredAbilityRule[];
}

export interface SessionUpdate {
  readonly userData?: UserData;
  readonly accessToken?: string;
  readonly userAbilityRules?: readonly StoredAbilityRule[];
}

export const isLoggedIn = (session: Session): boolean => Boolean(session.userData && session.accessToken);

const parseJson = (raw: string | null): unknown => {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isRule = (value: unknown): value is StoredAbilityRule =>
  isRecord(value) && typeof value.action === 'string' && typeof value.subject === 'string';

const readStorage = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const readSession = (): Session => {
  const userData = parseJson(readStorage(sessionStorageKeys.userData));
  const rules = parseJson(readStorage(sessionStorageKeys.userAbilityRules));
  return {
    userData: isRecord(userData) ? (userData as StoredUserData) : null,
    accessToken: readStorage(sessionStorageKeys.accessToken) || null,
    userAbilityRules: Array.isArray(rules) ? rules.filter(isRule) : [],
  };
};

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Session | undefined;

const notify = (): void => {
  snapshot = undefined;
  for (const listener of listeners) listener();
};

/** A stable snapshot for useSyncExternalStore: the same object until the session changes. */
export const getSession = (): Session => (snapshot ??= readSession());

export const subscribeToSession = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const otherTabListeners = new Set<Listener>();

/**
 * Told after another tab of this site changed the stored session (signed out, signed in, perhaps
 * as someone else). This tab's own changes are not reported here: whoever makes them navigates.
 */
export const subscribeToSessionFromOtherTabs = (listener: Listener): (() => void) => {
  otherTabListeners.add(listener);
  return () => otherTabListeners.delete(listener);
};

/**
 * Who is signed in and what they may do, as one comparable value: it changes on sign-in,
 * sign-out and a change of user or rules, not on a token refresh.
 */
export const sessionIdentity = (session: Session): string =>
  JSON.stringify([
    isLoggedIn(session),
    session.userData?.id ?? null,
    session.userData?.role ?? null,
    session.userAbilityRules,
  ]);

if (typeof window !== 'undefined') {
  // The browser fires `storage` in every other tab of the origin when one tab writes localStorage.
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== null && event.storageArea !== localStorage) return;
    if (event.key !== null && !Object.values<string>(sessionStorageKeys).includes(event.key)) return;
    notify();
    for (const listener of otherTabListeners) listener();
  });
}

/** Store what sign-in, registration, refresh or /me returned; fields left out keep their value. */
export const updateSession = (update: SessionUpdate): void => {
  if (update.userData) localStorage.setItem(sessionStorageKeys.userData, JSON.stringify(update.userData));
  if (update.accessToken) localStorage.setItem(sessionStorageKeys.accessToken, update.accessToken);
  if (update.userAbilityRules) {
    localStorage.setItem(sessionStorageKeys.userAbilityRules, JSON.stringify(update.userAbilityRules));
  }
  notify();
};

const rulesListeners = new Set<Listener>();

/**
 * Told after this tab's rules were replaced by the server's push (`applyAbilityUpdate`): the
 * router checks the current page again. Other tabs learn it through `storage`
 * (subscribeToSessionFromOtherTabs) — and from their own sockets.
 */
export const subscribeToRulesReplaced = (listener: Listener): (() => void) => {
  rulesListeners.add(listener);
  return () => rulesListeners.delete(listener);
};

/** What the server pushes when the user's rules change (functions/src/core/auth/rules-changed-job.ts). */
export interface AbilityUpdate {
  readonly role: string;
  readonly rules: readonly StoredAbilityRule[];
}

/**
 * The user's role or its permissions changed (docs/roles.md): store the new rules and role, so
 * the ability, the navigation and every `can(...)` follow at once, and the page is checked
 * again. Ignored when signed out, or when the frame holds no rule list.
 */
export const applyAbilityUpdate = (update: AbilityUpdate): void => {
  const current = readSession();
  if (!isLoggedIn(current) || !Array.isArray(update.rules)) return;
  localStorage.setItem(sessionStorageKeys.userData, JSON.stringify({ ...current.userData, role: update.role }));
  localStorage.setItem(sessionStorageKeys.userAbilityRules, JSON.stringify(update.rules.filter(isRule)));
  notify();
  for (const listener of rulesListeners) listener();
};

export const clearSession = (): void => {
  for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
  notify();
};
