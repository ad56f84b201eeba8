import { GetCommand } from '@aws-sdk/lib-dynamodb';

import { sendTextThroughChannel } from '../channels/send-service';
import { batchGet, ConditionFailed, db } from '../core/db';
import { findEmailChannel } from '../core/email-channel';
import { listSuppressedAddresses } from '../core/email-suppression';
import type { JobRegistry } from '../core/jobs/definition';
import { enqueueJob } from '../core/jobs/enqueue';
import { PermanentJobError, UnknownOutcomeError } from '../core/jobs/errors';
import { runnerSettings } from '../core/jobs/runner';
import { tableName } from '../core/table';
import { userEntity } from '../core/users/entities';
import { resolveAudience } from './audience-service';
import type { RecipientRecord } from './delivery-entities';
import { paceSends } from './delivery-pool';
import {
  existingRecipientIds,
  hasClaims,
  lapsedClaims,
  markAudienceFrozen,
  markSending,
  markSent,
  moveRecipient,
  nextQueued,
  putSesLink,
  readMailing,
  requeueRecipient,
  writeRecipients,
  type MailingForDelivery,
} from './delivery-repository';
import { addStartedPerMinute, readWindowCounts, reserveWindow, settleWindow } from './pacing-repository';
import './job-payloads';
import { buildMailingEmail, buildMailingText, sendMailingEmail } from './send-one';
import { batchSize, minuteOf, nextRoomAt, providerRate, roomIn, startedKey } from './throttle';

/**
 * The delivery's background work (docs/mailings.md, "Delivery"):
 * - `mailing.start` (at least once): scheduled → sending, the audience frozen into recipient
 *   items, the first batch queued. Run again, it writes only what is missing.
 * - `mailing.batch` (at least once): its own at-most-once per recipient: each send is claimed
 *   (queued → sending) before SES is called, and a claim a crash left behind becomes `unknown`,
 *   never sent again. Each batch reserves its sends in the mailing's 60 s window (throttle.ts,
 *   written on the version read) and queues the next batch, with an id derived from its own, at
 *   the time the throttle allows.
 * - `mailing.test` (at most once): the mailing to the admin who asked.
 */

/** A claim older than this was cut off by a crash (a batch finishes its sends within the call timeout). */
const staleClaimMs = () => 2 * runnerSettings().callTimeoutMs;
/** A batch starts sends for at most this long: half the job's call timeout (the rest is for the sends in flight). */
const batchSeconds = () => Math.max(1, Math.min(10, Math.floor(runnerSettings().callTimeoutMs / 2000)));
/** What a send in flight keeps of the call timeout for its result's writes. */
const resultMarginMs = 3_000;
/**
 * A send the pacer started just before its last moment may still be claiming: its reservation
 * lasts this much longer, and a provider call that would start after it is put back instead.
 */
const startSlackMs = 1_000;

const batchJobId = (mailingId: string, previous?: string): string => {
  const match = previous ? /^(.*)~(\d+)$/.exec(previous) : null;
  if (match) return `${match[1]}~${Number(match[2]) + 1}`;
  return `${previous ?? `mailing-batch-${mailingId}`}~1`;
};

/** The next batch, once (the same batch run twice queues the same id: the second is refused). */
const queueBatch = async (mailingId: string, id: string, runAt: Date, now: Date) => {
  try {
    await enqueueJob('mailing.batch', { mailingId }, { id, runAt, now, label: 'Mailing: next recipients' });
  } catch (error) {
    if (!(error instanceof ConditionFailed)) throw error;
  }
};

/* ---------- start ---------- */

const freezeAudience = async (mailing: MailingForDelivery, now: Date) => {
  const { members } = await resolveAudience(mailing.audience, mailing.channel, mailing.channelId);
  const existing = await existingRecipientIds(mailing.id);
  const missing: RecipientRecord[] = members
    .filter((member) => !existing.has(member.personId))
    .map((member) => ({
      mailingId: mailing.id,
      personId: member.personId,
      fullName: member.fullName,
      channel: mailing.channel,
      address: member.address,
      ...(member.channelId ? { channelId: member.channelId } : {}),
      language: member.language,
      status: 'queued',
      queuedAt: now.toISOString(),
    }));
  await writeRecipients(missing);
  const count = existing.size + missing.length;
  await markAudienceFrozen(mailing.id, count, count);
  return count;
};

/**
 * `version`: the mailing's version the schedule move wrote (mailing-service.ts). A start queued
 * by an earlier schedule (unscheduled, then scheduled again for another time) finds another
 * version and does nothing: only the latest schedule starts it, at its own time.
 */
export const startMailing = async (mailingId: string, version: number | undefined, now: Date) => {
  let mailing = await readMailing(mailingId);
  if (!mailing) return { skipped: 'no such mailing' };
  if (mailing.state === 'scheduled') {
    if (version !== undefined && mailing.version !== version) return { skipped: 'an earlier schedule' };
    if (await markSending(mailingId, mailing.version, now)) mailing = await readMailing(mailingId);
  }
  if (!mailing || (mailing.state !== 'sending' && mailing.state !== 'paused')) return { skipped: 'not sending' };
  // Recipients are written before any batch may run (a batch waits for audienceFrozen), so a
  // start run again never overwrites a recipient a batch has touched.
  const recipients = mailing.audienceFrozen
    ? Number(mailing.baseTotals.recipients ?? 0)
    : await freezeAudience(mailing, now);
  await queueBatch(mailingId, batchJobId(mailingId), now, now);
  return { recipients };
};

/* ---------- batch ---------- */

interface SendContext {
  readonly mailing: MailingForDelivery;
  readonly now: () => Date;
  /** The time limit of one provider call (its own, not the job's: see sendSignal). */
  readonly sendSignal: () => AbortSignal;
  readonly optedOut: ReadonlySet<string>;
  readonly suppressed: ReadonlySet<string>;
  /** The email channel (email mailings), when connected and not paused. */
  readonly channel: { fromAddress: string; fromName: string } | undefined;
  /** Who the footer says the message is from (Telegram mailings). */
  readonly senderName: string;
  /** No provider call starts at or after this (ms): the end of the batch's reservation. */
  readonly startBy: number;
  /** A provider call started at `atMs` (a send that counts in the throttle's window). */
  readonly started: (atMs: number) => void;
  /** The provider asked to wait until `untilMs` (Telegram's 429): the batch starts no send before. */
  readonly holdUntil: (untilMs: number) => void;
}

/** `put-off`: claimed, then back in the queue unsent (a 429, or too late to start in this batch). */
type SendOutcome = 'sent' | 'failed' | 'opted_out' | 'unknown' | 'lost-claim' | 'put-off';

const answeredStatus = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

const settleWithout = async (
  recipient: RecipientRecord,
  status: 'failed' | 'opted_out',
  detail: string,
  now: Date,
): Promise<SendOutcome> =>
  (await moveRecipient(recipient.mailingId, recipient.personId, 'queued', status, now, { detail }))
    ? status
    : 'lost-claim';

type ProviderOutcome =
  | { readonly status: 'sent'; readonly providerMessageId?: string }
  | { readonly status: 'rate-limited'; readonly retryAfterSeconds: number; readonly detail: string }
  | { readonly status: 'failed' | 'unknown'; readonly detail: string };

const errorDetail = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** The email through SES: an answer with an error status sent nothing; no answer may have. */
const sendByEmail = async (
  recipient: RecipientRecord,
  context: SendContext,
  channel: { fromAddress: string; fromName: string },
): Promise<ProviderOutcome> => {
  const { mailing } = context;
  let raw: Buffer;
  try {
    raw = await buildMailingEmail(
      { mailingId: mailing.id, subject: mailing.subject, html: mailing.html },
      recipient,
      channel,
    );
  } catch (error) {
    return { status: 'failed', detail: errorDetail(error) };
  }
  let messageId: string;
  try {
    ({ messageId } = await sendMailingEmail(raw, recipient.address, context.sendSignal()));
  } catch (error) {
    return { status: answeredStatus(error) === undefined ? 'unknown' : 'failed', detail: errorDetail(error) };
  }
  return { status: 'sent', providerMessageId: messageId };
};

/**
 * The message through the mailing's Telegram channel (the channels' own transport), to the chat
 * the person is known by on that channel (sendOne checks the recipient was frozen on it).
 */
const sendByTelegram = async (
  recipient: RecipientRecord,
  context: SendContext,
  channelId: string,
): Promise<ProviderOutcome> => {
  const { mailing } = context;
  let text: string;
  try {
    text = await buildMailingText(
      { mailingId: mailing.id, subject: mailing.subject, html: mailing.html },
      recipient,
      context.senderName,
    );
  } catch (error) {
    return { status: 'failed', detail: errorDetail(error) };
  }
  return sendTextThroughChannel(
    channelId,
    recipient.address,
    text,
    `${mailing.id}#${recipient.personId}`,
    context.sendSignal(),
  );
};

const sendOne = async (recipient: RecipientRecord, context: SendContext): Promise<SendOutcome> => {
  const { mailing } = context;
  const now = context.now();
  if (context.optedOut.has(recipient.personId)) return settleWithout(recipient, 'opted_out', 'Opted out', now);
  const email = context.channel;
  if (mailing.channel === 'email') {
    if (!email) return settleWithout(recipient, 'failed', 'No email channel is connected', now);
    if (context.suppressed.has(recipient.address.toLowerCase()))
      return settleWithout(recipient, 'failed', 'Suppressed after a bounce or complaint', now);
  }
  // A Telegram mailing goes only through its own channel: a chat on another bot is not this one's.
  const telegramChannelId = mailing.channel === 'telegram' ? mailing.channelId : undefined;
  if (mailing.channel === 'telegram' && (!telegramChannelId || recipient.channelId !== telegramChannelId))
    return settleWithout(recipient, 'failed', 'Not known on the mailing’s Telegram channel', now);

  // The claim: from here this recipient is never sent again by any worker.
  if (!(await moveRecipient(mailing.id, recipient.personId, 'queued', 'sending', now))) return 'lost-claim';
  const callAt = Date.now();
  // Past the batch's reservation the call would not count in the throttle's window: next batch.
  if (callAt >= context.startBy)
    return (await requeueRecipient(mailing.id, recipient.personId)) ? 'put-off' : 'lost-claim';
  const outcome =
    mailing.channel === 'email' && email
      ? await sendByEmail(recipient, context, email)
      : await sendByTelegram(recipient, context, telegramChannelId ?? '');
  if (outcome.status === 'rate-limited') {
    // Telegram sent nothing and said when to try again: the channel waits, the recipient queues.
    context.holdUntil(Date.now() + outcome.retryAfterSeconds * 1000);
    return (await requeueRecipient(mailing.id, recipient.personId)) ? 'put-off' : 'lost-claim';
  }
  context.started(callAt);
  if (outcome.status !== 'sent') {
    // Unknown (no answer: it may have left) is shown and never repeated; failed sent nothing.
    await moveRecipient(mailing.id, recipient.personId, 'sending', outcome.status, context.now(), {
      detail: outcome.detail,
    });
    return outcome.status;
  }
  const sentAt = context.now().toISOString();
  const extra = { sentAt, ...(outcome.providerMessageId ? { providerMessageId: outcome.providerMessageId } : {}) };
  // It left: the SES link (which the SES events find the recipient by) is written beside the move
  // to sent, not before it, so the recipient is `sent` as soon as can be (an opt-out through the
  // mail's link moves a sent recipient). A link that fails to record costs only this send's events.
  await Promise.all([
    moveRecipient(mailing.id, recipient.personId, 'sending', 'sent', context.now(), extra),
    mailing.channel === 'email' && outcome.providerMessageId
      ? putSesLink({ sesMessageId: outcome.providerMessageId, mailingId: mailing.id, personId: recipient.personId })
          .then(() => undefined)
          .catch(() => undefined)
      : Promise.resolve(),
  ]);
  return 'sent';
};

/** Claims a crash cut off: `unknown` (the mail may have left), never sent again. */
const settleLapsedClaims = async (mailingId: string, now: Date) => {
  const lapsed = await lapsedClaims(mailingId, new Date(now.getTime() - staleClaimMs()));
  for (const recipient of lapsed) {
    const detail = 'The send was cut off: it may or may not have been delivered';
    await moveRecipient(mailingId, recipient.personId, 'sending', 'unknown', now, { detail });
  }
};

/**
 * A cancelled mailing's remaining recipients become `cancelled`, a page at a time, each move a
 * transaction of its own with its count: grouped, one recipient claimed meanwhile would cancel
 * the whole group's transaction, and a page is settled once, not on the user's request.
 */
const cancelRemaining = async (mailingId: string, jobId: string, now: Date) => {
  const queued = await nextQueued(mailingId, 200);
  let cancelled = 0;
  for (const recipient of queued)
    if (await moveRecipient(mailingId, recipient.personId, 'queued', 'cancelled', now)) cancelled += 1;
  if (queued.length === 200) await queueBatch(mailingId, batchJobId(mailingId, jobId), now, now);
  return { cancelled };
};

const readOptedOut = async (recipients: readonly RecipientRecord[]): Promise<Set<string>> => {
  const items = await batchGet(
    recipients.map((recipient) => userEntity.key(recipient.personId)),
    { consistent: true, projection: { expression: 'id, mailingOptOut' } },
  );
  return new Set(items.filter((item) => item.mailingOptOut !== undefined).map((item) => String(item.id)));
};

export const runBatch = async (mailingId: string, jobId: string, signal: AbortSignal) => {
  // The job's call timeout counts from about here: sends start only in its first half, and each
  // send's own time limit ends before it (the runner's abort must never cut a send in flight).
  const startedAt = Date.now();
  const callTimeoutMs = runnerSettings().callTimeoutMs;
  const now = new Date(startedAt);
  const mailing = await readMailing(mailingId);
  if (!mailing) return { stopped: 'no such mailing' };
  if (mailing.state === 'cancelled') return cancelRemaining(mailingId, jobId, now);
  if (mailing.state !== 'sending' || !mailing.audienceFrozen) return { stopped: mailing.state };
  await settleLapsedClaims(mailingId, now);

  const perMinute = mailing.throttlePerMinute;
  const limited = perMinute > 0;
  const perSecond = Math.max(1, Math.floor(providerRate(mailing.channel)));
  const window = limited ? await readWindowCounts(mailingId) : {};
  const size = batchSize({
    providerPerSecond: perSecond,
    batchSeconds: batchSeconds(),
    room: limited ? roomIn(window, perMinute, startedAt) : undefined,
  });
  const nextId = batchJobId(mailingId, jobId);
  if (size === 0) {
    const at = nextRoomAt(window, perMinute, startedAt);
    await queueBatch(mailingId, nextId, at, now);
    return { sent: 0, waitUntil: at.toISOString() };
  }
  const queued = await nextQueued(mailingId, size);
  if (queued.length === 0) {
    if (await hasClaims(mailingId)) {
      // Sends in flight (another batch) or cut off (they lapse into unknown): look again later.
      await queueBatch(mailingId, nextId, new Date(now.getTime() + 5_000), now);
      return { sent: 0, waiting: 'claims in flight' };
    }
    return { finished: await markSent(mailing, now) };
  }
  const sendUntil = startedAt + batchSeconds() * 1000;
  // Durable before any send starts: a crash from here wastes these places, never exceeds them.
  const reservation = limited
    ? await reserveWindow(mailingId, queued.length, perMinute, sendUntil + startSlackMs)
    : { granted: queued.length, key: '', counts: {} };
  if (reservation.granted === 0) {
    const at = nextRoomAt(reservation.counts, perMinute, Date.now());
    await queueBatch(mailingId, nextId, at, now);
    return { sent: 0, waitUntil: at.toISOString() };
  }
  const take = queued.slice(0, reservation.granted);
  const [optedOut, suppressed, emailChannel] = await Promise.all([
    readOptedOut(take),
    mailing.channel === 'email' ? listSuppressedAddresses() : Promise.resolve(new Set<string>()),
    findEmailChannel(),
  ]);
  const callEndsAt = startedAt + callTimeoutMs;
  const startedKeys: Record<string, number> = {};
  const startedMinutes: Record<string, number> = {};
  let heldUntil = 0;
  const context: SendContext = {
    mailing,
    now: () => new Date(),
    // Started before half the call timeout, a send has at least the other half less the margin.
    sendSignal: () =>
      AbortSignal.timeout(Math.max(1_000, Math.min(callTimeoutMs / 2, callEndsAt - resultMarginMs - Date.now()))),
    optedOut,
    suppressed,
    channel: emailChannel && !emailChannel.paused ? emailChannel : undefined,
    senderName: emailChannel?.fromName || 'Orbit',
    startBy: limited ? Number(reservation.key) * 1000 : Number.POSITIVE_INFINITY,
    started: (atMs) => {
      const key = startedKey(atMs);
      startedKeys[key] = (startedKeys[key] ?? 0) + 1;
      const minute = minuteOf(new Date(atMs));
      startedMinutes[minute] = (startedMinutes[minute] ?? 0) + 1;
    },
    holdUntil: (untilMs) => {
      heldUntil = Math.max(heldUntil, untilMs);
    },
  };
  const counts: Record<SendOutcome, number> = {
    sent: 0,
    failed: 0,
    opted_out: 0,
    unknown: 0,
    'lost-claim': 0,
    'put-off': 0,
  };
  // Sends start within the first half of the call timeout (and the reservation). What the time,
  // the channel's rate (every mailing together) or a provider's wait does not allow stays queued
  // for the next batch.
  await paceSends({
    items: take,
    rateKey: mailing.channel === 'email' ? 'email' : `telegram#${mailing.channelId ?? ''}`,
    perSecond,
    sendUntil,
    stopped: () => signal.aborted,
    heldUntil: () => heldUntil,
    send: async (recipient) => {
      counts[await sendOne(recipient, context)] += 1;
    },
  });
  // The reservation becomes the sends really started, by their start; the rest comes back.
  const settled = limited
    ? await settleWindow(mailingId, { key: reservation.key, count: reservation.granted }, startedKeys)
    : {};
  await addStartedPerMinute(mailingId, startedMinutes);
  const after = Date.now();
  // The queue ran dry (fewer were left than the batch could take, and none was put off): the
  // next batch only finishes the mailing, at once.
  const processed = counts.sent + counts.unknown + counts.failed + counts.opted_out + counts['lost-claim'];
  const drained = queued.length < size && take.length === queued.length && processed >= take.length;
  const roomAt = drained ? after : nextRoomAt(settled, perMinute, after).getTime();
  const nextAt = new Date(Math.max(roomAt, heldUntil, after));
  await queueBatch(mailingId, nextId, nextAt, new Date(after));
  return counts;
};

/* ---------- test ---------- */

export const sendTest = async (mailingId: string, userId: string, signal: AbortSignal) => {
  const mailing = await readMailing(mailingId);
  if (!mailing) throw new PermanentJobError('The mailing is gone');
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: userEntity.key(userId) }));
  const address = typeof Item?.email === 'string' ? Item.email : '';
  if (!address) throw new PermanentJobError('The user has no email address');
  const channel = await findEmailChannel();
  if (!channel || channel.paused) throw new PermanentJobError('No email channel is connected');
  const language = Item?.language === 'fr' || Item?.language === 'ar' ? Item.language : 'en';
  const raw = await buildMailingEmail(
    { mailingId, subject: mailing.subject, html: mailing.html },
    { personId: userId, fullName: String(Item?.fullName ?? ''), address, language },
    channel,
    { test: true },
  );
  try {
    const { messageId } = await sendMailingEmail(raw, address, signal);
    return { messageId };
  } catch (error) {
    if (answeredStatus(error) === undefined)
      throw new UnknownOutcomeError('SES did not answer: the test may have been sent', { cause: error });
    throw new PermanentJobError(`SES refused the test: ${error instanceof Error ? error.message : String(error)}`);
  }
};

export const deliveryJobs = {
  'mailing.start': {
    delivery: 'at-least-once',
    run: ({ mailingId, version }, { now }) => startMailing(mailingId, version, now),
  },
  'mailing.batch': {
    delivery: 'at-least-once',
    run: ({ mailingId }, { job, signal }) => runBatch(mailingId, job.id, signal),
  },
  'mailing.test': {
    delivery: 'at-most-once',
    run: ({ mailingId, userId }, { signal }) => sendTest(mailingId, userId, signal),
  },
} satisfies JobRegistry;
