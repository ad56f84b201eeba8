import {
  expectation,
  uniqueName,
  type MatrixContext,
  type PublicRouteExpectation,
  type PublicRouteKey,
  type RouteExpectation,
  type SignedInRouteKey,
} from '../matrix';

/**
 * Who may call the team page's routes (docs/roles.md, "Team and invitations"), with the seed's
 * rules: the manager reads, invites, suspends and revokes (Team read/create/update/delete, "Add &
 * Remove Users"); only the administrator assigns roles (Role, "Manage Billing & Roles"); the
 * restricted user reads the team ("Only View"); support and users do not; clients never (403:
 * the team is no record of theirs to hide).
 */

const readTeam = {
  clientA: 403,
  clientB: 403,
  admin: 200,
  manager: 200,
  support: 403,
  users: 403,
  restrictedUser: 200,
};
const manageTeam = (status: number) => ({
  clientA: 403,
  clientB: 403,
  admin: status,
  manager: status,
  support: 403,
  users: 403,
  restrictedUser: 403,
});
const administratorOnly = (status: number) => ({
  clientA: 403,
  clientB: 403,
  admin: status,
  manager: 403,
  support: 403,
  users: 403,
  restrictedUser: 403,
});

/** A member of its own for one call: a new client, registered (a public route; the token is ignored). */
const newMember = async ({ as }: MatrixContext): Promise<string> => {
  const suffix = uniqueName('m').replace(/\W/g, '').slice(-9);
  const digits = String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const response = await as('admin').request('POST', '/api/auth/register', {
    body: {
      fullName: `Matrix member ${suffix}`,
      phone: `+1777${digits}`,
      email: `matrix-${suffix.toLowerCase()}@team.example`,
      password: 'Member#2026',
    },
  });
  if (response.status !== 201) throw new Error(`fixture: registering a member answered ${response.status}`);
  return (response.body as { userData: { id: string } }).userData.id;
};

/** A pending invitation made by the administrator for one call. */
const newInvitation = async ({ as }: MatrixContext): Promise<string> => {
  const response = await as('admin').request('POST', '/api/team/invitations', {
    body: { email: `${uniqueName('invitee').replace(/\W/g, '').toLowerCase()}@team.example`, role: 'users' },
  });
  if (response.status !== 201) throw new Error(`fixture: inviting answered ${response.status}`);
  return (response.body as { invitation: { id: string } }).invitation.id;
};

export const teamRouteExpectations = {
  'GET /api/team/members': expectation({ request: () => ({ query: { q: 'a', itemsPerPage: '5' } }), expect: readTeam }),
  // The member's own role again: allowed, nothing changes.
  'PATCH /api/team/members/{id}/role': expectation({
    setup: newMember,
    request: (id) => ({ params: { id }, body: { role: 'client' } }),
    expect: administratorOnly(200),
  }),
  'POST /api/team/members/{id}/suspend': expectation({
    setup: newMember,
    request: (id) => ({ params: { id } }),
    expect: manageTeam(200),
  }),
  'POST /api/team/members/{id}/reactivate': expectation({
    setup: newMember,
    request: (id) => ({ params: { id } }),
    expect: manageTeam(200),
  }),
  'POST /api/team/members/{id}/two-step/reset': expectation({
    setup: newMember,
    request: (id) => ({ params: { id } }),
    expect: manageTeam(204),
  }),
  'GET /api/team/invitations': expectation({ expect: readTeam }),
  'POST /api/team/invitations': expectation({
    request: () => ({
      body: { email: `${uniqueName('invitee').replace(/\W/g, '').toLowerCase()}@team.example`, role: 'users' },
    }),
    expect: manageTeam(201),
  }),
  'POST /api/team/invitations/{id}/resend': expectation({
    setup: newInvitation,
    request: (id) => ({ params: { id } }),
    expect: manageTeam(200),
  }),
  'DELETE /api/team/invitations/{id}': expectation({
    setup: newInvitation,
    request: (id) => ({ params: { id } }),
    expect: manageTeam(204),
  }),
} satisfies Partial<Record<SignedInRouteKey, RouteExpectation<unknown>>>;

export const teamPublicRouteExpectations = {
  // Without a valid link: 404, whoever asks.
  'GET /api/team/invitations/accept': { request: () => ({ query: { token: 'not-a-token' } }), status: 404 },
  'POST /api/auth/accept-invitation': { request: () => ({ body: {} }), status: 400 },
} satisfies Partial<Record<PublicRouteKey, PublicRouteExpectation>>;
