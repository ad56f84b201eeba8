import { ScanCommand } from '@aws-sdk/lib-dynamodb';

import { createLead } from '@orbit/functions/chat/contacts-repository';
import { db } from '@orbit/functions/core/db';
import { ulid } from '@orbit/functions/core/ids';
import type { JobRecord } from '@orbit/functions/core/jobs/records';
import { tableName } from '@orbit/functions/core/table';

/** What the sequences API tests share (docs/mailings.md, "Sequences"). */

export const sequencesPath = '/api/apps/mailings/sequences';

export const emailStep = (delayDays: number, subject: string) => ({ delayDays, subject, html: `<p>${subject}</p>` });

/** A valid email sequence of two steps on the `interest_shown` status, under a name no other test uses. */
export const validSequence = (extra: Record<string, unknown> = {}) => ({
  name: `Welcome ${ulid()}`,
  channel: 'email',
  trigger: { type: 'status', status: 'interest_shown' },
  steps: [
    { delayDays: 0, subject: 'Welcome', html: '<p>Hello {{firstName | "there"}}</p>' },
    emailStep(3, 'Three days on'),
  ],
  ...extra,
});

/** An email address no one in the seed or another test has. */
export const newLeadAddress = () => `seq-${ulid().toLowerCase()}@outside.example`;

/** A lead from the website with a new email address, in `contact_received`. */
export const websiteLead = async (fullName: string) => {
  const email = newLeadAddress();
  const lead = await createLead({
    id: ulid(),
    fullName,
    about: '',
    status: 'contact_received',
    source: 'website',
    email,
    createdAt: new Date().toISOString(),
  });
  return { id: lead.id, email };
};

/** The jobs of one kind whose payload names the person (a Scan is fine on a test's own table). */
export const jobsFor = async (kind: string, personField: string, personId: string): Promise<JobRecord[]> => {
  const found: JobRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: '#kind = :kind AND payload.#person = :id',
        ExpressionAttributeNames: { '#kind': 'kind', '#person': personField },
        ExpressionAttributeValues: { ':kind': kind, ':id': personId },
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    found.push(...((page.Items ?? []) as JobRecord[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
};
