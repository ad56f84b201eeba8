import { beforeAll, describe, expect, it } from 'vitest';

import { createLead } from '@orbit/functions/chat/contacts-repository';
import type { Caller } from '@orbit/functions/core/caller';
import { ulid } from '@orbit/functions/core/ids';
import { setTagsRequest } from '@orbit/functions/mailings/audience-requests';
import { setTags } from '@orbit/functions/mailings/audience-service';
import { createSequenceRequest } from '@orbit/functions/mailings/sequence-contract';
import { createSequence, getSequenceFor, listSequencesFor } from '@orbit/functions/mailings/sequence-service';

import { demo } from '../support/api-stack';

import { callerOf, parsed } from './support/background-people';
import { drainJobs } from './support/drain-jobs';
import { useLocalMail } from './support/local-mail';
import { copySeededWorkspace } from './support/seeded-workspace';

/**
 * The enrolment counts the sequences page lists (docs/mailings.md, "The sequences page"): a
 * sequence reads with how many people it enrolled and how many are still in it. The contact
 * events that enrol and end enrolments run when the test drains them.
 */

// The demo's welcome sequence enrols the lead too (its status): its step goes to the local SES.
await useLocalMail();

let admin: Caller;

beforeAll(async () => {
  await copySeededWorkspace();
  admin = await callerOf(demo.admin);
});

const countsOf = async (id: string) => (await getSequenceFor(admin, () => ({ id }))).sequence.enrolments;
const tag = (personId: string, tags: string[]) => setTags(admin, personId, parsed(setTagsRequest, { tags }));

describe('a sequence’s enrolment counts', () => {
  it('count the people who entered it and those still in it', async () => {
    const name = `seq${Date.now().toString(36)}`;
    const { sequence } = await createSequence(
      admin,
      parsed(createSequenceRequest, {
        name: `Counts ${name}`,
        channel: 'email',
        trigger: { type: 'tag', tag: name },
        // A month's wait: nothing is sent while the test runs.
        steps: [{ delayDays: 30, subject: 'Hello', html: '<p>Hello {{firstName}}</p>' }],
        active: true,
      }),
    );
    expect(sequence.enrolments).toEqual({ total: 0, active: 0 });

    const person = ulid();
    await createLead({
      id: person,
      fullName: `Counted ${name}`,
      about: '',
      status: 'interest_shown',
      source: 'website',
      email: `${name}@example.com`,
      createdAt: new Date().toISOString(),
    });
    await tag(person, [name]);
    await drainJobs();
    expect(await countsOf(sequence.id)).toEqual({ total: 1, active: 1 });

    // Losing the tag ends the enrolment: still counted as enrolled, no longer active.
    await tag(person, []);
    await drainJobs();
    expect(await countsOf(sequence.id)).toEqual({ total: 1, active: 0 });

    // The list carries the same counts.
    const { sequences } = await listSequencesFor(admin);
    expect(sequences.find((entry) => entry.id === sequence.id)?.enrolments).toEqual({ total: 1, active: 0 });
  });
});
