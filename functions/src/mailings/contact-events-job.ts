import type { ContactEvent } from '../core/contact-events';
import type { JobDefinition } from '../core/jobs/definition';
import { endOptedOut, enrolInto, leave, sequencesTriggeredBy } from './sequence-enrol';
import { readSequencePerson } from './sequence-people';
import { countStep, endEnrolment, listActiveEnrolmentsOf, listSequences } from './sequence-repository';
import { recordSequenceReply } from './sequence-replies';

/**
 * 'contact.event' (core/contact-events.ts): enrols a person into the sequences their new status
 * or tag starts, ends the ones they left, and stops every sequence of someone who replied
 * (docs/mailings.md, "Sequences"). At least once and idempotent: each enrolment's change is
 * conditional, and what the person is now (read afresh) decides, not the event alone, so events
 * run late or out of order agree with the profile.
 */
const handle = async (event: ContactEvent, now: Date): Promise<unknown> => {
  const at = new Date(event.at);
  if (event.type === 'replied') {
    const replied: string[] = [];
    for (const enrolment of await listActiveEnrolmentsOf(event.contactId)) {
      // A message written before the person entered the sequence does not answer it.
      if (enrolment.enrolledAt > event.at) continue;
      const ended = await endEnrolment(enrolment.sequenceId, enrolment.personId, 'replied', now);
      if (!ended) continue;
      replied.push(enrolment.sequenceId);
      // The reply answers the step sent last.
      if (ended.step > 0) await countStep(ended.sequenceId, ended.step - 1, 'replies');
    }
    await recordSequenceReply(event.contactId, event.at);
    return { replied };
  }
  const person = await readSequencePerson(event.contactId);
  if (!person) return { skipped: 'no such person' };
  if (person.optedOut) {
    for (const enrolment of await listActiveEnrolmentsOf(person.id)) await endOptedOut(enrolment, now);
    return { skipped: 'opted out' };
  }
  if (event.type === 'created') {
    return { enrolled: await enrolInto(await sequencesTriggeredBy({ status: event.status }), person, at) };
  }
  if (event.type === 'status_changed') {
    const sequences = await listSequences();
    const leaving = sequences.filter((s) => s.trigger.type === 'status' && s.trigger.status === event.from);
    const entering = sequences.filter((s) => s.trigger.type === 'status' && s.trigger.status === event.to);
    return { left: await leave(leaving, person, now), enrolled: await enrolInto(entering, person, at) };
  }
  const sequences = await listSequences();
  const leaving = sequences.filter((s) => s.trigger.type === 'tag' && event.removed.includes(s.trigger.tag));
  const entering = sequences.filter((s) => s.trigger.type === 'tag' && event.added.includes(s.trigger.tag));
  return { left: await leave(leaving, person, now), enrolled: await enrolInto(entering, person, at) };
};

export const contactEventJobs = {
  'contact.event': {
    delivery: 'at-least-once',
    run: (event, { now }) => handle(event, now),
  } satisfies JobDefinition<ContactEvent>,
};
