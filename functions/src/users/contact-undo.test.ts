import { describe, expect, it } from 'vitest';

import {
  contactNoticeMessage,
  maskedContact,
  newUndoToken,
  parseUndoToken,
  undoAfterChange,
  undoLifetimeMs,
  undoLinkOf,
} from './contact-undo';

describe('the undo link of a sign-in email or phone change', () => {
  it('names the user and the field, and stores only a digest of its secret', () => {
    const { token, hash } = newUndoToken('01J0000000000000000000000U', 'email');
    expect(token).toMatch(/^01J0000000000000000000000U\.email\.[\w-]{43}$/);
    expect(token).not.toContain(hash);
    expect(parseUndoToken(token)).toEqual({ userId: '01J0000000000000000000000U', field: 'email', hash });
    // Two links never share a secret.
    expect(newUndoToken('u1', 'phone').hash).not.toBe(newUndoToken('u1', 'phone').hash);
  });

  it('refuses anything that is not a whole token', () => {
    const { token } = newUndoToken('u1', 'phone');
    for (const bad of ['', 'u1', token.slice(0, -1), token.replace('.phone.', '.fax.'), `${token}x`, `a b.${token}`]) {
      expect(parseUndoToken(bad), bad).toBeUndefined();
    }
  });

  it('shows the new value to the old one only in part', () => {
    expect(maskedContact('email', 'mallory@evil.example')).toBe('ma•••@evil.example');
    expect(maskedContact('email', 'x@y.example')).toBe('x•••@y.example');
    expect(maskedContact('phone', '+15550100099')).toBe('•••0099');
  });

  it('keeps the first value of the window as the way back, and every link sent in it', () => {
    const now = Date.UTC(2026, 0, 10);
    const first = undoAfterChange(
      undefined,
      { userId: 'u1', field: 'email', previous: 'ada@a.example', hash: 'h1' },
      now,
    );
    expect(first).toMatchObject({ restoreTo: 'ada@a.example', validUntilMs: now + undoLifetimeMs });
    expect([...first.tokenHashes]).toEqual(['h1']);

    // A second change inside the window cannot move the way back to the address the first put in.
    const later = now + 60_000;
    const second = undoAfterChange(
      first,
      { userId: 'u1', field: 'email', previous: 'eve@b.example', hash: 'h2' },
      later,
    );
    expect(second.restoreTo).toBe('ada@a.example');
    expect([...second.tokenHashes].sort()).toEqual(['h1', 'h2']);
    expect(second.validUntilMs).toBe(later + undoLifetimeMs);
    expect(second.expiresAt).toBe(Math.ceil(second.validUntilMs / 1000));

    // Once the window is over, a change starts a new way back from its own previous value.
    const afterWindow = second.validUntilMs;
    const fresh = undoAfterChange(
      second,
      { userId: 'u1', field: 'email', previous: 'new@c.example', hash: 'h3' },
      afterWindow,
    );
    expect(fresh.restoreTo).toBe('new@c.example');
    expect([...fresh.tokenHashes]).toEqual(['h3']);
  });

  it('tells the old one what changed and links to the undo page with the token in the fragment', () => {
    const token = 'u1.phone.' + 'A'.repeat(43);
    expect(undoLinkOf('https://orbit.example', token)).toBe(`https://orbit.example/contact-change/undo#token=${token}`);
    const message = contactNoticeMessage(
      { field: 'phone', maskedValue: '•••0099', validUntil: '2026-01-17T10:00:00.000Z' },
      token,
      'https://orbit.example',
    );
    expect(message.subject).toBe('Your Orbit sign-in phone was changed');
    for (const text of [message.text, message.sms]) {
      expect(text).toContain('•••0099');
      expect(text).toContain(`https://orbit.example/contact-change/undo#token=${token}`);
      expect(text).toContain('2026-01-17');
    }
  });
});
