import type { AreaRouteHandlers } from '../core/handler';
import { NotFoundError } from '../core/errors';

/** Reading and changing mail: lists, search, counts, one mail, flags, folders, labels, deletes. */
type MailboxRouteKey =
  | 'GET /api/apps/email/mails'
  | 'GET /api/apps/email/counts'
  | 'GET /api/apps/email/mails/{id}'
  | 'PATCH /api/apps/email/mails/{id}'
  | 'POST /api/apps/email/mails/bulk'
  | 'DELETE /api/apps/email/mails/{id}'
  | 'POST /api/apps/email/folders/{folder}/empty'
  | 'GET /api/apps/email/mails/{id}/attachments/{attachmentId}';

// SCAFFOLD: replaced by the mailbox's handlers.
const notBuilt = () => Promise.reject(new NotFoundError('Not built yet'));

export const mailboxRouteHandlers: Pick<AreaRouteHandlers<'email'>, MailboxRouteKey> = {
  'GET /api/apps/email/mails': notBuilt,
  'GET /api/apps/email/counts': notBuilt,
  'GET /api/apps/email/mails/{id}': notBuilt,
  'PATCH /api/apps/email/mails/{id}': notBuilt,
  'POST /api/apps/email/mails/bulk': notBuilt,
  'DELETE /api/apps/email/mails/{id}': notBuilt,
  'POST /api/apps/email/folders/{folder}/empty': notBuilt,
  'GET /api/apps/email/mails/{id}/attachments/{attachmentId}': notBuilt,
};
