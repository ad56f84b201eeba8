import { putPart, transactWrite, type TransactionPart } from '@orbit/functions/core/db';
import { sanitizeMailHtml } from '@orbit/functions/core/html-sanitize';
import { ulid } from '@orbit/functions/core/ids';
import { jobPart } from '@orbit/functions/core/jobs/enqueue';
import type { AudienceFilter, AudienceMember } from '@orbit/functions/mailings/audience-filter';
import { applyTagChange, type PersonRow } from '@orbit/functions/mailings/audience-match';
import { readPeople, writeTags } from '@orbit/functions/mailings/audience-repository';
import { resolveAudience } from '@orbit/functions/mailings/audience-service';
import {
  minuteBucketEntity,
  personSendsPartition,
  recipientEntity,
  type RecipientRecord,
  type RecipientStatus,
} from '@orbit/functions/mailings/delivery-entities';
import { markRepliedOnce } from '@orbit/functions/mailings/delivery-repository';
import { mailingEntity } from '@orbit/functions/mailings/entities';
import '@orbit/functions/mailings/job-payloads';
import { listMailings } from '@orbit/functions/mailings/mailing-repository';
import { zeroTotals, type MailingRecord, type MailingTotals } from '@orbit/functions/mailings/records';
import { stepJobPart } from '@orbit/functions/mailings/sequence-enrol';
import { totalNameOf } from '@orbit/functions/mailings/totals';
import {
  enrolmentEntity,
  sequenceEntity,
  stepStatsEntity,
  type EnrolmentRecord,
  type SequenceRecord,
  type StepStatsRecord,
} from '@orbit/functions/mailings/sequence-entities';
import { listSequences } from '@orbit/functions/mailings/sequence-repository';
import { minuteOf } from '@orbit/functions/mailings/throttle';
import { unsubscribe } from '@orbit/functions/mailings/unsubscribe-service';
import { signUnsubscribeToken } from '@orbit/functions/mailings/unsubscribe-token';

import { seededUserIds } from './users';

/**
 * Mailings demo data (docs/mailings.md): tags on the demo people, a newsletter sent three days
 * ago (recipients in final statuses, totals that add up, a bucket per minute for the chart), one
 * recipient who opted out through its link and one who replied, a webinar invitation scheduled
 * a few days ahead (with its start job, as scheduling writes it), a draft, and an active welcome
 * sequence for leads who show interest, with the enrolments of the leads already there.
 *
 * Nothing is sent from here: the sent mailing's recipients are written in their final state. The
 * scheduled mailing and the sequence's next steps go out later through the local SES, as any
 * other would. Each mailing and the sequence is written in one transaction (all or nothing) and
 * only when none of that name exists, tags only when missing, so a step run again adds nothing.
 */

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** The mailings' tags by person (users and leads of the users, chat and channels seeds). */
const demoTags: Readonly<Record<string, readonly string[]>> = {
  'Liam Carter': ['newsletter', 'vip'],
  'Sophia Nguyen': ['newsletter', 'portal-beta'],
  'Emma Rossi': ['newsletter', 'vip'],
  'Lucas Moreau': ['newsletter', 'portal-beta'],
  'Amira Haddad': ['newsletter'],
  'Daniel Brooks': ['newsletter'],
  'Hannah Weber': ['newsletter', 'webinar-2026'],
  'Chloé Laurent': ['newsletter', 'webinar-2026'],
  'Omar Farouk': ['newsletter', 'vip'],
  'Grace Liu': ['newsletter'],
  'Amara Okafor': ['newsletter', 'webinar-2026'],
  'Sven Lindqvist': ['webinar-2026'],
};

const audience = (filter: Partial<AudienceFilter>): AudienceFilter => ({
  statuses: [],
  tags: [],
  tagMatch: 'any',
  roles: [],
  ...filter,
});

const clean = (html: string) => sanitizeMailHtml(html).html;

const tagPeople = async (people: ReadonlyMap<string, PersonRow>, now: Date) => {
  for (const [name, tags] of Object.entries(demoTags)) {
    const person = people.get(name);
    if (!person) continue;
    const change = applyTagChange(person.tags, tags, []);
    if (change.added.length > 0) await writeTags(person, change, now);
  }
};

/** Every mailing's id by name (the list is short: a few pages at most). */
const mailingIdsByName = async (): Promise<Map<string, string>> => {
  const ids = new Map<string, string>();
  let before: string | undefined;
  for (;;) {
    const page = await listMailings({ before, limit: 50 });
    for (const mailing of page.mailings) if (!ids.has(mailing.name)) ids.set(mailing.name, mailing.id);
    before = page.mailings.at(-1)?.id;
    if (!page.more || !before) return ids;
  }
};

const mailingPart = (mailing: MailingRecord, extra: Record<string, unknown> = {}): TransactionPart =>
  putPart('mailing', { ...mailingEntity.toItem(mailing), ...extra }, 'attribute_not_exists(pk)');

/* ---------- The sent newsletter ---------- */

const newsletterName = 'November newsletter';
const newsletterThrottle = 3;
/** Who did not simply get it: a full mailbox (a transient bounce does not suppress) and a refusal. */
const newsletterOutcomes: Readonly<Record<string, { status: RecipientStatus; detail: string }>> = {
  'Omar Farouk': { status: 'bounced', detail: 'Transient bounce: 452 4.2.2 Mailbox full' },
  'Sophia Nguyen': { status: 'failed', detail: 'MessageRejected: the receiving server refused the address' },
};

/**
 * The recipients as the delivery leaves them: sends in order, `newsletterThrottle` a minute, each
 * in its minute's bucket (a failed send took its place too), and in the person's sends (GSI2),
 * where a reply finds the mailing it answers.
 */
const sentRecipients = (mailingId: string, members: readonly AudienceMember[], start: number) => {
  const buckets = new Map<string, number>();
  const totals: Record<keyof MailingTotals, number> = { ...zeroTotals() };
  const items = members.map((member, index) => {
    const sentAt = new Date(
      start + Math.floor(index / newsletterThrottle) * minute + (index % newsletterThrottle) * 15_000,
    );
    const outcome = newsletterOutcomes[member.fullName];
    const status = outcome?.status ?? 'delivered';
    const bucket = minuteOf(sentAt);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    // Each recipient in exactly one status's total, as the delivery counts them.
    totals.recipients += 1;
    totals[totalNameOf(status)] += 1;
    const recipient: RecipientRecord = {
      mailingId,
      personId: member.personId,
      fullName: member.fullName,
      channel: 'email',
      address: member.address,
      language: member.language,
      status,
      queuedAt: new Date(start).toISOString(),
      claimedAt: sentAt.toISOString(),
      ...(status === 'failed' ? {} : { sentAt: sentAt.toISOString() }),
      ...(status === 'delivered' ? { deliveredAt: new Date(sentAt.getTime() + 4_000).toISOString() } : {}),
      ...(outcome ? { detail: outcome.detail } : {}),
    };
    const sends =
      status === 'failed'
        ? {}
        : { gsi2pk: personSendsPartition(member.personId), gsi2sk: `${sentAt.toISOString()}#${mailingId}` };
    return putPart('recipient', { ...recipientEntity.toItem(recipient), ...sends }, 'attribute_not_exists(pk)');
  });
  const bucketParts = [...buckets].map(([bucket, count]) =>
    putPart('minute', minuteBucketEntity.toItem({ mailingId, minute: bucket, count }), 'attribute_not_exists(pk)'),
  );
  return { items: [...items, ...bucketParts], totals };
};

const seedNewsletter = async (existing: ReadonlyMap<string, string>, ownerId: string, now: number) => {
  const known = existing.get(newsletterName);
  if (known) return known;
  const created = now - 4 * day;
  const start = Math.floor((now - 3 * day) / minute) * minute;
  const id = ulid(created);
  const filter = audience({ tags: ['newsletter'] });
  // The audience as the send freezes it (the server's resolver), at most what one transaction holds.
  const { members } = await resolveAudience(filter, 'email');
  const { items, totals } = sentRecipients(id, members.slice(0, 80), start);
  const finished = start + Math.ceil(Math.max(totals.recipients, 1) / newsletterThrottle) * minute;
  const mailing: MailingRecord = {
    id,
    name: newsletterName,
    channel: 'email',
    subject: 'What we shipped in November, {{firstName | "friend"}}',
    html: clean(
      '<p>Hello {{firstName | "there"}},</p>' +
        '<p>November was busy at Orbit Agency: the Northwind storefront went live, Casa Mia has a new menu ' +
        'page, and our design system now ships with a dark theme.</p>' +
        '<p>Want the same for your team? Just reply to this email.</p><p>The Orbit Agency team</p>',
    ),
    audience: filter,
    state: 'sent',
    schedule: { at: new Date(start).toISOString(), timeZone: 'Europe/London' },
    throttlePerMinute: newsletterThrottle,
    totals,
    createdBy: ownerId,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(finished).toISOString(),
    startedAt: new Date(start).toISOString(),
    finishedAt: new Date(finished).toISOString(),
    // Created, scheduled, started, finished: a version per move, as the service and the delivery count.
    version: 4,
  };
  await transactWrite([mailingPart(mailing, { audienceFrozen: true }), ...items]);
  return id;
};

/**
 * After the send: Grace Liu opts out through the newsletter's link (the public route's own code,
 * with a token signed as the footer's), Liam Carter replies. Both count once, run again or not.
 */
const newsletterAftermath = async (mailingId: string, people: ReadonlyMap<string, PersonRow>, now: number) => {
  const leaver = people.get('Grace Liu');
  if (leaver) {
    const token = await signUnsubscribeToken({ personId: leaver.id, mailingId });
    await unsubscribe(token, 'link', new Date(now - 3 * day + 2 * hour));
  }
  const replier = people.get('Liam Carter');
  if (replier) await markRepliedOnce(mailingId, replier.id, new Date(now - 2 * day).toISOString());
};

/* ---------- The scheduled invitation and the draft ---------- */

const invitationName = 'Webinar invitation: design systems in 2026';
const draftName = 'Year-end client survey';

/** Five days ahead at 09:00 UTC (10:00 in Paris in winter), as the schedule form would write it. */
const fiveDaysAheadAtTen = (now: number) => {
  const target = new Date(now + 5 * day);
  target.setUTCHours(9, 0, 0, 0);
  return target;
};

const seedInvitation = async (existing: ReadonlyMap<string, string>, ownerId: string, now: number) => {
  if (existing.has(invitationName)) return;
  const created = now - day;
  const at = fiveDaysAheadAtTen(now);
  const id = ulid(created);
  const mailing: MailingRecord = {
    id,
    name: invitationName,
    channel: 'email',
    subject: '{{firstName | "Hello"}}, join our webinar on design systems',
    html: clean(
      '<p>Hi {{firstName | "there"}},</p>' +
        '<p>On December 10 we host a 45-minute webinar on building design systems that last: tokens, ' +
        'theming and accessibility from day one.</p>' +
        '<p>Reply “yes” and we will save you a seat.</p><p>Olivia Bennett, Orbit Agency</p>',
    ),
    audience: audience({ tags: ['webinar-2026', 'vip'] }),
    state: 'scheduled',
    schedule: { at: at.toISOString(), timeZone: 'Europe/Paris' },
    throttlePerMinute: 60,
    totals: zeroTotals(),
    createdBy: ownerId,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + hour).toISOString(),
    version: 2,
  };
  // The start job the schedule move writes with it (mailing-service.ts), at the scheduled time.
  const start = jobPart(
    'mailing.start',
    { mailingId: id, version: 2 },
    {
      runAt: at,
      id: `mailing.start#${id}#2`,
      label: `Start the mailing “${invitationName}”`,
      now: new Date(created + hour),
    },
  );
  await transactWrite([mailingPart(mailing), start.part]);
};

const seedDraft = async (existing: ReadonlyMap<string, string>, ownerId: string, now: number) => {
  if (existing.has(draftName)) return;
  const created = now - 2 * hour;
  const mailing: MailingRecord = {
    id: ulid(created),
    name: draftName,
    channel: 'email',
    subject: 'Two minutes for us, {{firstName | "friend"}}?',
    html: clean(
      '<p>Dear {{fullName | "client"}},</p>' +
        '<p>As the year ends we would love to hear how working with us went. The survey has five ' +
        'questions and takes two minutes.</p><p>Thank you!</p>',
    ),
    audience: audience({ roles: ['client'], tags: ['vip'] }),
    state: 'draft',
    throttlePerMinute: 600,
    totals: zeroTotals(),
    createdBy: ownerId,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created).toISOString(),
    version: 1,
  };
  await transactWrite([mailingPart(mailing)]);
};

/* ---------- The welcome sequence ---------- */

const welcomeName = 'Welcome new prospects';

const welcomeSteps: SequenceRecord['steps'] = [
  {
    delayDays: 0,
    subject: 'Thanks for your interest in Orbit Agency',
    html: clean(
      '<p>Hello,</p><p>Thank you for getting in touch. We design and build web shops, apps and brands ' +
        'for small teams. Over the next days we will send you two short notes on how we work.</p>' +
        '<p>Olivia, Orbit Agency</p>',
    ),
  },
  {
    delayDays: 3,
    subject: 'How we run a project',
    html: clean(
      '<p>Hello again,</p><p>Every project starts with a one-week discovery, then two-week sprints with a ' +
        'demo at the end of each. You see progress every Thursday on your project board.</p>',
    ),
  },
  {
    delayDays: 7,
    subject: 'Shall we book a call?',
    html: clean(
      '<p>Hello,</p><p>If you would like to talk about your project, reply with two times that suit you ' +
        'and we will send an invitation.</p><p>Olivia</p>',
    ),
  },
];

interface DemoEnrolment {
  readonly name: string;
  /** Days before seeding that the person entered `interest_shown`. */
  readonly enteredDaysAgo: number;
  /** Steps already sent. */
  readonly sent: number;
  readonly status: EnrolmentRecord['status'];
  /** When it ended (replied, left), days before seeding. */
  readonly endedDaysAgo?: number;
}

/** The interested leads now (Chloé, Amara; Sven has no address), and two who moved on. */
const welcomeEnrolments: readonly DemoEnrolment[] = [
  { name: 'Chloé Laurent', enteredDaysAgo: 4, sent: 2, status: 'active' },
  { name: 'Amara Okafor', enteredDaysAgo: 0.2, sent: 1, status: 'active' },
  { name: 'Omar Farouk', enteredDaysAgo: 12, sent: 1, status: 'replied', endedDaysAgo: 11 },
  { name: 'Grace Liu', enteredDaysAgo: 20, sent: 2, status: 'left', endedDaysAgo: 14 },
];

const seedWelcomeSequence = async (people: ReadonlyMap<string, PersonRow>, ownerId: string, now: number) => {
  if ((await listSequences()).some((sequence) => sequence.name === welcomeName)) return;
  const created = now - 30 * day;
  const sequence: SequenceRecord = {
    id: ulid(created),
    name: welcomeName,
    channel: 'email',
    trigger: { type: 'status', status: 'interest_shown' },
    steps: welcomeSteps,
    active: true,
    createdBy: ownerId,
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created).toISOString(),
    version: 1,
  };
  const parts: TransactionPart[] = [putPart('sequence', sequenceEntity.toItem(sequence), 'attribute_not_exists(pk)')];
  const stats = welcomeSteps.map((): { sent: number; replies: number } => ({ sent: 0, replies: 0 }));
  for (const demo of welcomeEnrolments) {
    const person = people.get(demo.name);
    if (!person) continue;
    const enrolledAt = now - demo.enteredDaysAgo * day;
    // Each step went out its delay after the one before (the first at once).
    let lastSent = enrolledAt;
    for (let step = 0; step < demo.sent; step += 1) {
      lastSent += (welcomeSteps[step]?.delayDays ?? 0) * day;
      const counted = stats[step];
      if (counted) counted.sent += 1;
    }
    const replied = demo.status === 'replied' ? stats[demo.sent - 1] : undefined;
    if (replied) replied.replies += 1;
    const enrolment: EnrolmentRecord = {
      sequenceId: sequence.id,
      personId: person.id,
      fullName: person.fullName,
      status: demo.status,
      step: demo.sent,
      enrolledAt: new Date(enrolledAt).toISOString(),
      updatedAt: new Date(demo.endedDaysAgo === undefined ? lastSent : now - demo.endedDaysAgo * day).toISOString(),
      ...(demo.sent > 0 ? { lastSentAt: new Date(lastSent).toISOString() } : {}),
    };
    parts.push(putPart('enrolment', enrolmentEntity.toItem(enrolment), 'attribute_not_exists(pk)'));
    // An active enrolment waits for its next step's job, named and timed as the step job names it.
    if (demo.status === 'active' && demo.sent < welcomeSteps.length)
      parts.push(stepJobPart(sequence, enrolment, demo.sent, new Date(lastSent)));
  }
  stats.forEach((counted, step) => {
    if (counted.sent === 0) return;
    const record: StepStatsRecord = { sequenceId: sequence.id, step, sent: counted.sent, replies: counted.replies };
    parts.push(putPart('stats', stepStatsEntity.toItem(record), 'attribute_not_exists(pk)'));
  });
  await transactWrite(parts);
};

export const seedMailings = async (): Promise<void> => {
  const ownerId = (await seededUserIds()).get('+15550100001');
  if (!ownerId) return;
  const now = Date.now();
  const byName = (rows: readonly PersonRow[]) => new Map(rows.map((person) => [person.fullName, person]));
  await tagPeople(byName(await readPeople()), new Date(now));
  const people = byName(await readPeople());
  const existing = await mailingIdsByName();
  const newsletter = await seedNewsletter(existing, ownerId, now);
  await newsletterAftermath(newsletter, people, now);
  await seedInvitation(existing, ownerId, now);
  await seedDraft(existing, ownerId, now);
  await seedWelcomeSequence(people, ownerId, now);
};
