import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { OnceDialog } from './once-dialog';

describe('a secret shown once', () => {
  it('says it will not be shown again, copies it, and closes only when the user says it is saved', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onDone = vi.fn();
    render(
      <OnceDialog
        testId="secret"
        title="The endpoint’s signing secret"
        text="Verify each delivery."
        label="Signing secret"
        value="whsec_abc123"
        onDone={onDone}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'The endpoint’s signing secret' });
    expect(dialog.textContent).toContain('you will not see it again');
    expect(screen.getByLabelText('Signing secret')).toHaveProperty('value', 'whsec_abc123');

    fireEvent.click(screen.getByRole('button', { name: 'Copy: Signing secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_abc123');
    await screen.findByText('Copied');

    // Escape does not close it: there is no second chance to copy the secret.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });
});
