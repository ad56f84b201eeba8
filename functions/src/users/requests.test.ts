import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { profileLimits } from './contract';
import {
  avatarConfirmRequest,
  avatarUploadRequest,
  contactChangeConfirmRequest,
  contactChangeRequest,
  updateProfileRequest,
} from './requests';

const issuesOf = (schema: v.GenericSchema, input: unknown) =>
  (v.safeParse(schema, input).issues ?? []).map((issue) => issue.path?.map((item) => String(item.key)).join('.') ?? '');

describe('the users area requests (shared with the web forms)', () => {
  it('takes an edit of any field from a version, trimmed, and refuses one that changes nothing', () => {
    expect(v.parse(updateProfileRequest, { fullName: '  Ada Lovelace\u200B ', version: 3 })).toEqual({
      fullName: 'Ada Lovelace',
      version: 3,
    });
    expect(v.safeParse(updateProfileRequest, { version: 3 }).success).toBe(false);
    expect(issuesOf(updateProfileRequest, { about: 'x' })).toEqual(['version']);
  });

  it('limits names, about, status and language to what the profile holds', () => {
    expect(
      issuesOf(updateProfileRequest, {
        fullName: 'x',
        about: 'a'.repeat(profileLimits.aboutMax + 1),
        status: 'interest_shown',
        language: 'de',
        version: 1,
      }).sort(),
    ).toEqual(['about', 'fullName', 'language', 'status']);
  });

  it('presigns only JPEG, PNG or WebP of 1 byte to 2 MB, and confirms only a pending key', () => {
    expect(v.safeParse(avatarUploadRequest, { contentType: 'image/webp', size: 40_000 }).success).toBe(true);
    expect(issuesOf(avatarUploadRequest, { contentType: 'image/svg+xml', size: 10 })).toEqual(['contentType']);
    expect(issuesOf(avatarUploadRequest, { contentType: 'image/png', size: profileLimits.avatarMaxBytes + 1 })).toEqual(
      ['size'],
    );
    expect(issuesOf(avatarUploadRequest, { contentType: 'image/png', size: 0 })).toEqual(['size']);
    expect(v.safeParse(avatarConfirmRequest, { key: 'media/pending/u1/01JAAAAAAAAAAAAAAAAAAAAAAA' }).success).toBe(
      true,
    );
    expect(v.safeParse(avatarConfirmRequest, { key: 'media/avatars/u1/01JAAAAAAAAAAAAAAAAAAAAAAA' }).success).toBe(
      false,
    );
    expect(v.safeParse(avatarConfirmRequest, { key: 'media/pending/../x/01JAAAAAAAAAAAAAAAAAAAAAAA' }).success).toBe(
      false,
    );
  });

  it('checks a new phone or email by its field, and a 6-digit code', () => {
    const proof = { currentPassword: 'Secret#2026' };
    expect(v.safeParse(contactChangeRequest, { field: 'phone', value: '+15550100099', ...proof }).success).toBe(true);
    expect(v.safeParse(contactChangeRequest, { field: 'phone', value: '555-0100', ...proof }).success).toBe(false);
    expect(v.safeParse(contactChangeRequest, { field: 'email', value: 'ada@example.com', ...proof }).success).toBe(
      true,
    );
    expect(v.safeParse(contactChangeRequest, { field: 'email', value: '+15550100099', ...proof }).success).toBe(false);
    expect(v.safeParse(contactChangeRequest, { field: 'fax', value: 'x', ...proof }).success).toBe(false);
    expect(v.safeParse(contactChangeConfirmRequest, { field: 'phone', code: '012345' }).success).toBe(true);
    expect(v.safeParse(contactChangeConfirmRequest, { field: 'phone', code: '12345' }).success).toBe(false);
  });

  it('asks for the current password, or a two-step code, with a change of how the account signs in', () => {
    const change = { field: 'email', value: 'ada@example.com' };
    expect(issuesOf(contactChangeRequest, change)).toEqual(['currentPassword']);
    expect(issuesOf(contactChangeRequest, { ...change, currentPassword: '' })).toEqual(['currentPassword']);
    expect(v.safeParse(contactChangeRequest, { ...change, currentPassword: 'Secret#2026' }).success).toBe(true);
    expect(v.safeParse(contactChangeRequest, { ...change, code: '123456' }).success).toBe(true);
    expect(issuesOf(contactChangeRequest, { ...change, code: '12345' })).toContain('code');
    expect(issuesOf(contactChangeRequest, { ...change, currentPassword: 'x'.repeat(129) })).toContain(
      'currentPassword',
    );
  });
});
