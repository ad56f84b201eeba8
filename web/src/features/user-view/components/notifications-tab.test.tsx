import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import type { NotificationSettings } from '@orbit/functions/notifications/contract';
import { NotificationsTab } from './notifications-tab';

const defaults: NotificationSettings = {
  inApp: {
    message: true,
    taskAssigned: true,
    taskComment: true,
    projectStatus: true,
    mention: true,
    webhookDisabled: true,
  },
  email: {
    message: false,
    taskAssigned: true,
    taskComment: false,
    projectStatus: false,
    mention: true,
    webhookDisabled: true,
  },
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const renderTab = (isSelf: boolean, role = 'admin') =>
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'u1', role }))}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <NotificationsTab userId="u1" isSelf={isSelf} />
      </QueryClientProvider>
    </AbilityProvider>,
  );

const settingsFetch = () => {
  const fetchMock = vi.fn<typeof fetch>(async (_url, init) =>
    json({
      settings: init?.method === 'PUT' ? (JSON.parse(String(init.body)) as { settings: unknown }).settings : defaults,
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

afterEach(() => vi.unstubAllGlobals());

describe('the Notifications tab', () => {
  it('shows each event × channel as a named switch and saves the whole table', async () => {
    const fetchMock = settingsFetch();
    renderTab(true);
    const messagesByEmail = await screen.findByRole('switch', { name: 'New messages: Email' });
    expect((messagesByEmail as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: 'Mentions: In-app' }) as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(messagesByEmail);
    fireEvent.click(save);
    await screen.findByText('Your notification settings are saved.');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      settings: { ...defaults, email: { ...defaults.email, message: true } },
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('shows the turned-off webhook endpoint row only to who can manage integrations', async () => {
    settingsFetch();
    renderTab(true);
    expect(await screen.findByRole('switch', { name: 'A webhook endpoint is turned off: Email' })).toBeTruthy();
  });

  it('keeps that row from a client, and saves its value unchanged', async () => {
    const fetchMock = settingsFetch();
    renderTab(true, 'client');
    fireEvent.click(await screen.findByRole('switch', { name: 'Mentions: Email' }));
    expect(screen.queryByRole('switch', { name: 'A webhook endpoint is turned off: Email' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Your notification settings are saved.');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      settings: { ...defaults, email: { ...defaults.email, mention: false } },
    });
  });

  it('shows someone else’s settings to nobody: a note, nothing to change, nothing fetched', () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    renderTab(false);
    expect(screen.getByText('Notification settings are personal: only this user can change theirs.')).toBeTruthy();
    expect(screen.queryAllByRole('switch')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
