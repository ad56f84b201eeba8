import { fireEvent, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Clicks a submit button once it is enabled again. A form shows what its last save answered (a
 * field error, a conflict) a render before the button it disabled while saving comes back, and a
 * click on a disabled button does nothing: a test that clicks again at once fails when that
 * render is late.
 */
export const clickWhenEnabled = async (button: HTMLElement): Promise<void> => {
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(button);
};
