import type { JobDefinition } from '../core/jobs/definition';
import { logger } from '../core/logger';
import type { SequenceStepPayload } from './job-payloads';
import { endOptedOut, meetsTrigger, stepJobId, stepJobPart } from './sequence-enrol';
import { readSequencePerson, memberOn } from './sequence-people';
import { claimStep, countStep, endEnrolment, getEnrolment, getSequence } from './sequence-repository';
import { sendSequenceMessage } from './sequence-send';

/**
 * 'sequence.step': one enrolment's step (docs/mailings.md, "Sequences"). The step is claimed
 * before the send (the enrolment moves on, with the next step's job, in one transaction), so it
 * goes out at most once however often the job runs: the job itself is at-least-once, so a run
 * cut off before its claim (kill -9, a lapsed lease) is simply run again, and one cut off after
 * it finds the step claimed and sends nothing. A send that fails after the claim is counted as
 * failed, not repeated. A sequence that was paused still sends to the people already in it; a
 * deleted one stops them.
 */
export const sequenceStepJob: JobDefinition<SequenceStepPayload> = {
  delivery: 'at-least-once',
  async run({ sequenceId, personId, step }, { job, now, signal }) {
    const enrolment = await getEnrolment(sequenceId, personId);
    if (!enrolment || enrolment.status !== 'active' || enrolment.step !== step) return { skipped: 'not due' };
    // A job of an earlier enrolment (the person left and came back) is not this one's step.
    if (job.id !== stepJobId(sequenceId, personId, enrolment.enrolledAt, step)) return { skipped: 'earlier enrolment' };
    const sequence = await getSequence(sequenceId);
    if (!sequence) {
      await endEnrolment(sequenceId, personId, 'stopped', now);
      return { skipped: 'sequence deleted' };
    }
    const content = sequence.steps[step];
    if (!content) {
      await endEnrolment(sequenceId, personId, 'completed', now);
      return { skipped: 'no such step' };
    }
    const person = await readSequencePerson(personId);
    const member = person && memberOn(person, sequence.channel);
    if (!person || !member) {
      await endEnrolment(sequenceId, personId, 'stopped', now);
      return { skipped: 'unreachable' };
    }
    if (person.optedOut) {
      await endOptedOut(enrolment, now);
      return { skipped: 'opted out' };
    }
    // A missed leaving event (out of order, say) still ends it here.
    if (!meetsTrigger(sequence, person)) {
      await endEnrolment(sequenceId, personId, 'left', now);
      return { skipped: 'left' };
    }
    const last = step >= sequence.steps.length - 1;
    const next = last ? undefined : stepJobPart(sequence, enrolment, step + 1, now);
    if (!(await claimStep(enrolment, step, last, next, now))) return { skipped: 'claimed before' };
    try {
      const outcome = await sendSequenceMessage(
        member,
        { sequenceId, channel: sequence.channel, subject: content.subject, html: content.html },
        step,
        signal,
      );
      await countStep(sequenceId, step, outcome.status === 'sent' ? 'sent' : 'failed');
      if (outcome.status === 'sent') return { sent: true };
      return { failed: outcome.status === 'failed' ? outcome.detail.slice(0, 200) : 'suppressed' };
    } catch (error) {
      logger.warn('Sequence step not sent', { sequenceId, step, error: (error as Error).name });
      await countStep(sequenceId, step, 'failed');
      return { failed: (error as Error).message.slice(0, 200) };
    }
  },
};
