import type { MailingState } from './records';

/**
 * The mailing's state machine (docs/mailings.md, "States"), pure:
 * draft → scheduled → sending ↔ paused → sent, or cancelled (from scheduled, sending, paused).
 *
 * A person asks for a target state (`POST /{id}/transitions`); `transitionTo` says which move that
 * is from the current state, or undefined when the state does not allow it (a 409). Two moves
 * are the delivery's alone and never asked for: scheduled → sending (the start job, at the
 * scheduled time) and sending → sent (the last batch): `deliveryMoves`.
 */

export const requestableStates = ['scheduled', 'draft', 'paused', 'sending', 'cancelled'] as const;
export type RequestableState = (typeof requestableStates)[number];

export type TransitionKind = 'schedule' | 'unschedule' | 'pause' | 'resume' | 'cancel';

const moves: Readonly<
  Record<TransitionKind, { readonly from: readonly MailingState[]; readonly to: RequestableState }>
> = {
  schedule: { from: ['draft'], to: 'scheduled' },
  unschedule: { from: ['scheduled'], to: 'draft' },
  pause: { from: ['sending'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['scheduled', 'sending', 'paused'], to: 'cancelled' },
};

export const transitionTo = (from: MailingState, to: RequestableState): TransitionKind | undefined =>
  (Object.keys(moves) as TransitionKind[]).find((kind) => moves[kind].to === to && moves[kind].from.includes(from));

/** What the delivery part moves on its own (conditional on the state it expects). */
export const deliveryMoves = [
  { from: 'scheduled', to: 'sending' },
  { from: 'sending', to: 'sent' },
] as const satisfies readonly { from: MailingState; to: MailingState }[];

/** Only a draft's content changes, and only a draft may be deleted. */
export const isEditable = (state: MailingState): boolean => state === 'draft';

/** No move leaves these. */
export const isFinal = (state: MailingState): boolean => state === 'sent' || state === 'cancelled';
