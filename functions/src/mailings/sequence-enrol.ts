import { ConditionFailed } from '../core/db';
import { jobPart } from '../core/jobs/enqueue';
import type { SequenceRecord, EnrolmentRecord } from './sequence-entities';
import { countStep, endEnrolment, insertEnrolment, listSequences } from './sequence-repository';
import { memberOn, type SequencePerson } from './sequence-people';
import './job-payloads';

/**
 * Entering and leaving sequences (docs/mailings.md, "Sequences"), for the contact events and the
 * step job. Every write is conditional on what it was, so an event run twice changes nothing.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** Names a step's job: once per enrolment (its start) and step, so a repeat is refused. */
export const stepJobId = (sequenceId: string, personId: string, enrolledAt: string, step: number): string =>
  `seq-${sequenceId}-${personId}-${Date.parse(enrolledAt)}-${step}`;

export const stepJobPart = (sequence: SequenceRecord, enrolment: EnrolmentRecord, step: number, from: Date) => {
  const delayDays = sequence.steps[step]?.delayDays ?? 0;
  return jobPart(
    'sequence.step',
    { sequenceId: sequence.id, personId: enrolment.personId, step },
    {
      id: stepJobId(sequence.id, enrolment.personId, enrolment.enrolledAt, step),
      runAt: new Date(from.getTime() + delayDays * dayMs),
      label: `Sequence step ${step + 1}`,
    },
  ).part;
};

/** Whether the person is (still) where the sequence's trigger says. */
export const meetsTrigger = (sequence: SequenceRecord, person: SequencePerson): boolean =>
  sequence.trigger.type === 'status'
    ? person.status === sequence.trigger.status
    : person.tags.includes(sequence.trigger.tag);

/**
 * Enrols the person in each active sequence it is given, unless they opted out or cannot be
 * reached on its channel: the enrolment and its first step's job, written together, once.
 */
export const enrolInto = async (
  sequences: readonly SequenceRecord[],
  person: SequencePerson,
  at: Date,
): Promise<string[]> => {
  if (person.optedOut) return [];
  const enrolled: string[] = [];
  for (const sequence of sequences) {
    if (!sequence.active || !meetsTrigger(sequence, person) || !memberOn(person, sequence.channel)) continue;
    const enrolment: EnrolmentRecord = {
      sequenceId: sequence.id,
      personId: person.id,
      fullName: person.fullName,
      status: 'active',
      step: 0,
      enrolledAt: at.toISOString(),
      updatedAt: at.toISOString(),
    };
    try {
      await insertEnrolment(enrolment, stepJobPart(sequence, enrolment, 0, at));
      enrolled.push(sequence.id);
    } catch (error) {
      // In it already (or ended it by replying, opting out), or this event was handled before.
      if (error instanceof ConditionFailed) continue;
      throw error;
    }
  }
  return enrolled;
};

/** Ends the person's enrolment in each sequence whose trigger they no longer meet. */
export const leave = async (
  sequences: readonly SequenceRecord[],
  person: SequencePerson,
  now: Date,
): Promise<string[]> => {
  const left: string[] = [];
  for (const sequence of sequences) {
    if (meetsTrigger(sequence, person)) continue;
    if (await endEnrolment(sequence.id, person.id, 'left', now)) left.push(sequence.id);
  }
  return left;
};

/** The sequences a status or a tag starts. */
export const sequencesTriggeredBy = async (trigger: {
  readonly status?: string;
  readonly tags?: readonly string[];
}): Promise<SequenceRecord[]> =>
  (await listSequences()).filter((sequence) =>
    sequence.trigger.type === 'status'
      ? sequence.trigger.status === trigger.status
      : (trigger.tags ?? []).includes(sequence.trigger.tag),
  );

/** Opted out: the enrolment ends and the step that would have gone counts it. */
export const endOptedOut = async (enrolment: EnrolmentRecord, now: Date): Promise<void> => {
  if (await endEnrolment(enrolment.sequenceId, enrolment.personId, 'opted_out', now)) {
    await countStep(enrolment.sequenceId, enrolment.step, 'optedOut');
  }
};
