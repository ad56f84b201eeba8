import { describe, expect, it } from 'vitest';

import { PermanentJobError, UnknownOutcomeError } from './errors';
import { failureOfSend } from './send-failure';

describe('failureOfSend', () => {
  it('reads a failed send as the provider answered it: refused, busy, or no answer at all', () => {
    const answered = (status: number, name: string) =>
      Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
    expect(failureOfSend(answered(400, 'ValidationException'))).toBeInstanceOf(PermanentJobError);
    expect(failureOfSend(answered(400, 'MessageRejected'))).toBeInstanceOf(PermanentJobError);
    // Busy or failing: nothing was sent, so retrying with back-off is safe.
    for (const busy of [answered(429, 'TooManyRequestsException'), answered(503, 'ServiceUnavailable')]) {
      const failure = failureOfSend(busy);
      expect(failure).not.toBeInstanceOf(PermanentJobError);
      expect(failure).not.toBeInstanceOf(UnknownOutcomeError);
    }
    // No answer: it may have gone out; never repeated by itself.
    expect(failureOfSend(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBeInstanceOf(
      UnknownOutcomeError,
    );
    const refused = failureOfSend(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }));
    expect(refused).not.toBeInstanceOf(UnknownOutcomeError);
  });

  it('keeps a refusal the sender made itself (no sender address) as it is', () => {
    const own = new PermanentJobError('NOTIFICATIONS_FROM_EMAIL is not set');
    expect(failureOfSend(own)).toBe(own);
  });
});
