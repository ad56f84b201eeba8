import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

import type { ConnectionIdentity } from './events';

/**
 * The connections this gateway has open, written down as they open and close, so that after a
 * crash (kill -9, power loss) the next start can send the `$disconnect` that API Gateway
 * always sends and this process never did: presence and connection records would otherwise
 * stay "online" for hours (until their TTL). One JSON line per change; rewritten at start.
 */

export interface JournalEntry extends ConnectionIdentity {
  readonly domainName: string;
}

type Line = { readonly opened: JournalEntry } | { readonly closed: string };

export interface ConnectionJournal {
  /** Connections a previous process opened and never closed. */
  orphans(): JournalEntry[];
  opened(entry: JournalEntry): void;
  closed(id: string): void;
  /** Rewrites the file with the connections open now. */
  compact(): void;
}

const parse = (text: string): Line | undefined => {
  try {
    return JSON.parse(text) as Line;
  } catch {
    // A line cut short by the crash itself.
    return undefined;
  }
};

export const openConnectionJournal = (file: string): ConnectionJournal => {
  const open = new Map<string, JournalEntry>();
  if (existsSync(file)) {
    for (const text of readFileSync(file, 'utf8').split('\n')) {
      const line = text ? parse(text) : undefined;
      if (!line) continue;
      if ('opened' in line) open.set(line.opened.id, line.opened);
      else open.delete(line.closed);
    }
  }
  const orphans = [...open.values()];
  // Synchronous appends: a line must be on disk before the connection it records can matter.
  const append = (line: Line) => appendFileSync(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  return {
    orphans: () => orphans,
    opened(entry) {
      open.set(entry.id, entry);
      append({ opened: entry });
    },
    closed(id) {
      if (!open.delete(id)) return;
      append({ closed: id });
    },
    compact() {
      writeFileSync(file, [...open.values()].map((entry) => `${JSON.stringify({ opened: entry })}\n`).join(''), {
        mode: 0o600,
      });
    },
  };
};
