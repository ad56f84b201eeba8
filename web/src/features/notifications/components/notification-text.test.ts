import { afterEach, describe, expect, it } from 'vitest';
import type { Notification } from '@orbit/functions/notifications/contract';
import { changeLanguage, i18n } from '../../../shared/i18n/i18n';
import { notificationHref, notificationText, relativeTime } from './notification-text';

const base: Notification = {
  id: '01J00000000000000000000000',
  event: 'message',
  actor: { id: 'u2', fullName: 'Ada Lovelace' },
  target: { kind: 'chat', contactId: 'u2' },
  params: {},
  count: 1,
  createdAt: '2026-01-01T10:00:00.000Z',
  read: false,
};

describe('notifications', () => {
  it('open the chat, the task on its board, the project, or a webhook endpoint’s log', () => {
    expect(notificationHref(base)).toBe('/apps/chat?contact=u2');
    expect(notificationHref({ ...base, target: { kind: 'task', projectId: 'p1', taskId: 't1' } })).toBe(
      '/apps/projects/p1?task=t1',
    );
    expect(notificationHref({ ...base, target: { kind: 'project', projectId: 'p1' } })).toBe('/apps/projects/p1');
    expect(notificationHref({ ...base, target: { kind: 'integration', webhookId: 'w1' } })).toBe(
      '/apps/integrations?tab=webhooks&webhook=w1',
    );
  });

  afterEach(async () => {
    await changeLanguage('en');
  });

  it('name a turned-off webhook endpoint by its address, in each language', async () => {
    const disabled: Notification = {
      ...base,
      event: 'webhookDisabled',
      actor: { id: 'system', fullName: 'Orbit' },
      target: { kind: 'integration', webhookId: 'w1' },
      params: { url: 'https://hooks.example/in', description: 'Invoicing' },
    };
    await changeLanguage('en');
    expect(notificationText(i18n.t, disabled)).toBe(
      'The webhook endpoint https://hooks.example/in was turned off: its deliveries kept failing',
    );
    await changeLanguage('fr');
    expect(notificationText(i18n.t, disabled)).toContain('https://hooks.example/in a été désactivé');
    await changeLanguage('ar');
    expect(notificationText(i18n.t, disabled)).toContain('أُوقف عنوان الويب هوك https://hooks.example/in');
  });

  it('say when, relative to now, in the interface language', () => {
    const now = Date.parse('2026-01-01T10:05:00.000Z');
    expect(relativeTime(base.createdAt, 'en', now)).toBe('5 minutes ago');
    expect(relativeTime(base.createdAt, 'fr', now)).toBe('il y a 5 minutes');
    expect(relativeTime('2026-01-01T10:04:50.000Z', 'en', now)).toBe('now');
  });
});
