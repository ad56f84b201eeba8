import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import { stagesFor, type Project } from '@orbit/functions/projects/contract';
import { ProjectEditorPage } from './project-editor-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const project = (overrides: Partial<Project> = {}): Project => ({
  id: '01JPROJECT0000000000000001',
  type: 'design',
  name: 'Menu redesign',
  clientId: 'c1',
  clientName: 'Liam Carter',
  managers: [],
  status: 'active',
  statusBeforeArchive: null,
  priority: 'medium',
  startDate: '2026-03-01',
  dueDate: '2026-04-01',
  budget: null,
  description: '',
  tags: [],
  stages: stagesFor('design'),
  taskCount: 0,
  doneTaskCount: 0,
  progress: 0,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  archivedAt: null,
  ...overrides,
});

const renderAt = (url: string) => {
  const router = createMemoryRouter(
    [
      { path: '/apps/project-create/:type', Component: ProjectEditorPage },
      { path: '/apps/project-create/:type/:id', Component: ProjectEditorPage },
      { path: '/apps/projects/:id', Component: () => <p>project page</p> },
      { path: '/apps/projects', Component: () => <p>projects list</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'a1', role: 'admin' }))}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AbilityProvider>,
  );
  return router;
};

describe('project editor', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const writes = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method && init.method !== 'GET')
      .map(([url, init]) => ({
        method: init?.method,
        url: String(url),
        body: JSON.parse(String(init?.body)) as unknown,
      }));

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('validates with the shared contract before sending anything', async () => {
    fetchMock.mockResolvedValue(json(200, { people: [] }));
    renderAt('/apps/project-create/design');
    expect(await screen.findByRole('heading', { name: 'New Design project' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Project name/), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-05-10' } });
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-05-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Enter a name of 3 to 120 characters.')).toBeTruthy();
    expect(screen.getByText('The due date cannot be before the start date.')).toBeTruthy();
    expect(screen.getByText('Choose a client.')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('refuses an unknown type and offers the known ones', async () => {
    renderAt('/apps/project-create/gardening');
    expect(await screen.findByText('There is no “gardening” project type.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Development' }).getAttribute('href')).toBe(
      '/apps/project-create/development',
    );
  });

  it('sends the version it read, and on 409 offers to reload the current version', async () => {
    let reads = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'PATCH') return json(409, { errors: { version: ['stale'] }, current: project() });
      if (String(url).startsWith('/api/apps/projects/people')) return json(200, { people: [] });
      reads += 1;
      return json(200, { project: reads === 1 ? project() : project({ name: 'Renamed elsewhere', version: 4 }) });
    });
    renderAt('/apps/project-create/design/01JPROJECT0000000000000001');
    const name = (await screen.findByLabelText(/Project name/)) as HTMLInputElement;
    expect(name.value).toBe('Menu redesign');
    fireEvent.change(name, { target: { value: 'My new name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/Someone else changed this project while you were editing it/)).toBeTruthy();
    expect(writes()[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/apps/projects/01JPROJECT0000000000000001',
      body: { version: 3, name: 'My new name' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reload their version' }));
    await waitFor(() => expect(name.value).toBe('Renamed elsewhere'));
    expect(screen.queryByText(/Someone else changed this project/)).toBeNull();
  });

  it('sends an edit to the address of the project’s own type', async () => {
    fetchMock.mockResolvedValue(json(200, { project: project({ type: 'marketing', stages: stagesFor('marketing') }) }));
    const router = renderAt('/apps/project-create/design/01JPROJECT0000000000000001');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/apps/project-create/marketing/01JPROJECT0000000000000001'),
    );
  });
});
