import { describe, expect, it } from 'vitest';
import { phoneForSignIn } from './phone-input';

describe('phoneForSignIn', () => {
  it.each([
    ['+1 555 010 0001', '+15550100001'],
    ['+1-555-010-0001', '+15550100001'],
    [' +1 (555) 010.0001 ', '+15550100001'],
    ['+1\u00A0555\u00A0010\u00A00001', '+15550100001'],
    ['+15550100001', '+15550100001'],
  ])('sends %j as %j', (typed, sent) => {
    expect(phoneForSignIn(typed)).toBe(sent);
  });

  it.each(['555 010 0001', '+1 555 CALL', 'nobody'])('leaves %j as typed (no guessing)', (typed) => {
    expect(phoneForSignIn(typed)).toBe(typed);
  });
});
