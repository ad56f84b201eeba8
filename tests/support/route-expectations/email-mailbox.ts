import { expectation, type RouteExpectation, type SignedInRouteKey } from '../matrix';

// SCAFFOLD: every identity meets the not-yet-built handlers' 404; replaced with the real rules.
const notBuilt = {
  clientA: 404,
  clientB: 404,
  admin: 404,
  manager: 404,
  support: 404,
  users: 404,
  restrictedUser: 404,
};

export const emailMailboxRouteExpectations = {
  'GET /api/apps/email/mails': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'GET /api/apps/email/counts': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'GET /api/apps/email/mails/{id}': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'PATCH /api/apps/email/mails/{id}': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'POST /api/apps/email/mails/bulk': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'DELETE /api/apps/email/mails/{id}': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'POST /api/apps/email/folders/{folder}/empty': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'GET /api/apps/email/mails/{id}/attachments/{attachmentId}': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
