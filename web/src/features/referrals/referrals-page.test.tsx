import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import type { ReferralAccount, RewardRuleView } from '@orbit/functions/referrals/contract';
import { sessionStorageKeys, updateSession } from '../../shared/session/session-store';
import { ReferralsPage } from './referrals-page';
import { clickWhenEnabled } from '../../test/click-when-enabled';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fixedRule: RewardRuleView = {
  rule: { kind: 'fixed', amount: 2000, currency: 'EUR' },
  version: 3,
  updatedAt: '2026-11-20T09:00:00.000Z',
};

const account: ReferralAccount = {
  userId: 'me',
  code: 'ABCD2345',
  linkPath: '/register?ref=ABCD2345',
  counts: { registered: 1, active: 0, rewarded: 1 },
  referrals: [
    {
      referredId: 'r2',
      referredName: 'Maya R.',
      stage: 'registered',
      registeredAt: '2026-11-24T10:00:00.000Z',
      activatedAt: null,
      rewardedAt: null,
      reward: null,
      rewardCurrency: null,
    },
    {
      referredId: 'r1',
      referredName: 'Omar K.',
      stage: 'rewarded',
      registeredAt: '2026-10-02T10:00:00.000Z',
      activatedAt: '2026-10-05T10:00:00.000Z',
      rewardedAt: '2026-10-05T10:00:00.000Z',
      reward: 2000,
      rewardCurrency: 'EUR',
    },
  ],
  credits: [{ currency: 'EUR', earned: 2000, applied: 500, available: 1500 }],
  rewardRule: fixedRule,
};

const renderAs = (role: 'admin' | 'client', url = '/information/referrals') => {
  const router = createMemoryRouter([{ path: '/information/referrals', Component: ReferralsPage }], {
    initialEntries: [url],
  });
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'me', role }))}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AbilityProvider>,
  );
  return router;
};

describe('the referrals page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    updateSession({
      userData: {
        id: 'me',
        fullName: 'Me',
        username: 'me',
        avatar: null,
        email: 'me@x.io',
        phone: '+15550000000',
        role: 'client',
      },
      accessToken: 'token',
    });
  });
  afterEach(() => {
    for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
  });

  it('shows a client their link, counts, credit, the rule and their referrals, and copies the link', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fetchMock.mockImplementation(async () => json(200, { account }));
    renderAs('client');

    const link = (await screen.findByTestId('referral-link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/register?ref=ABCD2345`);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/apps/referrals/users/me');
    expect(screen.getByTestId('referral-count-registered').textContent).toBe('1');
    expect(screen.getByTestId('referral-count-rewarded').textContent).toBe('1');
    expect(screen.getByTestId('credit-available').textContent).toBe('€15.00');
    expect(screen.getByTestId('referral-rule').textContent).toBe(
      'Each client you refer earns you €20.00 of credit once their first invoice is paid.',
    );
    const rows = screen.getAllByTestId('referral-row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Maya R.', 'Omar K.']);
    // A client has no admin tabs, and no share button where the browser has no Web Share API.
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByTestId('referral-share')).toBeNull();

    fireEvent.click(screen.getByTestId('referral-copy'));
    await screen.findByText('Link copied');
    expect(writeText).toHaveBeenCalledWith(link.value);
  });

  it('lets an admin set a percentage rule with a cap, checked before it is sent', async () => {
    let saved: unknown;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        saved = JSON.parse(String(init.body));
        return json(200, {
          rewardRule: {
            rule: { kind: 'percent', percentBps: 1250, cap: 3000, currency: 'EUR' },
            version: 4,
            updatedAt: '2026-11-25T09:00:00.000Z',
          },
        });
      }
      return String(input).endsWith('/reward-rule') ? json(200, { rewardRule: fixedRule }) : json(200, { account });
    });
    const router = renderAs('admin', '/information/referrals?tab=rule');
    const form = await screen.findByTestId('reward-rule-form');
    expect((within(form).getByTestId('rule-amount') as HTMLInputElement).value).toBe('20.00');

    fireEvent.click(within(form).getByRole('button', { name: 'Percentage of the first paid invoice' }));
    fireEvent.change(within(form).getByTestId('rule-percent'), { target: { value: '150' } });
    fireEvent.click(within(form).getByTestId('reward-rule-save'));
    await within(form).findByText('Enter a percentage between 0.01 and 100');
    expect(within(form).getByText('Enter an amount above 0')).toBeTruthy();
    expect(saved).toBeUndefined();

    fireEvent.change(within(form).getByTestId('rule-percent'), { target: { value: '12.5' } });
    fireEvent.change(within(form).getByTestId('rule-cap'), { target: { value: '30' } });
    await clickWhenEnabled(within(form).getByTestId('reward-rule-save'));
    await within(form).findByText('The rule is saved.');
    expect(saved).toEqual({ rule: { kind: 'percent', percentBps: 1250, cap: 3000, currency: 'EUR' }, version: 3 });
    expect(router.state.location.search).toBe('?tab=rule');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'My referrals',
      'All referrals',
      'Credit balances',
      'Reward rule',
    ]);
  });
});
