import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mailCountNames, type MailCounts } from '@orbit/functions/email/contract';
import { SidePanel } from './side-panel';

const counts = (values: Partial<Record<(typeof mailCountNames)[number], number>>): MailCounts =>
  Object.fromEntries(mailCountNames.map((name) => [name, values[name] ?? 0])) as MailCounts;

const renderPanel = (canCompose: boolean) =>
  render(
    <MemoryRouter>
      <SidePanel
        active="important"
        counts={counts({ unread_inbox: 3, drafts: 2, unread_important: 1, unread_spam: 0 })}
        canCompose={canCompose}
        onCompose={() => undefined}
        onNavigate={() => undefined}
      />
    </MemoryRouter>,
  );

describe("the mailbox's side panel", () => {
  it('links every folder and label, marks the current one, and shows unread counts and the number of drafts', () => {
    renderPanel(true);
    expect(screen.getByRole('navigation', { name: 'Mail folders and labels' })).toBeTruthy();
    for (const [name, href] of [
      ['Inbox', '/apps/email/inbox'],
      ['Drafts', '/apps/email/draft'],
      ['Starred', '/apps/email/starred'],
      ['Trash', '/apps/email/trash'],
      ['Private', '/apps/email/private'],
    ])
      expect(screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')).toBe(href);
    expect(screen.getByRole('link', { name: /^Important/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: /^Inbox/ }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByLabelText('3 unread').textContent).toBe('3');
    expect(screen.getByLabelText('2 drafts').textContent).toBe('2');
    expect(screen.getByLabelText('1 unread').textContent).toBe('1');
    // Nothing unread: no number at all.
    expect(screen.queryByTestId('email-count-spam')).toBeNull();
    expect(screen.getByRole('button', { name: 'Compose' })).toBeTruthy();
  });

  it('offers Compose only to those who may write', () => {
    renderPanel(false);
    expect(screen.queryByRole('button', { name: 'Compose' })).toBeNull();
  });
});
