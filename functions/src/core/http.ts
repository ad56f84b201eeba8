import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as v from 'valibot';

import { fieldErrorsFromIssues, NotFoundError, ValidationError } from './errors';
import { isRecordId, requestParseConfig } from './schema';

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

/** A file's bytes as the body (core/handler.ts sends them base64-encoded, as API Gateway expects). */
export const bytes = (contentType: string, body: Uint8Array, headers: Record<string, string> = {}): HttpResult => ({
  status: 200,
  body,
  headers: { 'content-type': contentType, ...headers },
});

export const noContent = (extra: Omit<HttpResult, 'status' | 'body'> = {}): HttpResult => ({ status: 204, ...extra });

const decodeBody = (event: APIGatewayProxyEventV2): string => {
  if (!event.body) return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
};

/** A lone UTF-16 surrogate: JSON's `\ud800` escapes can make one, no UTF-8 text can hold one. */
const loneSurrogate = /\p{Cs}/u;
const brokenTextMessage = 'The request body holds text that is not valid Unicode';

/**
 * Whether a parsed JSON value holds a string (or key) that is not valid Unicode text. A loop, not
 * recursion: JSON nested a hundred thousand deep parses fine and must not overflow the stack here.
 */
const holdsBrokenText = (root: unknown): boolean => {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (loneSurrogate.test(value)) return true;
    } else if (Array.isArray(value)) {
      // Not push(...value): spreading a million items overflows the stack too.
      for (const item of value as unknown[]) pending.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (loneSurrogate.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
};

/**
 * Parses a JSON body; a malformed one is a 400, never a 500. Text that no UTF-8 store can hold
 * (a lone surrogate) is refused here too, rather than stored mangled or refused by the store.
 */
export const readJson = (event: APIGatewayProxyEventV2): unknown => {
  const raw = decodeBody(event);
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw) as unknown;
  } catch {
    throw new ValidationError({ body: ['The request body is not valid JSON'] });
  }
  if (holdsBrokenText(parsed)) throw new ValidationError({ body: [brokenTextMessage] });
  return parsed;
};

/**
 * Validates with a contract's valibot schema: every issue is collected (not only the first per
 * field) and a failure is a 400 with the field errors. Messages are the contract's own, else
 * valibot's English defaults without the value received ("Invalid type: Expected number"): a
 * 400 never echoes what the caller sent.
 */
export const parseWith = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, input, requestParseConfig);
  if (!result.success) throw new ValidationError(fieldErrorsFromIssues(result.issues));
  return result.output;
};

export const parseBody = <S extends v.GenericSchema>(event: APIGatewayProxyEventV2, schema: S): v.InferOutput<S> =>
  parseWith(schema, readJson(event));

export const parseQuery = <S extends v.GenericSchema>(event: APIGatewayProxyEventV2, schema: S): v.InferOutput<S> =>
  parseWith(schema, event.queryStringParameters ?? {});

/**
 * A path parameter, decoded. Every one in the route table is a record id: one that cannot be an
 * id (too long for a key, or characters no id has) names no record, a 404 like an unknown id.
 * Bad percent-encoding (`%ZZ`) is a malformed request, a 400.
 */
export const pathParam = (event: APIGatewayProxyEventV2, name: string): string => {
  const raw = event.pathParameters?.[name];
  if (!raw) throw new ValidationError({ [name]: [`${name} is required`] });
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch (error) {
    if (error instanceof URIError) throw new ValidationError({ [name]: [`${name} is not validly percent-encoded`] });
    throw error;
  }
  if (!isRecordId(value)) throw new NotFoundError();
  return value;
};

/** The path parameter if it can be a record id, else undefined (where a 404 must wait). */
export const pathIdIfValid = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  try {
    return pathParam(event, name);
  } catch {
    return undefined;
  }
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

/**
 * A body parsed at once whose 400 waits until `get()`: a service authorises first (403 whatever
 * the body says) yet may read what a valid body names in the same round trip as the record.
 */
export const parseLater = <T>(parse: () => T): { readonly value?: T; readonly get: () => T } => {
  try {
    const value = parse();
    return { value, get: () => value };
  } catch (error) {
    return {
      get: () => {
        throw error;
      },
    };
  }
};
