import { PermanentJobError, UnknownOutcomeError } from './errors';

/** A provider's error as the AWS SDK throws it: a name, and the HTTP status when it answered. */
interface ProviderError {
  readonly name?: string;
  readonly $metadata?: { readonly httpStatusCode?: number };
}

/**
 * What a failed send means for an at-most-once message (an email, an SMS), so that every sender
 * reads it the same way:
 * - the provider answered with a refusal (4xx other than throttling): retrying cannot help;
 * - it answered that it is busy or failing (429, 5xx): nothing was sent, so retry with back-off;
 * - no answer at all (a timeout, a reset connection): it may have been sent, so the job becomes
 *   `unknown` for an admin, never repeated by itself; only a connection that was never made
 *   (refused, no such host) is known to have sent nothing.
 * A PermanentJobError the sender threw itself (no sender address) stays as it is.
 */
export const failureOfSend = (error: unknown): Error => {
  if (error instanceof PermanentJobError) return error;
  const { name = '', $metadata } = (typeof error === 'object' && error !== null ? error : {}) as ProviderError;
  const status = $metadata?.httpStatusCode;
  const reason = error instanceof Error ? error.message : String(error);
  if (status !== undefined) {
    if (status === 429 || status >= 500 || /Throttl|TooManyRequests/.test(name)) {
      return new Error(`The provider is busy (${status} ${name}): ${reason}`, { cause: error });
    }
    return new PermanentJobError(`The provider refused the message (${status} ${name}): ${reason}`, { cause: error });
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  if (['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) {
    return new Error(`The provider could not be reached (${code})`, { cause: error });
  }
  return new UnknownOutcomeError(`No answer from the provider; the message may have been sent: ${reason}`, {
    cause: error,
  });
};
