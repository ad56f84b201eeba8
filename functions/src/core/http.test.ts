import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { NotFoundError, ValidationError } from './errors';
import { parseBody, parseQuery, pathParam } from './http';
import { object } from './schema';

const eventWith = (
  body: string | undefined,
  query?: Record<string, string>,
  pathParameters?: Record<string, string>,
): APIGatewayProxyEventV2 =>
  ({
    body,
    isBase64Encoded: false,
    queryStringParameters: query,
    pathParameters,
    headers: {},
  }) as unknown as APIGatewayProxyEventV2;

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

  it('reports our messages per field, and valibot’s English ones, without the value received, where the contract has none', () => {
    expect(fieldsOf(() => parseBody(eventWith('{"name":"a","count":"2","title":3}'), request))).toEqual({
      name: ['Name is short'],
      count: ['Invalid type: Expected number'],
      title: ['Title is required'],
    });
  });

  it("reports a missing field with the field's own message, as a wrong one", () => {
    expect(fieldsOf(() => parseBody(eventWith('{"name":"ab"}'), request))).toEqual({
      count: ['Invalid type: Expected number'],
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
      'tags.1': ['Invalid type: Expected string'],
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

  it('never echoes what the caller sent, whatever the schema checks', () => {
    const sent = '<img src=x onerror=alert(1)>';
    const schema = object({
      kind: v.picklist(['a', 'b']),
      code: v.pipe(v.string(), v.regex(/^\d+$/)),
      short: v.pipe(v.string(), v.maxLength(3)),
      checked: v.pipe(
        v.string(),
        v.check(() => false),
      ),
    });
    const fields = fieldsOf(() =>
      parseBody(eventWith(JSON.stringify({ kind: sent, code: sent, short: sent, checked: sent })), schema),
    );
    expect(fields).toEqual({
      kind: ['Invalid type: Expected ("a" | "b")'],
      code: ['Invalid format: Expected /^\\d+$/'],
      short: ['Invalid length: Expected <=3'],
      checked: ['Invalid input'],
    });
    expect(fieldsOf(() => parseBody(eventWith(JSON.stringify(sent)), schema))).toEqual({
      body: ['Invalid type: Expected Object'],
    });
  });

  it('refuses text no UTF-8 store can hold (a lone surrogate), in a value or a key, however deep', () => {
    const broken = { body: ['The request body holds text that is not valid Unicode'] };
    expect(fieldsOf(() => parseBody(eventWith('{"name":"ab\\ud800","count":1,"title":"t"}'), request))).toEqual(broken);
    expect(fieldsOf(() => parseBody(eventWith('{"\\udc00":1}'), request))).toEqual(broken);
    const deep = `${'['.repeat(200_000)}"\\ud800"${']'.repeat(200_000)}`;
    expect(fieldsOf(() => parseBody(eventWith(deep), request))).toEqual(broken);
    // A paired surrogate is one character (an emoji), not broken text.
    expect(parseBody(eventWith('{"name":"\\ud83d\\ude00!","count":1,"title":"t"}'), request).name).toBe('😀!');
  });
});

describe('pathParam', () => {
  const param = (value: string) => () => pathParam(eventWith(undefined, undefined, { id: value }), 'id');

  it('decodes an id', () => {
    expect(param('01KE6P4YM0WG3DFDVWF6KJ20RQ')()).toBe('01KE6P4YM0WG3DFDVWF6KJ20RQ');
    expect(param('task-1_a')()).toBe('task-1_a');
  });

  it('answers bad percent-encoding with a 400, not a URIError', () => {
    for (const value of ['%ZZ', '%', '%E0%A4%A', '%ED%A0%80']) {
      expect(fieldsOf(param(value))).toEqual({ id: ['id is not validly percent-encoded'] });
    }
  });

  it('answers what cannot be an id (too long for a key, or not an id at all) with a 404', () => {
    for (const value of ['X'.repeat(2100), 'X'.repeat(65), '%2F', 'a%20b', '%E2%80%8B', '<b>']) {
      expect(param(value)).toThrow(NotFoundError);
    }
    expect(param('X'.repeat(64))()).toHaveLength(64);
  });
});
