import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, LeadBoardResponse, WorkItem } from '@orbit/functions/channels/contract';
import { abilityRulesFor, buildAbility, type AbilityRule } from '@orbit/functions/core/ability';
import { ChannelsPage } from './channels-page';

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const telegram = (overrides: Partial<Channel> = {}): Channel =>
  ({
    id: '01JCHANNEL0000000000000001',
    type: 'telegram',
    name: 'Support bot',
    status: 'active',
    lastError: null,
    lastActivityAt: '2026-11-20T10:00:00.000Z',
    counts: { inbound: 12, outbound: 9, failed: 1 },
    ownerId: 'u1',
    config: { botUsername: 'orbit_support_bot', webhookUrl: 'https://orbit.test/api/hooks/telegram/1' },
    secretHint: 'x9Zq',
    lastTest: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  }) as Channel;

const webhook = (overrides: Partial<Channel> = {}): Channel =>
  ({
    ...telegram(),
    id: '01JCHANNEL0000000000000002',
    type: 'webhook',
    name: 'CRM hook',
    config: { inboundUrl: 'https://orbit.test/api/hooks/webhook/2', outboundUrl: 'https://crm.example.com/in' },
    secretHint: 'Kf3w',
    ...overrides,
  }) as Channel;

const deadJob: WorkItem = {
  id: 'job-1',
  kind: 'channel.send',
  label: 'Reply to Ana via Support bot',
  status: 'dead',
  attempts: 5,
  lastError: 'Telegram answered 403: bot was blocked by the user',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
};

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

const adminRules = abilityRulesFor({ id: 'a1', role: 'admin' });

const renderAt = (url = '/apps/channels', rules: AbilityRule[] = adminRules) => {
  const router = createMemoryRouter([{ path: '/apps/channels', Component: ChannelsPage }], { initialEntries: [url] });
  render(
    <AbilityProvider value={buildAbility(rules)}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AbilityProvider>,
  );
  return router;
};

describe('channels page', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** Answers by URL and method; a channels list and an empty work list unless a test says otherwise. */
  const serve = (handler: Handler, channels: () => Channel[] = () => [], work: () => WorkItem[] = () => []) =>
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const answer = handler(url, init);
      if (answer) return answer;
      if (url === '/api/apps/channels' && (init?.method ?? 'GET') === 'GET') return json(200, { channels: channels() });
      if (url === '/api/apps/channels/work') return json(200, { items: work() });
      throw new Error(`unexpected ${init?.method ?? 'GET'} ${url}`);
    });
  const calls = (method: string, url: string) =>
    fetchMock.mock.calls.filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method);
  const bodyOf = (method: string, url: string) => JSON.parse(String(calls(method, url).at(-1)?.[1]?.body)) as unknown;

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('explains what channels are when there are none, and offers to connect one', async () => {
    serve(() => undefined);
    renderAt();
    const empty = await screen.findByTestId('channels-empty');
    expect(within(empty).getByText('No channels yet')).toBeTruthy();
    expect(within(empty).getByText(/A channel connects Orbit to the outside world/)).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Connect your first channel' })).toBeTruthy();
    expect(await screen.findByText('Nothing needs attention: all background work went through.')).toBeTruthy();
  });

  it('lists channels with type, status, last error, activity, counts and only the secret’s last 4', async () => {
    serve(
      () => undefined,
      () => [telegram(), webhook({ status: 'failing', lastError: 'Outbound URL answered 500' })],
    );
    renderAt();
    const table = await screen.findByRole('table', { name: 'Connected channels' });
    const [bot, hook] = within(table).getAllByTestId('channel-row') as [HTMLElement, HTMLElement];
    expect(within(bot).getByText('Support bot')).toBeTruthy();
    expect(within(bot).getByText(/Telegram bot/)).toBeTruthy();
    expect(within(bot).getByText('@orbit_support_bot')).toBeTruthy();
    expect(within(bot).getByText('Active')).toBeTruthy();
    expect(within(bot).getByLabelText('12 received, 9 sent, 1 failed')).toBeTruthy();
    expect(within(bot).getByTestId('secret-hint').textContent).toBe('Secret •••• x9Zq');
    expect(within(hook).getByText('Failing')).toBeTruthy();
    expect(within(hook).getByTestId('channel-error').textContent).toBe('Last error: Outbound URL answered 500');
  });

  it('shows a staff member who may only read channels the list, without the actions or every area’s failed work', async () => {
    const failed: WorkItem = {
      id: 'job-1',
      kind: 'channels.send',
      label: 'Reply to Hannah',
      status: 'dead',
      attempts: 5,
      lastError: 'Telegram answered 403',
      createdAt: '2026-11-20T09:00:00.000Z',
      updatedAt: '2026-11-20T09:30:00.000Z',
    };
    serve(
      () => undefined,
      () => [telegram()],
      () => [failed],
    );
    // The manager's Management and Client Communication: read Channel, nothing more (docs/roles.md).
    renderAt('/apps/channels', [{ action: 'read', subject: 'Channel' }]);
    const table = await screen.findByRole('table', { name: 'Connected channels' });
    expect(within(table).getByText('Support bot')).toBeTruthy();
    // Every area's failed jobs are for those who may replay them, not for readers.
    expect(screen.queryByTestId('needs-attention')).toBeNull();
    expect(screen.queryByText('Reply to Hannah')).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Replay/ })).toBeNull();
  });

  it('connects a Telegram bot: type first, then its form, checked before it is sent', async () => {
    const channels: Channel[] = [];
    serve(
      (url, init) => {
        if (url === '/api/apps/channels' && init?.method === 'POST') {
          const created = telegram({ name: 'Sales bot' });
          channels.push(created);
          return json(201, { channel: created });
        }
        return undefined;
      },
      () => channels,
    );
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect your first channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a channel' });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Telegram bot/ }));
    const form = await screen.findByRole('dialog', { name: 'Connect a channel: Telegram bot' });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Sales bot' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    // Nothing sent without a token.
    expect(await within(form).findByText('This field is required.')).toBeTruthy();
    expect(calls('POST', '/api/apps/channels')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText(/^Bot token/), {
      target: { value: ' 123456:AAbbccddeeffgghhiijjkkll ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(calls('POST', '/api/apps/channels')).toHaveLength(1));
    expect(bodyOf('POST', '/api/apps/channels')).toEqual({
      type: 'telegram',
      name: 'Sales bot',
      botToken: '123456:AAbbccddeeffgghhiijjkkll',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Sales bot')).toBeTruthy();
  });

  it('shows a Telegram refusal of the token on the token field', async () => {
    serve((url, init) =>
      url === '/api/apps/channels' && init?.method === 'POST'
        ? json(400, { errors: { botToken: ['Telegram did not accept this bot token'] } })
        : undefined,
    );
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect your first channel' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Telegram bot/ }));
    const form = await screen.findByRole('dialog', { name: 'Connect a channel: Telegram bot' });
    fireEvent.change(within(form).getByLabelText(/^Bot token/), {
      target: { value: '123456:AAbbccddeeffgghhiijjkkll' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(
      await within(form).findByText('Telegram did not accept this token. Copy it again from @BotFather.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Connect a channel: Telegram bot' })).toBeTruthy();
  });

  it('shows a webhook’s signing secret once, with its inbound URL, and never again', async () => {
    const channels: Channel[] = [];
    serve(
      (url, init) => {
        if (url === '/api/apps/channels' && init?.method === 'POST') {
          const created = webhook();
          channels.push(created);
          return json(201, { channel: created, signingSecret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5LUtmM3c=' });
        }
        return undefined;
      },
      () => channels,
    );
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Connect your first channel' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Webhook/ }));
    const form = await screen.findByRole('dialog', { name: 'Connect a channel: Webhook' });
    fireEvent.change(within(form).getByLabelText(/^Outbound URL/), { target: { value: 'crm.example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText('Enter a full https:// address.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Outbound URL/), { target: { value: 'https://crm.example.com/in' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    const secret = await screen.findByRole('dialog', { name: 'Save the signing secret' });
    expect((within(secret).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(
      'whsec_c2VjcmV0LXNpZ25pbmcta2V5LUtmM3c=',
    );
    expect((within(secret).getByLabelText('Inbound URL') as HTMLInputElement).value).toBe(
      'https://orbit.test/api/hooks/webhook/2',
    );
    // Escape does not lose it: only the deliberate button closes.
    fireEvent.keyDown(secret, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Save the signing secret' })).toBeTruthy();
    fireEvent.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain('whsec_');
    expect(await screen.findByText('Secret •••• Kf3w')).toBeTruthy();
  });

  it('sends a test and follows it from pending to sent', async () => {
    let channel = telegram();
    serve(
      (url, init) => {
        if (url === `/api/apps/channels/${channel.id}/test` && init?.method === 'POST') {
          channel = { ...channel, lastTest: { status: 'pending', at: '2026-11-20T10:00:00.000Z' } } as Channel;
          return json(202, { channel });
        }
        return undefined;
      },
      () => {
        const shown = channel;
        // The list read after the pending one finds the test delivered.
        if (channel.lastTest?.status === 'pending') {
          channel = { ...channel, lastTest: { status: 'sent', at: '2026-11-20T10:00:02.000Z' } } as Channel;
        }
        return [shown];
      },
    );
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Support bot' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Send a test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test' }));
    await waitFor(() => expect(calls('POST', `/api/apps/channels/${channel.id}/test`)).toHaveLength(1));
    expect(bodyOf('POST', `/api/apps/channels/${channel.id}/test`)).toEqual({});
    const state = await screen.findByTestId('channel-test');
    await waitFor(() => expect(state.getAttribute('data-test-status')).toBe('sent'), { timeout: 8000 });
    expect(state.textContent).toMatch(/^Test sent /);
  });

  it('pauses and resumes with the version read, and removes only after confirming', async () => {
    let channel = telegram();
    let removed = false;
    serve(
      (url, init) => {
        const path = `/api/apps/channels/${channel.id}`;
        if (url === `${path}/pause` && init?.method === 'POST') {
          channel = { ...channel, status: 'paused', version: 2 } as Channel;
          return json(200, { channel });
        }
        if (url === `${path}/resume` && init?.method === 'POST') {
          channel = { ...channel, status: 'active', version: 3 } as Channel;
          return json(200, { channel });
        }
        if (url === path && init?.method === 'DELETE') {
          removed = true;
          return json(204, null);
        }
        return undefined;
      },
      () => (removed ? [] : [channel]),
    );
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Support bot' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pause' }));
    expect(await screen.findByText('Paused')).toBeTruthy();
    expect(bodyOf('POST', `/api/apps/channels/${channel.id}/pause`)).toEqual({ version: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Support bot' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Resume' }));
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(bodyOf('POST', `/api/apps/channels/${channel.id}/resume`)).toEqual({ version: 2 });

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Support bot' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove \u2068Support bot\u2069?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE', `/api/apps/channels/${channel.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Support bot' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByTestId('channels-empty')).toBeTruthy();
  });

  it('edits a channel without asking for its secret again', async () => {
    let channel = telegram();
    serve(
      (url, init) => {
        if (url === `/api/apps/channels/${channel.id}` && init?.method === 'PATCH') {
          channel = { ...channel, name: 'Renamed bot', version: 2 } as Channel;
          return json(200, { channel });
        }
        return undefined;
      },
      () => [channel],
    );
    renderAt();
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Support bot' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: /^Edit/ });
    expect((within(form).getByLabelText(/^Bot token/) as HTMLInputElement).value).toBe('');
    expect(within(form).getByText('Leave empty to keep the current token (•••• x9Zq).')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Renamed bot' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PATCH', `/api/apps/channels/${channel.id}`)).toHaveLength(1));
    expect(bodyOf('PATCH', `/api/apps/channels/${channel.id}`)).toEqual({ version: 1, name: 'Renamed bot' });
    expect(await screen.findByText('Renamed bot')).toBeTruthy();
  });

  it('lists background work that needs attention and replays it', async () => {
    let work = [deadJob, { ...deadJob, id: 'job-2', status: 'unknown' as const, label: 'Reply to Ben via CRM hook' }];
    serve(
      (url, init) => {
        if (url === '/api/apps/channels/work/job-1/replay' && init?.method === 'POST') {
          work = work.filter((item) => item.id !== 'job-1');
          return json(202, {});
        }
        return undefined;
      },
      () => [telegram()],
      () => work,
    );
    renderAt();
    const section = await screen.findByTestId('needs-attention');
    await within(section).findByText('Reply to Ana via Support bot');
    expect(within(section).getByText('Failed')).toBeTruthy();
    expect(within(section).getByText('Outcome unknown')).toBeTruthy();
    expect(within(section).getAllByText('Telegram answered 403: bot was blocked by the user')).toHaveLength(2);
    expect(within(section).getAllByText(/5 attempts/)).toHaveLength(2);
    fireEvent.click(within(section).getByRole('button', { name: 'Replay Reply to Ana via Support bot' }));
    await waitFor(() => expect(within(section).queryByText('Reply to Ana via Support bot')).toBeNull());
    expect(within(section).getByText('Reply to Ben via CRM hook')).toBeTruthy();
  });

  it('shows the lead pipeline in its tab, kept in the URL', async () => {
    const board: LeadBoardResponse = {
      columns: [
        {
          status: 'contact_received',
          count: 1,
          leads: [
            {
              id: 'lead-1',
              fullName: 'Ana Souza',
              avatar: null,
              role: 'lead',
              status: 'contact_received',
              channel: { id: 'c1', type: 'telegram', name: 'Support bot' },
            },
          ],
        },
        { status: 'interest_shown', count: 0, leads: [] },
        { status: 'success', count: 0, leads: [] },
        { status: 'closed', count: 0, leads: [] },
      ],
    };
    serve((url) => (url === '/api/apps/channels/leads' ? json(200, board) : undefined));
    const router = renderAt();
    fireEvent.click(await screen.findByRole('tab', { name: 'Lead pipeline' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=leads'));
    const region = await screen.findByRole('region', { name: 'Lead pipeline' });
    expect(
      within(region).getByRole('link', { name: 'Open the chat with \u2068Ana Souza\u2069' }).getAttribute('href'),
    ).toBe('/apps/chat?contact=lead-1');
    expect(within(region).getByText('Via \u2068Support bot\u2069')).toBeTruthy();
  });
});
