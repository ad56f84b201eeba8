import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HintTooltip } from './hint-tooltip';

describe('HintTooltip', () => {
  it('names its child, shows the title on mouse hover and hides it on leave, without remounting the child', async () => {
    render(
      <HintTooltip title="Ada Lovelace">
        <button type="button">AL</button>
      </HintTooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Ada Lovelace');
    // The same element: a click or focus in progress survives the bubble's loading.
    expect(screen.getByRole('button', { name: 'Ada Lovelace' })).toBe(trigger);

    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows on keyboard focus, hides on Escape, and keeps the child’s own label and handlers', async () => {
    let focused = 0;
    render(
      <HintTooltip title="Delete comment">
        <button type="button" aria-label="Delete" onFocus={() => (focused += 1)}>
          x
        </button>
      </HintTooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Delete' });
    // Reached with Tab, as a keyboard user does: the focus is then :focus-visible whatever the
    // page saw before (a click earlier would make a bare focus() a mouse user's).
    fireEvent.keyDown(document.body, { key: 'Tab' });
    trigger.focus();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Delete comment');
    expect(focused).toBe(1);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('shows nothing for a touch', async () => {
    render(
      <HintTooltip title="Grace Hopper">
        <button type="button">GH</button>
      </HintTooltip>,
    );
    vi.useFakeTimers();
    try {
      fireEvent.pointerEnter(screen.getByRole('button', { name: 'Grace Hopper' }), { pointerType: 'touch' });
      // Past the hover delay, and with the bubble's code loaded: still nothing.
      act(() => vi.advanceTimersByTime(1000));
      await act(async () => {
        await import('./hint-bubble');
      });
      expect(screen.queryByRole('tooltip')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('passes the class and style a parent gives it (AvatarGroup) on to its child', () => {
    render(
      <HintTooltip title="Ada Lovelace" className="from-parent" style={{ marginLeft: 4 }}>
        <button type="button" className="own">
          AL
        </button>
      </HintTooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(trigger.className).toBe('from-parent own');
    expect(trigger.style.marginLeft).toBe('4px');
  });
});
