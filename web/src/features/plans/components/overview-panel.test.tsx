import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import type { PlansOverview } from '@orbit/functions/plans/contract';
import { OverviewPanel } from './overview-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const overview: PlansOverview = {
  subscribers: [
    { planId: 'starter', planName: { en: 'Starter', fr: '', ar: '' }, currency: 'EUR', monthly: 2, yearly: 1 },
    { planId: 'growth', planName: { en: 'Growth', fr: '', ar: '' }, currency: 'EUR', monthly: 1, yearly: 3 },
  ],
  mrr: [
    { currency: 'EUR', amount: 123_456 },
    { currency: 'USD', amount: 5000 },
  ],
  openInvoices: [{ currency: 'EUR', count: 3, amount: 23_700 }],
  overdueInvoices: [{ currency: 'EUR', count: 1, amount: 9480 }],
};

describe('the overview', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the recurring revenue, open and overdue sums formatted, and clients per plan', async () => {
    fetchMock.mockImplementation(async () => json(200, { overview }));
    const router = createMemoryRouter([{ path: '/information/plans', Component: OverviewPanel }], {
      initialEntries: ['/information/plans?tab=overview'],
    });
    render(
      <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'admin', role: 'admin' }))}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AbilityProvider>,
    );
    const mrr = await screen.findAllByTestId('overview-mrr-amount');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/apps/plans/overview');
    expect(mrr.map((amount) => amount.textContent)).toEqual(['€1,234.56', '$50.00']);

    const open = screen.getByTestId('overview-open');
    expect(within(open).getByTestId('overview-amount').textContent).toBe('€237.00');
    expect(within(open).getByTestId('overview-count').textContent).toBe('3 invoices');
    expect(within(open).getByRole('link').getAttribute('href')).toBe('/information/plans?tab=invoices&status=open');
    const overdue = screen.getByTestId('overview-overdue');
    expect(within(overdue).getByTestId('overview-amount').textContent).toBe('€94.80');
    expect(within(overdue).getByTestId('overview-count').textContent).toBe('1 invoice');
    expect(within(overdue).getByRole('link').getAttribute('href')).toBe(
      '/information/plans?tab=invoices&status=overdue',
    );

    const rows = screen.getAllByTestId('overview-plan-row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Starter', '2', '1', '3'],
      ['Growth', '1', '3', '4'],
    ]);
    expect([...screen.getByTestId('overview-plans-total').children].map((cell) => cell.textContent)).toEqual([
      'All plans',
      '3',
      '4',
      '7',
    ]);
  });
});
