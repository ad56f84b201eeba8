import type { TransactionPart } from '../db';
import { jobPart } from '../jobs/enqueue';

/**
 * Telling open browsers that their rules changed (docs/roles.md): a permission edit (every user
 * of the roles it touches) or a user's new role (that user). The job is written in the same
 * transaction as the change (the outbox), and the worker pushes each affected user's rules as
 * they are then, as an `ability.updated` frame to every connection they have open — so a browser
 * learns its new rules without a reload, and a change is never announced without having happened.
 */
export interface RulesChangedPayload {
  /** Staff roles whose rules changed: every user holding one is told. */
  readonly roles?: readonly string[];
  /** Users whose role changed. */
  readonly userIds?: readonly string[];
}

declare module '../jobs/records' {
  interface JobPayloads {
    'auth.rules-changed': RulesChangedPayload;
  }
}

export const rulesChangedJobKind = 'auth.rules-changed' as const;

/** The frame each open connection of an affected user receives. */
export interface AbilityUpdatedFrame {
  readonly type: 'ability.updated';
  readonly role: string;
  readonly rules: readonly { action: string; subject: string; conditions?: Record<string, unknown> }[];
}

/** The job as a part of the change's transaction. */
export const rulesChangedJobPart = (payload: RulesChangedPayload, now = new Date()): TransactionPart =>
  jobPart(rulesChangedJobKind, payload, {
    label: `Tell open browsers of new rules (${[...(payload.roles ?? []), ...(payload.userIds ?? [])].length} role(s) or user(s))`,
    now,
  }).part;
