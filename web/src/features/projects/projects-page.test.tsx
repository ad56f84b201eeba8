import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import { stagesFor, type Project, type ProjectList } from '@orbit/functions/projects/contract';
import { ProjectsPage } from './projects-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** How long the client picker's lazy module may take to load on a busy machine. */
const pickerLoadMs = 5000;

const zeroCounts = { planning: 0, active: 0, on_hold: 0, completed: 0, archived: 0 };

const project = (index: number, overrides: Partial<Project> = {}): Project => ({
  id: `01JPROJECT00000000000000${String(index).padStart(2, '0')}`,
  type: 'development',
  name: `Project ${index}`,
  clientId: 'c1',
  clientName: 'Liam Carter',
  managers: [],
  status: 'active',
  statusBeforeArchive: null,
  priority: 'medium',
  startDate: null,
  dueDate: null,
  budget: null,
  description: '',
  tags: [],
  stages: stagesFor('development'),
  taskCount: 4,
  doneTaskCount: 1,
  progress: 25,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  archivedAt: null,
  ...overrides,
});

const page = (projects: Project[], rest: Partial<ProjectList> = {}): ProjectList => ({
  projects,
  nextCursor: null,
  counts: { ...zeroCounts, active: projects.length },
  total: projects.length,
  ...rest,
});

const renderAt = (url: string, role: 'admin' | 'client' = 'admin') => {
  const router = createMemoryRouter([{ path: '/apps/projects', Component: ProjectsPage }], {
    initialEntries: [url],
  });
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'u1', role }))}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AbilityProvider>,
  );
  return router;
};

describe('projects page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const listRequests = () =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/apps/projects?'));

  /** Each call gets a fresh Response; the client picker's people search gets nobody. */
  const answer = (body: (url: string) => unknown) =>
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/apps/projects/people') ? json(200, { people: [] }) : json(200, body(String(url))),
    );

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('asks the API for the state in the URL and shows cards with progress, counts and the range', async () => {
    answer(() => page([project(1), project(2)], { total: 7, nextCursor: 'NEXT' }));
    renderAt('/apps/projects?q=acme&status=active&type=design&sort=name');
    expect(await screen.findByRole('link', { name: 'Project 1' })).toBeTruthy();
    expect(listRequests()[0]).toBe('/api/apps/projects?q=acme&status=active&type=design&sort=name&order=asc&limit=12');
    const card = screen.getAllByTestId('project-card')[0] as HTMLElement;
    expect(within(card).getByText('25%')).toBeTruthy();
    expect(within(card).getByText('1 of 4 tasks done')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Active (2)' })).toBeTruthy();
    expect(screen.getByText('1–2 of 7')).toBeTruthy();
  });

  it('pages forward with the cursor and back without it', async () => {
    answer((url) =>
      url.includes('cursor=NEXT')
        ? page([project(7)], { total: 7 })
        : page(
            [1, 2, 3, 4, 5, 6].map((index) => project(index)),
            { total: 7, nextCursor: 'NEXT' },
          ),
    );
    renderAt('/apps/projects?size=6');
    await screen.findByRole('link', { name: 'Project 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Project 7' })).toBeTruthy();
    expect(listRequests().at(-1)).toContain('cursor=NEXT');
    expect(screen.getByText('7–7 of 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: 'Project 1' })).toBeTruthy();
  });

  it('keeps the page in the URL: a reload stays on it, Back and Previous return', async () => {
    answer((url) =>
      url.includes('cursor=THIRD')
        ? page([project(9)], { total: 9 })
        : url.includes('cursor=NEXT')
          ? page([project(5), project(6), project(7), project(8)], { total: 9, nextCursor: 'THIRD' })
          : page(
              [1, 2, 3, 4].map((index) => project(index)),
              { total: 9, nextCursor: 'NEXT' },
            ),
    );
    const router = renderAt('/apps/projects?size=6');
    await screen.findByRole('link', { name: 'Project 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Project 5' });
    expect(router.state.location.search).toBe('?size=6&page=2&cursor=NEXT');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByRole('link', { name: 'Project 9' });
    expect(router.state.location.search).toBe('?size=6&page=3&cursor=THIRD');
    // Previous uses the cursor of the page before; Back returns as well.
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByRole('link', { name: 'Project 5' });
    expect(router.state.location.search).toBe('?size=6&page=2&cursor=NEXT');
    await router.navigate(-1);
    await screen.findByRole('link', { name: 'Project 9' });
    // A change of the query starts again from the first page.
    fireEvent.click(screen.getByRole('tab', { name: /^Active/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?size=6&status=active'));
  });

  it('opens the page a link names, and counts only open projects under "All open"', async () => {
    answer((url) =>
      url.includes('cursor=NEXT')
        ? page([project(7)], { total: 7, counts: { ...zeroCounts, planning: 3, active: 6, on_hold: 1, completed: 1 } })
        : page([project(1)], { total: 7 }),
    );
    renderAt('/apps/projects?page=2&cursor=NEXT');
    expect(await screen.findByRole('link', { name: 'Project 7' })).toBeTruthy();
    expect(listRequests()[0]).toContain('cursor=NEXT');
    expect(screen.getByRole('tab', { name: 'All open (10)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Completed (1)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('link', { name: 'Project 1' })).toBeTruthy();
  });

  it('filters by status with the tabs and switches view and order with their toggles, all in the URL', async () => {
    answer(() => page([project(1), project(2)]));
    const router = renderAt('/apps/projects');
    await screen.findByRole('link', { name: 'Project 1' });
    expect(screen.getByRole('tab', { name: 'All open (2)' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'Active (2)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active'));
    expect(screen.getByRole('tab', { name: 'Active (2)' }).getAttribute('aria-selected')).toBe('true');

    const view = screen.getByRole('group', { name: 'View' });
    expect(within(view).getByRole('button', { name: 'Cards' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(view).getByRole('button', { name: 'Table' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&view=table'));
    expect(within(view).getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');

    const order = screen.getByRole('group', { name: 'Order' });
    expect(within(order).getByRole('button', { name: 'Descending' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(order).getByRole('button', { name: 'Ascending' }));
    await waitFor(() => expect(router.state.location.search).toContain('order=asc'));
  });

  it('says when the list could not be loaded, and tries again on request', async () => {
    fetchMock.mockImplementation(async () => json(500, { errors: { server: ['Internal error'] } }));
    renderAt('/apps/projects');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The projects could not be loaded.');
    const before = listRequests().length;
    answer(() => page([project(1)]));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Project 1' })).toBeTruthy();
    expect(listRequests().length).toBeGreaterThan(before);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows managers as overlapping avatars, the surplus as "+N", and hashtags', async () => {
    const managers = ['Olivia Bennett', 'Mia Schneider', 'Noah Patel', 'Ava Chen'].map((fullName, index) => ({
      id: `m${index}`,
      fullName,
    }));
    answer(() => page([project(1, { managers, tags: ['launch', 'web'] })]));
    renderAt('/apps/projects');
    const card = await screen.findByTestId('project-card');
    const group = within(card).getByRole('group', { name: 'Managers' });
    expect(
      within(group)
        .getAllByRole('img')
        .map((avatar) => avatar.getAttribute('aria-label')),
    ).toEqual(['Olivia Bennett', 'Mia Schneider']);
    expect(within(group).getByText('+2')).toBeTruthy();
    expect(within(card).getByText('#launch')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Progress' }).getAttribute('aria-valuenow')).toBe('25');
  });

  it('invites an admin to create the first project when the workspace is empty', async () => {
    answer(() => page([], { counts: zeroCounts, total: 0 }));
    renderAt('/apps/projects');
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create the first project' }));
    // The menu's code loads with its first opening.
    expect((await screen.findByRole('menuitem', { name: /Marketing/ })).getAttribute('href')).toBe(
      '/apps/project-create/marketing',
    );
  });

  it('tells a client its projects will appear, without offering to create one', async () => {
    answer(() => page([], { counts: zeroCounts, total: 0 }));
    renderAt('/apps/projects', 'client');
    expect(await screen.findByText('Your projects will appear here as soon as your team sets them up.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New project|Create the first project/ })).toBeNull();
  });

  it('offers to clear filters that match nothing, and shows the table view', async () => {
    answer(() => page([], { counts: { ...zeroCounts, active: 3 }, total: null }));
    const router = renderAt('/apps/projects?q=zzz&view=table');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=table'));
  });

  it('filters by client with the searchable picker, which loads when the field is first focused', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/apps/projects/people')
        ? json(200, { people: [{ id: 'c2', fullName: 'Noah Brooks' }] })
        : json(200, page([project(1)])),
    );
    const router = renderAt('/apps/projects');
    await screen.findByRole('link', { name: 'Project 1' });
    const field = screen.getByRole('combobox', { name: 'Client' });
    expect(field.getAttribute('readonly')).not.toBeNull();
    // A click: the picker takes the field's place, focused, with its list open.
    fireEvent.pointerDown(field);
    fireEvent.focus(field);
    // The picker's first load (Autocomplete, transformed on the fly here) can take over a second.
    fireEvent.click(await screen.findByRole('option', { name: 'Noah Brooks' }, { timeout: pickerLoadMs }));
    await waitFor(() => expect(router.state.location.search).toBe('?client=c2'));
    expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).readOnly).toBe(false);
  });

  it('swaps the picker in on keyboard focus without opening its list until asked', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith('/api/apps/projects/people')
        ? json(200, { people: [{ id: 'c2', fullName: 'Noah Brooks' }] })
        : json(200, page([project(1)])),
    );
    renderAt('/apps/projects');
    await screen.findByRole('link', { name: 'Project 1' });
    fireEvent.focus(screen.getByRole('combobox', { name: 'Client' }));
    await waitFor(
      () => expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).readOnly).toBe(false),
      { timeout: pickerLoadMs },
    );
    const picker = screen.getByRole('combobox', { name: 'Client' });
    expect(document.activeElement).toBe(picker);
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    expect(await screen.findByRole('option', { name: 'Noah Brooks' })).toBeTruthy();
  });
});
