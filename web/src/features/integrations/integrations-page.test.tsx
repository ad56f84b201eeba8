import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook } from '@orbit/functions/integrations/webhook-contract';
import { IntegrationsPage } from './integrations-page';

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const renderAt = (url: string) => {
  const router = createMemoryRouter([{ path: '/apps/integrations', Component: IntegrationsPage }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

const webhook: Webhook = {
  id: 'wh1',
  url: 'https://crm.example.com/hooks',
  description: '',
  events: ['contact.created'],
  enabled: true,
  secretHint: 'whsec_AbCd',
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
  version: 1,
};

describe('the integrations page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('keeps its tab in the URL', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/webhooks') ? json(200, { webhooks: [] }) : json(200, { apiKeys: [] }),
    );
    const router = renderAt('/apps/integrations');
    await screen.findByTestId('webhooks-empty');
    fireEvent.click(screen.getByRole('tab', { name: 'API keys' }));
    await screen.findByTestId('api-keys-empty');
    expect(router.state.location.search).toBe('?tab=keys');
    expect(screen.getByRole('tab', { name: 'API keys' }).getAttribute('aria-selected')).toBe('true');
  });

  it('adds an endpoint and shows its secret once', async () => {
    let webhooks: Webhook[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { url: string; events: string[] };
        expect(body).toMatchObject({ url: webhook.url, events: ['contact.created', 'task.moved'] });
        webhooks = [webhook];
        return json(201, { webhook, secret: 'whsec_secret-value' });
      }
      return json(200, { webhooks });
    });
    renderAt('/apps/integrations');
    fireEvent.click(await screen.findByTestId('webhook-add'));
    const form = await screen.findByTestId('webhook-form');
    // The contract is checked before anything is sent.
    fireEvent.click(within(form).getByTestId('webhook-submit'));
    await within(form).findByText('Choose at least one event.');
    expect(within(form).getByText('Enter an http(s) URL of at most 2000 characters.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByTestId('webhook-url'), { target: { value: webhook.url } });
    fireEvent.click(within(form).getByTestId('webhook-event-contact.created'));
    fireEvent.click(within(form).getByTestId('webhook-event-task.moved'));
    fireEvent.click(within(form).getByTestId('webhook-submit'));
    const secret = await screen.findByTestId('webhook-secret-value');
    expect(secret).toHaveProperty('value', 'whsec_secret-value');
    fireEvent.click(screen.getByTestId('webhook-secret-done'));
    await screen.findByTestId('webhook-row');
    expect(screen.queryByTestId('webhook-secret-value')).toBeNull();
  });

  it('says when to try again once an endpoint has had its test events (429)', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST' && String(input).endsWith('/wh1/test')
        ? new Response(
            JSON.stringify({
              errors: { general: ['At most 5 test events to one endpoint a minute: try again in 40 seconds.'] },
              retryAfter: 40,
            }),
            { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '40' } },
          )
        : json(200, { webhooks: [webhook] }),
    );
    renderAt('/apps/integrations');
    fireEvent.click(await screen.findByTestId('webhook-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send test event' }));
    await screen.findByText('Too many test events for now. Try again in 40 seconds.');
  });

  it('saves the help links from the version read, and on a conflict reloads the current ones', async () => {
    let saves = 0;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'PUT') {
        saves += 1;
        return json(409, { errors: { version: ['The links were changed meanwhile'] } });
      }
      return json(200, {
        links:
          saves === 0
            ? { wiki: null, telegram: null, version: 0 }
            : { wiki: 'https://wiki.example.com', telegram: null, version: 1, updatedAt: '2026-11-25T01:00:00.000Z' },
      });
    });
    renderAt('/apps/integrations?tab=links');
    const wiki = await screen.findByTestId('help-link-wiki');
    fireEvent.change(wiki, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByTestId('help-links-save'));
    await screen.findByText('Enter an http(s) address of at most 2000 characters, or leave it empty.');
    expect(saves).toBe(0);

    fireEvent.change(wiki, { target: { value: 'https://docs.example.com' } });
    fireEvent.click(screen.getByTestId('help-links-save'));
    const conflict = await screen.findByRole('alert');
    expect(conflict.textContent).toContain('Someone changed this meanwhile');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      wiki: 'https://docs.example.com',
      telegram: null,
      version: 0,
    });

    fireEvent.click(within(conflict).getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(wiki).toHaveProperty('value', 'https://wiki.example.com'));
  });
});
