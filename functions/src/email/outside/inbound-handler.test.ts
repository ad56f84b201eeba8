import type { SESEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';

import { InboundMailRefused } from './inbound-errors';

/** What receiveInboundMail does in each case; the handler's own code is what is tested. */
let receiving: () => Promise<unknown> = () => Promise.resolve();
let calls = 0;
vi.mock('./inbound', () => ({
  receiveInboundMail: () => {
    calls += 1;
    return receiving();
  },
}));
vi.mock('../../core/media/object-store', () => ({
  mediaLocation: () => ({}),
  getObject: () => Promise.resolve(new Response('From: a@outside.example\r\n\r\nHello\r\n')),
}));

const { handler } = await import('./inbound-handler');

const event = {
  Records: [
    {
      eventSource: 'aws:ses',
      ses: {
        mail: { messageId: 'ses-1', source: 'a@outside.example' },
        receipt: {
          recipients: ['olivia@orbit.example'],
          spamVerdict: { status: 'PASS' },
          virusVerdict: { status: 'PASS' },
        },
      },
    },
  ],
} as unknown as SESEvent;

describe('SES receiving’s handler (an Event invocation: a throw is retried)', () => {
  it('drops a mail that can never be stored: logged, not thrown, so not retried', async () => {
    calls = 0;
    receiving = () => Promise.reject(new InboundMailRefused('Max header size for a MIME node exceeded'));
    await expect(handler(event)).resolves.toBeUndefined();
    expect(calls).toBe(1);
  });

  it('throws any other failure (the table not answering), so the invocation is retried', async () => {
    receiving = () => Promise.reject(new Error('connect ECONNREFUSED'));
    await expect(handler(event)).rejects.toThrow('ECONNREFUSED');
  });
});
