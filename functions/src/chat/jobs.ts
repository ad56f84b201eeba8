import type { JobDefinition } from '../core/jobs/definition';
import { scheduledSendKind, sendScheduledMessage, type ScheduledSendPayload } from './scheduled-service';

/**
 * The chat's background work, for the worker's registry (worker/registry.ts). A scheduled send
 * is safe to repeat (its message id is fixed before the send and stored once), so a run cut off
 * by a crash is simply run again.
 */
export const chatJobs = {
  [scheduledSendKind]: {
    delivery: 'at-least-once',
    run: (payload, context) => sendScheduledMessage(payload, context.now),
  } satisfies JobDefinition<ScheduledSendPayload>,
} as const;
