/** The API's error body (docs/product.md#errors): `{ "errors": { field: [messages] } }`. */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export type ApiErrorCode =
  | 'network'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'throttled'
  | 'server'
  | 'unexpected';

const codeForStatus = (status: number): ApiErrorCode => {
  switch (status) {
    case 0:
      return 'network';
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 422:
      return 'unprocessable';
    case 429:
      return 'throttled';
    default:
      return status >= 500 ? 'server' : 'unexpected';
  }
};

/** A failed API call: the status, a stable code, the per-field errors and, for 429, when to retry. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;

  constructor(
    readonly status: number,
    readonly errors: FieldErrors = {},
    readonly retryAfterSeconds?: number,
    options?: { cause?: unknown },
  ) {
    super(`API request failed with status ${status}`, options);
    this.code = codeForStatus(status);
  }

  /** The first message for a field, if the server sent one. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
