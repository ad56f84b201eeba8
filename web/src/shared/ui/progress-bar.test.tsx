import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it('reports a determinate value between 0 and 100 under its accessible name', () => {
    render(<ProgressBar value={42} aria-label="Progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('42%');
  });

  it('keeps out-of-range values inside the bar', () => {
    render(
      <>
        <ProgressBar value={140} aria-label="Over" />
        <ProgressBar value={-5} aria-label="Under" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Over' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByRole('progressbar', { name: 'Under' }).getAttribute('aria-valuenow')).toBe('0');
  });

  it('is indeterminate without a value: no value for assistive technology, still named', () => {
    render(<ProgressBar aria-label="Loading…" />);
    const bar = screen.getByRole('progressbar', { name: 'Loading…' });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
    expect(bar.children).toHaveLength(2);
  });
});
