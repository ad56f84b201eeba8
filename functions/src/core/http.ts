import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as v from 'valibot';

import { fieldErrorsFromIssues, ValidationError } from './errors';

export interface HttpResult {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
  /** Set-Cookie values (API Gateway v2 `cookies`). */
  readonly cookies?: string[];
}

export const json = (status: number, body: unknown, extra: Omit<HttpResult, 'status' | 'body'> = {}): HttpResult => ({
  status,
  body,
  ...extra,
});

export const noContent = (extra: Omit<HttpResult, 'status' | 'body'> = {}): HttpResult => ({ status: 204, ...extra });

const decodeBody = (event: APIGatewayProxyEventV2): string => {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
};

/** Parses a JSON body; a malformed one is a 400, never a 500. */
export const readJson = (event: APIGatewayProxyEventV2): unknown => {
  const raw = decodeBody(event);
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new ValidationError({ body: ['The request body is not valid JSON'] });
  }
};

/**
 * Validates with a contract's valibot schema: every issue is collected (not only the first per
 * field) and a failure is a 400 with the field errors. Messages are the contract's own, else
 * valibot's English defaults (e.g. "Invalid type: Expected number but received "2"").
 */
export const parseWith = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new ValidationError(fieldErrorsFromIssues(result.issues));
  return result.output;
};

export const parseBody = <S extends v.GenericSchema>(event: APIGatewayProxyEventV2, schema: S): v.InferOutput<S> =>
  parseWith(schema, readJson(event));

export const parseQuery = <S extends v.GenericSchema>(event: APIGatewayProxyEventV2, schema: S): v.InferOutput<S> =>
  parseWith(schema, event.queryStringParameters ?? {});

export const pathParam = (event: APIGatewayProxyEventV2, name: string): string => {
  const value = event.pathParameters?.[name];
  if (!value) throw new ValidationError({ [name]: [`${name} is required`] });
  return decodeURIComponent(value);
};

/** API Gateway v2 passes cookies as `name=value` strings. */
export const readCookie = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  for (const cookie of event.cookies ?? []) {
    const separator = cookie.indexOf('=');
    if (separator > 0 && cookie.slice(0, separator).trim() === name) return cookie.slice(separator + 1).trim();
  }
  return undefined;
};

export const bearerToken = (event: APIGatewayProxyEventV2): string | undefined => {
  const header = event.headers.authorization ?? event.headers.Authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
};
