import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './register-page';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const renderRegister = () => {
  const router = createMemoryRouter(
    [
      { path: '/register', Component: RegisterPage },
      { path: '/apps/projects', element: <p>projects page</p> },
    ],
    { initialEntries: ['/register'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

describe('register page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('says when to try again once this network has made too many accounts (429)', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        429,
        {
          errors: { general: ['At most 10 new accounts from one network an hour: try again in 42 minutes.'] },
          retryAfter: 2520,
        },
        { 'Retry-After': '2520' },
      ),
    );
    renderRegister();
    fireEvent.change(screen.getByRole('textbox', { name: 'Full name' }), { target: { value: 'Grace Hopper' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '+15550142001' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'grace@navy.example' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Cobol#1959' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many accounts were created from this network. Try again in 42 minutes.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
