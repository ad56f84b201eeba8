import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildAbility } from '@orbit/functions/core/ability';
import type { Permission } from '@orbit/functions/permissions/contract';
import { PermissionsPage } from './permissions-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const permission = (index: number, overrides: Partial<Permission> = {}): Permission => ({
  id: `p${index}`,
  name: `Permission ${index}`,
  assignedTo: ['administrator', 'support'],
  rules: [{ action: 'read', subject: 'Project' }],
  createdDate: '14 Apr 2021, 8:43 PM',
  version: 1,
  ...overrides,
});

const renderAt = (url: string) => {
  const router = createMemoryRouter([{ path: '/apps/permissions', Component: PermissionsPage }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AbilityProvider value={buildAbility([{ action: 'manage', subject: 'all' }])}>
        <RouterProvider router={router} />
      </AbilityProvider>
    </QueryClientProvider>,
  );
  return router;
};

describe('permissions page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const requests = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('asks the API for the state in the URL and shows rows, role chips and the footer of docs/product.md#constants', async () => {
    fetchMock.mockResolvedValue(json(200, { permissions: [permission(6), permission(7)], totalPermissions: 7 }));
    renderAt('/apps/permissions?q=perm&sortBy=name&orderBy=desc&page=2&itemsPerPage=5');
    expect(await screen.findByRole('rowheader', { name: 'Permission 6' })).toBeTruthy();
    expect(requests()[0]).toBe('GET /api/apps/permissions?q=perm&sortBy=name&orderBy=desc&page=2&itemsPerPage=5');
    expect((screen.getByRole('searchbox', { name: 'Search permissions' }) as HTMLInputElement).value).toBe('perm');
    expect(screen.getByText('Items per page')).toBeTruthy();
    expect(screen.getByText('6–7 of 7')).toBeTruthy();
    const row = screen.getByRole('rowheader', { name: 'Permission 6' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Administrator')).toBeTruthy();
    expect(within(row).getByText('Support')).toBeTruthy();
    // The stored UTC text, shown as a date in the reader's language and time zone.
    const created = row.querySelector('time');
    expect(created?.getAttribute('dateTime')).toBe('2021-04-14T20:43:00.000Z');
    expect(created?.textContent).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2021-04-14T20:43Z')),
    );
    expect(screen.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('descending');
    expect(document.title).toBe('Permissions · Orbit');
  });

  it('offers the page sizes 5, 10, 20, 25, 50, 100 and All', async () => {
    fetchMock.mockResolvedValue(json(200, { permissions: [permission(1)], totalPermissions: 1 }));
    renderAt('/apps/permissions');
    await screen.findByRole('rowheader', { name: 'Permission 1' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Items per page' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['5', '10', '20', '25', '50', '100', 'All']);
  });

  it('keeps sorting and searching in the URL', async () => {
    fetchMock.mockResolvedValue(json(200, { permissions: [permission(1)], totalPermissions: 1 }));
    const router = renderAt('/apps/permissions?page=1');
    await screen.findByRole('rowheader', { name: 'Permission 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=name&orderBy=asc'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search permissions' }), { target: { value: 'billing' } });
    await waitFor(() => expect(router.state.location.search).toBe('?sortBy=name&orderBy=asc&q=billing'));
    await waitFor(() =>
      expect(requests().at(-1)).toBe(
        'GET /api/apps/permissions?q=billing&sortBy=name&orderBy=asc&page=1&itemsPerPage=10',
      ),
    );
  });

  it('validates the add dialog with the shared contract before calling the API', async () => {
    fetchMock.mockResolvedValue(json(200, { permissions: [], totalPermissions: 0 }));
    renderAt('/apps/permissions');
    expect(await screen.findByText('No permissions yet. Add the first one.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add permission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add permission' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Permission name' }), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create permission' }));
    expect(await within(dialog).findByText('Enter a name of 2 to 80 characters.')).toBeTruthy();
    expect(requests().filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('shows a duplicate name under the field', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(409, { errors: { name: ['A permission with this name already exists'] } })
        : json(200, { permissions: [], totalPermissions: 0 }),
    );
    renderAt('/apps/permissions');
    fireEvent.click(await screen.findByRole('button', { name: 'Add permission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add permission' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Permission name' }), {
      target: { value: 'Management' },
    });
    fireEvent.click(within(dialog).getByLabelText('Manager'));
    // The rules grid: a box per action and area, and "own only" where the area has an owner.
    // (Found by label: role queries over the grid's 85 boxes are slow in jsdom.)
    fireEvent.click(within(dialog).getByLabelText('Create · Projects'));
    fireEvent.click(within(dialog).getByLabelText('Edit · Tasks'));
    fireEvent.click(within(dialog).getByLabelText('Edit · Tasks: only their own'));
    expect(within(dialog).queryByLabelText('Edit · Projects: only their own')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create permission' }));
    expect(await within(dialog).findByText('A permission with this name already exists.')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Management',
      assignedTo: ['manager'],
      rules: [
        { action: 'create', subject: 'Project' },
        { action: 'update', subject: 'Task', own: true },
      ],
    });
  }, 30_000);

  it('offers the other editor’s version when an edit is stale', async () => {
    const mine = permission(1);
    const theirs = permission(1, { name: 'Renamed elsewhere', assignedTo: ['users'], version: 2 });
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'PATCH') return json(409, { errors: { version: ['stale'] }, current: theirs });
      return String(url).includes('itemsPerPage=-1')
        ? json(200, { permissions: [theirs], totalPermissions: 1 })
        : json(200, { permissions: [mine], totalPermissions: 1 });
    });
    renderAt('/apps/permissions');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Permission 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit permission' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Load their version' }));
    expect((within(dialog).getByRole('textbox', { name: 'Permission name' }) as HTMLInputElement).value).toBe(
      'Renamed elsewhere',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toHaveLength(2));
    const second = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH')[1];
    expect(JSON.parse(String(second?.[1]?.body))).toMatchObject({ version: 2, assignedTo: ['users'] });
  });
});
