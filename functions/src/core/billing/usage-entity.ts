import { defineEntity } from '../entity';

/* ---------- Usage against a plan's limits (its own module: only the storage limit's functions build it) ---------- */

/** A client's measured use (docs/plans.md, "Limits"): bytes of the files they attached, moved by ADD with each attach and removal. */
export interface UsageRecord {
  readonly clientId: string;
  readonly storageBytes: number;
}

export const usageEntity = /* @__PURE__ */ defineEntity<UsageRecord, [clientId: string]>({
  type: 'Usage',
  key: (clientId) => ({ pk: `USAGE#${clientId}`, sk: 'USAGE' }),
  keyOf: (record) => ({ pk: `USAGE#${record.clientId}`, sk: 'USAGE' }),
});
