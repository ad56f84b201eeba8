import type { MailDetail, MailSummary } from '@orbit/functions/email/contract';
import { demoUsers } from '@orbit/seed/demo-users';

import { WsClient } from '../support/ws-client';
import { BenchClient, ms, percentile } from './support';

/**
 * Email, internal delivery (docs/email.md, "Delivery"): from the sender's POST …/send to the
 * `email.received` frame in the recipient's open inbox (their WebSocket) — the send's
 * transaction, the worker picking up `email.deliver`, the recipient's copy and the push. The
 * draft is made before the clock starts: writing it is the compose dialog's autosave, not the
 * send. Called by the `email` bench section (tests/bench/email.ts) on its running stack.
 */

export interface DeliveryTiming {
  readonly samples: number;
  readonly p50: number;
  readonly p95: number;
}

export const measureEmailDelivery = async (
  baseUrl: string,
  { samples = 100, warmup = 10 }: { samples?: number; warmup?: number } = {},
): Promise<DeliveryTiming> => {
  const senderUser = demoUsers.find((user) => user.role === 'admin');
  const recipientUser = demoUsers.find((user) => user.role === 'manager');
  if (!senderUser || !recipientUser) throw new Error('no demo admin or manager');
  const sender = new BenchClient(baseUrl);
  const recipient = new BenchClient(baseUrl);
  await sender.signIn(senderUser.phone, senderUser.password);
  await recipient.signIn(recipientUser.phone, recipientUser.password);
  const socket = await WsClient.connect(baseUrl, recipient.token);
  try {
    const durations: number[] = [];
    for (let index = 0; index < warmup + samples; index += 1) {
      const created = await sender.request<{ draft: MailDetail }>('POST', '/api/apps/email/drafts', {
        mode: 'new',
        to: [{ address: recipientUser.email }],
        subject: `Bench delivery ${index}`,
        html: `<p>Bench delivery ${index}</p>`,
      });
      if (created.status !== 201) throw new Error(`draft answered ${created.status}`);
      const started = performance.now();
      const sent = await sender.request<{ mail: MailDetail }>(
        'POST',
        `/api/apps/email/drafts/${created.body.draft.id}/send`,
        {
          version: created.body.draft.version,
        },
      );
      if (sent.status !== 200) throw new Error(`send answered ${sent.status}`);
      await socket.next(
        (frame) => frame.type === 'email.received' && (frame.mail as MailSummary).id === sent.body.mail.id,
        15_000,
      );
      if (index >= warmup) durations.push(performance.now() - started);
    }
    return { samples, p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
  } finally {
    await socket.close();
  }
};

/** The line the bench prints. */
export const describeEmailDelivery = (timing: DeliveryTiming): string =>
  `internal send → email.received in the recipient's open inbox (${timing.samples} mails): ` +
  `p50 ${ms(timing.p50)}, p95 ${ms(timing.p95)}`;
