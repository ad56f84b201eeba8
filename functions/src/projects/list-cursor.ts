import { createHash } from 'node:crypto';

import { ValidationError } from '../core/errors';
import { projectMessages } from './contract';
import type { PartitionPosition } from './merged-pages';

/**
 * The list cursor: where each merged partition resumes, bound to the query that made it (a
 * cursor replayed with other filters or another scope is refused rather than misread). Opaque
 * to callers: base64url JSON.
 */

interface CursorBody {
  readonly q: string;
  readonly p: readonly (readonly [string | null, 0 | 1])[];
}

export const fingerprintOf = (parts: readonly unknown[]): string =>
  createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);

export const encodeListCursor = (fingerprint: string, positions: readonly PartitionPosition[]): string =>
  Buffer.from(
    JSON.stringify({
      q: fingerprint,
      p: positions.map((position) => [position.after ?? null, position.exhausted ? 1 : 0]),
    } satisfies CursorBody),
  ).toString('base64url');

const invalid = () => new ValidationError({ cursor: [projectMessages.cursorInvalid] });

/**
 * A position the store can resume from: a sort key is never empty and at most 1024 bytes. A
 * tampered cursor (its fingerprint is no secret) could otherwise make the store refuse the Query.
 */
const isSortKey = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && Buffer.byteLength(value) <= 1024;

export const decodeListCursor = (cursor: string, fingerprint: string, partitions: number): PartitionPosition[] => {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const candidate = body as Partial<CursorBody> | null;
  if (!candidate || candidate.q !== fingerprint || !Array.isArray(candidate.p) || candidate.p.length !== partitions) {
    throw invalid();
  }
  return candidate.p.map((entry) => {
    if (!Array.isArray(entry) || entry.length !== 2) throw invalid();
    const [after, exhausted] = entry as unknown[];
    if ((after !== null && !isSortKey(after)) || (exhausted !== 0 && exhausted !== 1)) throw invalid();
    return { ...(after === null ? {} : { after }), exhausted: exhausted === 1 };
  });
};

/** Cursors for simple single-partition pages (comments, activity): the last key read. */
export const encodeKeyCursor = (key: string | undefined): string | null =>
  key === undefined ? null : Buffer.from(key).toString('base64url');

export const decodeKeyCursor = (cursor: string | undefined): string | undefined => {
  if (cursor === undefined) return undefined;
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[0-9A-Za-z]{1,64}$/.test(key)) throw invalid();
  return key;
};
