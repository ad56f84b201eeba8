import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Caller } from '@orbit/functions/core/caller';
import { contactsQuery, setTagsRequest } from '@orbit/functions/mailings/audience-requests';
import { listMailingContacts, setTags } from '@orbit/functions/mailings/audience-service';
import type { SequenceStepPayload } from '@orbit/functions/mailings/job-payloads';
import { sequenceStepJob } from '@orbit/functions/mailings/sequence-step-job';

import { demo } from '../support/api-stack';
import { FakeTelegram } from '../support/fake-telegram';

import { connectTelegramBot, writeOnTelegram } from './support/background-channels';
import { callerOf, parsed } from './support/background-people';
import { drainJobs } from './support/drain-jobs';
import { stepJobOf, stepsOf, withSequence } from './support/mailings-sequences';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * A Telegram sequence at the service (docs/mailings.md, "Sequences", "Delivery"): a lead who
 * wrote to the connected bot is tagged, is enrolled and receives step 1 in their chat (the
 * loopback fake Telegram) once the contact events are drained, with the footer's unsubscribe
 * page link; the step's job run several times at once sends it once.
 */
const origin = 'https://orbit.test';
process.env.PUBLIC_BASE_URL = origin;
const telegram = await FakeTelegram.start();
process.env.TELEGRAM_API_BASE_URL = telegram.url;
afterAll(() => telegram.stop());

let admin: Caller;
const run = Date.now().toString(36);

beforeAll(async () => {
  await copySeededWorkspace();
  admin = await callerOf(demo.admin);
});

describe('a Telegram sequence', () => {
  it('sends each step once to the person’s chat through the channel they wrote to', async () => {
    const bot = await connectTelegramBot(admin, telegram, `Sequence bot ${run}`);
    const user = { id: 9_200_001, first_name: 'Seq', last_name: `Gram${run}` };
    const leadId = await writeOnTelegram(telegram, bot, user, 'Hello there');
    const found = await listMailingContacts(admin, parsed(contactsQuery, { q: `Gram${run}` }));
    expect(found.contacts).toEqual([expect.objectContaining({ id: leadId, hasTelegram: true })]);

    const tag = `tgseq${run}`;
    const sequence = {
      name: `Telegram welcome ${run}`,
      channel: 'telegram',
      trigger: { type: 'tag', tag },
      steps: [
        { delayDays: 0, subject: '', html: '<p>Welcome {{firstName}}, glad you wrote.</p>' },
        { delayDays: 3, subject: '', html: '<p>Three days on, {{firstName}}.</p>' },
      ],
    };
    await withSequence(admin, sequence, async (id) => {
      await setTags(admin, leadId, parsed(setTagsRequest, { tags: [tag] }));
      await drainJobs();

      const sendsOf = (words: string) =>
        telegram.callsOf('sendMessage', bot.token).filter((call) => String(call.body.text).includes(words));
      const [welcome] = sendsOf('glad you wrote');
      expect(welcome?.body.chat_id).toBe(String(user.id));
      expect(String(welcome?.body.text)).toContain('Welcome Seq, glad you wrote.');
      expect(String(welcome?.body.text)).toMatch(
        new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/unsubscribe/[\\w.-]+`),
      );

      // Step 2's job, run by three workers at once (as a rerun after a crash would): one send.
      const second = await stepJobOf(leadId, 1);
      const context = { job: second, attempt: 1, now: new Date(), signal: new AbortController().signal };
      const payload = second.payload as SequenceStepPayload;
      const results = await Promise.all([1, 2, 3].map(() => sequenceStepJob.run(payload, context)));
      expect(results.filter((result) => JSON.stringify(result) === '{"sent":true}')).toHaveLength(1);
      expect(sendsOf('Three days on')).toHaveLength(1);
      expect(sendsOf('glad you wrote')).toHaveLength(1);
      expect(sendsOf('Three days on')[0]?.body.chat_id).toBe(String(user.id));

      expect(await stepsOf(admin, id)).toMatchObject([
        { sent: 1, failed: 0 },
        { sent: 1, failed: 0 },
      ]);
    });
  });
});
