import { storeMail } from '../mailbox-fixtures';
import {
  expectation,
  type MatrixContext,
  type RouteExpectation,
  type SignedInRouteKey,
  type Statuses,
} from '../matrix';

/**
 * Who may call the mailbox's routes (docs/email.md, "Who may do what"): everyone with Email
 * rights (the administrator, the manager, support and the clients) on their own mailbox only;
 * users and the restricted user have none (403 on every route). A mail is addressed in the
 * caller's own mailbox, so client A's mail is a 404 for every other identity, the
 * administrator included.
 */

/** Routes without a mail id: each identity with Email rights works in their own mailbox. */
const ownMailbox = (status: number): Statuses => ({
  clientA: status,
  clientB: status,
  admin: status,
  manager: status,
  support: status,
  users: 403,
  restrictedUser: 403,
});

/** Client A's mail: theirs to use, nobody else's to find. */
const clientAsMail = (status: number): Statuses => ({
  clientA: status,
  clientB: 404,
  admin: 404,
  manager: 404,
  support: 404,
  users: 403,
  restrictedUser: 403,
});

const clientAMail = (folder: 'inbox' | 'trash') => async (context: MatrixContext) =>
  storeMail({
    ownerId: context.users.clientA.id,
    folder,
    ...(folder === 'trash' ? { previousFolder: 'inbox' as const } : {}),
    subject: 'Matrix mail',
    attachments: [{ id: 'att1', name: 'brief.pdf', type: 'application/pdf', size: 10, key: 'mail/matrix/brief.pdf' }],
  });

export const emailMailboxRouteExpectations = {
  'GET /api/apps/email/mails': expectation({
    request: () => ({ query: { filter: 'inbox' } }),
    expect: ownMailbox(200),
  }),
  'GET /api/apps/email/counts': expectation({ expect: ownMailbox(200) }),
  'GET /api/apps/email/mails/{id}': expectation({
    setup: clientAMail('inbox'),
    request: (mail) => ({ params: { id: mail.id } }),
    expect: clientAsMail(200),
  }),
  'PATCH /api/apps/email/mails/{id}': expectation({
    setup: clientAMail('inbox'),
    request: (mail) => ({ params: { id: mail.id }, body: { read: true } }),
    expect: clientAsMail(200),
  }),
  // Ids not in the caller's mailbox are left out, never a 404: everyone with Email rights gets 200.
  'POST /api/apps/email/mails/bulk': expectation({
    setup: clientAMail('inbox'),
    request: (mail) => ({ body: { ids: [mail.id], starred: true } }),
    expect: ownMailbox(200),
    after: async ({ identity, response }) => {
      const changed = (response.body as { changed?: number }).changed;
      if (response.status === 200 && changed !== (identity === 'clientA' ? 1 : 0)) {
        throw new Error(`${identity} changed ${String(changed)} of client A's mails`);
      }
    },
  }),
  'DELETE /api/apps/email/mails/{id}': expectation({
    setup: clientAMail('trash'),
    request: (mail) => ({ params: { id: mail.id } }),
    expect: clientAsMail(200),
  }),
  'POST /api/apps/email/folders/{folder}/empty': expectation({
    request: () => ({ params: { folder: 'spam' } }),
    expect: ownMailbox(200),
  }),
  'GET /api/apps/email/mails/{id}/attachments/{attachmentId}': expectation({
    setup: clientAMail('inbox'),
    request: (mail) => ({ params: { id: mail.id, attachmentId: 'att1' } }),
    expect: clientAsMail(200),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
