import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignatureSnippets } from './signature-snippets';

describe('the signature snippets', () => {
  it('shows Node first and another language’s install line and code when its tab is chosen', async () => {
    render(<SignatureSnippets />);
    screen.getByRole('heading', { name: 'Verify webhook signatures' });
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Node.js');
    screen.getByText('npm install standardwebhooks');

    fireEvent.click(screen.getByRole('tab', { name: 'Python' }));
    await screen.findByText('pip install standardwebhooks');
    const code = screen.getByLabelText('Verify a delivery: Python');
    expect(code.getAttribute('dir')).toBe('ltr');
    expect(code.textContent).toContain('from standardwebhooks import Webhook');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'Python' }).id,
    );
  });
});
