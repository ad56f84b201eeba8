import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import type { PlanView, SubscriptionView } from '@orbit/functions/plans/contract';
import { sessionStorageKeys, updateSession } from '../../../shared/session/session-store';
import { PricingPanel } from './pricing-panel';
import { clickWhenEnabled } from '../../../test/click-when-enabled';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const words = (en: string) => ({ en, fr: '', ar: '' });

const plan = (id: string, fields: Partial<PlanView>): PlanView => ({
  id,
  name: words(id),
  description: words(`About ${id}`),
  currency: 'EUR',
  monthlyPrice: 2900,
  yearlyPrice: 29_000,
  taxRateBps: 2000,
  features: [words('Email support')],
  limits: { activeProjects: 3, storageBytes: 1_000_000_000 },
  visible: true,
  archived: false,
  position: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
  ...fields,
});

const starter = plan('starter', { name: { en: 'Starter', fr: 'Essentiel', ar: '' } });
const growth = plan('growth', {
  name: words('Growth'),
  monthlyPrice: 7900,
  yearlyPrice: 79_000,
  limits: { activeProjects: 10, storageBytes: 10_000_000_000 },
  position: 2,
});
// Yearly costs as much as 12 months: no saving to show.
const flat = plan('flat', {
  name: words('Flat'),
  monthlyPrice: 1000,
  yearlyPrice: 12_000,
  taxRateBps: 0,
  limits: { activeProjects: null, storageBytes: null },
  position: 3,
});
const secret = plan('secret', { name: words('Secret'), visible: false, archived: true, position: 4 });

const subscription = (fields: Partial<SubscriptionView> = {}): SubscriptionView => ({
  clientId: 'me',
  clientName: 'Me',
  plan: starter,
  interval: 'month',
  status: 'active',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  requestedChange: null,
  scheduledChange: null,
  canceledAt: null,
  usage: { activeProjects: { used: 1, limit: 3 }, storageBytes: { used: 0, limit: 1_000_000_000 } },
  nextInvoice: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 4,
  ...fields,
});

const renderAs = (role: 'admin' | 'client') => {
  updateSession({
    userData: { id: 'me', fullName: 'Me', username: 'me', avatar: null, email: 'me@x.io', phone: '+15550000000', role },
    accessToken: 'token',
  });
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'me', role }))}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PricingPanel />
      </QueryClientProvider>
    </AbilityProvider>,
  );
};

const cardOf = async (name: string) => {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const card = heading.closest('article');
  if (!card) throw new Error(`no card for ${name}`);
  return card;
};

describe('the pricing panel', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
  });

  it('shows a client the plans by position, switches to yearly prices with the saving, and marks their plan', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/api/apps/plans')
        ? json(200, { plans: [starter, growth, flat] })
        : json(200, { subscription: subscription() }),
    );
    renderAs('client');

    const starterCard = await cardOf('Starter');
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(['Starter', 'Growth', 'Flat']);
    expect(within(starterCard).getByTestId('pricing-price').textContent).toBe('€29.00');
    expect(within(starterCard).getByText('per month')).toBeTruthy();
    expect(within(starterCard).getByTestId('pricing-tax').textContent).toBe('+ 20% tax');
    expect(within(starterCard).getByTestId('pricing-limit-projects').textContent).toBe('3');
    expect(within(starterCard).getByTestId('pricing-limit-storage').textContent).toBe('1 GB');
    expect(within(starterCard).getByText('Email support')).toBeTruthy();
    expect(screen.queryByTestId('pricing-saving')).toBeNull();
    // The client's plan is marked, and not offered to them again on its interval.
    expect((await within(starterCard).findByTestId('pricing-current')).textContent).toBe('Current plan · monthly');
    expect(within(starterCard).queryByTestId('pricing-request')).toBeNull();
    const flatCard = await cardOf('Flat');
    expect(within(flatCard).getByTestId('pricing-limit-projects').textContent).toBe('Unlimited');
    expect(within(flatCard).getByTestId('pricing-tax').textContent).toBe('No tax added');
    // No admin controls for a client.
    expect(screen.queryByTestId('pricing-new-plan')).toBeNull();
    expect(screen.queryByTestId('pricing-edit')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    expect(within(starterCard).getByTestId('pricing-price').textContent).toBe('€290.00');
    expect(within(starterCard).getByText('per year')).toBeTruthy();
    expect(within(starterCard).getByTestId('pricing-saving').textContent).toBe('Save €58.00 a year');
    expect(within(await cardOf('Growth')).getByTestId('pricing-saving').textContent).toBe('Save €158.00 a year');
    expect(within(flatCard).queryByTestId('pricing-saving')).toBeNull();
    // The current plan on the other interval may be asked for.
    expect(within(starterCard).getByTestId('pricing-request')).toBeTruthy();
  });

  it('sends a client’s request for the plan and interval shown, then offers to withdraw it', async () => {
    let sent: unknown;
    let withdrawn = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/apps/plans')) return json(200, { plans: [starter, growth] });
      if (url.endsWith('/change-request') && init?.method === 'POST') {
        sent = JSON.parse(String(init.body));
        return json(200, {
          subscription: subscription({
            requestedChange: { planId: 'growth', interval: 'year', requestedAt: '2026-11-20T10:00:00.000Z' },
            version: 5,
          }),
        });
      }
      if (url.endsWith('/change-request') && init?.method === 'DELETE') {
        withdrawn = true;
        return json(200, { subscription: subscription({ version: 6 }) });
      }
      return json(200, { subscription: subscription() });
    });
    renderAs('client');

    const growthCard = await cardOf('Growth');
    fireEvent.click(screen.getByRole('button', { name: 'Yearly' }));
    fireEvent.click(await within(growthCard).findByTestId('pricing-request'));
    const dialog = await screen.findByTestId('pricing-request-dialog');
    expect(within(dialog).getByText('You ask for Growth at €790.00 a year.')).toBeTruthy();
    expect(within(dialog).getByText(/applies at the end of your current period, on Dec 1, 2026/)).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('pricing-request-confirm'));

    await screen.findByText('Your request is sent. An administrator will review it.');
    expect(sent).toEqual({ planId: 'growth', interval: 'year' });
    const [url, init] = fetchMock.mock.calls.find(([, options]) => options?.method === 'POST') ?? [];
    expect(String(url)).toContain('/api/apps/plans/subscriptions/me/change-request');
    expect(init?.method).toBe('POST');
    expect(within(growthCard).getByTestId('pricing-requested').textContent).toBe('Requested — waiting for approval');
    expect(screen.getByTestId('pricing-pending').textContent).toContain('You asked for Growth, yearly');

    fireEvent.click(within(growthCard).getByTestId('pricing-withdraw'));
    await screen.findByText('Your request is withdrawn.');
    expect(withdrawn).toBe(true);
    await waitFor(() => expect(within(growthCard).queryByTestId('pricing-requested')).toBeNull());
  });

  it('tells a client without a subscription that an administrator sets it up', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/api/apps/plans')
        ? json(200, { plans: [starter, growth] })
        : json(404, { errors: { clientId: ['Subscription not found'] } }),
    );
    renderAs('client');
    await screen.findByTestId('pricing-no-subscription');
    expect(screen.queryByTestId('pricing-current')).toBeNull();
    expect(screen.queryByTestId('pricing-request')).toBeNull();
  });

  it('lets an admin create a plan in minor units, basis points and bytes, and shows a server field error', async () => {
    let created: unknown;
    let patched: unknown;
    let patches = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') {
        created = JSON.parse(String(init.body));
        return json(201, { plan: plan('new', { name: words('Pro') }) });
      }
      if (init?.method === 'PATCH') {
        patches += 1;
        patched = JSON.parse(String(init.body));
        return patches === 1
          ? json(400, { errors: { 'limits.activeProjects': ['activeProjects is at least 1'] } })
          : json(409, { errors: { version: ['The plan changed meanwhile'] } });
      }
      // After the first edit, someone else has saved Starter at 35 €.
      const current = patches > 0 ? { ...starter, monthlyPrice: 3500, version: 2 } : starter;
      return url.endsWith('/api/apps/plans') ? json(200, { plans: [current, secret] }) : json(404, {});
    });
    renderAs('admin');

    const secretCard = await cardOf('Secret');
    expect(within(secretCard).getByTestId('pricing-hidden').textContent).toBe('Hidden');
    expect(within(secretCard).getByTestId('pricing-archived').textContent).toBe('Archived');
    expect(screen.queryByTestId('pricing-current')).toBeNull();
    // Not a client: nothing to request, no subscription read.
    expect(screen.queryByTestId('pricing-request')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/subscriptions/'))).toBe(false);

    fireEvent.click(screen.getByTestId('pricing-new-plan'));
    const form = await screen.findByTestId('plan-form');
    // Empty: English name and prices are required, checked before anything is sent.
    fireEvent.click(within(form).getByTestId('plan-form-save'));
    // The name and the first feature (200 characters), the description (2,000).
    expect(await within(form).findAllByText('Enter it in English, in at most 200 characters')).toHaveLength(2);
    expect(within(form).getByText('Enter it in English, in at most 2,000 characters')).toBeTruthy();
    expect(within(form).getAllByText('Enter an amount of 0 or more, such as 29.90')).toHaveLength(2);
    expect(created).toBeUndefined();

    const type = (testId: string, value: string) =>
      fireEvent.change(within(form).getByTestId(testId), { target: { value } });
    type('plan-name-en', 'Pro');
    type('plan-name-fr', 'Pro');
    type('plan-description-en', 'For the busiest');
    type('plan-monthly-price', '49.90');
    type('plan-yearly-price', '499');
    type('plan-tax-rate', '5.5');
    type('plan-feature-0-en', 'Phone support');
    type('plan-feature-0-ar', 'دعم هاتفي');
    type('plan-active-projects', '25');
    type('plan-storage', '2.5');
    fireEvent.click(within(form).getByTestId('plan-form-save'));
    await screen.findByText('The plan Pro is created.');
    expect(created).toEqual({
      name: { en: 'Pro', fr: 'Pro', ar: '' },
      description: { en: 'For the busiest', fr: '', ar: '' },
      currency: 'EUR',
      monthlyPrice: 4990,
      yearlyPrice: 49_900,
      taxRateBps: 550,
      features: [{ en: 'Phone support', fr: '', ar: 'دعم هاتفي' }],
      limits: { activeProjects: 25, storageBytes: 2_500_000_000 },
      visible: false,
      archived: false,
      position: 5,
    });

    fireEvent.click(within(await cardOf('Starter')).getByTestId('pricing-edit'));
    const edit = await screen.findByTestId('plan-form');
    expect((within(edit).getByTestId('plan-monthly-price') as HTMLInputElement).value).toBe('29.00');
    expect((within(edit).getByTestId('plan-storage') as HTMLInputElement).value).toBe('1');
    fireEvent.change(within(edit).getByTestId('plan-monthly-price'), { target: { value: '39' } });
    fireEvent.click(within(edit).getByTestId('plan-form-save'));
    // The server's field path lands at its field, in the form's words.
    await within(edit).findByText('Enter a whole number of 1 or more, or leave it empty for no limit');
    // Only what changed, with the version read.
    expect(patched).toEqual({ monthlyPrice: 3900, version: 1 });

    // A stale version: the conflict words, and a reload shows the plan as it is now.
    await clickWhenEnabled(within(edit).getByTestId('plan-form-save'));
    await within(edit).findByText(/Someone changed this meanwhile/);
    fireEvent.click(within(edit).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect((within(edit).getByTestId('plan-monthly-price') as HTMLInputElement).value).toBe('35.00'),
    );
    expect(within(edit).queryByText(/Someone changed this meanwhile/)).toBeNull();
  });
});
