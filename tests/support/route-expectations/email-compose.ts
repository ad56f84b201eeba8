import { expectation, type MatrixContext, type RouteExpectation, type SignedInRouteKey } from '../matrix';

/**
 * Who may write and send mail (docs/email.md, "Who may do what"), with the seed's rules: the
 * administrator, the manager and support (Client Communication: Email read/create/update own)
 * and clients (their own mailbox) may; users and the restricted user have no Email rights (403).
 * A draft is its owner's only: client A's draft is a 404 for everyone else, administrators
 * included (every route is keyed on the caller's id).
 */

/** Everyone with a mailbox gets `status`; staff without Email rights 403. */
const ownMailbox = (status: number) => ({
  clientA: status,
  clientB: status,
  admin: status,
  manager: status,
  support: status,
  users: 403,
  restrictedUser: 403,
});

/** Client A's draft: client A gets `status`, anyone else's mailbox has no such draft (404). */
const clientADraftOnly = (status: number) => ({
  clientA: status,
  clientB: 404,
  admin: 404,
  manager: 404,
  support: 404,
  users: 403,
  restrictedUser: 403,
});

interface DraftFixture {
  readonly draft: { readonly id: string; readonly version: number; readonly attachments: { id: string }[] };
}

/** A fresh draft of client A's, to the administrator (whom a client may write to). */
const clientADraft = async ({ as }: MatrixContext): Promise<DraftFixture> => {
  const response = await as('clientA').request('POST', '/api/apps/email/drafts', {
    body: { mode: 'new', to: [{ address: 'olivia@orbit.example' }], subject: 'Matrix', html: '<p>Hello</p>' },
  });
  if (response.status !== 201) throw new Error(`fixture: a draft answered ${response.status}`);
  return response.body as DraftFixture;
};

const attachment = { name: 'notes.txt', type: 'text/plain', size: 12 };

export const emailComposeRouteExpectations = {
  'POST /api/apps/email/drafts': expectation({
    request: () => ({ body: { mode: 'new', subject: 'Matrix', html: '<p>Hi</p>' } }),
    expect: ownMailbox(201),
  }),
  'PUT /api/apps/email/drafts/{id}': expectation({
    setup: clientADraft,
    request: (fixture) => ({
      params: { id: fixture.draft.id },
      body: { to: [], cc: [], bcc: [], subject: 'Saved', html: '<p>Saved</p>', version: fixture.draft.version },
    }),
    expect: clientADraftOnly(200),
  }),
  'DELETE /api/apps/email/drafts/{id}': expectation({
    setup: clientADraft,
    request: (fixture) => ({ params: { id: fixture.draft.id } }),
    expect: clientADraftOnly(204),
  }),
  'POST /api/apps/email/drafts/{id}/send': expectation({
    setup: clientADraft,
    request: (fixture) => ({ params: { id: fixture.draft.id }, body: { version: fixture.draft.version } }),
    expect: clientADraftOnly(200),
  }),
  'POST /api/apps/email/drafts/{id}/attachments': expectation({
    setup: clientADraft,
    request: (fixture) => ({ params: { id: fixture.draft.id }, body: attachment }),
    expect: clientADraftOnly(201),
  }),
  'DELETE /api/apps/email/drafts/{id}/attachments/{attachmentId}': expectation({
    setup: async (context): Promise<DraftFixture> => {
      const { draft } = await clientADraft(context);
      const response = await context
        .as('clientA')
        .request('POST', `/api/apps/email/drafts/${draft.id}/attachments`, { body: attachment });
      if (response.status !== 201) throw new Error(`fixture: an attachment answered ${response.status}`);
      return response.body as DraftFixture;
    },
    request: (fixture) => ({
      params: { id: fixture.draft.id, attachmentId: fixture.draft.attachments[0]?.id ?? 'none' },
    }),
    expect: clientADraftOnly(200),
  }),
  'GET /api/apps/email/recipients': expectation({
    request: () => ({ query: { q: 'o' } }),
    expect: ownMailbox(200),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
