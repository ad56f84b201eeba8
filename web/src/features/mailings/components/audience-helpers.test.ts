import { describe, expect, it } from 'vitest';
import { audienceRoles, normaliseTag, parseTags } from './audience-helpers';

describe('audience helpers', () => {
  it('keeps a typed tag only when the server would accept it, lower-cased and trimmed', () => {
    expect(normaliseTag('  VIP ')).toBe('vip');
    expect(normaliseTag('early_bird-2')).toBe('early_bird-2');
    expect(normaliseTag('عميل')).toBe('عميل');
    expect(normaliseTag('two words')).toBeNull();
    expect(normaliseTag('')).toBeNull();
    expect(normaliseTag('x'.repeat(33))).toBeNull();
  });

  it('splits a typed list on commas and spaces and drops duplicates and bad tags', () => {
    expect(parseTags('vip, Trial  vip,,bad!tag beta')).toEqual(['vip', 'trial', 'beta']);
    expect(parseTags('   ')).toEqual([]);
  });

  it('offers leads as a role: an audience may be leads only', () => {
    expect(audienceRoles).toContain('lead');
    expect(audienceRoles).toContain('admin');
  });
});
