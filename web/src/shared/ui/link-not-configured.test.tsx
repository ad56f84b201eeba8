import { AbilityProvider } from '@casl/react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { abilityRulesFor, buildAbility } from '@orbit/functions/core/ability';
import { linkNotConfiguredPage } from './link-not-configured';

const renderAs = (role: 'admin' | 'client') => {
  const router = createMemoryRouter([{ path: '/wiki', Component: linkNotConfiguredPage('wiki') }], {
    initialEntries: ['/wiki'],
  });
  render(
    <AbilityProvider value={buildAbility(abilityRulesFor({ id: `u-${role}`, role }))}>
      <RouterProvider router={router} />
    </AbilityProvider>,
  );
};

describe('a help link that is not set up', () => {
  it('shows an admin where to set it', async () => {
    renderAs('admin');
    await screen.findByRole('heading', { name: 'Wiki' });
    screen.getByText('This link is not configured.');
    expect(screen.getByRole('link', { name: 'Set up help links' }).getAttribute('href')).toBe(
      '/apps/integrations?tab=links',
    );
  });

  it('tells everyone else that an administrator sets it, without the link', async () => {
    renderAs('client');
    await screen.findByText(/An administrator sets its address/);
    expect(screen.queryByRole('link', { name: 'Set up help links' })).toBeNull();
  });
});
