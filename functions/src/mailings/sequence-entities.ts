import { defineEntity } from '../core/entity';
import type { EnrolmentStatus, SequenceStepInput, SequenceTrigger } from './sequence-contract';
import type { MailingChannel } from './audience-filter';

/**
 * Sequences' keys (docs/mailings.md, "Data"; rows in core/mailings-access-patterns.ts). A
 * sequence, its enrolments and its per-step counters share one partition, `SEQUENCE#<id>`.
 */

export interface SequenceRecord {
  readonly id: string;
  readonly name: string;
  readonly channel: MailingChannel;
  readonly trigger: SequenceTrigger;
  readonly steps: readonly SequenceStepInput[];
  readonly active: boolean;
  readonly createdBy: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly version: number;
}

export interface EnrolmentRecord {
  readonly sequenceId: string;
  readonly personId: string;
  readonly fullName: string;
  readonly status: EnrolmentStatus;
  /** The next step to send while active; once ended, how many were sent. */
  readonly step: number;
  readonly enrolledAt: string;
  readonly updatedAt: string;
  readonly lastSentAt?: string;
}

/** Sent, failed, opted out and replies of one step: counters only ever added to. */
export interface StepStatsRecord {
  readonly sequenceId: string;
  readonly step: number;
  readonly sent?: number;
  readonly delivered?: number;
  readonly failed?: number;
  readonly optedOut?: number;
  readonly replies?: number;
}

export const sequencePartition = (id: string) => `SEQUENCE#${id}`;
export const sequencesListPartition = 'SEQUENCES';
export const enrolmentPrefix = 'ENROL#';
export const stepStatsPrefix = 'STATS#';
/** The active enrolments of one person (GSI2): a reply or an opt-out finds them with one Query. */
export const personEnrolmentsPartition = (personId: string) => `ENROLLED#${personId}`;

export const sequenceEntity = defineEntity<SequenceRecord, [id: string]>({
  type: 'Sequence',
  key: (id) => ({ pk: sequencePartition(id), sk: 'SEQUENCE' }),
  keyOf: (record) => ({ pk: sequencePartition(record.id), sk: 'SEQUENCE' }),
  indexKeysOf: (record) => ({ gsi1pk: sequencesListPartition, gsi1sk: record.id }),
});

export const enrolmentEntity = defineEntity<EnrolmentRecord, [sequenceId: string, personId: string]>({
  type: 'SequenceEnrolment',
  key: (sequenceId, personId) => ({ pk: sequencePartition(sequenceId), sk: `${enrolmentPrefix}${personId}` }),
  keyOf: (record) => ({ pk: sequencePartition(record.sequenceId), sk: `${enrolmentPrefix}${record.personId}` }),
  // Only an active enrolment is in the person's index: an ended one needs no finding.
  indexKeysOf: (record) =>
    record.status === 'active' ? { gsi2pk: personEnrolmentsPartition(record.personId), gsi2sk: record.sequenceId } : {},
});

/** Two digits: the steps sort in order (at most 10). */
export const stepStatsEntity = defineEntity<StepStatsRecord, [sequenceId: string, step: number]>({
  type: 'SequenceStepStats',
  key: (sequenceId, step) => ({
    pk: sequencePartition(sequenceId),
    sk: `${stepStatsPrefix}${String(step).padStart(2, '0')}`,
  }),
  keyOf: (record) => ({
    pk: sequencePartition(record.sequenceId),
    sk: `${stepStatsPrefix}${String(record.step).padStart(2, '0')}`,
  }),
});
