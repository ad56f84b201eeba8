import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import type { PlanView, SubscriptionSummary } from '@orbit/functions/plans/contract';
import { sessionStorageKeys, updateSession } from '../../../shared/session/session-store';
import { SubscriptionsPanel } from './subscriptions-panel';
import { clickWhenEnabled } from '../../../test/click-when-enabled';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const plan = (id: string, name: string, overrides: Partial<PlanView> = {}): PlanView => ({
  id,
  name: { en: name, fr: `${name} FR`, ar: '' },
  description: { en: '', fr: '', ar: '' },
  currency: 'EUR',
  monthlyPrice: 2900,
  yearlyPrice: 29000,
  taxRateBps: 2000,
  features: [],
  limits: { activeProjects: 3, storageBytes: null },
  visible: true,
  archived: false,
  position: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...overrides,
});

const plans = [
  plan('starter', 'Starter'),
  plan('growth', 'Growth', { monthlyPrice: 7900, yearlyPrice: 79000 }),
  plan('legacy', 'Legacy', { archived: true }),
  plan('dollars', 'Dollars', { currency: 'USD' }),
];

const row = (
  clientId: string,
  clientName: string,
  overrides: Partial<SubscriptionSummary> = {},
): SubscriptionSummary => ({
  clientId,
  clientName,
  planId: 'starter',
  planName: { en: 'Starter', fr: 'Starter FR', ar: '' },
  interval: 'month',
  status: 'active',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  requestedChange: null,
  scheduledChange: null,
  version: 3,
  ...overrides,
});

const rows = [
  row('c1', 'Liam Carter', {
    requestedChange: { planId: 'growth', interval: 'year', requestedAt: '2026-11-20T10:00:00.000Z' },
  }),
  row('c2', 'Emma Rossi', { cancelAtPeriodEnd: true, scheduledChange: { planId: 'starter', interval: 'year' } }),
];

const renderPanel = () => {
  const router = createMemoryRouter([{ path: '/information/plans', Component: SubscriptionsPanel }], {
    initialEntries: ['/information/plans?tab=subscriptions'],
  });
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'admin', role: 'admin' }))}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AbilityProvider>,
  );
  return router;
};

describe('the admins’ subscriptions', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const sent: { method: string; path: string; body: unknown }[] = [];
  beforeEach(() => {
    fetchMock.mockReset();
    sent.length = 0;
    vi.stubGlobal('fetch', fetchMock);
    updateSession({
      userData: {
        id: 'admin',
        fullName: 'Olivia Bennett',
        username: 'olivia',
        avatar: null,
        email: 'olivia@x.io',
        phone: '+15550000001',
        role: 'admin',
      },
      accessToken: 'token',
    });
  });
  afterEach(() => {
    for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
  });

  /** Answers the list and the catalogue; writes are recorded and answered by `write`. */
  const answer = (write: (method: string, path: string) => Response) =>
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      const method = init?.method ?? 'GET';
      if (method !== 'GET') {
        sent.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        return write(method, path);
      }
      if (path === '/api/apps/plans') return json(200, { plans });
      if (path.startsWith('/api/apps/plans/subscriptions?')) return json(200, { subscriptions: rows });
      if (path.startsWith('/api/team/members')) return json(200, { members: [], total: 0 });
      return json(404, {});
    });

  it('lists the subscriptions and approves a pending request', async () => {
    answer(() => json(200, { subscription: {} }));
    renderPanel();
    const table = await screen.findByTestId('subscriptions-table');
    const [liam, emma] = within(table).getAllByTestId('subscription-row');
    if (!liam || !emma) throw new Error('two rows expected');
    expect(within(liam).getByRole('rowheader').textContent).toBe('Liam Carter');
    expect(await within(liam).findByText('Growth, yearly')).toBeTruthy();
    expect(within(liam).getByTestId('subscription-status').textContent).toBe('Active');
    expect(within(emma).getByTestId('subscription-status').textContent).toBe('Ends at period end');
    expect(within(emma).getByTestId('subscription-scheduled').textContent).toBe('Yearly from Dec 1, 2026');
    expect(within(emma).getByTestId('subscription-request').textContent).toBe('—');
    expect(within(emma).getByTestId('subscription-invoices').getAttribute('href')).toBe(
      '/information/plans?tab=invoices&client=c2',
    );
    expect(screen.getByTestId('subscribe-open')).toBeTruthy();

    fireEvent.click(within(liam).getByTestId('subscription-approve'));
    await screen.findByText('Request of Liam Carter approved.');
    expect(sent).toEqual([
      { method: 'POST', path: '/api/apps/plans/subscriptions/c1/change-request/approve', body: undefined },
    ]);
  });

  it('changes a plan from the version read, offering only plans in the subscription’s currency', async () => {
    let conflict = true;
    answer(() => {
      if (conflict) {
        conflict = false;
        return json(409, { errors: { version: ['The subscription was changed meanwhile: read it again'] } });
      }
      return json(200, { subscription: {} });
    });
    renderPanel();
    const table = await screen.findByTestId('subscriptions-table');
    const liam = within(table).getAllByTestId('subscription-row')[0];
    if (!liam) throw new Error('a row expected');
    fireEvent.click(within(liam).getByTestId('subscription-change'));
    const dialog = await screen.findByTestId('subscription-change-dialog');
    const planSelect = (await within(dialog).findByTestId('subscription-change-plan')) as HTMLSelectElement;
    // Archived and other-currency plans are not offered.
    expect([...planSelect.options].map((option) => option.value)).toEqual(['starter', 'growth']);
    expect(planSelect.options[1]?.textContent).toBe('Growth — €79.00 / month');
    expect(dialog.textContent).toContain('A change of plan applies today');
    expect(dialog.textContent).toContain('applies when the period ends, on Dec 1, 2026');

    fireEvent.change(planSelect, { target: { value: 'growth' } });
    fireEvent.change(within(dialog).getByTestId('subscription-change-interval'), { target: { value: 'year' } });
    fireEvent.click(within(dialog).getByTestId('subscription-change-save'));
    await within(dialog).findByText(/Someone changed this meanwhile/);
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/api/apps/plans/subscriptions/c1',
      body: { planId: 'growth', interval: 'year', version: 3 },
    });

    await clickWhenEnabled(within(dialog).getByTestId('subscription-change-save'));
    await screen.findByText('Plan of Liam Carter changed.');
    expect(sent).toHaveLength(2);
    expect(screen.queryByTestId('subscription-change-dialog')).toBeNull();
  });

  it('subscribes a client and says when the client has a subscription already', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      if (init?.method === 'PUT') {
        sent.push({ method: 'PUT', path, body: JSON.parse(String(init.body)) });
        return sent.length === 1
          ? json(400, { errors: { version: ['Send the version of the subscription read'] } })
          : json(200, { subscription: {} });
      }
      if (path === '/api/apps/plans') return json(200, { plans });
      if (path.startsWith('/api/team/members')) {
        return json(200, {
          members: [
            {
              id: 'c9',
              fullName: 'Noah Stone',
              avatar: null,
              email: 'noah@x.io',
              phone: '+15550000009',
              role: 'client',
              status: 'active',
              lastSeen: null,
              twoStepEnabled: false,
              version: 1,
            },
          ],
          total: 1,
        });
      }
      return json(200, { subscriptions: [] });
    });
    renderPanel();
    await screen.findByTestId('subscriptions-empty');
    fireEvent.click(screen.getByTestId('subscribe-open'));
    const dialog = await screen.findByTestId('subscribe-dialog');
    const planSelect = (await within(dialog).findByTestId('subscribe-plan')) as HTMLSelectElement;
    expect([...planSelect.options].map((option) => option.value)).toEqual(['starter', 'growth', 'dollars']);

    fireEvent.click(within(dialog).getByTestId('subscribe-save'));
    expect(await within(dialog).findByText('Choose a client.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    const input = within(dialog).getByTestId('subscribe-client');
    fireEvent.change(input, { target: { value: 'Noa' } });
    fireEvent.click(await screen.findByText('Noah Stone'));
    fireEvent.change(planSelect, { target: { value: 'growth' } });
    fireEvent.click(within(dialog).getByTestId('subscribe-save'));
    expect(
      await within(dialog).findByText('This client already has a subscription: change it from the table instead.'),
    ).toBeTruthy();
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: '/api/apps/plans/subscriptions/c9',
      body: { planId: 'growth', interval: 'month' },
    });
    expect(String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/team/members'))?.[0])).toContain(
      'role=client',
    );

    await clickWhenEnabled(within(dialog).getByTestId('subscribe-save'));
    await screen.findByText('Subscribed; the first invoice is being drafted.');
    expect(screen.queryByTestId('subscribe-dialog')).toBeNull();
  });
});
