import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, expect, it } from 'vitest';

import { dataDirectorySecret, restrictToOwner } from './data-dir';

const made: string[] = [];
const scratch = () => {
  const path = mkdtempSync(join(tmpdir(), 'orbit-data-dir-'));
  made.push(path);
  return path;
};
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

const modeOf = (path: string) => statSync(path).mode & 0o777;

it('makes a secret once per directory, readable by its owner only', () => {
  const dir = join(scratch(), 'data');
  const first = dataDirectorySecret(dir, 'secret', () => 'one');
  expect(first).toBe('one');
  expect(dataDirectorySecret(dir, 'secret', () => 'two')).toBe('one');
  expect(readFileSync(join(dir, 'secret'), 'utf8')).toBe('one');
  expect(modeOf(dir)).toBe(0o700);
  expect(modeOf(join(dir, 'secret'))).toBe(0o600);
});

it('tightens what an earlier version left readable to others', () => {
  const dir = scratch();
  mkdirSync(join(dir, 'dynamodb'), { mode: 0o755 });
  writeFileSync(join(dir, 'dynamodb', 'shared-local-instance.db'), '', { mode: 0o644 });
  chmodSync(dir, 0o755);
  restrictToOwner(dir);
  expect(modeOf(dir)).toBe(0o700);
  expect(modeOf(join(dir, 'dynamodb'))).toBe(0o700);
  expect(modeOf(join(dir, 'dynamodb', 'shared-local-instance.db'))).toBe(0o600);
});
