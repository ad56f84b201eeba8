import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { sendErrorOf } from './send-errors';

describe('what a failed send says', () => {
  it('says when to try again after too many outside recipients (429)', () => {
    const refused = new ApiError(
      429,
      { general: ['At most 50 outside recipients a minute: try again in 35 seconds.'] },
      35,
    );
    expect(sendErrorOf(refused, i18n.t, 'en')).toEqual({
      problem: 'You have written to too many outside addresses for now. Try again in 35 seconds.',
    });
  });

  it('puts the server’s word about a recipient under the recipients, and anything else above the form', () => {
    expect(sendErrorOf(new ApiError(400, { cc: ['Enter a valid email address'] }), i18n.t, 'en')).toEqual({
      recipients: 'Enter a valid email address',
    });
    expect(sendErrorOf(new ApiError(500), i18n.t, 'en')).toEqual({ problem: 'The mail could not be sent.' });
  });
});
