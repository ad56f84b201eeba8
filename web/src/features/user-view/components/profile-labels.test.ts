import { describe, expect, it } from 'vitest';
import { pickEncoding } from './crop-image';
import { initialsOf, statusColor, statusKey } from './profile-labels';
import { tabFrom } from './user-view-tabs';

describe('user view labels', () => {
  it('names known statuses, and anything else generically', () => {
    expect(statusKey('away')).toBe('away');
    expect(statusKey('interest_shown')).toBe('other');
    expect(statusColor('online')).toBe('success');
    expect(statusColor('offline')).toBe('default');
  });

  it('takes up to two initials', () => {
    expect(initialsOf('Olivia Bennett')).toBe('OB');
    expect(initialsOf('  cher ')).toBe('C');
    expect(initialsOf('Jean Luc Picard')).toBe('JL');
  });

  it('reads the tab from the URL, the Account tab for anything unknown', () => {
    expect(tabFrom('security')).toBe('security');
    expect(tabFrom('settings')).toBe('account');
    expect(tabFrom(null)).toBe('account');
  });

  it('keeps only a WebP or JPEG encoding (a browser that cannot write one answers PNG)', () => {
    expect(pickEncoding(new Blob(['x'], { type: 'image/webp' }))?.type).toBe('image/webp');
    expect(pickEncoding(new Blob(['x'], { type: 'image/png' }))).toBeNull();
    expect(pickEncoding(null)).toBeNull();
  });
});
