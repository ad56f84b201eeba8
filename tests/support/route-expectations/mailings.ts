import {
  expectation,
  type MatrixContext,
  type RouteExpectation,
  type SignedInRouteKey,
  type Statuses,
} from '../matrix';

/**
 * Who may manage mailings (docs/mailings.md, "Who may do what"). With the seed's rules, Mailing is managed by the administrator, support and users ("Manage Email
 * Sequences"); Contact is read by admin, manager, support, users and updated by admin, manager, support.
 */
export const mailingRights = (status: number): Statuses => ({
  clientA: 403,
  clientB: 403,
  admin: status,
  manager: 403,
  support: status,
  users: status,
  restrictedUser: 403,
});

interface MailingFixture {
  readonly mailing: { readonly id: string; readonly version: number };
}

/** A fresh draft of the administrator's, ready to schedule. */
const draftMailing = async ({ as }: MatrixContext): Promise<MailingFixture> => {
  const response = await as('admin').request('POST', '/api/apps/mailings', {
    body: { name: 'Matrix mailing', subject: 'Hello {{firstName}}', html: '<p>Hi {{firstName | "there"}}</p>' },
  });
  if (response.status !== 201) throw new Error(`fixture: a mailing answered ${response.status}`);
  return response.body as MailingFixture;
};

/** Far enough ahead that its start job never runs during the tests. */
const farFuture = () => new Date(Date.now() + 300 * 24 * 60 * 60 * 1000).toISOString();

export const mailingsRouteExpectations = {
  'GET /api/apps/mailings': expectation({ expect: mailingRights(200) }),
  'POST /api/apps/mailings': expectation({
    request: () => ({ body: { name: 'Matrix mailing' } }),
    expect: mailingRights(201),
  }),
  'GET /api/apps/mailings/{id}': expectation({
    setup: draftMailing,
    request: (fixture) => ({ params: { id: fixture.mailing.id } }),
    expect: mailingRights(200),
  }),
  'PUT /api/apps/mailings/{id}': expectation({
    setup: draftMailing,
    request: (fixture) => ({
      params: { id: fixture.mailing.id },
      body: { version: fixture.mailing.version, name: 'Renamed' },
    }),
    expect: mailingRights(200),
  }),
  'DELETE /api/apps/mailings/{id}': expectation({
    setup: draftMailing,
    request: (fixture) => ({ params: { id: fixture.mailing.id } }),
    expect: mailingRights(204),
  }),
  'POST /api/apps/mailings/{id}/transitions': expectation({
    setup: draftMailing,
    request: (fixture) => ({
      params: { id: fixture.mailing.id },
      body: {
        to: 'scheduled',
        version: fixture.mailing.version,
        schedule: { at: farFuture(), timeZone: 'Europe/Paris' },
      },
    }),
    expect: mailingRights(200),
  }),
  'POST /api/apps/mailings/{id}/preview': expectation({
    setup: draftMailing,
    request: (fixture, context) => ({
      params: { id: fixture.mailing.id },
      body: { personId: context.users.clientA.id },
    }),
    expect: mailingRights(200),
  }),
  // The delivery part's routes: a test send is accepted (202) and sent in the background.
  'POST /api/apps/mailings/{id}/test': expectation({
    setup: draftMailing,
    request: (fixture) => ({ params: { id: fixture.mailing.id } }),
    expect: mailingRights(202),
  }),
  'GET /api/apps/mailings/{id}/recipients': expectation({
    setup: draftMailing,
    request: (fixture) => ({ params: { id: fixture.mailing.id } }),
    expect: mailingRights(200),
  }),
  'GET /api/apps/mailings/{id}/stats': expectation({
    setup: draftMailing,
    request: (fixture) => ({ params: { id: fixture.mailing.id } }),
    expect: mailingRights(200),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;
