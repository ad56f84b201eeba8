import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TabbedPage, type PageTab } from './tabbed-page';

const tabs: readonly PageTab[] = [
  { value: 'mine', label: 'Mine', Panel: () => <p>My things</p> },
  { value: 'invoices', label: 'Invoices', Panel: () => <p>Every invoice</p> },
];

const renderAt = (
  address: string,
  { shown = tabs, impliedTab }: { shown?: readonly PageTab[]; impliedTab?: string } = {},
) => {
  const router = createMemoryRouter(
    [
      {
        path: '/things',
        Component: () => (
          <TabbedPage
            id="things"
            title="Things"
            subtitle="All of them"
            tabsLabel="Sections"
            tabs={shown}
            impliedTab={impliedTab}
          />
        ),
      },
    ],
    { initialEntries: [address] },
  );
  const { unmount } = render(<RouterProvider router={router} />);
  return { router, unmount };
};

describe('a page of tabs', () => {
  it('opens the first tab without ?tab=, and the one the address names with it', () => {
    renderAt('/things');
    screen.getByRole('heading', { name: 'Things' });
    expect(screen.getByRole('tab', { name: 'Mine' }).getAttribute('aria-selected')).toBe('true');
    screen.getByText('My things');
  });

  it('puts the chosen tab in the address, and drops ?tab= (and the other parameters) for the first', () => {
    const { router } = renderAt('/things?tab=invoices&page=2');
    screen.getByText('Every invoice');
    fireEvent.click(screen.getByRole('tab', { name: 'Mine' }));
    expect(router.state.location.search).toBe('');
    screen.getByText('My things');
    fireEvent.click(screen.getByRole('tab', { name: 'Invoices' }));
    expect(router.state.location.search).toBe('?tab=invoices');
  });

  it('falls back to the first tab for a tab it does not show', () => {
    renderAt('/things?tab=secret');
    screen.getByText('My things');
  });

  it('leaves the strip out when there is one tab to show', () => {
    renderAt('/things', { shown: tabs.slice(0, 1) });
    expect(screen.queryByRole('tablist')).toBeNull();
    screen.getByText('My things');
  });
});

describe('a tab the address implies', () => {
  it('opens when no ?tab= names one, and ?tab= wins over it', () => {
    const page = renderAt('/things?invoice=abc', { impliedTab: 'invoices' });
    screen.getByText('Every invoice');
    page.unmount();
    renderAt('/things?tab=mine&invoice=abc', { impliedTab: 'invoices' });
    screen.getByText('My things');
  });
});
