import type {
  ContactStatus,
  CreateSequenceRequest,
  EnrolmentStatus,
  Sequence,
  SequenceTrigger,
  sequenceLimits as contractLimits,
} from '@orbit/functions/mailings/sequence-contract';

/**
 * The sequence editor's form and its checks, kept apart from the components so they are tested
 * alone. The form holds what the inputs show (a day count as typed); `requestOf` turns it into
 * the contract's request. The checks are the contract's rules (functions/src/mailings/
 * sequence-contract.ts), written here rather than running its schema, and its lists and limits
 * are copied here under compile-time checks that they are the contract's: this module imports
 * only the contract's types. Its values would bring the server's list of statuses as a module of
 * its own, shared with the chat and channels pages, which costs the signed-in first download
 * (`npm run bench -- web`). The server checks again, and its 400 maps to the same field keys
 * (`serverErrorsOf`).
 */

type Exhaustive<Missing extends never> = Missing;

/** The contract's limits; a different value there fails typecheck here. */
export const sequenceLimits = {
  nameMaxLength: 120,
  maxSteps: 10,
  maxDelayDays: 365,
  subjectMaxLength: 200,
  htmlMaxLength: 100_000,
  enrolmentPageMax: 100,
} as const satisfies typeof contractLimits;

/** An enrolment's statuses, in the contract's order (checked against its type both ways). */
export const enrolmentStatuses = [
  'active',
  'completed',
  'left',
  'replied',
  'opted_out',
  'stopped',
] as const satisfies readonly EnrolmentStatus[];
/** @public A compile-time check only: it fails to build when the list misses a value. */
export type EnrolmentStatusesAreAll = Exhaustive<Exclude<EnrolmentStatus, (typeof enrolmentStatuses)[number]>>;

/**
 * The statuses a sequence can start on: spec §4's contact statuses, in the contract's order.
 * Checked against the contract's type both ways at compile time (`TriggerStatusesAreAll`).
 */
export const triggerStatuses = [
  'online',
  'away',
  'offline',
  'success',
  'contact_received',
  'interest_shown',
  'closed',
  'deleted',
] as const satisfies readonly ContactStatus[];
/** @public A compile-time check only: it fails to build when the list misses a value. */
export type TriggerStatusesAreAll = Exhaustive<Exclude<ContactStatus, (typeof triggerStatuses)[number]>>;

export type MailingChannel = CreateSequenceRequest['channel'];
export type TriggerType = SequenceTrigger['type'];

export interface StepForm {
  /** A stable key for the list (steps can be removed from the middle). */
  readonly key: string;
  readonly delayDays: string;
  readonly subject: string;
  readonly html: string;
}

export interface SequenceForm {
  readonly name: string;
  readonly channel: MailingChannel;
  readonly triggerType: TriggerType;
  readonly status: string;
  readonly tag: string;
  readonly steps: readonly StepForm[];
  readonly active: boolean;
}

/** The words a field's problem is told with (`sequences.errors.<key>`). */
export type FormErrorKey = 'name' | 'status' | 'tag' | 'steps' | 'delayDays' | 'subject' | 'html';
/** A field's path (`name`, `trigger`, `steps.0.subject`) → what is wrong with it. */
export type FormErrors = Readonly<Record<string, FormErrorKey>>;

let stepCounter = 0;
const nextStepKey = () => {
  stepCounter += 1;
  return `step-${stepCounter}`;
};

export const emptyStep = (delayDays = 0): StepForm => ({
  key: nextStepKey(),
  delayDays: String(delayDays),
  subject: '',
  html: '',
});

export const formOf = (sequence: Sequence | undefined): SequenceForm => ({
  name: sequence?.name ?? '',
  channel: sequence?.channel ?? 'email',
  triggerType: sequence?.trigger.type ?? 'status',
  status: sequence?.trigger.type === 'status' ? sequence.trigger.status : 'interest_shown',
  tag: sequence?.trigger.type === 'tag' ? sequence.trigger.tag : '',
  steps: sequence?.steps.map((step) => ({
    key: nextStepKey(),
    delayDays: String(step.delayDays),
    subject: step.subject,
    html: step.html,
  })) ?? [emptyStep()],
  active: sequence?.active ?? false,
});

/** A day count as typed: a whole number, else NaN (the schema then says so). */
const daysOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The request the form stands for (a Telegram step sends no subject). */
export const requestOf = (form: SequenceForm): CreateSequenceRequest => ({
  name: form.name,
  channel: form.channel,
  trigger:
    form.triggerType === 'status'
      ? ({ type: 'status', status: form.status } as SequenceTrigger)
      : { type: 'tag', tag: form.tag.trim().toLowerCase() },
  steps: form.steps.map((step) => ({
    delayDays: daysOf(step.delayDays),
    subject: form.channel === 'email' ? step.subject : '',
    html: step.html,
  })),
  active: form.active,
});

/** What an error's path is about: `steps.2.subject` → `subject`, `trigger.tag` → `tag`. */
export const errorKeyOf = (path: string, triggerType: TriggerType): FormErrorKey | undefined => {
  const parts = path.split('.');
  const head = parts[0];
  const last = parts.at(-1);
  if (head === 'name') return 'name';
  if (head === 'trigger') return triggerType === 'tag' ? 'tag' : 'status';
  if (head === 'steps') {
    if (parts.length === 1) return 'steps';
    if (last === 'delayDays' || last === 'subject' || last === 'html') return last;
    return 'steps';
  }
  return undefined;
};

/**
 * An HTML body with nothing to read (the editor's empty paragraph) counts as empty: the server
 * would accept `<p></p>`, and the recipient would get a blank message.
 */
const isBlankHtml = (html: string): boolean =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

/** Where the page shows a path's error: the trigger's parts all show on the trigger's one field. */
const fieldOf = (path: string): string => (path.startsWith('trigger') ? 'trigger' : path);

/** A tag as the contract takes it: lower-case letters, digits, `-` and `_`, 1–32 characters. */
const tagPattern = /^[\p{L}\p{N}_-]{1,32}$/u;
const isStatus = (value: string): boolean => (triggerStatuses as readonly string[]).includes(value);

/** The form's problems, by field path (an empty record when it can be saved). */
export const validate = (form: SequenceForm): FormErrors => {
  const errors: Record<string, FormErrorKey> = {};
  const request = requestOf(form);
  const name = request.name.trim();
  if (name.length === 0 || name.length > sequenceLimits.nameMaxLength) errors.name = 'name';
  if (request.trigger.type === 'status' ? !isStatus(request.trigger.status) : !tagPattern.test(request.trigger.tag))
    errors.trigger = form.triggerType;
  if (request.steps.length === 0 || request.steps.length > sequenceLimits.maxSteps) errors.steps = 'steps';
  request.steps.forEach((step, index) => {
    const days = step.delayDays;
    if (!Number.isInteger(days) || days < 0 || days > sequenceLimits.maxDelayDays)
      errors[`steps.${index}.delayDays`] = 'delayDays';
    const subject = (step.subject ?? '').trim();
    if ((form.channel === 'email' && subject === '') || subject.length > sequenceLimits.subjectMaxLength)
      errors[`steps.${index}.subject`] = 'subject';
    if (isBlankHtml(step.html) || step.html.length > sequenceLimits.htmlMaxLength)
      errors[`steps.${index}.html`] = 'html';
  });
  return errors;
};

/** The server's 400 (`{ errors: { path: [messages] } }`) as the same field keys. */
export const serverErrorsOf = (
  errors: Readonly<Record<string, readonly string[]>>,
  triggerType: TriggerType,
): FormErrors => {
  const found: Record<string, FormErrorKey> = {};
  for (const path of Object.keys(errors)) {
    const key = errorKeyOf(path, triggerType);
    if (key) found[fieldOf(path)] = key;
  }
  return found;
};

/** Whether another step may be added. */
export const canAddStep = (form: SequenceForm): boolean => form.steps.length < sequenceLimits.maxSteps;

/** The day each step goes out on, counted from the day the person enters (steps wait in turn). */
export const sendDays = (steps: readonly { readonly delayDays: number }[]): readonly number[] => {
  let day = 0;
  return steps.map((step) => {
    day += step.delayDays;
    return day;
  });
};
