import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../shared/session/session-store';
import { SignInPage } from './sign-in-page';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const renderAt = (url: string) => {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: SignInPage },
      { path: '/apps/chat', element: <p>chat page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

const submit = (phone: string, password: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

/** The text the phone field's helper shows (what a screen reader announces as its description). */
const phoneHelperText = () => {
  const phone = screen.getByRole('textbox', { name: 'Phone' });
  const id = phone.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};

describe('sign-in page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('has labelled phone and password inputs with stable names', () => {
    renderAt('/login');
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('name')).toBe('phone');
    expect(screen.getByLabelText('Password').getAttribute('name')).toBe('password');
    expect(document.title).toBe('Sign in · Orbit');
  });

  it("shows the API's error under the phone field", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { errors: { phone: ['Invalid email or password'] } }));
    renderAt('/login');
    submit('+15550100001', 'wrong');
    await waitFor(() => expect(phoneHelperText()).toBe('That phone number and password do not match an account.'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      phone: '+15550100001',
      password: 'wrong',
    });
    expect(getSession().accessToken).toBeNull();
  });

  it('sends a phone typed with spaces and dashes in E.164', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { errors: { phone: ['Invalid email or password'] } }));
    renderAt('/login');
    submit('+1 555-010 0001', 'wrong');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      phone: '+15550100001',
      password: 'wrong',
    });
  });

  it('catches an empty form before sending anything', () => {
    renderAt('/login');
    submit('', '');
    expect(phoneHelperText()).toBe('Enter your phone number');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Phone' }));
    submit('+15550100001', '');
    const password = screen.getByLabelText('Password');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter your password',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains throttling with the wait from retryAfter', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        429,
        { errors: { phone: ['Too many sign-in attempts. Try again later.'] }, retryAfter: 840 },
        { 'Retry-After': '840' },
      ),
    );
    renderAt('/login');
    submit('+15550100001', 'wrong');
    await waitFor(() => expect(phoneHelperText()).toBe('Too many sign-in attempts. Try again in 14 minutes.'));
  });

  it('stores the session and goes to `to` after signing in', async () => {
    const userData = {
      id: 'u1',
      fullName: 'Ada',
      username: 'ada',
      avatar: null,
      email: 'a@x.io',
      phone: '+15550100001',
      role: 'admin',
    };
    fetchMock.mockResolvedValueOnce(
      json(201, { accessToken: 'jwt', userData, userAbilityRules: [{ action: 'manage', subject: 'all' }] }),
    );
    const router = renderAt('/login?x=1&to=/apps/chat');
    submit('+15550100001', 'Admin#2026');
    await screen.findByText('chat page');
    expect(router.state.location.pathname).toBe('/apps/chat');
    expect(getSession()).toMatchObject({
      accessToken: 'jwt',
      userData,
      userAbilityRules: [{ action: 'manage', subject: 'all' }],
    });
  });

  it('goes home after signing in when `to` is absent or points off-site', async () => {
    fetchMock.mockResolvedValue(json(201, { accessToken: 'jwt', userData: { role: 'client' }, userAbilityRules: [] }));
    renderAt('/login?to=//evil.example');
    submit('+15550100002', 'Client#2026');
    await screen.findByText('home page');
  });
  it('asks for the code when two-step verification is on, then signs in and keeps `to`', async () => {
    clearSession();
    fetchMock.mockResolvedValueOnce(
      json(200, { twoStep: { challenge: 'c'.repeat(43), methods: ['totp', 'recovery'] } }),
    );
    const router = renderAt('/login?to=/apps/chat');
    submit('+15550100001', 'Admin#2026');
    const code = await screen.findByRole('textbox', { name: '6-digit code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(getSession().accessToken).toBeNull();

    fireEvent.change(code, { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json(400, { errors: { code: ['The code is not right'] } }));
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not right. Check your app and try again.')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(
      json(201, { accessToken: 'jwt2', userData: { role: 'admin' }, userAbilityRules: [] }),
    );
    fireEvent.change(code, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('chat page');
    expect(router.state.location.pathname).toBe('/apps/chat');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe('/api/auth/login/two-step');
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
      challenge: 'c'.repeat(43),
      code: '654321',
    });
    expect(getSession().accessToken).toBe('jwt2');
  });

  it('takes a recovery code instead, and goes back to the password when the challenge has expired', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { twoStep: { challenge: 'd'.repeat(43), methods: ['totp', 'recovery'] } }),
    );
    renderAt('/login');
    submit('+15550100001', 'Admin#2026');
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByRole('textbox', { name: 'Recovery code' });
    fetchMock.mockResolvedValueOnce(json(400, { errors: { challenge: ['The sign-in has expired. Sign in again.'] } }));
    fireEvent.change(recovery, { target: { value: 'abcd-efgh-jkmn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('This sign-in has expired. Sign in again.')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
      challenge: 'd'.repeat(43),
      recoveryCode: 'abcd-efgh-jkmn',
    });
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});
