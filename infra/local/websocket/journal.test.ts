import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, expect, it } from 'vitest';

import { openConnectionJournal } from './journal';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const journalFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'orbit-journal-'));
  dirs.push(dir);
  return join(dir, 'websocket-connections.jsonl');
};
const connection = (id: string) => ({ id, connectedAt: 1, sourceIp: '127.0.0.1', userAgent: 'test', domainName: 'x' });

it('hands the next process the connections this one never closed', () => {
  const file = journalFile();
  const first = openConnectionJournal(file);
  expect(first.orphans()).toEqual([]);
  first.opened(connection('a='));
  first.opened(connection('b='));
  first.closed('a=');
  // The crash cuts the last line short.
  appendFileSync(file, '{"opened":{"id":"c=');

  const second = openConnectionJournal(file);
  expect(second.orphans().map((entry) => entry.id)).toEqual(['b=']);
  second.closed('b=');
  second.opened(connection('d='));
  second.compact();
  expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
  expect(
    openConnectionJournal(file)
      .orphans()
      .map((entry) => entry.id),
  ).toEqual(['d=']);
  expect(statSync(file).mode & 0o777).toBe(0o600);
});
