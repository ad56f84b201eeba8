import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { isRecordId, messageWithoutInput, object, recordId, requestParseConfig, trimInvisible } from './schema';

const trimmed = (text: string) => v.parse(v.pipe(v.string(), trimInvisible()), text);

describe('trimInvisible', () => {
  it('makes whitespace and zero-width-only text empty', () => {
    for (const text of ['', ' ', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', ' \u200B\t\u2060\uFEFF\n\u00A0']) {
      expect(trimmed(text)).toBe('');
    }
  });

  it('trims them at both ends and keeps them inside (joiners shape words and emoji)', () => {
    expect(trimmed('\u200B Site launch \u2060')).toBe('Site launch');
    expect(trimmed('می\u200Cخواهم')).toBe('می\u200Cخواهم');
    expect(trimmed('👩\u200D💻')).toBe('👩\u200D💻');
  });

  it('reads only the ends, so a long blank run inside a text costs nothing (it took seconds)', () => {
    const text = `a${' \u200B'.repeat(20_000)}b`;
    const started = performance.now();
    expect(trimmed(` ${text}\u2060`)).toBe(text);
    // 40 000 spaces between two letters held the event loop 4 s; reading the ends takes microseconds.
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('recordId', () => {
  it('takes ULIDs and short ids of letters, digits, _ and -', () => {
    for (const id of ['01KE6P4YM0WG3DFDVWF6KJ20RQ', 'u1', 'task-1_a', 'X'.repeat(64)]) {
      expect(isRecordId(id)).toBe(true);
    }
  });

  it('refuses empty, long and malformed ids with the message given', () => {
    for (const id of ['', 'X'.repeat(65), 'X'.repeat(2100), 'a b', 'a#b', '\u200B', '../x', 'é']) {
      expect(isRecordId(id)).toBe(false);
      expect(v.safeParse(recordId('No such thing'), id).issues?.map((issue) => issue.message)).toEqual([
        'No such thing',
      ]);
    }
    expect(v.safeParse(recordId('No such thing'), 42).issues?.[0]?.message).toBe('No such thing');
  });
});

describe('messages without the input', () => {
  it('keep what was expected and drop what was received', () => {
    const issues = (schema: v.GenericSchema, input: unknown) =>
      v.safeParse(schema, input, requestParseConfig).issues?.map((issue) => issue.message);
    expect(issues(v.string(), 12345)).toEqual(['Invalid type: Expected string']);
    expect(issues(v.pipe(v.string(), v.minLength(3)), 'ab')).toEqual(['Invalid length: Expected >=3']);
    expect(
      issues(
        v.pipe(
          v.string(),
          v.check(() => false),
        ),
        'secret',
      ),
    ).toEqual(['Invalid input']);
    // A contract's own message is kept word for word.
    expect(issues(v.string('Enter a name'), 12345)).toEqual(['Enter a name']);
  });

  it('apply to the object helper, for a missing key and a wrong type alike', () => {
    const schema = object({ name: v.string(), title: v.string('Title is required') });
    expect(v.safeParse(schema, {}).issues?.map((issue) => issue.message)).toEqual([
      'Invalid type: Expected string',
      'Title is required',
    ]);
    expect(v.safeParse(schema, '<b>hi</b>').issues?.map((issue) => issue.message)).toEqual([
      'Invalid type: Expected Object',
    ]);
    expect(messageWithoutInput({ message: 'Custom', received: '"x"' } as v.BaseIssue<unknown>)).toBe('Invalid value');
  });
});
