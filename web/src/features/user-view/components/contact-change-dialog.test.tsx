import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Profile } from '@orbit/functions/users/contract';
import { updateSession } from '../../../shared/session/session-store';
import { ContactChangeDialog } from './contact-change-dialog';

const user: Profile = {
  id: 'u1',
  fullName: 'Liam Carter',
  username: 'liam',
  avatar: null,
  role: 'client',
  about: '',
  status: 'online',
  email: 'liam@northwind.example',
  phone: '+15550100002',
  language: 'en',
  settings: { isTwoStepAuthVerificationEnabled: false, isNotificationsOn: true },
  version: 3,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const renderDialog = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ContactChangeDialog user={user} field="email" onClose={() => undefined} onChanged={() => undefined} />
    </QueryClientProvider>,
  );

const passwordField = () => screen.getByLabelText('Current password');

describe('the contact change dialog', () => {
  it('asks for the current password with the new email, and sends nothing without it', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json(202, { field: 'email', value: 'liam@new.example', expiresAt: '2026-01-01T00:15:00.000Z' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    updateSession({ accessToken: 'token' });
    renderDialog();

    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'liam@new.example' } });
    expect(passwordField().getAttribute('type')).toBe('password');
    expect(passwordField().getAttribute('autocomplete')).toBe('current-password');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(passwordField(), { target: { value: 'Client#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Code');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(`${init?.method} ${String(url)}`).toBe('POST /api/users/u1/contact-change');
    expect(JSON.parse(String(init?.body))).toEqual({
      field: 'email',
      value: 'liam@new.example',
      currentPassword: 'Client#2026',
    });
  });

  it('says a wrong password beside the password field and stays on the first step', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => json(400, { errors: { currentPassword: ['The password is not right'] } })),
    );
    updateSession({ accessToken: 'token' });
    renderDialog();

    fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'liam@new.example' } });
    fireEvent.change(passwordField(), { target: { value: 'Wrong#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(passwordField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The password is not right.')).toBeTruthy();
    expect(screen.queryByLabelText('Code')).toBeNull();
  });
});
