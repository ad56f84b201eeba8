import { ulid } from 'ulidx';

import { insertChannel } from '@orbit/functions/channels/repository';
import type { ChannelRecord } from '@orbit/functions/channels/records';
import { createChannelLead, findLeadIdByIdentity } from '@orbit/functions/chat/contacts-repository';
import { appendMessage, createChatWithMessage, type NewMessage } from '@orbit/functions/chat/repository';
import { sealSecret, secretHint } from '@orbit/functions/core/secret-box';

import { seededUserIds } from './users';

/**
 * Channels demo data (docs/channels.md): a webhook channel (the website's contact form) and an
 * email channel, owned by the demo admin, with a lead on each whose conversation shows the
 * channel's icon. No real token anywhere: the webhook's secret is made here and sealed with the
 * local key (nobody knows it, so its hook refuses everything until an admin connects a new one);
 * the email channel sends to the local SES.
 */

const olivia = '+15550100001';
const minutes = (count: number) => count * 60_000;

const baseUrl = () => process.env.PUBLIC_BASE_URL ?? 'http://localhost:3000';

const demoChannel = async (
  ownerId: string,
  type: 'webhook' | 'email',
  name: string,
  createdAt: Date,
): Promise<ChannelRecord> => {
  const id = ulid(createdAt.getTime());
  const common = {
    id,
    name,
    status: 'active' as const,
    lastError: null,
    lastActivityAt: null,
    counts: { inbound: 0, outbound: 0, failed: 0 },
    consecutiveFailures: 0,
    ownerId,
    lastTest: null,
    createdAt: createdAt.toISOString(),
    updatedAt: createdAt.toISOString(),
    version: 1,
  };
  if (type === 'email')
    return {
      ...common,
      type,
      config: { fromAddress: 'hello@orbit-agency.example', fromName: 'Orbit Agency' },
      secretHint: null,
    };
  const secret = `whsec_${Buffer.from(ulid() + ulid()).toString('base64')}`;
  return {
    ...common,
    type,
    config: {
      inboundUrl: `${baseUrl()}/api/hooks/webhook/${id}`,
      outboundUrl: 'https://forms.orbit-agency.example/replies',
    },
    secretHint: secretHint(secret),
    sealedSecret: await sealSecret(secret, 'channel'),
  };
};

interface DemoChannelLead {
  readonly fullName: string;
  /** Further along than a new lead (the chat's tests count the new ones). */
  readonly status: 'interest_shown' | 'success';
  readonly about: string;
  readonly externalId: string;
  readonly email?: string;
  /** [from the lead?, text, minutes before seeding]. */
  readonly messages: readonly (readonly [boolean, string, number])[];
}

const webhookLead: DemoChannelLead = {
  fullName: 'Sven Lindqvist',
  status: 'interest_shown',
  about: 'Sent the website contact form: a booking system for his climbing gyms.',
  externalId: 'form-visitor-1001',
  messages: [
    [true, 'Hello! We run three climbing gyms and need online booking with memberships.', 95],
    [false, 'Hi Sven, thanks for reaching out. How many bookings a day do you expect?', 80],
    [true, 'Around 400 on weekends. [attachment] current-pricing.pdf', 70],
  ],
};

const emailLead: DemoChannelLead = {
  fullName: 'Amara Okafor',
  status: 'interest_shown',
  about: 'Emailed about a newsletter redesign for her design studio.',
  externalId: 'amara@okafor-studio.example',
  email: 'amara@okafor-studio.example',
  messages: [
    [true, 'Hi, could you redesign our monthly newsletter template?', 300],
    [false, 'Hello Amara, gladly. Could you share two recent issues?', 240],
  ],
};

const seedLead = async (channel: ChannelRecord, ownerId: string, lead: DemoChannelLead, now: number) => {
  if (await findLeadIdByIdentity(channel.id, lead.externalId)) return;
  const first = lead.messages[0]?.[2] ?? 0;
  const leadId = ulid(now - minutes(first) - 1);
  await createChannelLead({
    id: leadId,
    fullName: lead.fullName,
    about: lead.about,
    status: lead.status,
    source: channel.type,
    ...(lead.email ? { email: lead.email } : {}),
    createdAt: new Date(now - minutes(first) - 1).toISOString(),
    channel: { id: channel.id, type: channel.type },
    identity: { channelId: channel.id, type: channel.type, externalId: lead.externalId },
  });
  let chatId: number | undefined;
  for (const [fromLead, text, minutesAgo] of lead.messages) {
    const input: NewMessage = {
      senderId: fromLead ? leadId : ownerId,
      recipientId: fromLead ? ownerId : leadId,
      message: text,
      time: new Date(now - minutes(minutesAgo)),
      channel: channel.type,
      // The admin's replies went out through the channel before seeding.
      ...(fromLead ? {} : { delivery: { status: channel.type === 'webhook' ? 'delivered' : 'sent' } as const }),
    };
    if (chatId !== undefined) await appendMessage(chatId, input);
    else {
      const created = await createChatWithMessage(input);
      if (created.created) chatId = created.chatId;
    }
  }
};

export const seedChannels = async (): Promise<void> => {
  const ownerId = (await seededUserIds()).get(olivia);
  if (!ownerId) return;
  const now = Date.now();
  const webhook = await demoChannel(ownerId, 'webhook', 'Website contact form', new Date(now - minutes(60 * 24 * 10)));
  const email = await demoChannel(ownerId, 'email', 'Agency mailbox', new Date(now - minutes(60 * 24 * 9)));
  await Promise.all([insertChannel(webhook), insertChannel(email)]);
  await seedLead(webhook, ownerId, webhookLead, now);
  await seedLead(email, ownerId, emailLead, now);
};
