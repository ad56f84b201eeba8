import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatContactStatus } from '@orbit/functions/chat/contract';
import { StatusFilter } from './status-filter';

const Filter = ({ onStatuses }: { onStatuses: (statuses: ChatContactStatus[]) => void }) => {
  const [statuses, setStatuses] = useState<ChatContactStatus[]>([]);
  return (
    <StatusFilter
      statuses={statuses}
      onStatuses={(next) => {
        setStatuses(next);
        onStatuses(next);
      }}
    />
  );
};

describe('the chat’s status filter', () => {
  it('stands in with a combobox of the same name and value until it is reached for', () => {
    render(<Filter onStatuses={() => undefined} />);
    const standIn = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(standIn.tagName).toBe('BUTTON');
    expect(standIn.textContent).toBe('All statuses');
    expect(standIn.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens MUI’s select on the first click, and filters by what is picked', async () => {
    const onStatuses = vi.fn();
    render(<Filter onStatuses={onStatuses} />);
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    const listbox = await screen.findByRole('listbox');
    fireEvent.click(within(listbox).getByRole('option', { name: 'Contact received' }));
    expect(onStatuses).toHaveBeenLastCalledWith(['contact_received']);
    // The open menu hides the page from assistive technology meanwhile.
    expect(screen.getByRole('combobox', { name: 'Filter by status', hidden: true }).textContent).toBe(
      'Contact received',
    );
  });

  it('swaps in focused, and closed, when reached by the keyboard', async () => {
    render(<Filter onStatuses={() => undefined} />);
    fireEvent.focus(screen.getByRole('combobox', { name: 'Filter by status' }));
    await vi.waitFor(() => {
      expect(document.activeElement?.tagName).toBe('DIV');
      expect(document.activeElement?.getAttribute('role')).toBe('combobox');
    });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
