import type { AreaRouteKey } from '../routes';
import { invitationPreviewQuery, membersQuery } from '../team/contract';
import { changeRoleRequest, inviteRequest } from '../team/requests';
import type { RouteDoc } from './route-doc';

/** The team area's routes in the public API's description (schemas from its contract). */
export const teamRouteDocs = {
  'GET /api/team/members': {
    summary: 'Everyone who signs in: q, role, page, itemsPerPage; status and last seen (read Team)',
    query: membersQuery,
    status: 200,
  },
  'PATCH /api/team/members/{id}/role': {
    summary:
      "Change a member's role, version optional (update Role; administrator only by one; never one's own; never the last administrator)",
    body: changeRoleRequest,
    status: 200,
  },
  'POST /api/team/members/{id}/suspend': {
    summary:
      'Suspend: sign-in refused, sessions revoked, sockets closed (update Team; not oneself; not the last administrator)',
    status: 200,
  },
  'POST /api/team/members/{id}/reactivate': { summary: 'Lift a suspension (update Team)', status: 200 },
  'GET /api/team/invitations': { summary: 'Pending invitations, newest first (read Team)', status: 200 },
  'POST /api/team/invitations': {
    summary:
      'Invite by email or phone with a role; the link is sent in the background (create Team; administrator only by one)',
    body: inviteRequest,
    status: 201,
  },
  'POST /api/team/invitations/{id}/resend': {
    summary: 'Send a new link; the old one stops working (create Team)',
    status: 200,
  },
  'DELETE /api/team/invitations/{id}': { summary: 'Revoke a pending invitation (delete Team)', status: 204 },
  'GET /api/team/invitations/accept': {
    summary: 'What an invitation link offers (?token=): inviter, role, contact; 404 used/revoked, 410 expired',
    query: invitationPreviewQuery,
    status: 200,
  },
} as const satisfies Record<AreaRouteKey<'team'>, RouteDoc>;
