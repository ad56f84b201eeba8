import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import type { AreaRouteHandlers } from '../core/handler';
import { NotFoundError } from '../core/errors';
import { json } from '../core/http';
import { describeUnsubscribe, unsubscribe } from './unsubscribe-service';

/**
 * Opting out through a signed link (docs/mailings.md, "Opting out"): public, the token is the
 * credential. The POST is both the page's button and RFC 8058's one-click (a mail client posts
 * `List-Unsubscribe=One-Click`, form-encoded): the body is not read, so either works.
 */
type UnsubscribeRouteKey = 'GET /api/mailings/unsubscribe/{token}' | 'POST /api/mailings/unsubscribe/{token}';

const tokenOf = (event: APIGatewayProxyEventV2): string => {
  const raw = event.pathParameters?.token ?? '';
  try {
    const token = decodeURIComponent(raw);
    if (token.length === 0 || token.length > 400) throw new NotFoundError();
    return token;
  } catch {
    throw new NotFoundError();
  }
};

const isOneClick = (event: APIGatewayProxyEventV2) =>
  (event.headers?.['content-type'] ?? '').includes('application/x-www-form-urlencoded');

export const unsubscribeRouteHandlers: Pick<AreaRouteHandlers<'mailings'>, UnsubscribeRouteKey> = {
  'GET /api/mailings/unsubscribe/{token}': async ({ event }) => json(200, await describeUnsubscribe(tokenOf(event))),
  'POST /api/mailings/unsubscribe/{token}': async ({ event }) =>
    json(200, await unsubscribe(tokenOf(event), isOneClick(event) ? 'one-click' : 'link')),
};
