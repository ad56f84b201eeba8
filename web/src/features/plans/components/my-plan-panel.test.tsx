import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import type { PlanView, SubscriptionView } from '@orbit/functions/plans/contract';
import { sessionStorageKeys, updateSession } from '../../../shared/session/session-store';
import { MyPlanPanel } from './my-plan-panel';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const plan = (id: string, name: string, monthlyPrice: number): PlanView => ({
  id,
  name: { en: name, fr: '', ar: '' },
  description: { en: `${name} plan`, fr: '', ar: '' },
  currency: 'EUR',
  monthlyPrice,
  yearlyPrice: monthlyPrice * 10,
  taxRateBps: 2000,
  features: [],
  limits: { activeProjects: 3, storageBytes: 1_000_000_000 },
  visible: true,
  archived: false,
  position: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
});

const starter = plan('starter', 'Starter', 2900);
const growth = plan('growth', 'Growth', 7900);

const subscription: SubscriptionView = {
  clientId: 'me',
  clientName: 'Maya Rivers',
  plan: growth,
  interval: 'month',
  status: 'active',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  requestedChange: { planId: 'scale', interval: 'year', requestedAt: '2026-11-20T10:00:00.000Z' },
  scheduledChange: null,
  canceledAt: null,
  usage: {
    activeProjects: { used: 2, limit: 3 },
    storageBytes: { used: 900_000_000, limit: 1_000_000_000 },
  },
  nextInvoice: {
    date: '2026-12-01T00:00:00.000Z',
    currency: 'EUR',
    taxRateBps: 2000,
    lines: [
      {
        kind: 'plan',
        planId: 'growth',
        planName: growth.name,
        interval: 'month',
        periodStart: '2026-12-01T00:00:00.000Z',
        periodEnd: '2027-01-01T00:00:00.000Z',
        amount: 7900,
      },
      {
        kind: 'proration',
        planId: 'starter',
        planName: starter.name,
        direction: 'unused',
        days: 12,
        periodDays: 30,
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        amount: -1160,
      },
      {
        kind: 'proration',
        planId: 'growth',
        planName: growth.name,
        direction: 'remaining',
        days: 12,
        periodDays: 30,
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        amount: 3160,
      },
    ],
    subtotal: 9900,
    tax: 1980,
    total: 11880,
    creditApplied: 2000,
    amountDue: 9880,
  },
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  version: 4,
};

const scale = { ...plan('scale', 'Scale', 19900), limits: { activeProjects: null, storageBytes: null } };

/** Intl separates ranges and units with thin or no-break spaces: compared as plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const renderPanel = () => {
  const router = createMemoryRouter([{ path: '/information/plans', Component: MyPlanPanel }], {
    initialEntries: ['/information/plans'],
  });
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'me', role: 'client' }))}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AbilityProvider>,
  );
  return router;
};

describe('my plan', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    updateSession({
      userData: {
        id: 'me',
        fullName: 'Maya Rivers',
        username: 'maya',
        avatar: null,
        email: 'maya@x.io',
        phone: '+15550000000',
        role: 'client',
      },
      accessToken: 'token',
    });
  });
  afterEach(() => {
    for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
  });

  it('shows the plan, the meters, the request and the next invoice, and cancels at period end', async () => {
    let current = subscription;
    const sent: { method: string; path: string }[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      if (path === '/api/apps/plans') return json(200, { plans: [starter, growth, scale] });
      if (method === 'POST') {
        sent.push({ method, path });
        current = { ...current, cancelAtPeriodEnd: path.endsWith('/cancel'), nextInvoice: null, version: 5 };
        return json(200, { subscription: current });
      }
      return json(200, { subscription: current });
    });
    renderPanel();

    expect((await screen.findByTestId('my-plan-name')).textContent).toBe('Growth');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/apps/plans/subscriptions/me');
    expect(screen.getByTestId('my-plan-interval').textContent).toBe('Monthly');
    expect(screen.getByTestId('my-plan-price').textContent).toBe('€79.00 / month');
    expect(plain(screen.getByTestId('my-plan-period').textContent)).toBe('Nov 1 – 30, 2026');
    expect(screen.getByTestId('subscription-status').textContent).toBe('Active');
    expect(
      await within(screen.getByTestId('my-plan-request')).findByText(
        'You asked for Scale, yearly — waiting for approval.',
      ),
    ).toBeTruthy();

    // Usage meters, in words and as named progress bars; 2 of 3 and 90 % are near the limit.
    expect(screen.getByTestId('usage-projects-value').textContent).toBe('2 of 3 active projects');
    expect(screen.getByTestId('usage-storage-value').textContent).toBe('900 MB of 1 GB');
    const projects = screen.getByRole('progressbar', { name: 'Active projects' });
    expect(projects.getAttribute('aria-valuenow')).toBe('67');
    expect(projects.getAttribute('aria-valuetext')).toBe('2 of 3 active projects');
    expect(screen.getByRole('progressbar', { name: 'Storage' }).getAttribute('aria-valuenow')).toBe('90');
    expect(screen.getByTestId('usage-storage').dataset.level).toBe('near');

    // The next invoice: the plan line, the proration pair, the credit and what is due.
    expect(screen.getByTestId('next-invoice-date').textContent).toBe('Issued on Dec 1, 2026');
    const lines = screen.getAllByTestId('next-invoice-line');
    expect(lines.map((line) => line.dataset.kind)).toEqual(['plan', 'unused', 'remaining']);
    expect(lines[0]?.textContent).toContain('Growth, monthly');
    expect(plain(lines[0]?.textContent)).toContain('Dec 1 – 31, 2026');
    expect(lines[1]?.textContent).toContain('Unused time on Starter');
    expect(lines[1]?.textContent).toContain('12 of 30 days');
    expect(lines[1]?.textContent).toContain('-€11.60');
    expect(lines[2]?.textContent).toContain('Remaining time on Growth');
    expect(screen.getByTestId('next-invoice-credit').textContent).toContain('-€20.00');
    expect(screen.getByTestId('next-invoice-amount-due').textContent).toBe('€98.80');
    expect(screen.getByTestId('my-plan-change').getAttribute('href')).toBe('/information/plans?tab=pricing');

    fireEvent.click(screen.getByTestId('my-plan-cancel'));
    const dialog = await screen.findByTestId('my-plan-cancel-dialog');
    expect(within(dialog).getByText(/Your plan stays active until Dec 1, 2026/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('my-plan-cancel-confirm'));
    await screen.findByTestId('my-plan-resume');
    expect(sent).toEqual([{ method: 'POST', path: '/api/apps/plans/subscriptions/me/cancel' }]);
    expect(screen.getByTestId('subscription-status').textContent).toBe('Ends at period end');
    expect(screen.getByTestId('next-invoice-none').textContent).toBe(
      'No further invoice: your subscription ends on Dec 1, 2026.',
    );
    expect(await screen.findByText('Your plan ends on Dec 1, 2026.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('my-plan-resume'));
    await screen.findByTestId('my-plan-cancel');
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/api/apps/plans/subscriptions/me/resume' });
  });

  it('withdraws a request and shows unlimited meters without a bar', async () => {
    let current: SubscriptionView = {
      ...subscription,
      plan: scale,
      usage: { activeProjects: { used: 5, limit: null }, storageBytes: { used: 1_500_000_000, limit: null } },
    };
    let withdrawn = false;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/apps/plans') return json(200, { plans: [starter, growth, scale] });
      if (init?.method === 'DELETE') {
        withdrawn = String(input).endsWith('/me/change-request');
        current = { ...current, requestedChange: null };
      }
      return json(200, { subscription: current });
    });
    renderPanel();
    expect((await screen.findByTestId('usage-projects-value')).textContent).toBe('5 active projects');
    expect(screen.getByTestId('usage-storage-value').textContent).toBe('1.5 GB used');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getAllByText('Unlimited')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('my-plan-withdraw'));
    await screen.findByText('Your request is withdrawn.');
    expect(withdrawn).toBe(true);
    expect(screen.queryByTestId('my-plan-request')).toBeNull();
  });

  it('tells a client without a subscription that an administrator sets it up', async () => {
    fetchMock.mockImplementation(async () => json(404, { errors: { clientId: ['Subscription not found'] } }));
    renderPanel();
    const empty = await screen.findByTestId('my-plan-empty');
    expect(within(empty).getByRole('heading', { name: 'No plan yet' })).toBeTruthy();
    expect(empty.textContent).toContain('An administrator sets up your subscription.');
    expect(within(empty).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/information/plans?tab=pricing',
    );
  });
});
