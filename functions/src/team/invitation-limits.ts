import { allInvitations } from '../core/team/entities';
import type { RateLimit, RateSpend } from '../core/rate-window';
import { userPartitionKey } from '../core/users/entities';

/**
 * How many invitation messages go out (docs/roles.md, "Team and invitations"; docs/decisions.md,
 * "Security: abuse limits in one counting window"), counted by core/rate-window.ts in the
 * transaction that writes the invitation and its send job:
 * - each member sends at most 30 invitations an hour and 100 a day, new ones and resends alike:
 *   enough to bring a whole team in on its first day, not enough to use the workspace's sender
 *   as a mailer;
 * - one invitation is sent again at most 3 times an hour and 10 times a day: a lost link is
 *   resent once or twice, not thirty times into one inbox.
 */
export const invitationsSentLimit = {
  name: 'invitations',
  windows: [
    { max: 30, seconds: 60 * 60 },
    { max: 100, seconds: 24 * 60 * 60 },
  ],
} as const satisfies RateLimit;

export const resendsLimit = {
  name: 'resends',
  windows: [
    { max: 3, seconds: 60 * 60 },
    { max: 10, seconds: 24 * 60 * 60 },
  ],
} as const satisfies RateLimit;

/** An invitation message sent by this member (in their own partition). */
export const invitationSentBy = (userId: string): RateSpend => ({
  limit: invitationsSentLimit,
  pk: userPartitionKey(userId),
});

/** This invitation sent again (beside the invitations, named by its id). */
export const invitationResent = (invitationId: string): RateSpend => ({
  limit: resendsLimit,
  pk: allInvitations.pk,
  subject: invitationId,
});
