import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Attachment } from 'mailparser';

import { receiveChannelMessage } from '../../chat/channel-service';
import { pushToUserConnections } from '../../core/connections/push';
import { contactEventPart } from '../../core/contact-events';
import { announce } from '../../core/webhook-events';
import { ConditionFailed, db, putPart } from '../../core/db';
import { findEmailChannel, findUserIdByEmail, type EmailChannel } from '../../core/email-channel';
import { ulid } from '../../core/ids';
import { logger } from '../../core/logger';
import { putObject } from '../../core/media/object-store';
import { tableName } from '../../core/table';
import type { EmailFrame } from '../contract';
import { mailCountsFrom } from '../counts';
import { mailCountsEntity } from '../entities';
import type { MailAttachment } from '../records';
import { storeNewMail } from '../store';
import { inboundClaimKey, inboundClaimType, messageIdEntity, sesMessageEntity } from './entities';
import {
  inboundAttachmentRecords,
  inboundContentOf,
  inboundIdsOf,
  inboundMailRecord,
  parseInboundMail,
} from './inbound-content';
import { toMailSummary } from '../summary';

/**
 * Mail from the outside world (docs/email.md, "Inbound"), the one path for SES receiving in AWS
 * (inbound-handler.ts) and the local SMTP listener: parsed with mailparser, HTML sanitised with
 * remote images blocked, accepted attachments stored in S3, one copy per recipient mailbox (a
 * Message-ID delivered twice to one mailbox is stored once), filed to `spam` on a FAIL verdict.
 * What is kept is bounded whatever the mail holds (inbound-content.ts); a mail that cannot be
 * read throws InboundMailRefused (inbound-errors.ts: refused for good), anything else is temporary.
 */

export type Verdict = 'PASS' | 'FAIL' | 'GRAY' | 'PROCESSING_FAILED';
export interface InboundVerdicts {
  readonly spam: Verdict;
  readonly virus: Verdict;
}
export interface InboundEnvelope {
  readonly from?: string;
  /** The envelope's recipients (RCPT TO, or the receipt's recipients). */
  readonly to: readonly string[];
}

export interface InboundResult {
  /** Mailboxes that got a new copy. */
  readonly stored: readonly { readonly ownerId: string; readonly mailId: string }[];
  /** Mailboxes that had it already (a repeat delivery). */
  readonly duplicates: number;
  /** Recipients nobody here answers to (550 at SMTP). */
  readonly rejected: readonly string[];
  readonly leadId?: string;
}

type Route =
  { readonly kind: 'user'; readonly userId: string } | { readonly kind: 'workspace'; readonly channel: EmailChannel };

/** Where an address goes: a workspace user's inbox, the workspace's address, or nowhere. */
export const routeAddress = async (address: string, channel?: EmailChannel | null): Promise<Route | undefined> => {
  const lower = address.trim().toLowerCase();
  const workspace = channel === undefined ? await findEmailChannel() : (channel ?? undefined);
  if (workspace && workspace.fromAddress === lower) return { kind: 'workspace', channel: workspace };
  const userId = await findUserIdByEmail(lower);
  return userId ? { kind: 'user', userId } : undefined;
};

/** SES's own Message-ID (it replaces ours on the way out): `<sesMessageId@region.amazonses.com>`. */
const sesMessageIdOf = (messageId: string) => /^<([^@>]+)@(?:[a-z0-9-]+\.)*amazonses\.com>$/i.exec(messageId)?.[1];

interface Answered {
  readonly ownerId: string;
  readonly messageId: string;
}

/** The sent mail behind a Message-ID we sent (ours, or the one SES gave it), if any. */
const sentMailOf = async (messageId: string): Promise<Answered | undefined> => {
  const sesId = sesMessageIdOf(messageId);
  if (sesId) {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: sesMessageEntity.key(sesId) }));
    if (!Item) return undefined;
    const link = sesMessageEntity.fromItem(Item);
    return { ownerId: link.ownerId, messageId: link.messageId };
  }
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: messageIdEntity.key(messageId) }));
  return Item ? { ownerId: messageIdEntity.fromItem(Item).ownerId, messageId } : undefined;
};

/**
 * The threading headers with SES's Message-IDs turned back into ours (so a reply joins the
 * thread its sender's copy is in), and the mailbox of whoever sent the mail it answers, by
 * In-Reply-To then References (newest first).
 */
const resolveThread = async (inReplyTo: string | undefined, references: readonly string[]) => {
  const known = new Map<string, Answered>();
  for (const messageId of new Set([...(inReplyTo ? [inReplyTo] : []), ...references])) {
    const sent = await sentMailOf(messageId);
    if (sent) known.set(messageId, sent);
  }
  const ours = (messageId: string) => known.get(messageId)?.messageId ?? messageId;
  const answered = [...(inReplyTo ? [inReplyTo] : []), ...[...references].reverse()]
    .map((messageId) => known.get(messageId))
    .find((sent) => sent !== undefined);
  return {
    inReplyTo: inReplyTo ? ours(inReplyTo) : undefined,
    references: references.map(ours),
    answeredOwnerId: answered?.ownerId,
  };
};

const alreadyDelivered = async (ownerId: string, messageId: string) =>
  (
    await db().send(
      new GetCommand({ TableName: tableName(), Key: inboundClaimKey(ownerId, messageId), ConsistentRead: true }),
    )
  ).Item !== undefined;

/** The attachments, stored once for every mailbox's copy (as compose's copies share theirs). */
const storeAttachments = async (mailId: string, attachments: readonly Attachment[]): Promise<MailAttachment[]> => {
  const records = inboundAttachmentRecords(mailId, attachments);
  await Promise.all(
    records.map((record, index) => putObject(record.key, attachments[index]?.content ?? Buffer.alloc(0), record.type)),
  );
  return records;
};

export const receiveInboundMail = async (
  raw: Buffer,
  envelope: InboundEnvelope,
  verdicts: InboundVerdicts,
  now = new Date(),
): Promise<InboundResult> => {
  if (verdicts.virus === 'FAIL') {
    logger.warn('Inbound mail dropped: virus verdict FAIL');
    return { stored: [], duplicates: 0, rejected: [] };
  }
  const parsed = await parseInboundMail(raw);
  const ids = inboundIdsOf(parsed, raw);
  const { messageId } = ids;
  const thread = await resolveThread(ids.inReplyTo, ids.references);
  const { inReplyTo, references } = thread;
  const channel = (await findEmailChannel()) ?? null;
  const owners = new Map<string, 'user' | 'workspace'>();
  const rejected: string[] = [];
  const ownAddresses = new Set<string>();
  let toWorkspace: EmailChannel | undefined;
  for (const address of new Set(envelope.to.map((to) => to.trim().toLowerCase()))) {
    const route = await routeAddress(address, channel);
    if (!route) {
      rejected.push(address);
      continue;
    }
    // The header lists keep these whatever their length (inbound-content.ts, boundedRecipients).
    ownAddresses.add(address);
    if (route.kind === 'user') owners.set(route.userId, 'user');
    else {
      toWorkspace = route.channel;
      const ownerId = thread.answeredOwnerId ?? route.channel.ownerId;
      if (!owners.has(ownerId)) owners.set(ownerId, 'workspace');
    }
  }

  const content = inboundContentOf(parsed, envelope.from, ownAddresses);
  const { from, subject, text } = content;

  // A person we know (a user) writing to the workspace's address replies: the 'replied' contact
  // event goes with the workspace copy of the mail, once (docs/mailings.md, "Sequences").
  const senderId =
    toWorkspace && from.address && verdicts.spam !== 'FAIL' ? await findUserIdByEmail(from.address) : undefined;
  const stored: { ownerId: string; mailId: string }[] = [];
  let duplicates = 0;
  let attachments: MailAttachment[] | undefined;
  for (const ownerId of owners.keys()) {
    if (await alreadyDelivered(ownerId, messageId)) {
      duplicates += 1;
      continue;
    }
    const mailId = ulid(now.getTime());
    attachments ??= await storeAttachments(mailId, content.attachments);
    const mail = inboundMailRecord(
      content,
      { messageId, inReplyTo, references },
      { ownerId, mailId, attachments, spamVerdict: verdicts.spam, now },
    );
    const claim = putPart(
      'claim',
      { ...inboundClaimKey(ownerId, messageId), type: inboundClaimType, mailId, at: now.toISOString() },
      'attribute_not_exists(pk)',
    );
    try {
      const replied =
        senderId && ownerId === (thread.answeredOwnerId ?? toWorkspace?.ownerId)
          ? [
              contactEventPart(
                { type: 'replied', contactId: senderId, channel: 'email', at: now.toISOString() },
                { now },
              ),
            ]
          : [];
      // Announced to webhooks with the mail, unless it went to spam (what an integration acts on).
      const announced =
        mail.folder === 'inbox'
          ? [
              announce(
                'email.received',
                {
                  mailId,
                  ownerId,
                  from: from.address,
                  subject,
                  receivedAt: now.toISOString(),
                },
                now,
              ),
            ]
          : [];
      const { stored: written } = await storeNewMail(mail, { html: content.html, text }, [
        claim,
        ...replied,
        ...announced,
      ]);
      if (!written) {
        duplicates += 1;
        continue;
      }
    } catch (error) {
      if (error instanceof ConditionFailed && error.failed('claim')) {
        duplicates += 1;
        continue;
      }
      throw error;
    }
    stored.push({ ownerId, mailId });
    const { Item: countsItem } = await db().send(
      new GetCommand({ TableName: tableName(), Key: mailCountsEntity.key(ownerId), ConsistentRead: true }),
    );
    const frame: EmailFrame = { type: 'email.received', mail: toMailSummary(mail), counts: mailCountsFrom(countsItem) };
    await pushToUserConnections(ownerId, frame);
  }

  // A sender nobody knows, writing to the workspace's address, becomes a lead (as the channels do).
  let leadId: string | undefined;
  if (toWorkspace && from.address && verdicts.spam !== 'FAIL' && !senderId) {
    const result = await receiveChannelMessage(
      {
        channel: { id: toWorkspace.id, type: 'email', ownerId: toWorkspace.ownerId },
        sender: { externalId: from.address, fullName: from.name ?? from.address, email: from.address },
        externalMessageId: messageId,
        text: [subject, text].filter(Boolean).join('\n\n').slice(0, 4000),
      },
      now,
    );
    leadId = result.leadId;
  }
  return { stored, duplicates, rejected, ...(leadId ? { leadId } : {}) };
};
