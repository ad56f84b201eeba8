import { clearSession, getSession, updateSession, type SessionUpdate } from '../session/session-store';
import { ApiError, type FieldErrors } from './api-error';

/**
 * A small fetch wrapper for the same-origin API: JSON in and out, the Bearer token on signed-in
 * calls, and one refresh-and-retry when the access token has expired. If the refresh fails too,
 * the session is cleared and the app is told (it sends the user to /login).
 */

export interface ApiRequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** Send the Bearer token and refresh it on 401 (default). Off for sign-in, register, recovery. */
  readonly authenticated?: boolean;
}

let onSessionExpired: () => void = () => {
  window.location.assign('/login');
};

/** The app decides where an expired session goes (app/routing/router.ts). */
export const setSessionExpiredHandler = (handler: () => void): void => {
  onSessionExpired = handler;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const readBody = async (response: Response): Promise<unknown> => {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const fieldErrorsOf = (body: unknown): FieldErrors => {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) errors[field] = messages.filter((m): m is string => typeof m === 'string');
    else if (typeof messages === 'string') errors[field] = [messages];
  }
  return errors;
};

const retryAfterOf = (response: Response, body: unknown): number | undefined => {
  if (isRecord(body) && typeof body.retryAfter === 'number') return body.retryAfter;
  const header = Number(response.headers.get('Retry-After'));
  return Number.isFinite(header) && header > 0 ? header : undefined;
};

const send = async (path: string, options: ApiRequestOptions, accessToken: string | null): Promise<Response> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin', // the refresh token travels in an httpOnly cookie
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, {}, undefined, { cause: error });
  }
};

let refreshing: Promise<boolean> | undefined;

/** POST /api/auth/refresh once for every caller that hit a 401 at the same time. */
export const refreshSession = (): Promise<boolean> => {
  refreshing ??= (async () => {
    try {
      const response = await send('/api/auth/refresh', { method: 'POST' }, null);
      if (!response.ok) return false;
      const body = await readBody(response);
      if (!isRecord(body) || typeof body.accessToken !== 'string') return false;
      updateSession(body as SessionUpdate);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = undefined;
    }
  })();
  return refreshing;
};

export const apiRequest = async <T>(path: string, options: ApiRequestOptions = {}): Promise<T> => {
  const authenticated = options.authenticated ?? true;
  let response = await send(path, options, authenticated ? getSession().accessToken : null);

  if (response.status === 401 && authenticated) {
    if (await refreshSession()) response = await send(path, options, getSession().accessToken);
    if (response.status === 401) {
      clearSession();
      onSessionExpired();
    }
  }

  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, fieldErrorsOf(body), retryAfterOf(response, body));
  return body as T;
};

/**
 * `?a=1&b=2` of the parameters that have a value, for the API's list routes: a parameter left
 * out (undefined) or empty is not sent, so the server applies its default. Here with the fetch
 * wrapper rather than in a module of its own: every page that lists downloads this one already.
 */
export const queryString = (params: Readonly<Record<string, string | number | undefined>>): string => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
};
