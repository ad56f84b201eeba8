import { connectTimeoutCode } from '../../core/safe-outbound';

/**
 * How an outside call ended, in the terms the background work needs (core/jobs/errors.ts):
 * - 'permanent': the provider refused it and will refuse it again (a revoked token, no such chat);
 * - 'transient': it surely did not go out (refused connection, 429, 5xx): safe to try again;
 * - 'unknown': it may have gone out (a timeout after sending): must not be repeated by itself.
 */
export type CallFailureKind = 'permanent' | 'transient' | 'unknown';

export class ChannelCallError extends Error {
  constructor(
    readonly kind: CallFailureKind,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'ChannelCallError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** The provider's own word on when to try again (Telegram's `retry_after` with a 429). */
  readonly retryAfterSeconds: number | undefined;
}

/** Error codes that mean the request never reached the other side (nothing was sent). */
const notConnectedCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  connectTimeoutCode,
]);

const causeCode = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
};

/** A fetch that threw: before connecting it is transient, after (timeouts, resets) unknown. */
export const failureOfThrown = (error: unknown, what: string): ChannelCallError => {
  const code = causeCode(error);
  if (code && notConnectedCodes.has(code)) {
    return new ChannelCallError('transient', `${what} could not be reached (${code})`, undefined, { cause: error });
  }
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new ChannelCallError(
    'unknown',
    timedOut ? `${what} did not answer in time` : `${what}: the connection failed (${code ?? 'no answer'})`,
    undefined,
    { cause: error },
  );
};

/** An HTTP answer that is not a success: 429 and 5xx are transient, anything else permanent. */
export const failureOfStatus = (status: number, message: string, retryAfterSeconds?: number): ChannelCallError =>
  new ChannelCallError(
    status === 429 || status >= 500 || status === 408 ? 'transient' : 'permanent',
    message,
    status,
    retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
  );
