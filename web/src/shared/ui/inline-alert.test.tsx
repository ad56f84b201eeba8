import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineAlert } from './inline-alert';
import { SkeletonBlock } from './skeleton-block';
import { Tag } from './tag';

describe('InlineAlert', () => {
  it('announces an error at once, with its action', () => {
    const retry = vi.fn();
    render(
      <InlineAlert
        severity="error"
        action={
          <button type="button" onClick={retry}>
            Retry
          </button>
        }
      >
        The projects could not be loaded.
      </InlineAlert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The projects could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('says information politely, as a status', () => {
    render(<InlineAlert severity="info">This page holds fewer projects than asked.</InlineAlert>);
    expect(screen.getByRole('status').textContent).toBe('This page holds fewer projects than asked.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Tag and SkeletonBlock', () => {
  it('shows a tag as plain text that keeps the attributes it is given', () => {
    render(<Tag label="Overdue" color="error" data-due="overdue" />);
    const tag = screen.getByText('Overdue');
    expect(tag.tagName).toBe('SPAN');
    expect(tag.getAttribute('data-due')).toBe('overdue');
    expect(tag.hasAttribute('color')).toBe(false);
  });

  it('hides placeholders from assistive technology', () => {
    const { container } = render(<SkeletonBlock height={220} />);
    const block = container.firstElementChild as HTMLElement;
    expect(block.getAttribute('aria-hidden')).toBe('true');
    expect(block.style.height).toBe('220px');
  });
});
