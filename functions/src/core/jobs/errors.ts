/**
 * How a job's `run` says why it failed. Anything else thrown is transient: retried with
 * back-off until the attempts are spent.
 */

/** Retrying cannot help (a revoked bot token, an address that does not exist): dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/**
 * The request may or may not have reached the provider (a timeout after sending): repeating it
 * could send twice, so the job becomes `unknown` for an admin to decide.
 */
export class UnknownOutcomeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnknownOutcomeError';
  }
}
