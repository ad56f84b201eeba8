import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { ValidationError } from './errors';
import { parseBody, parseQuery } from './http';
import { object } from './schema';

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

const request = object({
  name: v.pipe(v.string(), v.minLength(2, 'Name is short')),
  count: v.number(),
  title: v.string('Title is required'),
});

describe('parseBody / parseQuery with valibot schemas', () => {
  it('returns the parsed value, without unknown keys', () => {
    expect(parseBody(eventWith('{"name":"ab","count":2,"title":"t","extra":true}'), request)).toEqual({
      name: 'ab',
      count: 2,
      title: 't',
    });
    expect(parseQuery(eventWith(undefined, { q: 'x' }), object({ q: v.string() }))).toEqual({ q: 'x' });
  });

  it('reports our messages per field, and valibot’s English ones where the contract has none', () => {
    expect(fieldsOf(() => parseBody(eventWith('{"name":"a","count":"2","title":3}'), request))).toEqual({
      name: ['Name is short'],
      count: ['Invalid type: Expected number but received "2"'],
      title: ['Title is required'],
    });
  });

  it("reports a missing field with the field's own message, as a wrong one", () => {
    expect(fieldsOf(() => parseBody(eventWith('{"name":"ab"}'), request))).toEqual({
      count: ['Invalid type: Expected number but received undefined'],
      title: ['Title is required'],
    });
  });

  it('names a nested field by its dotted path, and an issue about the whole body by body', () => {
    const nested = v.pipe(
      object({ budget: object({ amount: v.number('Enter an amount') }), tags: v.array(v.string()) }),
      v.check(() => false, 'Never valid'),
    );
    expect(fieldsOf(() => parseBody(eventWith('{"budget":{},"tags":["a",2]}'), nested))).toEqual({
      'budget.amount': ['Enter an amount'],
      'tags.1': ['Invalid type: Expected string but received 2'],
    });
    expect(fieldsOf(() => parseBody(eventWith('{"budget":{"amount":1},"tags":[]}'), nested))).toEqual({
      body: ['Never valid'],
    });
  });

  it('answers a malformed body with a 400, never a 500', () => {
    expect(fieldsOf(() => parseBody(eventWith('{'), request))).toEqual({
      body: ['The request body is not valid JSON'],
    });
  });
});
