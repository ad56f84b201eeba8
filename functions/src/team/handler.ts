import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import { defineAreaHandler } from '../core/handler';
import { json, noContent, parseBody, parseQuery, pathParam } from '../core/http';
import { teamHttpRoutes } from '../routes';
import { invitationPreviewQuery, membersQuery } from './contract';
import {
  invite,
  listPendingInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations-service';
import { changeRoleRequest, inviteRequest } from './requests';
import { changeRole, listTeam, reactivateMember, suspendMember } from './service';

/** The web app the request came from: the invitation link's origin when the deployment names none. */
const originHeader = (event: APIGatewayProxyEventV2): string | undefined =>
  event.headers.origin ?? event.headers.Origin;

/** The team page's API (docs/roles.md, "Team and invitations"); accepting an invitation is the auth area's. */
export const handler = defineAreaHandler('team', teamHttpRoutes, {
  'GET /api/team/members': async ({ event, caller }) =>
    json(200, await listTeam(caller, () => parseQuery(event, membersQuery))),
  'PATCH /api/team/members/{id}/role': async ({ event, caller }) =>
    json(200, {
      member: await changeRole(caller, () => ({
        id: pathParam(event, 'id'),
        body: parseBody(event, changeRoleRequest),
      })),
    }),
  'POST /api/team/members/{id}/suspend': async ({ event, caller }) =>
    json(200, { member: await suspendMember(caller, pathParam(event, 'id')) }),
  'POST /api/team/members/{id}/reactivate': async ({ event, caller }) =>
    json(200, { member: await reactivateMember(caller, pathParam(event, 'id')) }),
  'GET /api/team/invitations': async ({ caller }) => json(200, await listPendingInvitations(caller)),
  'POST /api/team/invitations': async ({ event, caller }) =>
    json(201, {
      invitation: await invite(caller, () => parseBody(event, inviteRequest), originHeader(event)),
    }),
  'POST /api/team/invitations/{id}/resend': async ({ event, caller }) =>
    json(200, { invitation: await resendInvitation(caller, pathParam(event, 'id'), originHeader(event)) }),
  'DELETE /api/team/invitations/{id}': async ({ event, caller }) => {
    await revokeInvitation(caller, pathParam(event, 'id'));
    return noContent();
  },
  'GET /api/team/invitations/accept': async ({ event }) =>
    json(200, { invitation: await previewInvitation(parseQuery(event, invitationPreviewQuery).token) }),
});
