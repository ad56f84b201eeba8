import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LeadBoardResponse } from '@orbit/functions/channels/contract';
import { LeadBoard } from './lead-board';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const board = (): LeadBoardResponse => ({
  columns: [
    {
      status: 'contact_received',
      count: 2,
      leads: [
        {
          id: 'lead-1',
          fullName: 'Ana Souza',
          avatar: null,
          role: 'lead',
          status: 'contact_received',
          channel: { id: 'c1', type: 'telegram', name: 'Support bot' },
        },
        { id: 'lead-2', fullName: 'Ben Okafor', avatar: null, role: 'lead', status: 'contact_received', channel: null },
      ],
    },
    { status: 'interest_shown', count: 0, leads: [] },
    { status: 'success', count: 0, leads: [] },
    { status: 'closed', count: 0, leads: [] },
  ],
});

/** Each column's count and the names on its cards. */
const columns = () =>
  screen.getAllByTestId('lead-column').map((column) => ({
    stage: column.getAttribute('data-stage'),
    count: within(column).getByTestId('lead-count').textContent,
    names: within(column)
      .queryAllByTestId('lead-card')
      .map((card) => card.getAttribute('data-lead-id')),
  }));

describe('lead board', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const moved = vi.fn<(name: string, stage: string) => void>();
  const failed = vi.fn<(name: string) => void>();

  const renderBoard = () => {
    const router = createMemoryRouter([{ path: '/', element: <LeadBoard onMoved={moved} onMoveFailed={failed} /> }]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  };

  beforeEach(() => {
    fetchMock.mockReset();
    moved.mockReset();
    failed.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('shows a column per stage with counts, each card with its channel and a link to the chat', async () => {
    fetchMock.mockImplementation(async () => json(200, board()));
    renderBoard();
    await screen.findAllByTestId('lead-card');
    expect(columns()).toEqual([
      { stage: 'contact_received', count: '2', names: ['lead-1', 'lead-2'] },
      { stage: 'interest_shown', count: '0', names: [] },
      { stage: 'success', count: '0', names: [] },
      { stage: 'closed', count: '0', names: [] },
    ]);
    const [ana, ben] = screen.getAllByTestId('lead-card') as [HTMLElement, HTMLElement];
    expect(within(ana).getByText('Via \u2068Support bot\u2069')).toBeTruthy();
    expect(within(ben).getByText('In-app')).toBeTruthy();
    expect(within(ana).getByRole('link').getAttribute('href')).toBe('/apps/chat?contact=lead-1');
  });

  it('moves a lead at once through the chat contact status, counts following', async () => {
    let resolveMove: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/apps/chat/contacts')
        return new Promise<Response>((resolve) => (resolveMove = resolve));
      return json(200, board());
    });
    renderBoard();
    await screen.findAllByTestId('lead-card');
    fireEvent.click(screen.getByRole('button', { name: 'Move \u2068Ana Souza\u2069 to…' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to “Interest shown”' }));
    // Before the server answers, the card is already in its new column.
    await waitFor(() =>
      expect(columns().slice(0, 2)).toEqual([
        { stage: 'contact_received', count: '1', names: ['lead-2'] },
        { stage: 'interest_shown', count: '1', names: ['lead-1'] },
      ]),
    );
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/apps/chat/contacts') ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ userId: 'lead-1', status: 'interest_shown' });
    resolveMove(json(200, { chat: null, contact: {} }));
    await waitFor(() => expect(moved).toHaveBeenCalledWith('Ana Souza', 'Interest shown'));
  });

  it('puts the card back and says so when the move is refused', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/apps/chat/contacts' ? json(403, { errors: {} }) : json(200, board()),
    );
    renderBoard();
    await screen.findAllByTestId('lead-card');
    fireEvent.click(screen.getByRole('button', { name: 'Move \u2068Ben Okafor\u2069 to…' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Move to “Closed”' }));
    await waitFor(() => expect(failed).toHaveBeenCalledWith('Ben Okafor'));
    await waitFor(() =>
      expect(columns()[0]).toEqual({ stage: 'contact_received', count: '2', names: ['lead-1', 'lead-2'] }),
    );
    expect(columns()[3]).toEqual({ stage: 'closed', count: '0', names: [] });
  });
});
