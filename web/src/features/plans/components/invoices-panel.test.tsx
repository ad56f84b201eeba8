import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import type { InvoiceView } from '@orbit/functions/plans/invoice-contract';
import { sessionStorageKeys, updateSession } from '../../../shared/session/session-store';
import { PlansPage } from '../plans-page';
import { InvoicesPanel } from './invoices-panel';
import { clickWhenEnabled } from '../../../test/click-when-enabled';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const growth = { en: 'Growth', fr: 'Croissance', ar: 'نمو' };
const starter = { en: 'Starter', fr: '', ar: 'المبتدئ' };

const paid: InvoiceView = {
  id: 'inv-paid',
  clientId: 'me',
  billedTo: { fullName: 'Lucas Moreau', email: 'lucas@example.com', language: 'fr' },
  number: '2026-0001',
  status: 'paid',
  overdue: false,
  currency: 'EUR',
  lines: [
    {
      kind: 'plan',
      planId: 'p-growth',
      planName: growth,
      interval: 'month',
      periodStart: '2026-01-15T00:00:00.000Z',
      periodEnd: '2026-02-15T00:00:00.000Z',
      amount: 7_900,
    },
  ],
  subtotal: 7_900,
  taxRateBps: 2_000,
  tax: 1_580,
  total: 9_480,
  creditApplied: 0,
  amountDue: 9_480,
  periodStart: '2026-01-15T00:00:00.000Z',
  periodEnd: '2026-02-15T00:00:00.000Z',
  issuedAt: '2026-01-15T01:00:00.000Z',
  dueAt: '2026-01-29T01:00:00.000Z',
  payment: {
    method: 'card',
    paidOn: '2026-01-24',
    reference: 'POS 77310',
    recordedBy: 'admin',
    recordedAt: '2026-01-24T10:00:00.000Z',
  },
  voidedAt: null,
  createdAt: '2026-01-15T00:00:00.000Z',
  updatedAt: '2026-01-24T10:00:00.000Z',
  version: 3,
};

/** Open and overdue, with a plan change's pair of proration lines and referral credit applied. */
const overdue: InvoiceView = {
  ...paid,
  id: 'inv-overdue',
  number: '2026-0003',
  status: 'open',
  overdue: true,
  lines: [
    {
      ...(paid.lines[0] as InvoiceView['lines'][number]),
      periodStart: '2026-02-15T00:00:00.000Z',
      periodEnd: '2026-03-15T00:00:00.000Z',
    },
    {
      kind: 'proration',
      planId: 'p-starter',
      planName: starter,
      direction: 'unused',
      days: 10,
      periodDays: 31,
      periodStart: '2026-02-05T00:00:00.000Z',
      periodEnd: '2026-02-15T00:00:00.000Z',
      amount: -935,
    },
    {
      kind: 'proration',
      planId: 'p-growth',
      planName: growth,
      direction: 'remaining',
      days: 1,
      periodDays: 31,
      periodStart: '2026-02-14T00:00:00.000Z',
      periodEnd: '2026-02-15T00:00:00.000Z',
      amount: 255,
    },
  ],
  subtotal: 7_220,
  tax: 1_444,
  total: 8_664,
  creditApplied: 2_000,
  amountDue: 6_664,
  periodStart: '2026-02-15T00:00:00.000Z',
  periodEnd: '2026-03-15T00:00:00.000Z',
  issuedAt: '2026-02-15T01:00:00.000Z',
  dueAt: '2026-03-01T01:00:00.000Z',
  payment: null,
  version: 2,
};

const draft: InvoiceView = {
  ...overdue,
  id: 'inv-draft',
  number: null,
  status: 'draft',
  overdue: false,
  creditApplied: 0,
  amountDue: 8_664,
  issuedAt: null,
  dueAt: null,
};

type Role = 'admin' | 'client';

const renderAt = (role: Role, url: string, page: 'panel' | 'page' = 'panel') => {
  const router = createMemoryRouter(
    [{ path: '/information/plans', Component: page === 'panel' ? InvoicesPanel : PlansPage }],
    { initialEntries: [url] },
  );
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'me', role }))}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AbilityProvider>,
  );
  return router;
};

const signedInAs = (role: Role) =>
  updateSession({
    userData: {
      id: 'me',
      fullName: 'Me',
      username: 'me',
      avatar: null,
      email: 'me@x.io',
      phone: '+15550000000',
      role,
    },
    accessToken: 'token',
  });

/** A fake API: the list, one invoice by id, the provider, and what the test adds. */
const fakeApi =
  (
    invoices: readonly InvoiceView[],
    { online = false, extra }: { online?: boolean; extra?: (url: string, init?: RequestInit) => Response | null } = {},
  ) =>
  async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const answered = extra?.(url, init);
    if (answered) return answered;
    if (url.startsWith('/api/payments/provider')) return json(200, { online });
    const one = /\/api\/apps\/plans\/invoices\/([^/?]+)$/.exec(url);
    if (one) {
      const invoice = invoices.find((candidate) => candidate.id === decodeURIComponent(one[1] ?? ''));
      return invoice ? json(200, { invoice }) : json(404, { errors: { id: ['Invoice not found'] } });
    }
    if (url.startsWith('/api/apps/plans/invoices')) return json(200, { invoices });
    return json(404, {});
  };

describe('the invoices tab', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    for (const key of Object.values(sessionStorageKeys)) localStorage.removeItem(key);
  });

  it('lists a client’s invoices and opens one with its lines and sums', async () => {
    signedInAs('client');
    fetchMock.mockImplementation(fakeApi([overdue, paid]));
    const router = renderAt('client', '/information/plans?tab=invoices');

    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['2026-0003', '2026-0001']);
    // A client's list has no filter: the server lists their own.
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/apps/plans/invoices?limit=25');
    expect(screen.queryByRole('group', { name: 'Invoice status' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Client' })).toBeNull();
    const [first, second] = rows;
    if (!first || !second) throw new Error('two rows');
    expect(within(first).getByTestId('invoice-status').textContent).toBe('Overdue');
    expect(within(first).getByTestId('invoice-amount-due').textContent).toBe('€66.64');
    expect(within(second).getByTestId('invoice-status').textContent).toBe('Paid');
    expect(within(second).getByTestId('invoice-amount-due').textContent).toBe('—');
    expect(first.textContent).toContain('€86.64');

    fireEvent.click(within(first).getByRole('link', { name: 'Open invoice 2026-0003' }));
    const dialog = await screen.findByRole('dialog', { name: /Invoice 2026-0003/ });
    expect(router.state.location.search).toBe('?tab=invoices&invoice=inv-overdue');
    await within(dialog).findByTestId('invoice-lines');
    const lines = within(dialog).getAllByTestId('invoice-line');
    expect(lines.map((line) => line.dataset.kind)).toEqual(['plan', 'proration', 'proration']);
    expect(lines[0]?.textContent).toContain('Growth');
    expect(lines[0]?.textContent).toContain('Monthly');
    // The period [15 Feb, 15 Mar) ends on its last day, 14 March.
    expect(lines[0]?.textContent).toMatch(/Feb 15.+Mar 14, 2026/);
    expect(lines[0]?.textContent).toContain('€79.00');
    expect(lines[1]?.textContent).toContain('Unused time on Starter');
    expect(lines[1]?.textContent).toContain('10 of 31 days');
    expect(lines[1]?.textContent).toContain('-€9.35');
    expect(lines[2]?.textContent).toContain('Remaining time on Growth');
    expect(lines[2]?.textContent).toContain('1 of 31 days');
    expect(within(dialog).getByTestId('invoice-subtotal').textContent).toBe('€72.20');
    expect(within(dialog).getByText('Tax (20%)')).toBeTruthy();
    expect(within(dialog).getByTestId('invoice-tax').textContent).toBe('€14.44');
    expect(within(dialog).getByTestId('invoice-total').textContent).toBe('€86.64');
    expect(within(dialog).getByTestId('invoice-credit').textContent).toBe('-€20.00');
    expect(within(dialog).getByTestId('invoice-amount-due').textContent).toBe('€66.64');
    expect(within(dialog).getByTestId('invoice-billed-to').textContent).toContain('Lucas Moreau');
    // No provider configured: no "Pay online"; the client's PDF is in their interface language.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/payments/provider')).toBe(true),
    );
    expect(within(dialog).queryByTestId('invoice-pay-online')).toBeNull();
    expect(within(dialog).queryByTestId('invoice-record-payment')).toBeNull();

    fireEvent.click(within(dialog).getByTestId('invoice-dialog-close'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=invoices'));
  });

  it('opens the invoice of the mail’s link, shows how it was paid, and says when an id is unknown', async () => {
    signedInAs('client');
    fetchMock.mockImplementation(fakeApi([overdue, paid]));
    const router = renderAt('client', '/information/plans?invoice=inv-paid', 'page');

    const dialog = await screen.findByRole('dialog', { name: /Invoice 2026-0001/ });
    await within(dialog).findByTestId('invoice-lines');
    expect(within(dialog).getByTestId('invoice-status').textContent).toBe('Paid');
    expect(within(dialog).getByTestId('invoice-paid-on').textContent).toBe('Jan 24, 2026');
    expect(within(dialog).getByTestId('invoice-payment-method').textContent).toBe('Card');
    expect(within(dialog).getByTestId('invoice-payment-reference').textContent).toBe('POS 77310');
    expect(within(dialog).queryByTestId('invoice-credit')).toBeNull();
    // The page opened its invoices tab for the link; closing keeps it.
    fireEvent.click(within(dialog).getByTestId('invoice-dialog-close'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=invoices'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('tab', { name: 'Invoices', selected: true })).toBeTruthy();

    await router.navigate('/information/plans?tab=invoices&invoice=nope');
    const missing = await screen.findByRole('dialog');
    expect(await within(missing).findByText('This invoice does not exist, or it is not yours to see.')).toBeTruthy();
  });

  it('lets an admin filter by status, issue a draft and record a payment with the right body', async () => {
    signedInAs('admin');
    const sent: { url: string; body: unknown }[] = [];
    fetchMock.mockImplementation(
      fakeApi([overdue, draft], {
        extra: (url, init) => {
          if (init?.method !== 'POST') return null;
          sent.push({ url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
          if (url.endsWith('/issue')) {
            return json(200, {
              invoice: { ...draft, status: 'open', number: '2026-0007', issuedAt: '2026-03-20T00:00:00.000Z' },
            });
          }
          return json(200, {
            invoice: {
              ...overdue,
              status: 'paid',
              overdue: false,
              payment: { ...(paid.payment ?? {}), method: 'cash', paidOn: '2026-03-05', reference: 'RCPT 12' },
            },
          });
        },
      }),
    );
    const router = renderAt('admin', '/information/plans?tab=invoices');

    await screen.findAllByTestId('invoice-row');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/apps/plans/invoices?status=open&limit=25');
    expect(screen.getByRole('columnheader', { name: 'Client' })).toBeTruthy();
    const filter = screen.getByRole('group', { name: 'Invoice status' });
    expect(within(filter).getByRole('button', { name: 'Open', pressed: true })).toBeTruthy();
    fireEvent.click(within(filter).getByRole('button', { name: 'Overdue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=invoices&status=overdue'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input) === '/api/apps/plans/invoices?status=overdue&limit=25'),
      ).toBe(true),
    );

    // A draft: issue it now.
    fireEvent.click(screen.getByRole('link', { name: 'Open the draft for Lucas Moreau' }));
    let dialog = await screen.findByRole('dialog', { name: /Draft invoice/ });
    fireEvent.click(await within(dialog).findByTestId('invoice-issue'));
    await screen.findByText('Invoice 2026-0007 is issued and emailed to the client.');
    expect(sent.at(-1)?.url).toBe('/api/apps/plans/invoices/inv-draft/issue');
    fireEvent.click(within(dialog).getByTestId('invoice-dialog-close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The overdue one: record a bank payment... in cash, on a day, with a reference.
    fireEvent.click(screen.getByRole('link', { name: 'Open invoice 2026-0003' }));
    dialog = await screen.findByRole('dialog', { name: /Invoice 2026-0003/ });
    // The admin's PDF is in the client's language (French) by default, or in theirs.
    expect(within(dialog).getByText('The client’s language is French.')).toBeTruthy();
    expect(within(dialog).getByTestId('invoice-download-mine').textContent).toBe('Download PDF in English');
    fireEvent.click(within(dialog).getByTestId('invoice-record-payment'));
    const form = await within(dialog).findByTestId('invoice-payment-form');
    expect(form.textContent).toContain('The whole amount due, €66.64, received for invoice 2026-0003.');
    fireEvent.change(within(form).getByTestId('payment-method'), { target: { value: 'cash' } });
    fireEvent.change(within(form).getByTestId('payment-paid-on'), { target: { value: '' } });
    fireEvent.click(within(form).getByTestId('payment-save'));
    await within(form).findByText('Give a real day.');
    expect(sent).toHaveLength(1);
    fireEvent.change(within(form).getByTestId('payment-paid-on'), { target: { value: '2026-03-05' } });
    fireEvent.change(within(form).getByTestId('payment-reference'), { target: { value: '  RCPT 12 ' } });
    await clickWhenEnabled(within(form).getByTestId('payment-save'));
    await screen.findByText('Payment recorded: invoice 2026-0003 is paid.');
    expect(sent.at(-1)).toEqual({
      url: '/api/apps/plans/invoices/inv-overdue/payments',
      body: { method: 'cash', paidOn: '2026-03-05', reference: 'RCPT 12' },
    });
    expect(within(dialog).getByTestId('invoice-status').textContent).toBe('Paid');
    expect(within(dialog).getByTestId('invoice-payment-method').textContent).toBe('Cash');
  });

  it('says a payment came too late when the invoice is no longer open, and reloads it', async () => {
    signedInAs('admin');
    let reads = 0;
    fetchMock.mockImplementation(
      fakeApi([overdue], {
        extra: (url, init) => {
          if (init?.method === 'POST')
            return json(409, { errors: { status: ['The invoice is void; it must be open'] } });
          if (url.endsWith('/inv-overdue')) {
            reads += 1;
            return json(200, {
              invoice:
                reads > 1
                  ? { ...overdue, status: 'void', overdue: false, voidedAt: '2026-03-04T00:00:00.000Z' }
                  : overdue,
            });
          }
          return null;
        },
      }),
    );
    renderAt('admin', '/information/plans?tab=invoices&invoice=inv-overdue');
    const dialog = await screen.findByRole('dialog', { name: /Invoice 2026-0003/ });
    fireEvent.click(await within(dialog).findByTestId('invoice-record-payment'));
    fireEvent.click(await within(dialog).findByTestId('payment-save'));
    expect((await within(dialog).findByTestId('invoice-problem')).textContent).toBe(
      'This invoice is no longer open: someone changed it meanwhile. It is shown as it is now.',
    );
    await waitFor(() => expect(within(dialog).getByTestId('invoice-status').textContent).toBe('Void'));
    expect(within(dialog).queryByTestId('invoice-record-payment')).toBeNull();
  });

  it('offers a client "Pay online" only when a payment provider is configured, and goes to its page', async () => {
    signedInAs('client');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    fetchMock.mockImplementation(
      fakeApi([overdue], {
        online: true,
        extra: (url, init) =>
          init?.method === 'POST' && url.endsWith('/inv-overdue/checkout')
            ? json(200, { url: 'https://checkout.stripe.test/c/pay/cs_1' })
            : null,
      }),
    );
    renderAt('client', '/information/plans?tab=invoices&invoice=inv-overdue&checkout=cancelled');
    const dialog = await screen.findByRole('dialog', { name: /Invoice 2026-0003/ });
    expect(await within(dialog).findByText(/Payment cancelled/)).toBeTruthy();
    fireEvent.click(await within(dialog).findByTestId('invoice-pay-online'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_1'));
  });

  it('hides "Pay online" without a provider, and after checkout waits for the payment to be confirmed', async () => {
    signedInAs('client');
    let reads = 0;
    fetchMock.mockImplementation(
      fakeApi([overdue], {
        extra: (url) => {
          if (!url.endsWith('/inv-overdue')) return null;
          reads += 1;
          return json(200, {
            invoice:
              reads > 1
                ? { ...overdue, status: 'paid', overdue: false, payment: { ...paid.payment, method: 'online' } }
                : overdue,
          });
        },
      }),
    );
    renderAt('client', '/information/plans?tab=invoices&invoice=inv-overdue&checkout=done');
    const dialog = await screen.findByRole('dialog', { name: /Invoice 2026-0003/ });
    expect(await within(dialog).findByText(/your payment is being confirmed/)).toBeTruthy();
    expect(within(dialog).queryByTestId('invoice-pay-online')).toBeNull();
    // The webhook marks it paid; the dialog asks again until it sees that.
    expect(await within(dialog).findByText(/your payment is received/, {}, { timeout: 6_000 })).toBeTruthy();
    expect(within(dialog).getByTestId('invoice-payment-method').textContent).toBe('Online payment');
  });
});
