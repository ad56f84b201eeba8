import { AbilityProvider } from '@casl/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import { AppThemeProvider } from '../../shared/theme/app-theme-provider';
import { NavList } from './vertical-nav';

const renderNavAt = (path: string, routeName: string, mini = false) => {
  const router = createMemoryRouter([{ path, handle: { name: routeName }, element: <NavList mini={mini} /> }], {
    initialEntries: [path],
  });
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: 'u1', role: 'admin' }))}>
      <AppThemeProvider>
        <RouterProvider router={router} />
      </AppThemeProvider>
    </AbilityProvider>,
  );
};

/** A link by its address: hidden, it has no accessible name to be found by. */
const linkTo = (href: string) => {
  const link = document.querySelector(`a[href="${href}"]`);
  if (!link) throw new Error(`no link to ${href}`);
  return link;
};

/** Out of the tab order and the accessibility tree: inside an inert, invisible container. */
const isHidden = (element: Element) => {
  const container = element.closest('[inert]');
  return container !== null && getComputedStyle(container).visibility === 'hidden';
};

describe('vertical navigation groups', () => {
  it('keeps a closed group’s links out of reach, and opens and closes it from its button', () => {
    renderNavAt('/apps/projects', 'apps-projects');
    const group = screen.getByRole('button', { name: 'Outreach' });
    const mailings = linkTo('/apps/mailings');
    expect(screen.queryByRole('link', { name: 'Mailings' })).toBeNull();
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(group.getAttribute('aria-controls') ?? '')?.contains(mailings)).toBe(true);
    expect(isHidden(mailings)).toBe(true);

    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(isHidden(mailings)).toBe(false);
    expect(screen.getByRole('link', { name: 'Mailings' })).toBe(mailings);

    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('false');
    expect(isHidden(mailings)).toBe(true);
  });

  it('opens the group holding the current page and marks the page', () => {
    renderNavAt('/apps/mailings', 'apps-mailings');
    const group = screen.getByRole('button', { name: 'Outreach' });
    expect(group.getAttribute('aria-expanded')).toBe('true');
    expect(group.hasAttribute('data-holds-active')).toBe(true);
    expect(screen.getByRole('link', { name: 'Mailings' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Projects' }).hasAttribute('aria-current')).toBe(false);
  });

  it('still names every link and heading when collapsed to icons, with groups closed', () => {
    renderNavAt('/apps/mailings', 'apps-mailings', true);
    const list = screen.getByRole('list');
    expect(within(list).getByRole('link', { name: 'Projects' })).toBeTruthy();
    expect(within(list).getByText('Apps')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Outreach' }).getAttribute('aria-expanded')).toBe('false');
    expect(isHidden(linkTo('/apps/mailings'))).toBe(true);
  });
});
