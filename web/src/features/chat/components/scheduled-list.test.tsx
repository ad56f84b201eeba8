import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScheduledMessage } from '@orbit/functions/chat/scheduled-contract';
import { ScheduledList } from './scheduled-list';

const scheduled = (id: string, message: string, sendAt: string): ScheduledMessage => ({
  id,
  contactId: 'contact1',
  message,
  sendAt,
  status: 'scheduled',
  version: 1,
  createdAt: '2026-11-24T08:00:00.000Z',
});

const two = [
  scheduled('s1', 'Meeting reminder', '2026-11-24T09:30:00.000Z'),
  scheduled('s2', 'Invoice follow-up', '2026-11-25T14:00:00.000Z'),
];

describe('the open chat’s scheduled messages', () => {
  it('shows nothing when nothing is scheduled', () => {
    const { container } = render(<ScheduledList scheduled={[]} onEdit={() => undefined} onCancel={() => undefined} />);
    expect(container.textContent).toBe('');
  });

  it('folds into one named toggle, and unfolds to edit or cancel each by an accessible name', () => {
    const onEdit = vi.fn();
    const onCancel = vi.fn();
    render(<ScheduledList scheduled={two} onEdit={onEdit} onCancel={onCancel} />);
    const section = screen.getByRole('region', { name: 'Scheduled messages (2)' });
    const toggle = within(section).getByRole('button', { name: 'Show scheduled messages (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Meeting reminder')).toBeNull();

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p + p, p:last-of-type')?.textContent)).toEqual([
      'Meeting reminder',
      'Invoice follow-up',
    ]);
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-25T14:00:00.000Z'),
    );
    fireEvent.click(screen.getByRole('button', { name: `Edit the message scheduled for ${time}` }));
    expect(onEdit).toHaveBeenCalledWith(two[1]);
    fireEvent.click(screen.getByRole('button', { name: `Cancel the message scheduled for ${time}` }));
    expect(onCancel).toHaveBeenCalledWith(two[1]);
  });

  it('disables the cancel button of the one being cancelled', () => {
    render(<ScheduledList scheduled={two} cancelling="s1" onEdit={() => undefined} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show scheduled messages (2)' }));
    const cancels = screen.getAllByRole('button', { name: /^Cancel the message/ });
    expect(cancels.map((button) => (button as HTMLButtonElement).disabled)).toEqual([true, false]);
  });
});
