import type { Caller } from '../core/caller';
import type { MailAttachment } from './records';

/**
 * Where a mail's files are kept (attachments-service.ts explains the two prefixes), and which of
 * a draft's files count against a client's plan storage.
 */
export const pendingMailPrefix = 'media/pending/mail/';
export const storedMailPrefix = 'mail/';
export const pendingAttachmentKey = (ownerId: string, attachmentId: string) =>
  `${pendingMailPrefix}${ownerId}/${attachmentId}`;
export const storedAttachmentKey = (attachmentId: string) => `${storedMailPrefix}${attachmentId}`;

/**
 * What of a draft counts against a client's plan storage (docs/plans.md, "Limits"): the files the
 * client uploaded into it (a forwarded file is the original mail's, counted once, by its sender).
 * Staff files are the agency's own and count for nobody.
 */
export const clientUploadBytes = (caller: Caller, attachments: readonly MailAttachment[]): number =>
  caller.principal.role !== 'client'
    ? 0
    : attachments
        .filter((file) => file.key === pendingAttachmentKey(caller.principal.userId, file.id))
        .reduce((sum, file) => sum + file.size, 0);
