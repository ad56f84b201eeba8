import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { SequenceStepPayload } from '@orbit/functions/mailings/job-payloads';
import type { SequenceResponse } from '@orbit/functions/mailings/sequence-contract';
import { sequenceStepJob } from '@orbit/functions/mailings/sequence-step-job';

import type { LocalStack } from '../../infra/local/stack';
import { signInDemoUsers, startApiStack, type ApiClient } from '../support/api-stack';
import { FakeTelegram } from '../support/fake-telegram';
import { sequencesPath, stepJob, withSequence } from '../support/sequences-api';

/**
 * A Telegram sequence over HTTP against the local stack (docs/mailings.md, "Sequences",
 * "Delivery"): a lead who wrote to the connected bot is tagged, is enrolled and receives step 1
 * in their chat (the loopback fake Telegram), with the footer's unsubscribe page link; the
 * step's job run several times at once sends it once.
 */
let stack: LocalStack;
let admin: ApiClient;
let telegram: FakeTelegram;
let origin = '';
const patience = { timeout: 30_000, interval: 50 } as const;
const run = Date.now().toString(36);

beforeAll(async () => {
  telegram = await FakeTelegram.start();
  process.env.TELEGRAM_API_BASE_URL = telegram.url;
  stack = await startApiStack();
  origin = process.env.PUBLIC_BASE_URL ?? '';
  ({ admin } = await signInDemoUsers(stack.url));
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await telegram?.stop();
});

describe('a Telegram sequence', () => {
  it('sends each step once to the person’s chat through the channel they wrote to', async () => {
    const token = telegram.addBot();
    const connected = await admin.request<{ channel: { id: string } }>('POST', '/api/apps/channels', {
      body: { type: 'telegram', name: `Sequence bot ${run}`, botToken: token },
    });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const user = { id: 9_200_001, first_name: 'Seq', last_name: `Gram${run}` };
    expect((await telegram.postUpdate(token, telegram.textUpdate(user, 'Hello there'))).status).toBe(200);
    const lead = await vi.waitFor(async () => {
      const found = await admin.request<{ contacts: { id: string; hasTelegram: boolean }[] }>(
        'GET',
        `/api/apps/mailings/contacts?q=${encodeURIComponent(`Gram${run}`)}`,
      );
      const [contact] = found.body.contacts;
      if (!contact?.hasTelegram) throw new Error('the lead is not in yet');
      return contact;
    }, patience);

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
      const tagged = await admin.request('PUT', `/api/apps/mailings/contacts/${lead.id}/tags`, {
        body: { tags: [tag] },
      });
      expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);

      const sendsOf = (words: string) =>
        telegram.callsOf('sendMessage', token).filter((call) => String(call.body.text).includes(words));
      const [welcome] = await vi.waitFor(() => {
        const sends = sendsOf('glad you wrote');
        if (sends.length === 0) throw new Error('step 1 not sent yet');
        return sends;
      }, patience);
      expect(welcome?.body.chat_id).toBe(String(user.id));
      expect(String(welcome?.body.text)).toContain('Welcome Seq, glad you wrote.');
      expect(String(welcome?.body.text)).toMatch(
        new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/unsubscribe/[\\w.-]+`),
      );

      // Step 2's job, run by three workers at once (as a rerun after a crash would): one send.
      const second = await stepJob(lead.id, 1, patience);
      const context = { job: second, attempt: 1, now: new Date(), signal: new AbortController().signal };
      const payload = second.payload as SequenceStepPayload;
      const results = await Promise.all([1, 2, 3].map(() => sequenceStepJob.run(payload, context)));
      expect(results.filter((result) => JSON.stringify(result) === '{"sent":true}')).toHaveLength(1);
      expect(sendsOf('Three days on')).toHaveLength(1);
      expect(sendsOf('glad you wrote')).toHaveLength(1);
      expect(sendsOf('Three days on')[0]?.body.chat_id).toBe(String(user.id));

      const read = await admin.request<SequenceResponse>('GET', `${sequencesPath}/${id}`);
      expect(read.body.sequence.steps.map((step) => step.stats)).toMatchObject([
        { sent: 1, failed: 0 },
        { sent: 1, failed: 0 },
      ]);
    });
  }, 120_000);
});
