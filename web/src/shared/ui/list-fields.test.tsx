import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListSearchField, ListSelect } from './list-fields';

describe('ListSelect', () => {
  it('is a native select named by its label, showing the value and reporting a new choice', () => {
    const onChange = vi.fn();
    render(
      <ListSelect
        label="Type"
        value="design"
        options={[
          { value: '', label: 'All types' },
          { value: 'design', label: 'Design' },
          { value: 'other', label: 'Other' },
        ]}
        onChange={onChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Type' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('design');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['All types', 'Design', 'Other']);
    fireEvent.change(select, { target: { value: 'other' } });
    expect(onChange).toHaveBeenCalledWith('other');
    // The label is raised onto the border: a select always shows a value.
    expect(select.closest('[data-raised]')?.getAttribute('data-raised')).toBe('true');
  });
});

describe('ListSearchField', () => {
  it('is a search box named by its label, with its hint, limit and icon, reporting what is typed', () => {
    const onChange = vi.fn();
    render(
      <ListSearchField
        label="Search projects"
        placeholder="Name, client or tag"
        value=""
        onChange={onChange}
        maxLength={100}
        icon={<svg data-testid="search-icon" />}
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search projects' }) as HTMLInputElement;
    expect(input.placeholder).toBe('Name, client or tag');
    expect(input.maxLength).toBe(100);
    fireEvent.change(input, { target: { value: 'acme' } });
    expect(onChange).toHaveBeenCalledWith('acme');
    // The icon is decoration: hidden from assistive technology, so it does not add to the name.
    expect(screen.getByTestId('search-icon').closest('[aria-hidden="true"]')).not.toBeNull();
    // The outline's copy of the label (which cuts the notch) is hidden too: one label is read.
    expect(screen.getAllByText('Search projects')).toHaveLength(2);
    expect(screen.getAllByText('Search projects')[1]?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('keeps the label inside an empty field without an icon, and raises it once there is text', () => {
    const { rerender } = render(<ListSearchField label="Search" value="" onChange={() => undefined} />);
    const frame = () => screen.getByRole('searchbox', { name: 'Search' }).closest('[data-raised]');
    expect(frame()?.getAttribute('data-raised')).toBe('false');
    rerender(<ListSearchField label="Search" value="a" onChange={() => undefined} />);
    expect(frame()?.getAttribute('data-raised')).toBe('true');
  });

  it('can be named without showing its label (hideLabel): the hint shows, the outline runs unbroken', () => {
    render(
      <ListSearchField
        label="Search contacts"
        hideLabel
        placeholder="Search by name…"
        value=""
        onChange={() => undefined}
      />,
    );
    const input = screen.getByRole('searchbox', { name: 'Search contacts' });
    expect(input.getAttribute('placeholder')).toBe('Search by name…');
    expect(screen.queryByText('Search contacts')).toBeNull();
    expect(input.closest('[data-raised]')?.querySelector('legend')?.textContent).toBe('');
  });
});
