import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ProfileUser } from '@orbit/functions/chat/contract';
import { ProfilePanel } from './panels';

const profile: ProfileUser = {
  id: 'u1',
  fullName: 'Liam Carter',
  role: 'client',
  about: 'Head of digital',
  avatar: null,
  status: 'online',
  settings: { isTwoStepAuthVerificationEnabled: true, isNotificationsOn: false },
};

describe('the chat’s profile panel', () => {
  it('shows the real settings and links to where they are changed, with no fake switches', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/apps/chat',
          element: <ProfilePanel open onClose={() => undefined} profile={profile} onPresence={() => undefined} />,
        },
      ],
      { initialEntries: ['/apps/chat'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('Two-step verification');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(document.querySelector('[data-setting="twoStep"]')?.textContent).toBe('On');
    expect(document.querySelector('[data-setting="notifications"]')?.textContent).toBe('Off');
    const links = screen.getAllByRole('link', { name: 'Change' }).map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/user/view?tab=security', '/user/view?tab=notifications']);
  });
});
