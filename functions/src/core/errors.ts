/**
 * One typed error family, mapped to HTTP once (core/handler.ts). `expose` says whether the
 * message may reach the caller: never for 5xx.
 */

export type FieldErrors = Record<string, string[]>;

/** What led to an error (a lost conditional write, say): kept for logs, never sent. */
export interface ErrorOptions {
  readonly cause?: unknown;
}

export abstract class AppError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }

  abstract readonly status: number;
  abstract readonly code: string;
  readonly expose: boolean = true;
  readonly headers: Record<string, string> = {};

  /** The JSON body sent for this error. */
  body(): unknown {
    return { errors: { general: [this.message] } };
  }
}

/** 400: the `{ errors: { field: [messages] } }` shape (docs/product.md#errors). */
export class ValidationError extends AppError {
  readonly status = 400;
  readonly code = 'VALIDATION_FAILED';
  constructor(
    readonly fields: FieldErrors,
    options?: ErrorOptions,
  ) {
    super('Validation failed', options);
    this.name = 'ValidationError';
  }
  override body() {
    return { errors: this.fields };
  }
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
  readonly code = 'UNAUTHENTICATED';
  constructor(message = 'Authentication required', options?: ErrorOptions) {
    super(message, options);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  readonly code = 'FORBIDDEN';
  constructor(message = 'You are not allowed to do this', options?: ErrorOptions) {
    super(message, options);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = 'NOT_FOUND';
  constructor(message = 'Not found', options?: ErrorOptions) {
    super(message, options);
    this.name = 'NotFoundError';
  }
}

/** 409: a uniqueness clash (field errors) or a stale version (with the current state). */
export class ConflictError extends AppError {
  readonly status = 409;
  readonly code = 'CONFLICT';
  constructor(
    readonly fields: FieldErrors,
    readonly current?: unknown,
    options?: ErrorOptions,
  ) {
    super('Conflict', options);
    this.name = 'ConflictError';
  }
  override body() {
    return this.current === undefined ? { errors: this.fields } : { errors: this.fields, current: this.current };
  }
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly code = 'TOO_MANY_REQUESTS';
  override readonly headers: Record<string, string>;
  constructor(
    readonly retryAfterSeconds: number,
    readonly fields: FieldErrors,
    options?: ErrorOptions,
  ) {
    super('Too many requests', options);
    this.name = 'TooManyRequestsError';
    this.headers = { 'retry-after': String(retryAfterSeconds) };
  }
  override body() {
    return { errors: this.fields, retryAfter: this.retryAfterSeconds };
  }
}

/** An issue as valibot reports it: the path is the keys from the root (none for the root). */
export interface SchemaIssue {
  readonly path?: readonly { readonly key: unknown }[];
  readonly message: string;
}

/**
 * Turns schema issues into the per-field error lists of docs/product.md#errors: a nested field is named by
 * its dotted path (`budget.amount`, `tags.2`), an issue about the whole input by `body`.
 */
export const fieldErrorsFromIssues = (issues: readonly SchemaIssue[]): FieldErrors => {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.length ? issue.path.map((item) => String(item.key)).join('.') : 'body';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
};

/** 410: what the request names existed and is gone for good (an expired invitation link). */
export class GoneError extends AppError {
  readonly status = 410;
  readonly code = 'GONE';
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'GoneError';
  }
}
