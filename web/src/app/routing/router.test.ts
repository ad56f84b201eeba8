import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, type DataRouter } from 'react-router';
import { abilityRulesFor } from '@orbit/functions/core/ability';
import { apiRequest } from '../../shared/api/api-client';
import { resetDeployLinks } from '../../shared/deploy-links';
import { clearSession, updateSession } from '../../shared/session/session-store';
import { createAppRouter } from './router';
import { settled } from '../../test/router';

const routers: DataRouter[] = [];
const open = async (url: string): Promise<DataRouter> => {
  const router = createAppRouter((routes, options) =>
    createMemoryRouter(routes, { ...options, initialEntries: [url] }),
  );
  routers.push(router);
  await settled(router);
  return router;
};
const navigate = async (router: DataRouter, to: string) => {
  await router.navigate(to);
  await settled(router);
};

const here = (router: DataRouter) => `${router.state.location.pathname}${router.state.location.search}`;
const routeName = (router: DataRouter) =>
  (router.state.matches.at(-1)?.route.handle as { name?: string } | undefined)?.name;

const user = (role: string) => ({
  id: `u-${role}`,
  fullName: `A ${role}`,
  username: role,
  avatar: null,
  email: `${role}@example.com`,
  phone: '+15550100001',
  role,
});
const signInAs = (role: 'admin' | 'client') =>
  updateSession({
    userData: user(role),
    accessToken: 'token',
    userAbilityRules: abilityRulesFor({ id: `u-${role}`, role }),
  });

describe('the app router (routes, index redirect, guard, external links)', () => {
  beforeEach(() => clearSession());
  afterEach(() => {
    for (const router of routers.splice(0)) router.dispose();
  });

  it('sends a signed-out visit to /apps/chat?x=1 to /login?x=1&to=/apps/chat', async () => {
    const router = await open('/apps/chat?x=1');
    expect(here(router)).toBe('/login?x=1&to=/apps/chat');
    expect(routeName(router)).toBe('login');
  });

  it('redirects / to login for visitors and to apps-projects for signed-in users', async () => {
    expect(here(await open('/?x=1'))).toBe('/login?x=1');
    signInAs('client');
    const router = await open('/');
    expect(here(router)).toBe('/apps/projects');
    expect(routeName(router)).toBe('apps-projects');
  });

  it('sends a client on an admin-only route to /not-authorized', async () => {
    signInAs('client');
    const router = await open('/apps/channels');
    expect(here(router)).toBe('/not-authorized');
  });

  it('lets an admin open admin-only routes and shows unknown paths as not found', async () => {
    signInAs('admin');
    expect(routeName(await open('/apps/mailings'))).toBe('apps-mailings');
    const unknown = await open('/no/such/page');
    expect(here(unknown)).toBe('/no/such/page');
    expect(routeName(unknown)).toBe('$error');
  });

  /** The help links an admin saved (GET /api/integrations/links); the deploy's /config.json sets none. */
  const savedHelpLinks = (links: { wiki: string | null; telegram: string | null }) => {
    resetDeployLinks();
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      if (String(input) === '/config.json') return Response.json({ links: {} });
      if (String(input) === '/api/integrations/links') return Response.json({ links: { ...links, version: 1 } });
      throw new Error(`unexpected request ${String(input)}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };
  const helpLinkReads = (fetchMock: ReturnType<typeof savedHelpLinks>) =>
    fetchMock.mock.calls.filter(([input]) => String(input) === '/api/integrations/links').length;

  it('opens the saved /wiki and /telegram in a new tab and stays where it was', async () => {
    const fetchMock = savedHelpLinks({ wiki: 'https://wiki.example.org/', telegram: 'https://t.me/orbit_support' });
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    const router = await open('/login?x=1');
    // Read when a link is used, never with the first download of a page.
    expect(helpLinkReads(fetchMock)).toBe(0);
    await navigate(router, '/wiki');
    expect(windowOpen).toHaveBeenCalledWith('https://wiki.example.org/', '_blank', 'noopener,noreferrer');
    expect(here(router)).toBe('/login?x=1');
    await navigate(router, '/telegram');
    expect(windowOpen).toHaveBeenLastCalledWith('https://t.me/orbit_support', '_blank', 'noopener,noreferrer');
    expect(here(router)).toBe('/login?x=1');
    expect(helpLinkReads(fetchMock)).toBe(2);
    windowOpen.mockRestore();
    vi.unstubAllGlobals();
  });

  it('shows /wiki and /telegram as not set up until an admin saves an address', async () => {
    savedHelpLinks({ wiki: 'not a url', telegram: null });
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(null);
    signInAs('client');
    const router = await open('/apps/projects');
    await navigate(router, '/wiki');
    expect(here(router)).toBe('/wiki');
    expect(routeName(router)).toBe('known-base');
    await navigate(router, '/telegram');
    expect(here(router)).toBe('/telegram');
    expect(windowOpen).not.toHaveBeenCalled();
    windowOpen.mockRestore();
    vi.unstubAllGlobals();
  });

  it('sends the user to /login with `to` when the session expires and cannot be refreshed', async () => {
    signInAs('client');
    const router = await open('/apps/chat');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 401 })));
    await expect(apiRequest('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    await settled(router);
    expect(here(router)).toBe('/login?to=/apps/chat');
  });

  it('shows the mailbox for its folders and labels only, and the not-found page for anything else', async () => {
    signInAs('client');
    for (const path of ['/apps/email/inbox', '/apps/email/trash', '/apps/email/personal', '/apps/email/private']) {
      const router = await open(path);
      expect(router.state.errors, path).toBeNull();
      expect(routeName(router), path).toMatch(/^apps-email-/);
    }
    const unknown = await open('/apps/email/nonsense');
    expect(here(unknown)).toBe('/apps/email/nonsense');
    expect(Object.values(unknown.state.errors ?? {})).toMatchObject([{ status: 404 }]);
  });

  describe('another tab changes the session', () => {
    /** What the browser does in this tab when another tab writes localStorage. */
    const fromAnotherTab = (change: () => void) => {
      change();
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', storageArea: localStorage }));
    };

    it('follows a sign-out at once: the guard sends this tab to /login with `to`', async () => {
      signInAs('admin');
      const router = await open('/apps/permissions?q=x');
      // A sign-out removes the stored values one by one; this tab may hear of each on its own.
      fromAnotherTab(() => localStorage.removeItem('userData'));
      fromAnotherTab(() => localStorage.removeItem('accessToken'));
      fromAnotherTab(() => localStorage.removeItem('userAbilityRules'));
      await vi.waitFor(() => expect(here(router)).toBe('/login?q=x&to=/apps/permissions'), { timeout: 5000 });
    });

    it('follows a sign-in as someone else: the admin-only page gives way to /not-authorized', async () => {
      signInAs('admin');
      const router = await open('/apps/permissions');
      fromAnotherTab(() => {
        localStorage.setItem('userData', JSON.stringify(user('client')));
        localStorage.setItem('userAbilityRules', JSON.stringify(abilityRulesFor({ id: 'u-client', role: 'client' })));
      });
      await vi.waitFor(() => expect(here(router)).toBe('/not-authorized'), { timeout: 5000 });
    });

    it('moves a sign-in page on once another tab has signed in, to where it was going', async () => {
      const router = await open('/apps/chat');
      expect(here(router)).toBe('/login?to=/apps/chat');
      fromAnotherTab(() => signInAs('client'));
      await vi.waitFor(() => expect(here(router)).toBe('/apps/chat'), { timeout: 5000 });
    });

    it('stays put when another tab only refreshed the token', async () => {
      signInAs('admin');
      const router = await open('/apps/permissions?q=x');
      const navigateSpy = vi.spyOn(router, 'navigate');
      fromAnotherTab(() => localStorage.setItem('accessToken', 'a-fresh-token'));
      await settled(router);
      expect(navigateSpy).not.toHaveBeenCalled();
    });
  });
});
