import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, updateSession } from '../session/session-store';
import { apiRequest, queryString, setSessionExpiredHandler } from './api-client';
import { ApiError } from './api-error';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const userData = {
  id: 'u1',
  fullName: 'Ada Admin',
  username: 'ada',
  avatar: null,
  email: 'a@x.io',
  phone: '+1',
  role: 'admin',
};

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const expired = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    expired.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setSessionExpiredHandler(expired);
    updateSession({ userData, accessToken: 'old-token', userAbilityRules: [{ action: 'manage', subject: 'all' }] });
  });

  afterEach(() => clearSession());

  const authorization = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Authorization');

  it('sends JSON with the Bearer token and returns the body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(apiRequest('/api/auth/me', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/me');
    expect(init?.body).toBe('{"a":1}');
    expect(authorization(0)).toBe('Bearer old-token');
  });

  it('does not send the token on public calls', async () => {
    fetchMock.mockResolvedValueOnce(json(201, {}));
    await apiRequest('/api/auth/login', { method: 'POST', body: {}, authenticated: false });
    expect(authorization(0)).toBeNull();
  });

  it('on 401 refreshes once, stores the new session and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(json(401, { errors: {} }))
      .mockResolvedValueOnce(
        json(200, { accessToken: 'new-token', userData, userAbilityRules: [{ action: 'read', subject: 'AclDemo' }] }),
      )
      .mockResolvedValueOnce(json(200, { userData }));
    await expect(apiRequest('/api/auth/me')).resolves.toEqual({ userData });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/auth/refresh');
    expect(authorization(2)).toBe('Bearer new-token');
    expect(getSession().accessToken).toBe('new-token');
    expect(getSession().userAbilityRules).toEqual([{ action: 'read', subject: 'AclDemo' }]);
    expect(expired).not.toHaveBeenCalled();
  });

  it('clears the session and reports it expired when the refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(json(401, {})).mockResolvedValueOnce(json(401, {}));
    await expect(apiRequest('/api/auth/me')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getSession()).toEqual({ userData: null, accessToken: null, userAbilityRules: [] });
    expect(expired).toHaveBeenCalledOnce();
  });

  it('shares one refresh between calls that fail together', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (input === '/api/auth/refresh') return json(200, { accessToken: 'new-token' });
      return getSession().accessToken === 'new-token' ? json(200, {}) : json(401, {});
    });
    await Promise.all([apiRequest('/api/a'), apiRequest('/api/b')]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('throws a typed error carrying the field errors and Retry-After', async () => {
    fetchMock.mockResolvedValueOnce(
      json(429, { errors: { phone: ['Too many'] }, retryAfter: 840 }, { 'Retry-After': '840' }),
    );
    const error = await apiRequest('/api/auth/login', { method: 'POST', authenticated: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'throttled',
      retryAfterSeconds: 840,
      errors: { phone: ['Too many'] },
    });
    expect((error as ApiError).fieldError('phone')).toBe('Too many');
  });

  it('reads Retry-After from the header when the body has none', async () => {
    fetchMock.mockResolvedValueOnce(json(429, { errors: { phone: ['x'] } }, { 'Retry-After': '60' }));
    await expect(apiRequest('/api/auth/login', { authenticated: false })).rejects.toMatchObject({
      retryAfterSeconds: 60,
    });
  });

  it('turns a network failure into a `network` error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/health', { authenticated: false })).rejects.toMatchObject({
      status: 0,
      code: 'network',
    });
  });

  it('returns nothing for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});

describe('queryString', () => {
  it('sends the parameters that have a value, encoded, in their order', () => {
    expect(queryString({ q: 'a&b c', limit: 25, cursor: undefined, status: '' })).toBe('?q=a%26b+c&limit=25');
  });

  it('is empty when no parameter has a value', () => {
    expect(queryString({ cursor: undefined, q: '' })).toBe('');
  });

  it('sends a zero', () => {
    expect(queryString({ version: 0 })).toBe('?version=0');
  });
});
