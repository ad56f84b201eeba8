import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../core/errors';
import { htmlToText, sanitizeMailHtml } from '../core/html-sanitize';
import { ulid } from '../core/ids';
import { jobPart } from '../core/jobs/enqueue';
import { listTelegramChannels } from '../core/telegram-channels';
import { getUserById } from '../core/users/repository';
import { mailingLimits, type Mailing, type MailingList, type MailingPreview } from './contract';
import './job-payloads';
import {
  deleteDraftMailing,
  getMailing,
  insertMailing,
  listMailings,
  moveMailing,
  saveDraftMailing,
  type MailingSummaryRecord,
} from './mailing-repository';
import { mailingMessages as m } from './messages';
import { zeroTotals, type MailingRecord, type MailingState } from './records';
import type { CreateMailingRequest, TransitionRequest, UpdateMailingRequest } from './requests';
import { isEditable, transitionTo, type TransitionKind } from './transitions';
import { renderTemplate, templateErrorMessages } from './variables';

/**
 * Mailings (docs/mailings.md, "States"): drafts whose content changes from the version read,
 * the state moves a person asks for, and the preview. Every route authorises the `Mailing`
 * subject before it reads anything (403 for roles without it), then 404s an unknown id. A stale
 * version or a move the state does not allow is a 409 with the mailing as it is now.
 */

const toMailing = (record: MailingRecord): Mailing => record;
const toSummary = (record: MailingSummaryRecord) => record;

const conflict = (current: MailingRecord, field: string, message: string) =>
  new ConflictError({ [field]: [message] }, toMailing(current));

const existing = async (id: string): Promise<MailingRecord> => {
  const mailing = await getMailing(id);
  if (!mailing) throw new NotFoundError('Mailing not found');
  return mailing;
};

/** After a lost condition: 404 when it is gone, else a 409 with it as it is now. */
const lost = async (id: string, field: string, message: string): Promise<never> => {
  throw conflict(await existing(id), field, message);
};

/** The sanitised body; 400 when it is too large to store. */
const cleanHtml = (html: string): string => {
  const clean = sanitizeMailHtml(html).html;
  if (Buffer.byteLength(clean, 'utf8') > mailingLimits.htmlMaxBytes)
    throw new ValidationError({ html: [m.bodyTooLong] });
  return clean;
};

/** What saving refuses whatever the state: variables no one knows. */
const contentErrors = (mailing: Pick<MailingRecord, 'subject' | 'html'>): FieldErrors => {
  const errors: FieldErrors = {};
  const subject = templateErrorMessages(mailing.subject);
  const html = templateErrorMessages(mailing.html);
  if (subject.length > 0) errors.subject = subject;
  if (html.length > 0) errors.html = html;
  return errors;
};

/** What scheduling needs on top: a subject (email), a channel (Telegram), a body. */
const sendableErrors = (mailing: MailingRecord): FieldErrors => {
  const errors = contentErrors(mailing);
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (mailing.channel === 'email' && mailing.subject.trim() === '') add('subject', m.subjectRequired);
  if (mailing.channel === 'telegram' && !mailing.channelId) add('channelId', m.channelIdRequired);
  if (htmlToText(mailing.html).trim() === '' && !/<img\b/i.test(mailing.html)) add('html', m.bodyRequired);
  return errors;
};

/** A Telegram mailing's channel is one of the workspace's Telegram channels (read only when named). */
const channelErrors = async (mailing: MailingRecord): Promise<FieldErrors> => {
  if (mailing.channel !== 'telegram' || !mailing.channelId) return {};
  const channels = await listTelegramChannels();
  return channels.some((channel) => channel.id === mailing.channelId) ? {} : { channelId: [m.channelIdUnknown] };
};

const refuseErrors = (errors: FieldErrors) => {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
};

export const listAllMailings = async (
  caller: Caller,
  query: () => { state?: MailingState | undefined; cursor?: string | undefined; limit: number },
): Promise<MailingList> => {
  authorize(caller.ability, 'read', 'Mailing');
  const { state, cursor, limit } = query();
  const page = await listMailings({ state, before: cursor, limit });
  const last = page.mailings.at(-1);
  return { mailings: page.mailings.map(toSummary), ...(page.more && last ? { nextCursor: last.id } : {}) };
};

export const createMailing = async (caller: Caller, request: () => CreateMailingRequest): Promise<Mailing> => {
  authorize(caller.ability, 'create', 'Mailing');
  const input = request();
  const now = new Date().toISOString();
  const mailing: MailingRecord = {
    id: ulid(),
    name: input.name,
    channel: input.channel,
    ...(input.channel === 'telegram' && input.channelId ? { channelId: input.channelId } : {}),
    subject: input.subject,
    html: cleanHtml(input.html),
    audience: input.audience,
    state: 'draft',
    throttlePerMinute: input.throttlePerMinute,
    totals: zeroTotals(),
    createdBy: caller.principal.userId,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  refuseErrors({ ...contentErrors(mailing), ...(await channelErrors(mailing)) });
  await insertMailing(mailing);
  return toMailing(mailing);
};

export const getOneMailing = async (caller: Caller, id: string): Promise<Mailing> => {
  authorize(caller.ability, 'read', 'Mailing');
  return toMailing(await existing(id));
};

export const updateMailing = async (
  caller: Caller,
  id: string,
  request: () => UpdateMailingRequest,
): Promise<Mailing> => {
  authorize(caller.ability, 'update', 'Mailing');
  const current = await existing(id);
  const input = request();
  if (current.version !== input.version) throw conflict(current, 'version', m.staleVersion);
  if (!isEditable(current.state)) throw conflict(current, 'state', m.notEditable);
  const channel = input.channel ?? current.channel;
  const channelId = input.channelId === null ? undefined : (input.channelId ?? current.channelId);
  const { channelId: _dropped, ...rest } = current;
  const next: MailingRecord = {
    ...rest,
    name: input.name ?? current.name,
    channel,
    ...(channel === 'telegram' && channelId ? { channelId } : {}),
    subject: input.subject ?? current.subject,
    html: input.html === undefined ? current.html : cleanHtml(input.html),
    audience: input.audience ?? current.audience,
    throttlePerMinute: input.throttlePerMinute ?? current.throttlePerMinute,
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
  };
  refuseErrors({ ...contentErrors(next), ...(await channelErrors(next)) });
  try {
    await saveDraftMailing(next, input.version);
  } catch (error) {
    if (error instanceof ConditionFailed) return lost(id, 'version', m.staleVersion);
    throw error;
  }
  return toMailing(next);
};

export const deleteMailing = async (caller: Caller, id: string, version: () => number | undefined): Promise<void> => {
  authorize(caller.ability, 'delete', 'Mailing');
  const current = await existing(id);
  const read = version();
  if (read !== undefined && read !== current.version) throw conflict(current, 'version', m.staleVersion);
  if (!isEditable(current.state)) throw conflict(current, 'state', m.notDeletable);
  try {
    await deleteDraftMailing(id, read);
  } catch (error) {
    if (error instanceof ConditionFailed) return lost(id, 'version', m.staleVersion);
    throw error;
  }
};

const dayMs = 24 * 60 * 60 * 1000;

/** The schedule of a schedule move: a future time within the limit, or now. */
const scheduleOf = (input: TransitionRequest, now: Date) => {
  if (!input.schedule) return { at: now.toISOString(), timeZone: 'UTC' };
  const at = Date.parse(input.schedule.at);
  if (at <= now.getTime()) throw new ValidationError({ 'schedule.at': [m.atPast] });
  if (at > now.getTime() + mailingLimits.scheduleMaxDays * dayMs) {
    throw new ValidationError({ 'schedule.at': [m.atTooFar] });
  }
  return input.schedule;
};

/** What a move writes besides the state, and the jobs it queues with it (the outbox). */
const effectsOf = (kind: TransitionKind, mailing: MailingRecord, input: TransitionRequest, now: Date) => {
  const nextVersion = mailing.version + 1;
  switch (kind) {
    case 'schedule': {
      const schedule = scheduleOf(input, now);
      const start = jobPart(
        'mailing.start',
        { mailingId: mailing.id, version: nextVersion },
        {
          runAt: new Date(schedule.at),
          id: `mailing.start#${mailing.id}#${nextVersion}`,
          label: `Start the mailing “${mailing.name.slice(0, 80)}”`,
          now,
        },
      );
      return { set: { schedule }, parts: [start.part] };
    }
    case 'unschedule':
      // The start job stays queued: it finds the mailing no longer scheduled at its version.
      return { set: { schedule: undefined }, parts: [] };
    case 'resume': {
      const batch = jobPart(
        'mailing.batch',
        { mailingId: mailing.id, version: nextVersion },
        {
          id: `mailing.batch#${mailing.id}#resume#${nextVersion}`,
          label: `Resume the mailing “${mailing.name.slice(0, 80)}”`,
          now,
        },
      );
      return { set: {}, parts: [batch.part] };
    }
    case 'pause':
      return { set: {}, parts: [] };
    case 'cancel': {
      // A batch settles the recipients still queued as `cancelled` (delivery-jobs.ts): a paused
      // mailing has no batch of its own to do it.
      const settle = jobPart(
        'mailing.batch',
        { mailingId: mailing.id, version: nextVersion },
        {
          id: `mailing.batch#${mailing.id}#cancel#${nextVersion}`,
          label: `Cancel the mailing “${mailing.name.slice(0, 80)}”`,
          now,
        },
      );
      return { set: { cancelledAt: now.toISOString() }, parts: [settle.part] };
    }
  }
};

export const transitionMailing = async (
  caller: Caller,
  id: string,
  request: () => TransitionRequest,
): Promise<Mailing> => {
  authorize(caller.ability, 'update', 'Mailing');
  const current = await existing(id);
  const input = request();
  if (current.version !== input.version) throw conflict(current, 'version', m.staleVersion);
  const kind = transitionTo(current.state, input.to);
  if (!kind) throw conflict(current, 'to', m.transitionRefused);
  if (kind === 'schedule') refuseErrors(sendableErrors(current));
  const now = new Date();
  const { set, parts } = effectsOf(kind, current, input, now);
  try {
    await moveMailing({
      id,
      from: current.state,
      readVersion: current.version,
      to: input.to,
      now: now.toISOString(),
      set,
      parts,
    });
  } catch (error) {
    if (error instanceof ConditionFailed) return lost(id, 'version', m.staleVersion);
    throw error;
  }
  const moved: Record<string, unknown> = {
    ...current,
    ...set,
    state: input.to,
    version: current.version + 1,
    updatedAt: now.toISOString(),
  };
  for (const [field, value] of Object.entries(set)) if (value === undefined) delete moved[field];
  return toMailing(moved as unknown as MailingRecord);
};

export const previewMailing = async (
  caller: Caller,
  id: string,
  request: () => { personId: string },
): Promise<MailingPreview> => {
  authorize(caller.ability, 'read', 'Mailing');
  const mailing = await existing(id);
  const { personId } = request();
  const person = await getUserById(personId);
  if (!person) throw new NotFoundError('Person not found');
  return {
    subject: renderTemplate(mailing.subject, person, { escapeHtml: false }),
    html: renderTemplate(mailing.html, person, { escapeHtml: true }),
  };
};
