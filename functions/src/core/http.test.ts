import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

import { ValidationError } from './errors';
import { parseBody, parseQuery } from './http';

const eventWith = (body: string | undefined, query?: Record<string, string>): APIGatewayProxyEventV2 =>
  ({ body, isBase64Encoded: false, queryStringParameters: query, headers: {} }) as unknown as APIGatewayProxyEventV2;

const fieldsOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.fields;
    throw error;
  }
  throw new Error('expected a ValidationError');
};

const request = z.object({ name: z.string().check(z.minLength(2, 'Name is short')), count: z.number() });

describe('parseBody / parseQuery with zod/mini schemas', () => {
  it('returns the parsed value', () => {
    expect(parseBody(eventWith('{"name":"ab","count":2}'), request)).toEqual({ name: 'ab', count: 2 });
    expect(parseQuery(eventWith(undefined, { q: 'x' }), z.object({ q: z.string() }))).toEqual({ q: 'x' });
  });

  it('reports our messages per field, and zod’s English ones where the contract has none', () => {
    expect(fieldsOf(() => parseBody(eventWith('{"name":"a"}'), request))).toEqual({
      name: ['Name is short'],
      count: ['Invalid input: expected number, received undefined'],
    });
  });

  it('answers a malformed body with a 400, never a 500', () => {
    expect(fieldsOf(() => parseBody(eventWith('{'), request))).toEqual({
      body: ['The request body is not valid JSON'],
    });
  });
});
