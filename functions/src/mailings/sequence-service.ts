import { authorize } from '../core/authorize';
import type { Caller } from '../core/caller';
import { ConditionFailed } from '../core/db';
import { ConflictError, NotFoundError, ValidationError, type FieldErrors } from '../core/errors';
import { htmlToText, sanitizeMailHtml } from '../core/html-sanitize';
import { ulid } from '../core/ids';
import { mailingMessages as m } from './messages';
import type {
  CreateSequenceRequest,
  Enrolment,
  EnrolmentListResponse,
  EnrolmentStatus,
  Sequence,
  SequenceEnrolmentCounts,
  SequenceListResponse,
  SequenceResponse,
  SequenceStepInput,
  SequenceStepStats,
} from './sequence-contract';
import type { EnrolmentRecord, SequenceRecord, StepStatsRecord } from './sequence-entities';
import {
  countEnrolments,
  deleteSequenceItem,
  endEnrolment,
  getSequence,
  insertSequence,
  listActiveEnrolments,
  listEnrolments,
  listSequences,
  listStepStats,
  replaceSequence,
} from './sequence-repository';
import { templateErrorMessages } from './variables';

/**
 * Sequences (docs/mailings.md, "Sequences"): the `Mailing` subject's rights (read, create,
 * update, delete). Who enters and leaves is the contact events' work (contact-events-job.ts).
 */

type SequenceInput = Omit<CreateSequenceRequest, 'active'> & { readonly active: boolean };

const zeroStats: SequenceStepStats = { sent: 0, delivered: 0, failed: 0, optedOut: 0, replies: 0 };

const noEnrolments: SequenceEnrolmentCounts = { total: 0, active: 0 };

export const toSequence = (
  record: SequenceRecord,
  stats: readonly StepStatsRecord[],
  enrolments: SequenceEnrolmentCounts = noEnrolments,
): Sequence => ({
  id: record.id,
  name: record.name,
  channel: record.channel,
  trigger: record.trigger,
  steps: record.steps.map((step, index) => {
    const counted = stats.find((entry) => entry.step === index);
    return {
      ...step,
      stats: {
        sent: counted?.sent ?? zeroStats.sent,
        delivered: counted?.delivered ?? zeroStats.delivered,
        failed: counted?.failed ?? zeroStats.failed,
        optedOut: counted?.optedOut ?? zeroStats.optedOut,
        replies: counted?.replies ?? zeroStats.replies,
      },
    };
  }),
  active: record.active,
  enrolments,
  version: record.version,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

const toEnrolment = (record: EnrolmentRecord): Enrolment => ({
  personId: record.personId,
  fullName: record.fullName,
  status: record.status,
  step: record.step,
  enrolledAt: record.enrolledAt,
  updatedAt: record.updatedAt,
  ...(record.lastSentAt ? { lastSentAt: record.lastSentAt } : {}),
});

/**
 * The steps as stored: each body sanitised as a mailing's is (it goes out as HTML and the editor
 * shows it); 400 for a body left empty by the sanitiser or a variable no one knows.
 */
const cleanSteps = (steps: readonly { delayDays: number; subject?: string; html: string }[]): SequenceStepInput[] => {
  const errors: FieldErrors = {};
  const add = (field: string, messages: string[]) => {
    if (messages.length > 0) errors[field] = [...(errors[field] ?? []), ...messages];
  };
  const clean = steps.map((step, index) => {
    const html = sanitizeMailHtml(step.html).html;
    if (htmlToText(html).trim() === '' && !/<img\b/i.test(html)) add(`steps.${index}.html`, [m.bodyRequired]);
    add(`steps.${index}.subject`, templateErrorMessages(step.subject ?? ''));
    add(`steps.${index}.html`, templateErrorMessages(html));
    return { delayDays: step.delayDays, subject: step.subject ?? '', html };
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return clean;
};

const requireSequence = async (id: string): Promise<SequenceRecord> => {
  const record = await getSequence(id);
  if (!record) throw new NotFoundError('Sequence not found');
  return record;
};

const withStats = async (record: SequenceRecord): Promise<Sequence> => {
  const [stats, enrolments] = await Promise.all([listStepStats(record.id), countEnrolments(record.id)]);
  return toSequence(record, stats, enrolments);
};

export const listSequencesFor = async (caller: Caller): Promise<SequenceListResponse> => {
  authorize(caller.ability, 'read', 'Mailing');
  const records = await listSequences();
  return { sequences: await Promise.all(records.map(withStats)) };
};

export const getSequenceFor = async (caller: Caller, request: () => { id: string }): Promise<SequenceResponse> => {
  authorize(caller.ability, 'read', 'Mailing');
  return { sequence: await withStats(await requireSequence(request().id)) };
};

export const createSequence = async (
  caller: Caller,
  request: () => SequenceInput,
  now = new Date(),
): Promise<SequenceResponse> => {
  authorize(caller.ability, 'create', 'Mailing');
  const input = request();
  const steps = cleanSteps(input.steps);
  const record: SequenceRecord = {
    id: ulid(now.getTime()),
    name: input.name,
    channel: input.channel,
    trigger: input.trigger,
    steps,
    active: input.active,
    createdBy: caller.principal.userId,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    version: 1,
  };
  await insertSequence(record);
  return { sequence: toSequence(record, []) };
};

export const updateSequence = async (
  caller: Caller,
  request: () => SequenceInput & { readonly id: string; readonly version: number },
  now = new Date(),
): Promise<SequenceResponse> => {
  authorize(caller.ability, 'update', 'Mailing');
  const input = request();
  const steps = cleanSteps(input.steps);
  const current = await requireSequence(input.id);
  const stale = () => new ConflictError({ version: ['This sequence was changed meanwhile: reload it'] });
  if (current.version !== input.version) throw stale();
  const next: SequenceRecord = {
    ...current,
    name: input.name,
    channel: input.channel,
    trigger: input.trigger,
    steps,
    active: input.active,
    updatedAt: now.toISOString(),
    version: current.version + 1,
  };
  try {
    await replaceSequence(next, current.version);
  } catch (error) {
    if (error instanceof ConditionFailed) {
      if (!(await getSequence(input.id))) throw new NotFoundError('Sequence not found');
      throw stale();
    }
    throw error;
  }
  return { sequence: await withStats(next) };
};

/** The sequence goes and everyone in it stops (a step job that comes later finds nothing). */
export const deleteSequence = async (caller: Caller, request: () => { id: string }, now = new Date()) => {
  authorize(caller.ability, 'delete', 'Mailing');
  const { id } = request();
  if (!(await deleteSequenceItem(id))) throw new NotFoundError('Sequence not found');
  for (const enrolment of await listActiveEnrolments(id)) await endEnrolment(id, enrolment.personId, 'stopped', now);
};

export const listEnrolmentsFor = async (
  caller: Caller,
  request: () => { id: string; status?: EnrolmentStatus; cursor?: string; limit: number },
): Promise<EnrolmentListResponse> => {
  authorize(caller.ability, 'read', 'Mailing');
  const { id, ...options } = request();
  await requireSequence(id);
  const page = await listEnrolments(id, options);
  if (page === 'bad-cursor') throw new ValidationError({ cursor: ['Invalid cursor'] });
  return {
    enrolments: page.enrolments.map(toEnrolment),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
};
