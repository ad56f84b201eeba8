import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, isLoggedIn, updateSession } from '../../../shared/session/session-store';
import { ContactChangeUndoPage } from './contact-change-undo-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const token = `u1.email.${'A'.repeat(43)}`;

const renderAt = (url: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '/contact-change/undo', Component: ContactChangeUndoPage }], {
        initialEntries: [url],
      })}
    />,
  );

describe('the undo page of a sign-in email or phone change', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('does nothing on opening; its button sends the token from the fragment and this browser is signed out', async () => {
    updateSession({
      userData: {
        id: 'u1',
        fullName: 'Liam Carter',
        username: 'liam',
        avatar: null,
        email: 'liam@northwind.example',
        phone: '+15550100002',
        role: 'client',
      },
      accessToken: 'token',
    });
    fetchMock.mockResolvedValue(json(200, { field: 'email', restored: true }));
    renderAt(`/contact-change/undo#token=${token}`);
    expect(document.title).toBe('Undo a sign-in change · Orbit');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect((await screen.findByTestId('contact-undo-done')).textContent).toContain('Your sign-in email is back');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(`${init?.method} ${String(url)}`).toBe('POST /api/users/contact-change/undo');
    expect(JSON.parse(String(init?.body))).toEqual({ token });
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
    expect(isLoggedIn(getSession())).toBe(false);
    expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('says when the old value could not be put back: every device is still signed out', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { field: 'phone', restored: false }));
    renderAt(`/contact-change/undo#token=${token}`);
    fireEvent.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect((await screen.findByTestId('contact-undo-done')).textContent).toContain('belongs to another account');
  });

  it('says a used or expired link is not valid', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { errors: { general: ['This link is not valid'] } }));
    renderAt(`/contact-change/undo#token=${token}`);
    fireEvent.click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo the change' })).toBeNull();
  });

  it('offers no button for a link without its token', () => {
    renderAt('/contact-change/undo');
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo the change' })).toBeNull();
  });
});
