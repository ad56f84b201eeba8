import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';

/**
 * Every compose route's check: `create Email` on the caller's own mailbox (core/ability.ts), so
 * staff whose role has no Email rights get 403. Everything after is keyed on the caller's id,
 * so another person's draft cannot even be named (404).
 */
export const authorizeCompose = (caller: Caller): string => {
  const ownerId = caller.principal.userId;
  authorize(caller.ability, 'create', 'Email', { ownerId });
  return ownerId;
};
