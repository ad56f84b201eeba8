import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';

import { callerFor, type Caller } from '../core/caller';
import { ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import { readAlongOf } from '../core/read-along';
import { userEntity } from '../core/users/entities';
import { isMessageId } from './repository';
import type * as ScheduledRepository from './scheduled-repository';
import {
  createScheduledRequest,
  scheduleMaxAheadMs,
  sendAtProblem,
  updateScheduledRequest,
} from './scheduled-contract';
import type { ScheduledMessageRecord } from './scheduled-records';
import {
  cancelScheduledMessage,
  listScheduledMessages,
  scheduledMessageId,
  scheduleMessage,
  soonestFirst,
  updateScheduledMessage,
} from './scheduled-service';

const callerWith = (role: string) => callerFor({ id: `${role}1`, role, fullName: 'Someone' }, 's1');
const unread = () => {
  throw new Error('the request was read');
};
const now = new Date('2026-11-24T09:00:00.000Z');

/** The admin's own schedule `s1` to client1, as the table would answer it; any other id is none. */
vi.mock('./scheduled-repository', async (importOriginal) => ({
  ...(await importOriginal<typeof ScheduledRepository>()),
  getScheduled: vi.fn(async ({ id }: { id: string }) =>
    id === 's1'
      ? ({
          id: 's1',
          ownerId: 'admin1',
          contactId: 'client1',
          status: 'scheduled',
          version: 1,
        } as ScheduledMessageRecord)
      : undefined,
  ),
}));

/** The admin, with the path's contact read along with the session: client1 exists, nobody else does. */
const adminWithContact: Caller = {
  ...callerWith('admin'),
  readAlong: readAlongOf(
    [userEntity.key('client1'), userEntity.key('gone1')],
    [{ ...userEntity.key('client1'), id: 'client1', role: 'client', fullName: 'Client One' }],
  ),
};

describe('who may schedule messages', () => {
  it('refuses clients (who may chat) every send-later use case with 403 before reading the request', async () => {
    for (const role of ['client', 'guest']) {
      const caller = callerWith(role);
      await expect(listScheduledMessages(caller, unread)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(scheduleMessage(caller, unread, unread)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(updateScheduledMessage(caller, unread, unread)).rejects.toBeInstanceOf(ForbiddenError);
      await expect(cancelScheduledMessage(caller, unread)).rejects.toBeInstanceOf(ForbiddenError);
    }
  });

  it('lets an admin through to the request', async () => {
    await expect(scheduleMessage(callerWith('admin'), unread, unread)).rejects.toThrow('the request was read');
  });

  it('answers 404 for a contact or schedule the admin may not know of before reading the body', async () => {
    const gone = () => ({ contactId: 'gone1' });
    await expect(scheduleMessage(adminWithContact, gone, unread)).rejects.toBeInstanceOf(NotFoundError);
    const othersSchedule = () => ({ contactId: 'client1', scheduledId: 's2' });
    await expect(updateScheduledMessage(adminWithContact, othersSchedule, unread)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('when a message may be sent', () => {
  it('takes a time in the coming year, refusing the past, now and beyond a year', () => {
    expect(sendAtProblem(new Date(now.getTime() + 5_000), now)).toBeUndefined();
    expect(sendAtProblem(new Date(now.getTime() + scheduleMaxAheadMs), now)).toBeUndefined();
    expect(sendAtProblem(now, now)).toBe('past');
    expect(sendAtProblem(new Date(now.getTime() - 60_000), now)).toBe('past');
    expect(sendAtProblem(new Date(now.getTime() + scheduleMaxAheadMs + 1), now)).toBe('tooFar');
    expect(sendAtProblem(new Date('not a date'), now)).toBe('invalid');
  });

  it('refuses a past time with a 400 on sendAt, before anything is stored', async () => {
    const body = () => ({ message: 'Hi', sendAt: '2026-11-24T08:59:00.000Z' });
    const refused = scheduleMessage(adminWithContact, () => ({ contactId: 'client1' }), body, now);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ fields: { sendAt: ['sendAt must be in the future'] } });
  });

  it('takes only instants with a zone, and a whole version', () => {
    const ok = v.safeParse(createScheduledRequest, { message: 'Hi', sendAt: '2026-11-24T10:00:00+01:00' });
    expect(ok.success).toBe(true);
    for (const sendAt of ['2026-11-24T10:00:00', '2026-11-24', 'tomorrow', 1_700_000_000_000, '2026-13-40T10:00:00Z'])
      expect(v.safeParse(createScheduledRequest, { message: 'Hi', sendAt }).success).toBe(false);
    expect(v.safeParse(updateScheduledRequest, { message: 'Hi' }).success).toBe(false);
    expect(v.safeParse(updateScheduledRequest, { message: 'Hi', version: 1.5 }).success).toBe(false);
    expect(v.safeParse(updateScheduledRequest, { version: 2 }).success).toBe(true);
  });

  it('refuses an edit that changes nothing with a 400', async () => {
    const request = () => ({ contactId: 'client1', scheduledId: 's1' });
    await expect(updateScheduledMessage(adminWithContact, request, () => ({ version: 1 }), now)).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});

describe('the scheduled send', () => {
  it("derives a chat message id from the schedule's id, sorted by the time of sending", () => {
    const scheduledId = '01JD0000000000000000000ABC';
    const early = scheduledMessageId(scheduledId, now);
    const late = scheduledMessageId(scheduledId, new Date(now.getTime() + 1_000));
    expect(isMessageId(early)).toBe(true);
    expect(early.slice(10)).toBe(scheduledId.slice(10));
    expect(late > early).toBe(true);
    expect(scheduledMessageId(scheduledId, now)).toBe(early);
  });

  it('lists the soonest first, ties in the order scheduled', () => {
    const at = (id: string, sendAt: string) => ({ id, sendAt }) as ScheduledMessageRecord;
    const sorted = [
      at('3', '2026-11-25T10:00:00.000Z'),
      at('2', '2026-11-24T10:00:00.000Z'),
      at('1', '2026-11-25T10:00:00.000Z'),
    ]
      .sort(soonestFirst)
      .map((record) => record.id);
    expect(sorted).toEqual(['2', '1', '3']);
  });
});
