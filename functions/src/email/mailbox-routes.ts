import type { AreaRouteHandlers } from '../core/handler';
import { json, parseBody, parseQuery, pathParam } from '../core/http';
import { bulkMailsRequest, changeMailRequest, listMailsQuery } from './mailbox-requests';
import {
  attachmentUrl,
  bulkChange,
  changeMail,
  deleteMail,
  emptyFolder,
  getCounts,
  listMails,
  openMail,
} from './mailbox-service';

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

// Requests are parsed inside the service's call (a thunk): it authorises first, so a caller
// without Email rights gets 403 whatever they sent.
export const mailboxRouteHandlers: Pick<AreaRouteHandlers<'email'>, MailboxRouteKey> = {
  'GET /api/apps/email/mails': async ({ event, caller }) =>
    json(200, await listMails(caller, () => parseQuery(event, listMailsQuery))),
  'GET /api/apps/email/counts': async ({ caller }) => json(200, await getCounts(caller)),
  'GET /api/apps/email/mails/{id}': async ({ event, caller }) =>
    json(200, await openMail(caller, pathParam(event, 'id'))),
  'PATCH /api/apps/email/mails/{id}': async ({ event, caller }) =>
    json(200, await changeMail(caller, pathParam(event, 'id'), () => parseBody(event, changeMailRequest))),
  'POST /api/apps/email/mails/bulk': async ({ event, caller }) =>
    json(200, await bulkChange(caller, () => parseBody(event, bulkMailsRequest))),
  'DELETE /api/apps/email/mails/{id}': async ({ event, caller }) =>
    json(200, await deleteMail(caller, pathParam(event, 'id'))),
  'POST /api/apps/email/folders/{folder}/empty': async ({ event, caller }) =>
    json(200, await emptyFolder(caller, pathParam(event, 'folder'))),
  'GET /api/apps/email/mails/{id}/attachments/{attachmentId}': async ({ event, caller }) =>
    json(200, await attachmentUrl(caller, pathParam(event, 'id'), pathParam(event, 'attachmentId'))),
};
