import { describe, expect, it } from 'vitest';

import { defaultNotificationSettings, isAnyInAppOn, resolveSettings } from './settings';

describe('notification settings', () => {
  it('reads what was saved over the defaults, event by event', () => {
    expect(resolveSettings(undefined)).toEqual(defaultNotificationSettings);
    const saved = resolveSettings({ inApp: { message: false }, email: { message: true, mention: 'yes' } });
    expect(saved.inApp).toEqual({ ...defaultNotificationSettings.inApp, message: false });
    // Not a boolean: the default stands.
    expect(saved.email).toEqual({ ...defaultNotificationSettings.email, message: true });
  });

  it('is on while any event reaches the bell', () => {
    expect(isAnyInAppOn(defaultNotificationSettings)).toBe(true);
    const inApp = {
      message: false,
      taskAssigned: false,
      taskComment: false,
      projectStatus: false,
      mention: false,
      webhookDisabled: false,
    };
    expect(isAnyInAppOn({ ...defaultNotificationSettings, inApp })).toBe(false);
    expect(isAnyInAppOn({ ...defaultNotificationSettings, inApp: { ...inApp, mention: true } })).toBe(true);
  });
});
