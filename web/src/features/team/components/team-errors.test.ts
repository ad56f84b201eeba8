import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { teamErrorText } from './team-errors';

describe('what a failed team action says', () => {
  it('says when to try again after too many invitations (429), in the reader’s language', () => {
    const refused = new ApiError(
      429,
      { general: ['At most 3 resends of one invitation an hour: try again in 42 minutes.'] },
      2520,
    );
    expect(teamErrorText(refused, i18n.t, 'en')).toBe('Too many invitations have been sent. Try again in 42 minutes.');
    expect(teamErrorText(new ApiError(429, {}, 3 * 3600), i18n.t, 'en')).toBe(
      'Too many invitations have been sent. Try again in 3 hours.',
    );
  });

  it('says anything else as before', () => {
    expect(teamErrorText(new ApiError(409, { email: ['taken'] }), i18n.t, 'en')).toBe(
      'This email already belongs to a member.',
    );
    expect(teamErrorText(new Error('boom'), i18n.t, 'en')).toBe('That did not work. Try again.');
  });
});
