import { describe, expect, it } from 'vitest';

import { mailingStates, type MailingState } from './records';
import { isEditable, isFinal, requestableStates, transitionTo, type RequestableState } from './transitions';

/** Every (state, target) pair: the moves docs/mailings.md "States" allows, and none other. */
const allowed: Readonly<Record<string, string>> = {
  'draft→scheduled': 'schedule',
  'scheduled→draft': 'unschedule',
  'scheduled→cancelled': 'cancel',
  'sending→paused': 'pause',
  'sending→cancelled': 'cancel',
  'paused→sending': 'resume',
  'paused→cancelled': 'cancel',
};

describe('transitionTo', () => {
  const pairs = mailingStates.flatMap((from) => requestableStates.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s', (from: MailingState, to: RequestableState) => {
    expect(transitionTo(from, to)).toBe(allowed[`${from}→${to}`]);
  });

  it('leaves nothing from sent or cancelled, and nothing reaches sent on request', () => {
    for (const to of requestableStates) {
      expect(transitionTo('sent', to)).toBeUndefined();
      expect(transitionTo('cancelled', to)).toBeUndefined();
    }
    expect(requestableStates).not.toContain('sent');
  });
});

describe('isEditable and isFinal', () => {
  it('edits only drafts; sent and cancelled are final', () => {
    expect(mailingStates.filter(isEditable)).toEqual(['draft']);
    expect(mailingStates.filter(isFinal)).toEqual(['sent', 'cancelled']);
  });
});
