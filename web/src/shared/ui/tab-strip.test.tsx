import { createTheme, ThemeProvider } from '@mui/material/styles';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { rovingTarget } from './roving-focus';
import { TabStrip } from './tab-strip';

const items = [
  { value: 'open', label: 'All open (3)' },
  { value: 'active', label: 'Active (2)' },
  { value: 'done', label: 'Done (1)' },
] as const;

type Value = (typeof items)[number]['value'];

const Strip = ({ initial = 'open', onChange }: { initial?: Value; onChange?: (value: Value) => void }) => {
  const [value, setValue] = useState<Value>(initial);
  return (
    <>
      <TabStrip
        aria-label="Filter by status"
        items={items}
        value={value}
        onChange={(next) => {
          onChange?.(next);
          setValue(next);
        }}
      />
      <button type="button">After</button>
    </>
  );
};

const tab = (name: string) => screen.getByRole('tab', { name });

describe('rovingTarget', () => {
  it('moves forward and back with wrapping, mirrors the arrows right-to-left, and jumps with Home/End', () => {
    expect(rovingTarget('ArrowRight', 0, 3, false)).toBe(1);
    expect(rovingTarget('ArrowRight', 2, 3, false)).toBe(0);
    expect(rovingTarget('ArrowLeft', 0, 3, false)).toBe(2);
    expect(rovingTarget('ArrowLeft', 0, 3, true)).toBe(1);
    expect(rovingTarget('ArrowRight', 0, 3, true)).toBe(2);
    expect(rovingTarget('Home', 2, 3, false)).toBe(0);
    expect(rovingTarget('End', 0, 3, true)).toBe(2);
    expect(rovingTarget('Enter', 0, 3, false)).toBeNull();
    expect(rovingTarget('ArrowRight', 0, 0, false)).toBeNull();
  });
});

describe('TabStrip', () => {
  it('is a named tablist whose selected tab is the only tab stop', () => {
    render(<Strip initial="active" />);
    expect(screen.getByRole('tablist', { name: 'Filter by status' })).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(tab('Active (2)').getAttribute('aria-selected')).toBe('true');
    expect(tab('All open (3)').getAttribute('aria-selected')).toBe('false');
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves focus with the arrow keys, Home and End without selecting, and selects with a click', () => {
    const onChange = vi.fn();
    render(<Strip onChange={onChange} />);
    tab('All open (3)').focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Active (2)'));
    // The focused tab holds the tab stop while focus is in the row.
    expect(tab('Active (2)').tabIndex).toBe(0);
    expect(tab('All open (3)').tabIndex).toBe(-1);
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(tab('Done (1)'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('All open (3)'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Done (1)'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(tab('All open (3)'));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(tab('Done (1)'));
    expect(onChange).toHaveBeenCalledWith('done');
    expect(tab('Done (1)').getAttribute('aria-selected')).toBe('true');
    // The selected tab again: nothing to change.
    fireEvent.click(tab('Done (1)'));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('hands the tab stop back to the selected tab when focus leaves the row', () => {
    render(<Strip />);
    tab('All open (3)').focus();
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(tab('Active (2)').tabIndex).toBe(0);
    act(() => screen.getByRole('button', { name: 'After' }).focus());
    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([0, -1, -1]);
  });

  it('mirrors the arrow keys right-to-left', () => {
    render(
      <ThemeProvider theme={createTheme({ direction: 'rtl' })}>
        <Strip />
      </ThemeProvider>,
    );
    tab('All open (3)').focus();
    // In Arabic the next tab is to the left.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Active (2)'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('All open (3)'));
  });
});
