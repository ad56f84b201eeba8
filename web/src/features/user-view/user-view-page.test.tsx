import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, isRouteErrorResponse, RouterProvider, useRouteError } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '@orbit/functions/users/contract';
import { getSession, sessionStorageKeys, updateSession } from '../../shared/session/session-store';
import { UserViewPage } from './user-view-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const me = {
  id: 'u1',
  fullName: 'Liam Carter',
  username: 'liam',
  avatar: null,
  role: 'client',
  email: 'liam@northwind.example',
  phone: '+15550100002',
};

const viewOf = (overrides: Partial<ProfileView['user']> = {}): ProfileView => ({
  user: {
    ...me,
    about: 'Head of digital',
    status: 'away',
    language: 'en',
    settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
    version: 3,
    ...overrides,
  },
  counts: { projects: 4, openTasks: 7, openTasksComplete: true },
});

const NotFound = () => {
  const error = useRouteError();
  return <p>{isRouteErrorResponse(error) && error.status === 404 ? 'Not found page' : 'Other error'}</p>;
};

const renderAt = (url: string) => {
  const router = createMemoryRouter([{ path: '/user/view', Component: UserViewPage, ErrorBoundary: NotFound }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

describe('user view page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const requests = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    updateSession({ userData: me, accessToken: 'token' });
  });
  afterEach(() => {
    for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
  });

  it('shows the signed-in user’s own view: the side card with counts and the tab named in the URL', async () => {
    fetchMock.mockResolvedValue(json(200, viewOf()));
    const router = renderAt('/user/view?tab=account');
    expect(await screen.findByTestId('profile-name')).toHaveProperty('textContent', 'Liam Carter');
    expect(requests()[0]).toBe('GET /api/users/u1');
    expect(screen.getByTestId('count-projects').textContent).toContain('4');
    expect(screen.getByTestId('count-openTasks').textContent).toContain('7');
    expect(screen.getByRole('tab', { name: 'Account' }).getAttribute('aria-selected')).toBe('true');
    // The sign-in details are the owner's to change.
    expect(screen.getByRole('button', { name: 'Change phone' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Security' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=security'));
    expect(screen.getByRole('tab', { name: 'Security' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens another user’s view by ?id= and hides their sign-in details', async () => {
    fetchMock.mockResolvedValue(json(200, viewOf({ id: 'u2', fullName: 'Sophia Nguyen' })));
    renderAt('/user/view?id=u2');
    expect(await screen.findByTestId('profile-name')).toHaveProperty('textContent', 'Sophia Nguyen');
    expect(requests()[0]).toBe('GET /api/users/u2');
    expect(screen.queryByRole('button', { name: 'Change phone' })).toBeNull();
  });

  it('shows the not-found page for an id the server does not show this user', async () => {
    fetchMock.mockResolvedValue(json(404, { errors: { general: ['User not found'] } }));
    renderAt('/user/view?id=someone-else');
    expect(await screen.findByText('Not found page')).toBeTruthy();
  });

  it('saves the form from the version read, and the stored user follows (the navbar reads it)', async () => {
    fetchMock.mockResolvedValueOnce(json(200, viewOf()));
    renderAt('/user/view');
    const name = (await screen.findByRole('textbox', { name: 'Full name' })) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Liam C. Carter' } });
    fetchMock.mockResolvedValueOnce(json(200, { user: viewOf({ fullName: 'Liam C. Carter', version: 4 }).user }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(getSession().userData?.fullName).toBe('Liam C. Carter'));
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(`${init?.method} ${String(url)}`).toBe('PATCH /api/users/u1');
    expect(JSON.parse(String(init?.body))).toEqual({
      fullName: 'Liam C. Carter',
      about: 'Head of digital',
      status: 'away',
      language: 'en',
      version: 3,
    });
    expect(await screen.findByText('Your profile is saved.')).toBeTruthy();
  });

  it('refuses bad input in the browser with the contract’s rules, sending nothing', async () => {
    fetchMock.mockResolvedValueOnce(json(200, viewOf()));
    renderAt('/user/view');
    const name = await screen.findByRole('textbox', { name: 'Full name' });
    fireEvent.change(name, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Full name must be 2–120 characters')).toBeTruthy();
    expect(requests()).toEqual(['GET /api/users/u1']);
  });
});
