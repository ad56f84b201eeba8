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

export const emailComposeRouteExpectations = {
  'POST /api/apps/email/drafts': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'PUT /api/apps/email/drafts/{id}': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'DELETE /api/apps/email/drafts/{id}': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'POST /api/apps/email/drafts/{id}/send': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'POST /api/apps/email/drafts/{id}/attachments': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'DELETE /api/apps/email/drafts/{id}/attachments/{attachmentId}': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
  'GET /api/apps/email/recipients': expectation({
    request: () => ({ params: { id: 'x', folder: 'spam', attachmentId: 'x' } }),
    expect: notBuilt,
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
