import { describe, expect, it } from 'vitest';
import { avatarColourFor, initialsOf } from './person-avatar';

describe('initialsOf', () => {
  it.each([
    ['Olivia Bennett', 'OB'],
    ['<Script> Sam', 'SS'],
    ['"Quoted" (name)', 'QN'],
    ['— Liam', 'L'],
    ['élodie d’Arc', 'ÉD'],
    ['محمد علي', 'مع'],
    ['R2 D2 unit', 'RD'],
    ['!!! ???', '?'],
    ['', '?'],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('avatarColourFor', () => {
  it('gives one user the same colour every time, and spreads users over the shades', () => {
    expect(avatarColourFor('u-1')).toBe(avatarColourFor('u-1'));
    const colours = new Set(Array.from({ length: 40 }, (_, index) => avatarColourFor(`user-${index}`)));
    expect(colours.size).toBeGreaterThan(4);
  });
});
