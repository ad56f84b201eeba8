import { describe, expect, it } from 'vitest';

import type { MailRecipientStatus } from '../records';
import { mergeStatuses, type StatusChange } from './status';

const at = '2026-11-24T10:00:00.000Z';
const later = '2026-11-24T10:05:00.000Z';
const recipient = (address: string, status: MailRecipientStatus['status'], internal = false): MailRecipientStatus => ({
  address,
  internal,
  status,
  at,
});
const changes = (entries: [string, StatusChange][]) => new Map(entries);

describe('mergeStatuses', () => {
  it('moves outside recipients forward and keeps the others', () => {
    const next = mergeStatuses(
      [
        recipient('a@x.example', 'sent'),
        recipient('b@x.example', 'sent'),
        recipient('u@orbit.example', 'delivered', true),
      ],
      changes([
        ['a@x.example', { status: 'bounced', detail: '550 user unknown' }],
        ['u@orbit.example', { status: 'bounced' }],
      ]),
      later,
    );
    expect(next).toEqual([
      { address: 'a@x.example', internal: false, status: 'bounced', at: later, detail: '550 user unknown' },
      recipient('b@x.example', 'sent'),
      recipient('u@orbit.example', 'delivered', true),
    ]);
  });

  it('never moves back: a late delivery does not undo a complaint', () => {
    expect(
      mergeStatuses(
        [recipient('a@x.example', 'complained')],
        changes([['a@x.example', { status: 'delivered' }]]),
        later,
      ),
    ).toBeUndefined();
  });

  it('leaves a recipient that was never sent to (suppressed, failed) alone', () => {
    expect(
      mergeStatuses([recipient('a@x.example', 'suppressed')], changes([['a@x.example', { status: 'bounced' }]]), later),
    ).toBeUndefined();
  });

  it('adds a recipient the list did not have yet', () => {
    expect(mergeStatuses([], changes([['a@x.example', { status: 'sent' }]]), later)).toEqual([
      { address: 'a@x.example', internal: false, status: 'sent', at: later },
    ]);
  });
});
