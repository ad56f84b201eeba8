import { ulid } from 'ulidx';

import { createLead, findLeadByName, type NewLead } from '@orbit/functions/chat/contacts-repository';
import type { ChatContactStatus } from '@orbit/functions/chat/contract';
import { advanceReceipts, appendMessage, createChatWithMessage } from '@orbit/functions/chat/repository';

import { seededUserIds } from './users';

/**
 * Chat demo data: leads in every lead stage (users already cover online, away and offline) and
 * conversations with history, receipts and a few unseen messages, dated relative to seeding so
 * the chat looks recent. Chat ids come from the counter (1, 2, 3…) like any other chat.
 */

interface DemoLead {
  readonly fullName: string;
  readonly about: string;
  readonly status: ChatContactStatus;
  readonly source: string;
  readonly email: string;
}

export const demoLeads: readonly DemoLead[] = [
  {
    // Not a staff member's name (Daniel Kim, Chloé Martin): a contact list names each person once.
    fullName: 'Daniel Brooks',
    about: 'Asked for a quote through the website form: e-commerce rebuild.',
    status: 'contact_received',
    source: 'website',
    email: 'daniel.brooks@brightloop.example',
  },
  {
    fullName: 'Hannah Weber',
    about: 'Wrote to the Telegram bot about a brand refresh for her bakery chain.',
    status: 'contact_received',
    source: 'telegram',
    email: 'hannah@weber-backhaus.example',
  },
  {
    fullName: 'Chloé Laurent',
    about: 'Marketing director, Maison Vert. Comparing agencies for a spring campaign.',
    status: 'interest_shown',
    source: 'email',
    email: 'chloe.laurent@maisonvert.example',
  },
  {
    fullName: 'Omar Farouk',
    about: 'Signed for a mobile app MVP after the discovery call.',
    status: 'success',
    source: 'referral',
    email: 'omar@farouk-logistics.example',
  },
  {
    fullName: 'Grace Liu',
    about: 'Chose to build in-house this year; revisit in Q4.',
    status: 'closed',
    source: 'website',
    email: 'grace.liu@lumio.example',
  },
  {
    fullName: 'Ivan Petrov',
    about: 'Duplicate enquiry; merged into an existing contact.',
    status: 'deleted',
    source: 'email',
    email: 'ivan.petrov@example.com',
  },
];

type Speaker = 'a' | 'b';
interface DemoConversation {
  /** A phone of a seeded user, or a lead's full name. */
  readonly a: string;
  readonly b: string;
  /** [speaker, text, minutes before seeding] in order. */
  readonly messages: readonly (readonly [Speaker, string, number])[];
  /** How many of the last messages each side has not seen yet (received, not opened). */
  readonly unseen?: Partial<Record<Speaker, number>>;
}

const olivia = '+15550100001';
const liam = '+15550100002';
const sophia = '+15550100003';
const noah = '+15550100004';
const emma = '+15550100005';
const mia = '+15550100008';
const lucas = '+15550100006';
/** Staff below the administrator (seed/src/demo-users.ts): the manager and the support talk to clients and to Olivia. */
const grace = '+15550100009';
const daniel = '+15550100010';

const hours = (count: number) => count * 60;
const days = (count: number) => count * 24 * 60;

export const demoConversations: readonly DemoConversation[] = [
  {
    a: olivia,
    b: sophia,
    messages: [
      ['b', 'Hi Olivia! The spring lookbook photos are in the shared folder.', days(6) + 30],
      ['a', 'Thanks Sophia, they look great. We will pick the hero shots tomorrow.', days(6) + 12],
      ['b', 'Perfect. Could we keep the mountain one for the homepage?', days(6)],
      ['a', 'Yes, it is already in the first draft.', days(5) + hours(20)],
      ['b', 'Lovely, thank you!', days(5) + hours(19)],
    ],
  },
  {
    a: olivia,
    b: 'Grace Liu',
    messages: [
      ['b', 'We have decided to build the new portal in-house this year.', days(5)],
      [
        'a',
        'Understood, Grace. Thanks for letting us know, and good luck with the launch. Let us talk again in Q4.',
        days(4) + hours(23),
      ],
    ],
  },
  {
    a: olivia,
    b: 'Omar Farouk',
    messages: [
      ['b', 'Contract signed and sent back. Excited to get started!', days(4)],
      ['a', 'Wonderful news, Omar. Noah will schedule the kickoff for Monday.', days(4) - 20],
      ['b', 'Great, Monday works for the whole team.', days(4) - 45],
    ],
  },
  {
    a: noah,
    b: liam,
    messages: [
      ['a', 'Liam, the staging build with the new checkout is ready for review.', days(3) + hours(2)],
      ['b', 'Nice! I will go through it with the team this afternoon.', days(3) + hours(1)],
      ['b', 'Two small notes in the task comments, otherwise good to go.', days(3) - hours(3)],
    ],
  },
  {
    a: olivia,
    b: 'Chloé Laurent',
    messages: [
      ['b', 'Bonjour Olivia, could you share a few campaign case studies?', days(2) + hours(5)],
      ['a', 'Of course! Sending three retail campaigns with their results.', days(2) + hours(4)],
      ['b', 'Merci, very helpful. Can we book a call next week?', days(2) + hours(1)],
      ['a', 'Absolutely. Does Tuesday at 10:00 CET suit you?', days(2)],
    ],
  },
  {
    a: mia,
    b: emma,
    messages: [
      ['b', 'Hello, the booking widget shows the wrong opening hours on Sundays.', days(1) + hours(6)],
      ['a', 'Thanks Emma, I have reproduced it. A fix goes out today.', days(1) + hours(5)],
    ],
  },
  {
    a: grace,
    b: lucas,
    messages: [
      ['a', 'Hi Lucas, I am Grace, your new account manager. Happy to take over from Mia.', days(1) + hours(3)],
      ['b', 'Welcome aboard, Grace! Can we review the roadmap this week?', days(1) + hours(2)],
      ['a', 'Thursday at 14:00 works. I will send an invite.', days(1) + hours(1)],
    ],
  },
  {
    a: daniel,
    b: emma,
    messages: [
      ['b', 'The Sunday fix works, thanks! One more thing: the menu PDF link is broken.', hours(23)],
      ['a', 'Thanks Emma, support here. I have opened a task; it will be fixed by tomorrow.', hours(22)],
    ],
  },
  {
    a: olivia,
    b: grace,
    messages: [
      ['b', 'Olivia, I have taken over the Lucas Moreau account. Anything I should know?', hours(21)],
      ['a', 'Only that he likes a short weekly summary. Thanks for picking it up!', hours(21) - 10],
    ],
  },
  {
    a: olivia,
    b: noah,
    messages: [
      ['a', 'Can you take the Northwind weekly sync today? I am with a new lead.', hours(20)],
      ['b', 'Sure, I will send you the notes afterwards.', hours(19)],
      ['b', 'Notes are in the project. Liam approved the checkout flow.', hours(15)],
      ['a', 'Perfect, thank you Noah!', hours(14)],
    ],
  },
  {
    a: olivia,
    b: 'Daniel Brooks',
    messages: [
      [
        'b',
        'Hi, I found you through your website. We need to rebuild our online store before the holidays. Could you send a quote?',
        hours(3),
      ],
    ],
    unseen: { a: 1 },
  },
  {
    a: olivia,
    b: liam,
    messages: [
      ['b', 'Good morning Olivia! Quick question about the redesign timeline.', hours(2) + 40],
      ['a', 'Morning Liam! Sure, what would you like to know?', hours(2) + 35],
      ['b', 'Could we move the launch one week earlier? Our trade show starts on the 14th.', hours(2) + 30],
      ['a', 'Let me check with the team. The design is done, so development is the question.', hours(2) + 20],
      ['a', 'Noah thinks it is doable if we freeze the scope by Friday.', hours(1)],
      ['b', 'That works for us. I will confirm the final list of pages tomorrow.', 25],
      ['b', 'Also, can you add the new product video to the homepage hero?', 20],
    ],
    unseen: { a: 2 },
  },
];

const resolveParticipants = async (): Promise<Map<string, string>> => {
  const ids = await seededUserIds();
  const start = Date.now() - days(7) * 60_000;
  const leadIds = await Promise.all(
    demoLeads.map(async (lead, index) => {
      const existing = await findLeadByName(lead.fullName);
      if (existing) return existing.id;
      const createdAt = new Date(start + index * hours(5) * 60_000);
      const record: NewLead = {
        id: ulid(createdAt.getTime()),
        fullName: lead.fullName,
        about: lead.about,
        status: lead.status,
        source: lead.source,
        email: lead.email,
        createdAt: createdAt.toISOString(),
      };
      return (await createLead(record)).id;
    }),
  );
  demoLeads.forEach((lead, index) => ids.set(lead.fullName, leadIds[index] ?? ''));
  return ids;
};

const isLead = (participant: string) => demoLeads.some((lead) => lead.fullName === participant);

interface Thread {
  readonly conversation: DemoConversation;
  readonly a: string;
  readonly b: string;
  chatId?: number;
  readonly lastReceived: Partial<Record<Speaker, string>>;
}

const other = (speaker: Speaker): Speaker => (speaker === 'a' ? 'b' : 'a');

/** Writes message `index` of a thread (the first one creates the chat). */
const writeMessage = async (thread: Thread, index: number, now: number): Promise<string | undefined> => {
  const entry = thread.conversation.messages[index];
  if (!entry) return undefined;
  const [speaker, text, minutesAgo] = entry;
  const input = {
    senderId: speaker === 'a' ? thread.a : thread.b,
    recipientId: speaker === 'a' ? thread.b : thread.a,
    message: text,
    time: new Date(now - minutesAgo * 60_000),
  };
  if (thread.chatId !== undefined) return (await appendMessage(thread.chatId, input)).id;
  const created = await createChatWithMessage(input);
  if (!created.created) return undefined;
  thread.chatId = created.chatId;
  return created.message.id;
};

/** The receipts the reader of message `index` would have sent by now. */
const seedReceipts = async (thread: Thread, index: number, messageId: string): Promise<void> => {
  const { conversation } = thread;
  const [speaker] = conversation.messages[index] ?? ['a'];
  const idOf = (side: Speaker) => (side === 'a' ? thread.a : thread.b);
  const canRead = (side: Speaker) => !isLead(side === 'a' ? conversation.a : conversation.b);
  const reader = other(speaker);
  thread.lastReceived[reader] = messageId;
  // The reader opened the chat after this message unless it is among their last unseen ones.
  const unseenFromHere = conversation.messages.slice(index).filter(([from]) => from === speaker).length;
  if (canRead(reader) && unseenFromHere > (conversation.unseen?.[reader] ?? 0)) {
    await advanceReceipts(idOf(reader), idOf(speaker), 'seen', messageId);
  }
  if (index === conversation.messages.length - 1) {
    // Everyone signed in has since received the rest (delivered, not seen).
    for (const side of ['a', 'b'] as const) {
      const upTo = thread.lastReceived[side];
      if (upTo && canRead(side)) await advanceReceipts(idOf(side), idOf(other(side)), 'delivered', upTo);
    }
  }
};

export const seedChat = async (): Promise<void> => {
  const ids = await resolveParticipants();
  const now = Date.now();
  const threads: { thread: Thread; firstId: string }[] = [];
  // First messages one by one, so chat ids follow the order the conversations started (a pair
  // that already has a chat is skipped)…
  for (const conversation of demoConversations) {
    const a = ids.get(conversation.a);
    const b = ids.get(conversation.b);
    if (!a || !b) continue;
    const thread: Thread = { conversation, a, b, lastReceived: {} };
    const firstId = await writeMessage(thread, 0, now);
    if (firstId) threads.push({ thread, firstId });
  }
  // …then each conversation's history, the conversations side by side.
  await Promise.all(
    threads.map(async ({ thread, firstId }) => {
      await seedReceipts(thread, 0, firstId);
      for (let index = 1; index < thread.conversation.messages.length; index += 1) {
        const messageId = await writeMessage(thread, index, now);
        if (messageId) await seedReceipts(thread, index, messageId);
      }
    }),
  );
};
