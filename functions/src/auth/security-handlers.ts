import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import type { AreaRouteHandlers } from '../core/handler';
import { json, noContent, parseBody, parseQuery, pathIdIfValid, pathParam } from '../core/http';
import type { TableKey } from '../core/entity';
import { userEntity } from '../core/users/entities';
import { twoStepEntity } from './entities';
import { originOf } from './identity-service';
import { requestSource } from './request-source';
import {
  changePasswordRequest,
  confirmTwoStepRequest,
  reauthenticateRequest,
  securityLogQuery,
  twoStepSignInRequest,
} from './security-contract';
import {
  changePassword,
  confirmTwoStep,
  disableTwoStep,
  listSessionsOf,
  regenerateRecoveryCodes,
  revokeOtherSessions,
  revokeSession,
  securityLogPage,
  startTwoStep,
  twoStepStatusOf,
} from './security-service';
import { completeTwoStepSignIn } from './two-step-sign-in';

/**
 * The security routes (docs/user-view.md, "Security, two-step sign-in and sessions"), spread into
 * the auth area's handler: thin, one service call each with the caller, the path's ids and the
 * body or query as a function (parsed after authorisation).
 */

export type SecurityRouteKey =
  | 'POST /api/auth/login/two-step'
  | 'GET /api/users/{id}/sessions'
  | 'DELETE /api/users/{id}/sessions/{sessionId}'
  | 'POST /api/users/{id}/sessions/revoke-others'
  | 'GET /api/users/{id}/security-log'
  | 'POST /api/users/{id}/password'
  | 'GET /api/users/{id}/two-step'
  | 'POST /api/users/{id}/two-step'
  | 'POST /api/users/{id}/two-step/confirm'
  | 'DELETE /api/users/{id}/two-step'
  | 'POST /api/users/{id}/two-step/recovery-codes';

/** Where a request came from, as sessions and the security log show it (identity-service.ts). */
export { originOf };

const userId = (event: APIGatewayProxyEventV2) => pathParam(event, 'id');

/**
 * What a security route's path names, read with the caller's session in one BatchGet (core/read-along.ts):
 * the user and their two-step item.
 */
export const readWithSessionForSecurity = (event: APIGatewayProxyEventV2): TableKey[] => {
  if (!event.routeKey.includes(' /api/users/{id}')) return [];
  const id = pathIdIfValid(event, 'id');
  return id === undefined ? [] : [userEntity.key(id), twoStepEntity.key(id)];
};

export const securityHandlers: Pick<AreaRouteHandlers<'auth'>, SecurityRouteKey> = {
  'POST /api/auth/login/two-step': async ({ event }) => {
    const { body, cookie } = await completeTwoStepSignIn(
      parseBody(event, twoStepSignInRequest),
      originOf(event),
      requestSource(event),
    );
    return json(201, body, cookie ? { cookies: [cookie] } : {});
  },
  'GET /api/users/{id}/sessions': async ({ caller, event }) => json(200, await listSessionsOf(caller, userId(event))),
  'DELETE /api/users/{id}/sessions/{sessionId}': async ({ caller, event }) => {
    await revokeSession(caller, userId(event), pathParam(event, 'sessionId'), originOf(event));
    return noContent();
  },
  'POST /api/users/{id}/sessions/revoke-others': async ({ caller, event }) =>
    json(200, { revoked: await revokeOtherSessions(caller, userId(event), originOf(event)) }),
  'GET /api/users/{id}/security-log': async ({ caller, event }) =>
    json(200, await securityLogPage(caller, userId(event), () => parseQuery(event, securityLogQuery))),
  'POST /api/users/{id}/password': async ({ caller, event }) => {
    await changePassword(caller, userId(event), () => parseBody(event, changePasswordRequest), originOf(event));
    return noContent();
  },
  'GET /api/users/{id}/two-step': async ({ caller, event }) => json(200, await twoStepStatusOf(caller, userId(event))),
  'POST /api/users/{id}/two-step': async ({ caller, event }) => json(201, await startTwoStep(caller, userId(event))),
  'POST /api/users/{id}/two-step/confirm': async ({ caller, event }) =>
    json(
      200,
      await confirmTwoStep(caller, userId(event), () => parseBody(event, confirmTwoStepRequest), originOf(event)),
    ),
  'DELETE /api/users/{id}/two-step': async ({ caller, event }) => {
    await disableTwoStep(caller, userId(event), () => parseBody(event, reauthenticateRequest), originOf(event));
    return noContent();
  },
  'POST /api/users/{id}/two-step/recovery-codes': async ({ caller, event }) =>
    json(
      200,
      await regenerateRecoveryCodes(
        caller,
        userId(event),
        () => parseBody(event, reauthenticateRequest),
        originOf(event),
      ),
    ),
};
