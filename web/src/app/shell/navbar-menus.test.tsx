import { AbilityProvider } from '@casl/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import { sessionStorageKeys } from '../../shared/session/session-store';
import { AppThemeProvider } from '../../shared/theme/app-theme-provider';
import { LanguageSwitcher } from './language-switcher';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

/** How long a menu's lazy modules (Menu and its items) may take to load on a busy machine. */
const menuLoadMs = 5000;

const renderInShell = (ui: ReactNode) => {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/apps/projects'] });
  return render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'u1', role: 'admin' }))}>
      <QueryClientProvider client={new QueryClient()}>
        <AppThemeProvider>
          <RouterProvider router={router} />
        </AppThemeProvider>
      </QueryClientProvider>
    </AbilityProvider>,
  );
};

/** The session store listens to other tabs' storage events: that is how a test signs someone in. */
const storeSession = (userData: Record<string, unknown> | null) => {
  if (userData) {
    localStorage.setItem(sessionStorageKeys.userData, JSON.stringify(userData));
    localStorage.setItem(sessionStorageKeys.accessToken, 'token');
  } else {
    localStorage.removeItem(sessionStorageKeys.userData);
    localStorage.removeItem(sessionStorageKeys.accessToken);
  }
  act(() => window.dispatchEvent(new StorageEvent('storage', { key: sessionStorageKeys.userData })));
};

describe('navbar menus (items load with the menu)', () => {
  afterEach(() => storeSession(null));

  it('opens the theme menu with its choices and focus on the checked one; arrows move, Escape returns to the button', async () => {
    renderInShell(<ThemeSwitcher />);
    const button = screen.getByRole('button', { name: /^Theme:/ });
    button.focus();
    fireEvent.click(button);

    const menu = await screen.findByRole('menu', { name: 'Theme' }, { timeout: menuLoadMs });
    const system = within(menu).getByRole('menuitemradio', { name: 'System' });
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Light', 'Dark', 'System']);
    expect(system.getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(system));

    fireEvent.keyDown(system, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(menu).getByRole('menuitemradio', { name: 'Light' }));

    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('opens the language menu with focus on the current language', async () => {
    renderInShell(<LanguageSwitcher />);
    fireEvent.click(screen.getByRole('button', { name: /^Language:/ }));
    const english = await screen.findByRole('menuitemradio', { name: 'English' }, { timeout: menuLoadMs });
    expect(english.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: 'Français' }).getAttribute('lang')).toBe('fr');
    await waitFor(() => expect(document.activeElement).toBe(english));
  });

  it('opens the user menu with who is signed in, their links, sign out, and focus on the first link', async () => {
    storeSession({ fullName: 'Olivia Bennett', role: 'admin' });
    renderInShell(<UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: /^Account menu/ }));

    const menu = await screen.findByRole('menu', { name: 'Account' }, { timeout: menuLoadMs });
    expect(within(menu).getByTestId('signed-in-user').textContent).toBe('Olivia Bennett');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'My profile',
      'Settings',
      'Plans & billing',
      'Theme customizer',
      'Sign out',
    ]);
    expect(items[0]?.getAttribute('href')).toBe('/user/view');
    expect(within(menu).getAllByRole('separator')).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
  });
});
