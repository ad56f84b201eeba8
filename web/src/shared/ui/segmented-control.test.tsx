import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedControl } from './segmented-control';

const Order = ({ onChange }: { onChange: (value: 'asc' | 'desc') => void }) => {
  const [value, setValue] = useState<'asc' | 'desc'>('desc');
  return (
    <SegmentedControl
      label="Order"
      value={value}
      onChange={(next) => {
        onChange(next);
        setValue(next);
      }}
      options={[
        { value: 'asc', label: 'Ascending' },
        { value: 'desc', label: 'Descending' },
      ]}
    />
  );
};

describe('SegmentedControl', () => {
  it('is a named group of pressed/unpressed buttons; a click presses another, the pressed one stays', () => {
    const onChange = vi.fn();
    render(<Order onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Order' });
    const ascending = screen.getByRole('button', { name: 'Ascending' });
    const descending = screen.getByRole('button', { name: 'Descending' });
    expect(group.contains(ascending)).toBe(true);
    expect(ascending.getAttribute('aria-pressed')).toBe('false');
    expect(descending.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(descending);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(ascending);
    expect(onChange).toHaveBeenCalledWith('asc');
    expect(ascending.getAttribute('aria-pressed')).toBe('true');
    expect(descending.getAttribute('aria-pressed')).toBe('false');
  });

  it('has one tab stop, on the pressed option, and arrow keys move between the options', () => {
    render(<Order onChange={() => undefined} />);
    const ascending = screen.getByRole('button', { name: 'Ascending' });
    const descending = screen.getByRole('button', { name: 'Descending' });
    expect([ascending.tabIndex, descending.tabIndex]).toEqual([-1, 0]);
    descending.focus();
    fireEvent.keyDown(descending, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(ascending);
    expect(ascending.getAttribute('aria-pressed')).toBe('false');
    fireEvent.keyDown(ascending, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(descending);
  });

  it('names icon-only options by their label', () => {
    render(
      <SegmentedControl
        label="View"
        value="cards"
        onChange={() => undefined}
        options={[
          { value: 'cards', label: 'Cards', icon: <svg data-testid="cards-icon" /> },
          { value: 'table', label: 'Table', icon: <svg /> },
        ]}
      />,
    );
    const cards = screen.getByRole('button', { name: 'Cards', pressed: true });
    expect(cards.contains(screen.getByTestId('cards-icon'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Table', pressed: false })).toBeTruthy();
  });
});
