import { batchWrite } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import { mailEntity } from '@orbit/functions/email/entities';
import type { MailFolder, MailLabel, MailRecord } from '@orbit/functions/email/records';
import { searchWords } from '@orbit/functions/email/words';
import { demoUsers } from '@orbit/seed/demo-users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { describeEmailDelivery, measureEmailDelivery } from './email-delivery';
import type { BenchSection } from './section';
import { BenchClient, expectStatus, percentile, summary, timed } from './support';

/**
 * The mailbox (docs/email.md, "Storage", "Search"), on the local stack:
 * - a folder's first page and a page by cursor, p50 / p95, with 1k mails in the store (all in
 *   the measured mailbox) and again with 50k (49k more in other mailboxes, one of them 20k):
 *   the ratio of the p50s says whether a folder list's cost depends on the table (goal ≤ 1.3);
 * - search (a word in ~5% of the mails, and a rare one) in a 1k and in a 20k mailbox: its cost
 *   grows with the caller's mailbox, never with the table.
 * Mails are loaded with batchWrite (mailEntity.toItem), not through the API: only reads are
 * measured. Lists and search read no body and no counter but the COUNTS item, so none is written.
 *
 * Other email figures (delivery) are parts of this section too: a part gets the stack after
 * the mailbox's figures, with its 50k mails in place. To add one, write an `EmailBenchPart`
 * from its own file (e.g. tests/bench/email-delivery.ts) and list it in `parts` below.
 */

type EmailBenchPart = (context: { readonly stack: LocalStack }) => Promise<void>;

const samples = 40;
const vocabulary = ['roadmap', 'budget', 'design', 'review', 'launch', 'meeting', 'report', 'client', 'sprint'];

const demo = (phone: string) => {
  const user = demoUsers.find((candidate) => candidate.phone === phone);
  if (!user) throw new Error(`no demo user ${phone}`);
  return user;
};

/** One mail of a synthetic mailbox: every 20th mentions an invoice, every 500th a "zephyr". */
const syntheticMail = (ownerId: string, index: number, at: number): MailRecord => {
  const id = ulid(at);
  const topic = `${vocabulary[index % vocabulary.length] ?? 'note'} ${vocabulary[(index * 7) % vocabulary.length] ?? ''}`;
  const subject = `${index % 20 === 0 ? 'Invoice ' : ''}${index % 500 === 0 ? 'Zephyr ' : ''}${topic} #${index}`;
  const text = `Hello, here is the ${topic} update we talked about. Best regards.`;
  const from = { address: `sender${index % 97}@outside.example`, name: `Sender ${index % 97}` };
  const folder: MailFolder = index % 25 === 0 ? 'sent' : index % 40 === 0 ? 'spam' : 'inbox';
  const labels: MailLabel[] = index % 9 === 0 ? ['company'] : [];
  const date = new Date(at).toISOString();
  return {
    ownerId,
    id,
    messageId: `<${id}@bench.example>`,
    references: [],
    threadId: id,
    folder,
    labels,
    read: index % 3 !== 0,
    starred: index % 50 === 0,
    from,
    to: [{ address: 'me@orbit.example', userId: ownerId }],
    cc: [],
    bcc: [],
    subject,
    snippet: text,
    attachments: [],
    words: searchWords(subject, text, from.address, from.name, 'me@orbit.example'),
    date,
    createdAt: date,
    updatedAt: date,
    version: 1,
  };
};

/** `count` mails into one mailbox, a minute apart, ending now. */
const loadMailbox = async (ownerId: string, count: number): Promise<void> => {
  const end = Date.now();
  const items = Array.from({ length: count }, (_, index) => ({
    put: mailEntity.toItem(syntheticMail(ownerId, index, end - (count - index) * 60_000)),
  }));
  await batchWrite(items, 8);
};

const sample = async (client: BenchClient, what: string, path: string): Promise<number[]> => {
  // A few calls first: the first requests of a set pay for cold caches and connections.
  for (let index = 0; index < 5; index += 1) expectStatus(what, (await client.request('GET', path)).status, 200);
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    times.push(await timed(async () => expectStatus(what, (await client.request('GET', path)).status, 200)));
  }
  return times;
};

/** A cursor a few pages deep into the inbox, to time a page that is not the first. */
const deepCursor = async (client: BenchClient): Promise<string> => {
  let cursor = '';
  for (let page = 0; page < 5; page += 1) {
    const response = await client.request<{ nextCursor: string | null }>(
      'GET',
      `/api/apps/email/mails?filter=inbox${cursor ? `&cursor=${cursor}` : ''}`,
    );
    cursor = response.body.nextCursor ?? cursor;
  }
  return cursor;
};

const listings = async (client: BenchClient, label: string) => {
  const first = await sample(client, 'the inbox', '/api/apps/email/mails?filter=inbox');
  const cursor = await deepCursor(client);
  const deep = await sample(client, 'an inbox page by cursor', `/api/apps/email/mails?filter=inbox&cursor=${cursor}`);
  console.log(`inbox, first page (20), ${label}: ${summary(first)}`);
  console.log(`inbox, 6th page by cursor, ${label}: ${summary(deep)}`);
  return percentile(first, 0.5);
};

const searches = async (client: BenchClient, label: string) => {
  const common = await sample(client, 'a search', '/api/apps/email/mails?filter=inbox&q=invoice');
  const rare = await sample(client, 'a rare search', '/api/apps/email/mails?filter=inbox&q=zephyr');
  const labelled = await sample(client, 'a label view', '/api/apps/email/mails?label=company&q=roadmap');
  console.log(`search "invoice" (~5% of mails), ${label}: ${summary(common)}`);
  console.log(`search "zephyr" (1 in 500: reads the whole folder), ${label}: ${summary(rare)}`);
  console.log(`label company + search "roadmap" (the mailbox partition), ${label}: ${summary(labelled)}`);
};

/** The mailbox's figures: listing with 1k and 50k mails in the store, search in 1k and 20k mailboxes. */
const mailboxBench: EmailBenchPart = async ({ stack }) => {
  const sophia = demo('+15550100003');
  const emma = demo('+15550100005');
  const measured = new BenchClient(stack.url);
  await measured.signIn(sophia.phone, sophia.password);
  const large = new BenchClient(stack.url);
  await large.signIn(emma.phone, emma.password);

  const loadStarted = performance.now();
  await loadMailbox(measured.id, 1000);
  console.log(`loaded 1k mails in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);
  const small = await listings(measured, '1k in the store');
  await searches(measured, '1k mailbox');

  const moreStarted = performance.now();
  await loadMailbox(large.id, 20_000);
  for (let owner = 0; owner < 29; owner += 1) await loadMailbox(`bench-owner-${owner}`, 1000);
  console.log(`loaded 49k more mails in ${((performance.now() - moreStarted) / 1000).toFixed(1)} s`);
  const big = await listings(measured, '50k in the store');
  console.log(`ratio p50(50k) / p50(1k), inbox first page: ${(big / small).toFixed(2)} (goal ≤ 1.3)`);
  await searches(measured, '1k mailbox, 50k in the store');
  await listings(large, 'a 20k mailbox');
  await searches(large, '20k mailbox');
};

/** More email figures, each from its own file, run after the mailbox's on the same stack. */
/** Internal send → the recipient's live frame, on the same stack (its worker delivers). */
const deliveryBench: EmailBenchPart = async ({ stack }) => {
  console.log(describeEmailDelivery(await measureEmailDelivery(stack.url)));
};

const parts: readonly EmailBenchPart[] = [mailboxBench, deliveryBench];

export const emailBench: BenchSection = {
  name: 'email',
  async run() {
    const stack = await startLocalStack({
      port: 0,
      host: '127.0.0.1',
      dataDir: ':memory:',
      tableName: `bench-email-${Date.now().toString(36)}`,
    });
    try {
      for (const part of parts) await part({ stack });
    } finally {
      await stack.stop();
    }
  },
};
