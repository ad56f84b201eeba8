import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toLocalInput } from '../utils/local-time';
import { ScheduleDialog } from './schedule-dialog';

const renderDialog = (initialText = 'Hello later') =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ScheduleDialog
        open
        contactId="contact1"
        contactName="Ada Lovelace"
        initialText={initialText}
        onClose={() => undefined}
        onSaved={() => undefined}
      />
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the send-later dialog', () => {
  it('starts from the composer’s text and a time ahead, in a named dialog', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Send later' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('Hello later');
    const when = screen.getByLabelText(/Date and time/) as HTMLInputElement;
    expect(when.type).toBe('datetime-local');
    expect(when.value > toLocalInput(new Date())).toBe(true);
  });

  it('refuses a time in the past and an empty message with the API’s rules, asking the server nothing', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderDialog('   ');
    fireEvent.change(screen.getByLabelText(/Date and time/), {
      target: { value: toLocalInput(new Date(Date.now() - 3_600_000)) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByText('Pick a time in the future.')).toBeTruthy();
    expect(screen.getByText('Write a message of 1 to 4000 characters.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses a time more than a year ahead', () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText(/Date and time/), {
      target: { value: toLocalInput(new Date(Date.now() + 400 * 86_400_000)) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(screen.getByText('Pick a time within a year.')).toBeTruthy();
  });
});
