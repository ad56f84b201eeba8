import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { WorkItem, WorkResponse } from '@orbit/functions/channels/contract';
import { signWebhook } from '@orbit/functions/channels/transports/webhook';
import type {
  ChatMessage,
  ChatsAndContactsResponse,
  MessagesPage,
  OpenChatResponse,
} from '@orbit/functions/chat/contract';
import type { ScheduledListResponse, ScheduledResponse } from '@orbit/functions/chat/scheduled-contract';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { lapsedError } from '@orbit/functions/core/jobs/transitions';
import type { WebhookDeliveryList, WebhookWithSecret } from '@orbit/functions/integrations/webhook-contract';
import { mailingTotalNames, type Mailing } from '@orbit/functions/mailings/contract';
import type { InvoiceListResponse, InvoiceResponse, InvoiceView } from '@orbit/functions/plans/invoice-contract';
import type { ReferralAccountResponse, RewardRuleResponse } from '@orbit/functions/referrals/contract';

import { startLocalSesServer } from '../../infra/local/local-services';
import { ApiClient, demo, registerNewClient } from '../support/api-stack';
import { seededSnapshot } from '../support/api-seed-snapshot';
import { createChildStack, type ChildStack } from '../support/child-stack';
import { startDelayingFront, startSlowReceiver, type LoopbackServer } from '../support/crash-fronts';
import {
  busyJobs,
  isPending,
  openCrashStore,
  readJobs,
  readScheduled,
  recipientStatusCounts,
  writeTaggedLeads,
  type CrashStore,
} from '../support/crash-store';
import { FakeTelegram } from '../support/fake-telegram';
import { fromSource, newSource } from '../support/from-source';
import { planBody } from '../support/invoice-fixtures';

/**
 * The crash test (docs/background-work.md, "The crash test"): the whole stack in a child process
 * (child-stack.ts, started from the built entry) with its data on disk, every kind of background
 * work put in flight at once — channel replies to a webhook receiver, Telegram replies and
 * scheduled messages to the fake Bot API, integration webhooks, a mailing, invoices (their mails)
 * and referral rewards, reset codes by SMS and by mail — then ONE kill -9 of its whole process
 * group (server, poller, tick, DynamoDB Local) and ONE restart on the same data. Each `it` below
 * is one area's outcome after that run: nothing lost, nothing sent twice, and whatever the kill
 * cut off mid-call shown as unknown (at-most-once) or sent again under the same id
 * (at-least-once).
 *
 * The outside world is loopback: receivers and fronts that answer 100–150 ms late, so the kill
 * finds calls in flight (crash-fronts.ts), and the test's own SES server, whose store outlives
 * the kill and is the ground truth of what was mailed.
 */

/**
 * How much of each kind the run asks for, before and after the kill. A little above what must
 * reach the outside world before it (beforeTheKill): one worker runs all of it, so more of one
 * kind only makes the others wait (with 200 channel replies, the webhooks took 25 s to reach 30).
 */
const size = {
  /** Replies to the lead of a webhook channel. */
  channelReplies: 80,
  /** Projects created, each a project.created webhook. */
  projects: 45,
  telegramReplies: 25,
  /** Messages scheduled to the Telegram lead, each due 5 s after it was scheduled. */
  scheduled: 10,
  /** Referred clients, each subscribed (an invoice, its mail, a referral reward) and asking for a reset code. */
  clients: 20,
  /** The mailing's audience. */
  recipients: 300,
} as const;

/** What reaches the outside world before the kill, at least, of each kind. */
const beforeTheKill = {
  channelReplies: 40,
  webhooks: 30,
  telegramReplies: 10,
  scheduled: 3,
  invoiceMails: 10,
  sms: 5,
  resetMails: 5,
} as const;
/** The mailing is sent last (its pace is the SES rate's, 20 a second): the kill comes once this many are stored. */
const mailingBeforeTheKill = 90;
/**
 * Of each kind, this much more is asked for at the last moment, the kill following the answers:
 * whatever the pace of the rest, every kind has work unfinished when it lands.
 */
const lastMoment = 3;

/**
 * Requests at once, per kind (9 in all, beside the worker's own work): one stack serves them all,
 * and on a loaded 2-core machine more at once only makes each answer slower (one past the
 * handler's 29 s fails the run) without getting the work done sooner.
 */
const lanes = { channelReplies: 2, projects: 2, telegramReplies: 1, scheduled: 1, resets: 1, bills: 2 } as const;

const patience = { timeout: 240_000, interval: 250 } as const;
const invoiceSubject = /^Invoice (\d{4}-\d+) from Orbit$/;
const resetSubject = 'Your Orbit password reset code';
const invoicePath = '/api/apps/plans/invoices';

type Registered = { userData: { id: string } };
type Subscribed = { subscription: { currentPeriodStart: string } };
interface StoredMail {
  readonly destination: { readonly to: readonly string[] };
  readonly subject: string;
}
interface OutboxSms {
  readonly to: string;
  readonly text: string;
}
interface CrashClient {
  readonly id: string;
  readonly phone: string;
  readonly email: string;
  readonly periodStart: string;
  draftId: string;
}

let ses: Server;
let sesUrl = '';
let telegram: FakeTelegram;
const outside: LoopbackServer[] = [];
let stack: ChildStack;
let store: CrashStore | undefined;

/** What the receivers got: per channel message id, and per webhook-id (with its project). */
const channelReceived = new Map<string, number>();
const hooksReceived = new Map<string, { count: number; projectId: string }>();

/** What the run set up and did; each `it` reads its area's part. */
const run = {
  adminId: '',
  webhookChannelId: '',
  telegramChannelId: '',
  webhookLeadId: '',
  telegramLeadId: '',
  webhookId: '',
  referrerId: '',
  mailingId: '',
  audience: new Set<string>(),
  clients: [] as CrashClient[],
  /** Answered 201 (or 202): the ids the API gave back. */
  accepted: {
    channelReplies: [] as string[],
    telegramReplies: [] as string[],
    scheduled: [] as string[],
    projects: [] as string[],
    resets: new Set<string>(),
  },
  /** Every job as the kill left it (read before the restarted worker could move one). */
  jobsAtKill: [] as JobRecord[],
  atKill: { channelReceived: 0, hooksReceived: 0, mailingStored: 0, invoiceMails: 0, sms: 0 },
};

/** A request the kill cut off: its connection failed (fetch: a TypeError; node:http: a reset or refusal). */
const cutOffByTheKill = (error: unknown): boolean =>
  error instanceof TypeError ||
  ['ECONNRESET', 'ECONNREFUSED', 'EPIPE'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Calls `one` from `lanes` lanes while `more()`; every lane stops once the stack is gone. */
const produce = async (lanes: number, more: () => boolean, one: () => Promise<void>): Promise<void> => {
  let gone = false;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (!gone && more()) {
        try {
          await one();
        } catch (error) {
          if (!cutOffByTheKill(error)) throw error;
          gone = true;
        }
      }
    }),
  );
};

/** `task` over `items`, `lanes` at a time, until the items run out or the stack is gone. */
const inLanes = <T>(items: readonly T[], lanes: number, task: (item: T) => Promise<void>): Promise<void> => {
  const queue = [...items];
  return produce(
    lanes,
    () => queue.length > 0,
    () => task(queue.shift() as T),
  );
};

const signedIn = async (who: { phone: string; password: string }) => {
  const client = new ApiClient(stack.url);
  const response = await client.signIn(who.phone, who.password);
  expect(response.status).toBe(201);
  return { client, id: response.body.userData.id };
};

/** The client's call, answered 2xx. */
const call = async <T>(client: ApiClient, method: string, path: string, body?: unknown): Promise<T> => {
  const response = await client.request<T>(method, path, body === undefined ? {} : { body });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.body;
};

/** Every message of the chat with `contactId`, paging back to the first. */
const allMessages = async (admin: ApiClient, contactId: string): Promise<ChatMessage[]> => {
  const opened = await admin.request<OpenChatResponse>('GET', `/api/apps/chat/chats/${contactId}`);
  const messages = [...(opened.body.chat?.messages ?? [])];
  let cursor = opened.body.chat?.nextCursor ?? null;
  while (cursor) {
    const page = await admin.request<MessagesPage>(
      'GET',
      `/api/apps/chat/chats/${contactId}/messages?cursor=${encodeURIComponent(cursor)}`,
    );
    messages.unshift(...page.body.messages);
    cursor = page.body.nextCursor;
  }
  return messages;
};

const contactNamed = async (admin: ApiClient, fullName: string) =>
  vi.waitFor(async () => {
    const { body } = await admin.request<ChatsAndContactsResponse>('GET', '/api/apps/chat/chats-and-contacts');
    const found = body.chatsContacts.find((contact) => contact.fullName === fullName)?.id;
    expect(found, fullName).toBeDefined();
    return found as string;
  }, patience);

/** What the test's SES server stored (the ground truth of mail, across the kill). */
const storedMails = async (): Promise<StoredMail[]> =>
  ((await (await fetch(`${sesUrl}/store`)).json()) as { emails: StoredMail[] }).emails;
const bare = (address: string) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();
const countBy = <T>(items: readonly T[], keyOf: (item: T) => string | undefined): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of items) {
    const key = keyOf(item);
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
};
const invoiceMailsPerNumber = (mails: readonly StoredMail[]) =>
  countBy(mails, (mail) => invoiceSubject.exec(mail.subject)?.[1]);
/** Reset codes mailed to the crash clients, per address. */
const resetMailsPerAddress = (mails: readonly StoredMail[]) => {
  const emails = new Set(run.clients.map((client) => client.email));
  return countBy(
    mails.filter((mail) => mail.subject === resetSubject),
    (mail) => mail.destination.to.map(bare).find((address) => emails.has(address)),
  );
};
const mailingMails = (mails: readonly StoredMail[]) =>
  mails.filter((mail) => mail.destination.to.some((to) => run.audience.has(bare(to))));

/** The SMS "sent" on this machine: the stack's outbox file, in its data directory (it outlives the kill). */
const smsOutbox = (): OutboxSms[] =>
  readFileSync(join(stack.dataDir, 'sms-outbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxSms);

/** The SMS to the crash clients' phones (the seed's own, if any, left out). */
const crashSms = (): OutboxSms[] => {
  const phones = new Set(run.clients.map((client) => client.phone));
  return smsOutbox().filter((sms) => phones.has(sms.to));
};

const telegramTexts = () => telegram.callsOf('sendMessage').map((each) => String(each.body.text));

/** The dead-and-unknown list admins see (the channels area's work list), every page. */
const workList = async (admin: ApiClient, items: WorkItem[] = [], cursor = ''): Promise<WorkItem[]> => {
  const page = await call<WorkResponse>(admin, 'GET', `/api/apps/channels/work?limit=100${cursor}`);
  items.push(...page.items);
  return page.cursor ? workList(admin, items, `&cursor=${encodeURIComponent(page.cursor)}`) : items;
};

/**
 * Whether `job` is of one of `kinds`, compared as strings: a kind is known to the type only where
 * the module that declares it (augmenting JobPayloads) is in the program, and which are depends
 * on what else the tests workspace imports.
 */
const ofKind = (job: JobRecord, ...kinds: string[]): boolean => kinds.includes(job.kind);

/** The jobs a kind of work is made of; `of` picks them out of the table. */
const areas: Readonly<Record<string, (job: JobRecord) => boolean>> = {
  'channel replies': (job) =>
    job.kind === 'channel.deliver' && (job.payload as { channelId: string }).channelId === run.webhookChannelId,
  'Telegram replies': (job) =>
    job.kind === 'channel.deliver' && (job.payload as { channelId: string }).channelId === run.telegramChannelId,
  'scheduled chat': (job) => job.kind === 'chat.scheduled-send',
  webhooks: (job) => ofKind(job, 'webhook.event', 'webhook.deliver'),
  mailing: (job) => job.kind === 'mailing.start' || job.kind === 'mailing.batch',
  'invoices and referrals': (job) => job.kind.startsWith('billing.invoice.') || job.kind === 'referrals.activate',
  SMS: (job) => ofKind(job, 'auth.reset-code') && (job.payload as { channel: string }).channel === 'sms',
  mail: (job) => ofKind(job, 'auth.reset-code') && (job.payload as { channel: string }).channel === 'email',
};

/** The channel messages a kill cut off mid-send: their delivery job was claimed when it landed. */
const runningAtKill = (channelId: string): Set<string> =>
  new Set(
    run.jobsAtKill
      .filter((job) => job.kind === 'channel.deliver' && job.status === 'running')
      .map((job) => job.payload as { channelId: string; messageId: string })
      .filter((payload) => payload.channelId === channelId)
      .map((payload) => payload.messageId),
  );

beforeAll(async () => {
  // ---- the outside world ---------------------------------------------------------------------
  ses = await startLocalSesServer();
  sesUrl = `http://127.0.0.1:${(ses.address() as AddressInfo).port}`;
  telegram = await FakeTelegram.start();
  const channelReceiver = await startSlowReceiver({
    path: '/orbit',
    status: 200,
    delayMs: 100,
    onRequest: ({ body }) => {
      const { messageId } = JSON.parse(body) as { messageId: string };
      channelReceived.set(messageId, (channelReceived.get(messageId) ?? 0) + 1);
    },
  });
  const hookReceiver = await startSlowReceiver({
    path: '/hooks',
    status: 204,
    delayMs: 100,
    onRequest: ({ headers, body }) => {
      const id = String(headers['webhook-id']);
      const { data } = JSON.parse(body) as { data: { projectId: string } };
      hooksReceived.set(id, { count: (hooksReceived.get(id)?.count ?? 0) + 1, projectId: data.projectId });
    },
  });
  // Invoice mails are stored at once and answered 150 ms later, so sends are mid-call when the
  // kill comes; the mailing's go at the SES rate.
  const sesFront = await startDelayingFront({
    target: sesUrl,
    delayMs: (body) => (/"Invoice \d{4}-\d+ from Orbit"/.test(body) ? 150 : 0),
  });
  const telegramFront = await startDelayingFront({ target: telegram.url, delayMs: () => 100 });
  outside.push(channelReceiver, hookReceiver, sesFront, telegramFront);

  stack = await createChildStack({
    copyOf: seededSnapshot(),
    env: {
      // A lease shorter than the restart (so claims the kill cut off have lapsed by then), and a
      // call timeout (3/4 of it) far above the fakes' 150 ms even on a busy machine: every
      // unknown outcome is then the kill's.
      JOB_LEASE_MS: '12000',
      JOB_TICK_INTERVAL_MS: '250',
      // The receivers are loopback fakes, which only this explicit setting allows.
      WEBHOOK_ALLOW_LOOPBACK: '1',
      WEBHOOK_RETRY_BASE_MS: '500',
      WEBHOOK_RETRY_CAP_MS: '2000',
      LOCAL_SES_URL: sesFront.url,
      MAILING_EMAIL_RATE_PER_SECOND: '20',
      TELEGRAM_API_BASE_URL: telegramFront.url,
      POWERTOOLS_LOG_LEVEL: process.env.CRASH_TEST_LOG ? 'WARN' : 'SILENT',
    },
    ...(process.env.CRASH_TEST_LOG ? { logFile: process.env.CRASH_TEST_LOG } : {}),
  });
  await stack.start();
  store = openCrashStore(stack);

  // ---- what the work is about ----------------------------------------------------------------
  const signedInAdmin = await signedIn(demo.admin);
  let admin = signedInAdmin.client;
  run.adminId = signedInAdmin.id;
  const clientAId = (await signedIn(demo.clientA)).id;

  const webhookChannel = async () => {
    const connected = await call<{ channel: { id: string }; signingSecret: string }>(
      admin,
      'POST',
      '/api/apps/channels',
      { type: 'webhook', name: 'Crash test', outboundUrl: channelReceiver.url },
    );
    run.webhookChannelId = connected.channel.id;
    // A lead writes through the channel: the contact the admin replies to.
    const inbound = JSON.stringify({ messageId: 'in-1', from: { id: 'crash-lead', name: 'Crash Lead' }, text: 'Hi' });
    const hook = await fetch(`${stack.url}/api/hooks/webhook/${connected.channel.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signWebhook(connected.signingSecret, inbound) },
      body: inbound,
    });
    expect(hook.status).toBeLessThan(300);
    run.webhookLeadId = await contactNamed(admin, 'Crash Lead');
  };

  const telegramChannel = async () => {
    const token = telegram.addBot();
    const connected = await call<{ channel: { id: string } }>(admin, 'POST', '/api/apps/channels', {
      type: 'telegram',
      name: 'Crash bot',
      botToken: token,
    });
    run.telegramChannelId = connected.channel.id;
    const update = telegram.textUpdate({ id: 4_242, first_name: 'Crash', last_name: 'Telegram' }, 'Hello');
    expect((await telegram.postUpdate(token, update)).status).toBeLessThan(300);
    run.telegramLeadId = await contactNamed(admin, 'Crash Telegram');
  };

  const webhookSubscription = async () => {
    const created = await call<WebhookWithSecret>(admin, 'POST', '/api/apps/integrations/webhooks', {
      url: hookReceiver.url,
      events: ['project.created'],
    });
    run.webhookId = created.webhook.id;
  };

  const mailingDraft = async () => {
    const tag = `crash${Date.now().toString(36)}`;
    run.audience = new Set(await writeTaggedLeads(store as CrashStore, tag, size.recipients));
    const created = await call<{ mailing: Mailing }>(admin, 'POST', '/api/apps/mailings', {
      name: `Crash ${tag}`,
      channel: 'email',
      subject: 'News for {{firstName | "you"}}',
      html: '<p>Hello {{fullName}}, here is this month’s news.</p>',
      audience: { tags: [tag], tagMatch: 'any' },
      // The throttle per minute leaves the pace to the SES rate (20 a second).
      throttlePerMinute: 10_000,
    });
    return created.mailing;
  };

  // Clients one referrer brought (size.clients), each subscribed: the worker drafts each first invoice.
  const billedClients = async () => {
    const { rule } = (await call<RewardRuleResponse>(admin, 'GET', '/api/apps/referrals/reward-rule')).rewardRule;
    expect(rule).toMatchObject({ kind: 'fixed', amount: 2_000, currency: 'EUR' }); // the seed's 20 € rule
    const referrer = await registerNewClient(stack.url, 'Crash Referrer');
    run.referrerId = referrer.id;
    const { code } = (await call<ReferralAccountResponse>(admin, 'GET', `/api/apps/referrals/users/${referrer.id}`))
      .account;
    const planId = (await call<{ plan: { id: string } }>(admin, 'POST', '/api/apps/plans', planBody())).plan.id;
    await inLanes([...Array(size.clients).keys()], 4, async (i) => {
      const contact = { phone: `+14441000${String(i).padStart(3, '0')}`, email: `crash${i}@test.example` };
      const body = { fullName: `Crash Client ${i}`, ...contact, password: 'Secret#2026', referralCode: code };
      // Each from an address of its own: one source may make 10 sign-ups an hour.
      const registered = await fromSource(stack.url, newSource()).request<Registered>('POST', '/api/auth/register', {
        body,
      });
      expect(registered.status).toBe(201);
      const { id } = registered.body.userData;
      const { subscription } = await call<Subscribed>(admin, 'PUT', `/api/apps/plans/subscriptions/${id}`, {
        planId,
        interval: 'month',
      });
      run.clients.push({ id, ...contact, periodStart: subscription.currentPeriodStart, draftId: '' });
    });
    await vi.waitFor(async () => {
      for (const client of run.clients.filter((each) => !each.draftId)) {
        const [draft] = (await call<InvoiceListResponse>(admin, 'GET', `${invoicePath}?clientId=${client.id}`))
          .invoices;
        if (draft) client.draftId = draft.id;
      }
      expect(run.clients.filter((each) => !each.draftId)).toEqual([]);
    }, patience);
  };

  const [, , , mailing] = await Promise.all([
    webhookChannel(),
    telegramChannel(),
    webhookSubscription(),
    mailingDraft(),
    billedClients(),
  ]);
  run.mailingId = mailing.id;

  // ---- the work, all at once -----------------------------------------------------------------
  let telegramCount = 0;
  let scheduledCount = 0;
  const replyTo = async (contactId: string, text: string, into: string[]) => {
    const response = await admin.request<{ msg: ChatMessage }>('POST', `/api/apps/chat/chats/${contactId}`, {
      body: { message: text },
    });
    expect(response.status).toBe(201);
    into.push(response.body.msg.id);
  };
  const channelReply = () =>
    replyTo(run.webhookLeadId, `Reply ${run.accepted.channelReplies.length + 1}`, run.accepted.channelReplies);
  const telegramReply = () =>
    replyTo(run.telegramLeadId, `Telegram reply ${(telegramCount += 1)}`, run.accepted.telegramReplies);
  /**
   * A message to the Telegram lead, due `inMs` from now: far enough ahead that the request, slow
   * on a loaded machine, still arrives before its `sendAt` (a past one is refused with 400).
   */
  const schedule = async (inMs = 5_000) => {
    const sendAt = new Date(Date.now() + inMs).toISOString();
    const response = await admin.request<ScheduledResponse>(
      'POST',
      `/api/apps/chat/chats/${run.telegramLeadId}/scheduled`,
      { body: { message: `Scheduled ${(scheduledCount += 1)}`, sendAt } },
    );
    expect(response.status).toBe(201);
    run.accepted.scheduled.push(response.body.scheduled.id);
  };
  const createProject = async () => {
    const { project } = await call<{ project: { id: string } }>(admin, 'POST', '/api/apps/projects', {
      type: 'development',
      name: `Crash hook ${run.accepted.projects.length + 1}`,
      clientId: clientAId,
    });
    run.accepted.projects.push(project.id);
  };
  /** A reset code by SMS and by mail (forgot-password writes one job for each), from an address of its own. */
  const asked = new Set<string>();
  const askForReset = async (client: CrashClient) => {
    asked.add(client.id);
    const response = await fromSource(stack.url, newSource()).request('POST', '/api/auth/forgot-password', {
      body: { phone: client.phone },
    });
    expect(response.status).toBe(202);
    run.accepted.resets.add(client.id);
  };
  /** Issues (a mail job) then pays (a referral job) an invoice that still needs it. */
  const paidOn = new Date().toISOString().slice(0, 10);
  const bill = async (client: CrashClient) => {
    let { invoice } = await call<InvoiceResponse>(admin, 'GET', `${invoicePath}/${client.draftId}`);
    if (invoice.status === 'draft')
      ({ invoice } = await call<InvoiceResponse>(admin, 'POST', `${invoicePath}/${client.draftId}/issue`));
    if (invoice.status !== 'open') return;
    await call(admin, 'POST', `${invoicePath}/${client.draftId}/payments`, { method: 'bank_transfer', paidOn });
  };
  const early = run.clients.slice(0, -lastMoment);
  const last = run.clients.slice(-lastMoment);

  const producing = Promise.all([
    produce(lanes.channelReplies, () => run.accepted.channelReplies.length < size.channelReplies, channelReply),
    produce(lanes.projects, () => run.accepted.projects.length < size.projects, createProject),
    produce(lanes.telegramReplies, () => run.accepted.telegramReplies.length < size.telegramReplies, telegramReply),
    produce(
      lanes.scheduled,
      () => run.accepted.scheduled.length < size.scheduled,
      () => schedule(),
    ),
    inLanes(early, lanes.resets, askForReset),
    inLanes(early, lanes.bills, bill),
  ]);
  // A lane that fails (an answer other than the kill's) fails the run now, not at a wait's timeout.
  const producingFailed = producing.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
  );
  const whileProducing = <T>(step: Promise<T>): Promise<T> => Promise.race([step, producingFailed]);
  /** The kinds that have not yet reached the outside world as often as `beforeTheKill` asks. */
  const behind = async () => {
    const mails = await storedMails();
    const texts = telegramTexts();
    const reached: Record<keyof typeof beforeTheKill, number> = {
      channelReplies: channelReceived.size,
      webhooks: hooksReceived.size,
      telegramReplies: texts.filter((text) => text.startsWith('Telegram reply')).length,
      scheduled: texts.filter((text) => text.startsWith('Scheduled')).length,
      invoiceMails: invoiceMailsPerNumber(mails).size,
      sms: crashSms().length,
      resetMails: resetMailsPerAddress(mails).size,
    };
    return Object.entries(beforeTheKill)
      .filter(([kind, least]) => reached[kind as keyof typeof beforeTheKill] < least)
      .map(([kind]) => `${kind}: ${reached[kind as keyof typeof beforeTheKill]}`);
  };
  await whileProducing(vi.waitFor(async () => expect(await behind()).toEqual([]), patience));

  // The mailing last: it sends at the SES rate, so it is surely still sending when the kill comes.
  const scheduled = await call<{ mailing: Mailing }>(admin, 'POST', `/api/apps/mailings/${mailing.id}/transitions`, {
    to: 'scheduled',
    version: mailing.version,
    sendNow: true,
  });
  expect(scheduled.mailing.state).toBe('scheduled');
  await whileProducing(
    vi.waitFor(
      async () => expect(mailingMails(await storedMails()).length).toBeGreaterThanOrEqual(mailingBeforeTheKill),
      patience,
    ),
  );

  // The last moment: a little more of every kind, and the kill as soon as it is answered.
  await whileProducing(
    Promise.all([
      ...Array.from({ length: lastMoment }, () => [channelReply(), telegramReply(), createProject()]).flat(),
      // Due well after the kill (the last answers and the kill take seconds even on a loaded
      // machine), so a scheduled message surely waits when it lands: the restarted stack sends it.
      // Not much later: the run waits for it to settle (with 30 s it was the run's last work).
      schedule(15_000),
      ...last.map(askForReset),
      ...last.map(bill),
    ]),
  );
  await stack.crash();
  await producing;
  const mailsAtKill = await storedMails();
  run.atKill = {
    channelReceived: channelReceived.size,
    hooksReceived: hooksReceived.size,
    mailingStored: mailingMails(mailsAtKill).length,
    invoiceMails: invoiceMailsPerNumber(mailsAtKill).size,
    sms: crashSms().length,
  };

  // ---- the restart ---------------------------------------------------------------------------
  // Held without background work until the jobs are read as the kill left them.
  await stack.start({ holdWorker: true });
  store.close();
  store = openCrashStore(stack);
  run.jobsAtKill = await readJobs(store);
  await stack.startWorker();

  // The rest of the work, on the restarted stack.
  ({ client: admin } = await signedIn(demo.admin));
  await Promise.all([
    produce(lanes.channelReplies, () => run.accepted.channelReplies.length < size.channelReplies, channelReply),
    produce(lanes.projects, () => run.accepted.projects.length < size.projects, createProject),
    produce(lanes.telegramReplies, () => run.accepted.telegramReplies.length < size.telegramReplies, telegramReply),
    produce(
      lanes.scheduled,
      () => run.accepted.scheduled.length < size.scheduled,
      () => schedule(),
    ),
    // A request the kill cut off is not made again: whatever it stored is checked as it is.
    inLanes(
      run.clients.filter((client) => !asked.has(client.id)),
      lanes.resets,
      askForReset,
    ),
    inLanes(run.clients, lanes.bills, bill),
  ]);

  // Settled: nothing running, nothing due within a minute. Every outside call is a job's, so
  // nothing more goes out: what the fakes hold from here on is final (the old files killed the
  // stack a second time for that).
  await vi.waitFor(
    async () => {
      const busy = busyJobs(await readJobs(store as CrashStore), new Date(Date.now() + 60_000));
      expect(busy.map((job) => `${job.kind} ${job.status} ${job.runAt}`)).toEqual([]);
    },
    { ...patience, interval: 1_000 },
  );
}, 1_200_000);

afterAll(async () => {
  store?.close();
  await stack?.dispose();
  await Promise.all(outside.map((server) => server.close()));
  await telegram?.stop();
  if (ses) {
    ses.closeAllConnections();
    await new Promise((resolve) => ses.close(resolve));
  }
});

describe('one kill -9 with every kind of background work in flight, then one restart on the same data', () => {
  it('lands with work of every kind done, and of every paced kind unfinished', () => {
    // Reset codes go out in milliseconds (a file append, the local SES): whether one is still
    // queued at the kill is luck, so they only have to have been done; every other kind calls a
    // fake paced like the outside world, and must have been caught mid-way.
    const instant = new Set(['SMS', 'mail']);
    const unfinished = Object.entries(areas)
      .filter(([area]) => !instant.has(area))
      .filter(([, of]) => !run.jobsAtKill.some((job) => of(job) && isPending(job)))
      .map(([area]) => area);
    const notStarted = Object.entries(areas)
      .filter(([, of]) => !run.jobsAtKill.some((job) => of(job) && job.status === 'done'))
      .map(([area]) => area);
    console.log(
      `crash test: kill -9 with ${JSON.stringify(run.atKill)}; jobs not done per area: ` +
        JSON.stringify(
          Object.fromEntries(
            Object.entries(areas).map(([area, of]) => [
              area,
              run.jobsAtKill.filter((job) => of(job) && isPending(job)).length,
            ]),
          ),
        ),
    );
    expect(unfinished).toEqual([]);
    expect(notStarted).toEqual([]);
    expect(run.atKill.mailingStored).toBeLessThan(size.recipients);
  });

  it('delivers each channel reply once or shows it unknown: 0 duplicates, 0 lost', { timeout: 300_000 }, async () => {
    const { client: admin } = await signedIn(demo.admin);
    // Every reply of the chat: those answered 201, and any the kill cut off after it was stored.
    const settled = await vi.waitFor(async () => {
      const replies = (await allMessages(admin, run.webhookLeadId)).filter((message) => message.delivery);
      expect(replies.length).toBeGreaterThanOrEqual(run.accepted.channelReplies.length);
      expect(replies.filter((message) => message.delivery?.status === 'queued')).toEqual([]);
      return replies;
    }, patience);
    const ids = new Set(settled.map((message) => message.id));
    expect(run.accepted.channelReplies.filter((id) => !ids.has(id))).toEqual([]);

    const duplicates = [...channelReceived].filter(([, count]) => count > 1);
    const deliveredOnce = settled.filter(
      (message) =>
        ['sent', 'delivered'].includes(message.delivery?.status ?? '') && channelReceived.get(message.id) === 1,
    );
    const unknown = settled.filter((message) => message.delivery?.status === 'unknown');
    const lost = settled.filter((message) => !deliveredOnce.includes(message) && !unknown.includes(message));
    const midSend = runningAtKill(run.webhookChannelId);
    console.log(
      `crash test, channel replies: ${settled.length} replies; ${run.atKill.channelReceived} received at the kill, ` +
        `${midSend.size} mid-send; ${deliveredOnce.length} delivered once, ${unknown.length} shown unknown ` +
        `(${unknown.filter((message) => channelReceived.has(message.id)).length} of them had arrived), ` +
        `${duplicates.length} duplicates, ${lost.length} lost`,
    );
    expect(duplicates).toEqual([]);
    expect(lost.map((message) => [message.id, message.delivery])).toEqual([]);
    expect(deliveredOnce.length + unknown.length).toBe(settled.length);
    // A send the kill cut off is never made again by itself (at most once): it shows unknown.
    expect(settled.filter((message) => midSend.has(message.id)).map((message) => message.delivery?.status)).toEqual(
      [...midSend].map(() => 'unknown'),
    );
    // Nothing arrived that is not a reply of the chat.
    expect([...channelReceived.keys()].filter((id) => !ids.has(id))).toEqual([]);
  });

  it(
    'sends each Telegram reply and each scheduled message once or shows it unknown, every schedule into the chat once',
    { timeout: 300_000 },
    async () => {
      const { client: admin } = await signedIn(demo.admin);
      const settled = await vi.waitFor(async () => {
        const sent = (await allMessages(admin, run.telegramLeadId)).filter((message) => message.delivery);
        expect(sent.length).toBeGreaterThanOrEqual(run.accepted.telegramReplies.length + run.accepted.scheduled.length);
        expect(sent.filter((message) => message.delivery?.status === 'queued')).toEqual([]);
        return sent;
      }, patience);
      const ids = new Set(settled.map((message) => message.id));
      expect(run.accepted.telegramReplies.filter((id) => !ids.has(id))).toEqual([]);

      // Every schedule was sent (at least once: a run the kill cut off runs again), as one chat message.
      const schedules = await readScheduled(store as CrashStore, run.adminId, run.telegramLeadId);
      const acceptedSchedules = new Set(run.accepted.scheduled);
      expect(schedules.filter((each) => acceptedSchedules.has(each.id)).length).toBe(acceptedSchedules.size);
      expect(schedules.filter((each) => each.status !== 'sent').map((each) => [each.id, each.status])).toEqual([]);
      const listed = await call<ScheduledListResponse>(
        admin,
        'GET',
        `/api/apps/chat/chats/${run.telegramLeadId}/scheduled`,
      );
      expect(listed.scheduled).toEqual([]);
      const inChat = countBy(settled, (message) => message.message);
      expect(schedules.filter((each) => !ids.has(each.messageId ?? '')).map((each) => each.id)).toEqual([]);
      expect(schedules.filter((each) => inChat.get(each.message) !== 1).map((each) => each.message)).toEqual([]);

      // Each message reached Telegram once, or is shown unknown (then at most once); never twice.
      const calls = countBy(telegramTexts(), (text) => text);
      const twice = [...calls].filter(([, count]) => count > 1);
      const deliveredOnce = settled.filter(
        (message) => ['sent', 'delivered'].includes(message.delivery?.status ?? '') && calls.get(message.message) === 1,
      );
      const unknown = settled.filter((message) => message.delivery?.status === 'unknown');
      const lost = settled.filter((message) => !deliveredOnce.includes(message) && !unknown.includes(message));
      const midSend = runningAtKill(run.telegramChannelId);
      console.log(
        `crash test, Telegram: ${settled.length} messages (${schedules.length} scheduled); ${midSend.size} mid-send ` +
          `at the kill; ${deliveredOnce.length} sent once, ${unknown.length} shown unknown, ${twice.length} twice, ${lost.length} lost`,
      );
      expect(twice).toEqual([]);
      expect(lost.map((message) => [message.message, message.delivery])).toEqual([]);
      expect(settled.filter((message) => midSend.has(message.id)).map((message) => message.delivery?.status)).toEqual(
        [...midSend].map(() => 'unknown'),
      );
      // Nothing reached Telegram that is not a message of the chat.
      const texts = new Set(settled.map((message) => message.message));
      expect([...calls.keys()].filter((text) => !texts.has(text))).toEqual([]);
    },
  );

  it(
    'delivers every project.created under one webhook-id each, every delivery delivered: 0 lost',
    { timeout: 300_000 },
    async () => {
      const { client: admin } = await signedIn(demo.admin);
      // Every delivery of the subscription settles delivered (the log, page after page).
      const deliveries = await vi.waitFor(async () => {
        const all: WebhookDeliveryList['deliveries'] = [];
        let cursor: string | undefined;
        do {
          const page: WebhookDeliveryList = await call<WebhookDeliveryList>(
            admin,
            'GET',
            `/api/apps/integrations/webhooks/${run.webhookId}/deliveries?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          all.push(...page.deliveries);
          cursor = page.nextCursor;
        } while (cursor);
        expect(all.length).toBeGreaterThanOrEqual(run.accepted.projects.length);
        expect(all.filter((delivery) => delivery.status !== 'delivered')).toEqual([]);
        return all;
      }, patience);

      const idsPerProject = countBy([...hooksReceived.values()], (item) => item.projectId);
      const repeated = [...hooksReceived.values()].filter((item) => item.count > 1).length;
      console.log(
        `crash test, webhooks: ${deliveries.length} deliveries (${run.accepted.projects.length} projects answered 201); ` +
          `${run.atKill.hooksReceived} received at the kill; ${hooksReceived.size} webhook-ids received, ` +
          `${repeated} of them more than once (at-least-once after the kill)`,
      );
      // Nothing lost: every accepted project reached the receiver, and every delivery is one that arrived.
      expect(run.accepted.projects.filter((id) => !idsPerProject.has(id))).toEqual([]);
      expect(deliveries.filter((delivery) => !hooksReceived.has(delivery.id))).toEqual([]);
      // Nothing sent twice under another id: one webhook-id per project.
      expect([...idsPerProject].filter(([, ids]) => ids > 1)).toEqual([]);
      expect(hooksReceived.size).toBe(deliveries.length);
    },
  );

  it(
    'leaves mailing totals that equal the recipients’ statuses and add up, with no message sent twice',
    { timeout: 300_000 },
    async () => {
      const { client: admin } = await signedIn(demo.admin);
      const readMailing = async () =>
        (await call<{ mailing: Mailing }>(admin, 'GET', `/api/apps/mailings/${run.mailingId}`)).mailing;
      // The totals the API answers, and the recipients' statuses read from the table in between two
      // equal reads of them: SES's events still move recipients (sent → delivered) after `sent`,
      // each move and its count in one write, so they agree whenever nothing moves between.
      const { totals, inTable } = await vi.waitFor(async () => {
        const before = await readMailing();
        expect(before.state).toBe('sent');
        const counted = await recipientStatusCounts(store as CrashStore, run.mailingId);
        const after = await readMailing();
        expect(after.totals).toEqual(before.totals);
        return { totals: after.totals, inTable: counted };
      }, patience);
      const stored = mailingMails(await storedMails());
      const perAddress = countBy(
        stored.flatMap((mail) => [...new Set(mail.destination.to.map(bare))]),
        (address) => address,
      );
      const duplicates = [...perAddress].filter(([, count]) => count > 1);
      const statusTotals = mailingTotalNames.filter((name) => name !== 'recipients' && name !== 'replies');
      console.log(
        `crash test, mailing: ${run.atKill.mailingStored} of ${size.recipients} at the SES store at the kill; ` +
          `totals ${JSON.stringify(totals)}; statuses in the table ${JSON.stringify(inTable)}; ` +
          `${stored.length} messages stored, ${duplicates.length} duplicates`,
      );
      expect(totals.recipients).toBe(size.recipients);
      expect(Object.fromEntries(statusTotals.map((name) => [name, totals[name]]))).toEqual(
        Object.fromEntries(statusTotals.map((name) => [name, inTable[name] ?? 0])),
      );
      expect(statusTotals.reduce((sum, name) => sum + totals[name], 0)).toBe(totals.recipients);
      expect(totals.queued).toBe(0);
      expect(duplicates).toEqual([]);
    },
  );

  it(
    'bills each client once, mails each invoice once or shows it unknown, rewards each referral once',
    { timeout: 300_000 },
    async () => {
      const { client: admin } = await signedIn(demo.admin);
      // One invoice per client, for its first period, paid; the numbers unique and without a gap.
      const billed: InvoiceView[] = [];
      for (const client of run.clients)
        billed.push(
          ...(await call<InvoiceListResponse>(admin, 'GET', `${invoicePath}?clientId=${client.id}`)).invoices,
        );
      expect(billed.map((each) => [each.clientId, each.periodStart, each.status])).toEqual(
        run.clients.map((client) => [client.id, client.periodStart, 'paid']),
      );
      const sequences = billed.map((each) => Number(each.number?.split('-')[1])).sort((a, b) => a - b);
      expect(sequences).toEqual(sequences.map((_, i) => (sequences[0] ?? 0) + i));

      // Settled: each referral rewarded; each invoice mailed, or `unknown` when the kill cut off its
      // send (the documented outcome of an at-most-once job whose lease lapsed), never re-sent.
      const cutOff = run.jobsAtKill.filter((job) => job.kind === 'billing.invoice.email' && job.status === 'running');
      const settled = await vi.waitFor(async () => {
        const [{ account: referrals }, mails, work] = await Promise.all([
          call<ReferralAccountResponse>(admin, 'GET', `/api/apps/referrals/users/${run.referrerId}`),
          storedMails(),
          workList(admin),
        ]);
        const unknown = work.filter((item) => item.kind === 'billing.invoice.email');
        expect(referrals.counts).toEqual({ registered: 0, active: 0, rewarded: size.clients });
        expect(unknown.map((item) => [item.id, item.status, item.lastError]).sort()).toEqual(
          cutOff.map((job) => [job.id, 'unknown', lapsedError]).sort(),
        );
        const unknownIds = new Set(unknown.map((item) => item.id));
        const mailed = invoiceMailsPerNumber(mails);
        expect(
          billed.filter((each) => !mailed.has(each.number ?? '') && !unknownIds.has(`invoice-email#${each.id}`)),
        ).toEqual([]);
        return { referrals, unknownIds, mailed };
      }, patience);
      const { referrals, unknownIds, mailed } = settled; // 20 € a client, credited once each
      expect(referrals.referrals.map((each) => [each.stage, each.reward])).toEqual(
        Array.from({ length: size.clients }, () => ['rewarded', 2_000]),
      );
      const earned = size.clients * 2_000;
      expect(referrals.credits).toEqual([{ currency: 'EUR', earned, applied: 0, available: earned }]);

      // Nothing is left to run (the run's last wait), so no invoice will be mailed again: none was twice.
      const mailsOf = (each: InvoiceView) => mailed.get(each.number ?? '') ?? 0;
      const arrived = billed.filter((each) => unknownIds.has(`invoice-email#${each.id}`) && mailsOf(each) > 0);
      console.log(
        `crash test, invoices: ${run.atKill.invoiceMails} invoice mails stored at the kill, ${cutOff.length} mid-call; ` +
          `then ${unknownIds.size} mails unknown (${arrived.length} had arrived), ${mailed.size} invoices mailed, ` +
          `${billed.filter((each) => mailsOf(each) > 1).length} twice; numbers ${sequences[0]}–${sequences.at(-1)}`,
      );
      expect(billed.filter((each) => mailsOf(each) > 1)).toEqual([]);
    },
  );

  it(
    'sends each reset code by SMS and by mail once or shows it unknown: none lost, none twice',
    { timeout: 300_000 },
    async () => {
      const phones = new Set(run.clients.map((client) => client.phone));
      const emails = new Set(run.clients.map((client) => client.email));
      const jobs = (await readJobs(store as CrashStore)).filter((job) => ofKind(job, 'auth.reset-code'));
      const toOf = (job: JobRecord) => job.payload as { to: string; channel: 'sms' | 'email' };
      const smsJobs = jobs.filter((job) => toOf(job).channel === 'sms' && phones.has(toOf(job).to));
      const mailJobs = jobs.filter((job) => toOf(job).channel === 'email' && emails.has(toOf(job).to));
      // Every request answered 202 has both jobs (forgot-password writes them with the code).
      const byClient = (of: JobRecord[], address: (client: CrashClient) => string) =>
        run.clients.filter(
          (client) => run.accepted.resets.has(client.id) && !of.some((job) => toOf(job).to === address(client)),
        );
      expect(byClient(smsJobs, (client) => client.phone).map((client) => client.phone)).toEqual([]);
      expect(byClient(mailJobs, (client) => client.email).map((client) => client.email)).toEqual([]);

      const smsPerPhone = countBy(crashSms(), (sms) => sms.to);
      const mailsPerAddress = resetMailsPerAddress(await storedMails());
      const cutOff = new Set(
        run.jobsAtKill.filter((job) => ofKind(job, 'auth.reset-code') && job.status === 'running').map((job) => job.id),
      );
      /** Each job: done with exactly one message at its address, or unknown (the kill cut it off) with at most one. */
      const wrong = (of: JobRecord[], sent: Map<string, number>) =>
        of
          .map((job) => ({
            id: job.id,
            to: toOf(job).to,
            status: job.status,
            sent: sent.get(toOf(job).to) ?? 0,
            cutOff: cutOff.has(job.id),
          }))
          .filter((each) =>
            each.status === 'done'
              ? each.sent !== 1 || each.cutOff
              : each.status !== 'unknown' || each.sent > 1 || !each.cutOff,
          );
      console.log(
        `crash test, reset codes: ${smsJobs.length} by SMS (${run.atKill.sms} sent at the kill), ${mailJobs.length} by mail; ` +
          `${cutOff.size} mid-send at the kill; ${jobs.filter((job) => job.status === 'unknown').length} shown unknown`,
      );
      expect(wrong(smsJobs, smsPerPhone)).toEqual([]);
      expect(wrong(mailJobs, mailsPerAddress)).toEqual([]);
      // Nothing went out that no job asked for.
      expect([...smsPerPhone.keys()].filter((phone) => !smsJobs.some((job) => toOf(job).to === phone))).toEqual([]);
      expect(
        [...mailsPerAddress.keys()].filter((address) => !mailJobs.some((job) => toOf(job).to === address)),
      ).toEqual([]);
    },
  );
});
