import { describe, expect, it } from 'vitest';

import { isSelfReferral, normalisedEmail } from './referrals';

describe('self-referral', () => {
  it('reads an email as the mailbox it reaches: lower case, without a +tag', () => {
    expect(normalisedEmail(' Maya.Rossi+promo@Example.COM ')).toBe('maya.rossi@example.com');
    expect(normalisedEmail('maya@example.com')).toBe('maya@example.com');
    // Only the local part's tag: a plus in the domain is not one.
    expect(normalisedEmail('a@b+c.io')).toBe('a@b+c.io');
  });

  it('is the same phone, or the same mailbox under another spelling', () => {
    const referrer = { email: 'maya@example.com', phone: '+15550001111' };
    expect(isSelfReferral({ email: 'MAYA+2@example.com', phone: '+15550002222' }, referrer)).toBe(true);
    expect(isSelfReferral({ email: 'other@example.com', phone: '+15550001111' }, referrer)).toBe(true);
    expect(isSelfReferral({ email: 'maya@example.org', phone: '+15550002222' }, referrer)).toBe(false);
  });
});
