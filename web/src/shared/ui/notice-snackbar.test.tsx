import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NoticeSnackbar } from './notice-snackbar';

/** How long the snackbar's lazy modules may take to load on a busy machine. */
const loadMs = 5000;

describe('NoticeSnackbar', () => {
  it('shows nothing until there is a notice, then the notice as a dismissible alert', async () => {
    const onClose = vi.fn();
    const { rerender } = render(<NoticeSnackbar notice={null} onClose={onClose} />);
    expect(screen.queryByRole('alert')).toBeNull();

    rerender(<NoticeSnackbar notice={{ severity: 'success', text: 'Project saved' }} onClose={onClose} />);
    const alert = await screen.findByRole('alert', {}, { timeout: loadMs });
    expect(alert.textContent).toContain('Project saved');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps the last notice in view while it closes, then removes it', async () => {
    const notice = { severity: 'error', text: 'Could not save' } as const;
    const { rerender } = render(<NoticeSnackbar notice={notice} onClose={() => undefined} />);
    await screen.findByRole('alert', {}, { timeout: loadMs });

    rerender(<NoticeSnackbar notice={null} onClose={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
