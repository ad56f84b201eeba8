import type { APIGatewayProxyEventV2 } from 'aws-lambda';

import { defineAreaHandler } from '../core/handler';
import { json, noContent, parseBody, parseQuery, pathParam, readJson } from '../core/http';
import { channelsHttpRoutes } from '../routes';
import {
  channelVersionRequest,
  connectChannelRequest,
  testChannelRequest,
  updateChannelRequest,
  workQuery,
} from './contract';
import {
  connectChannel,
  leadBoard,
  listChannels,
  pauseChannel,
  readChannel,
  removeChannel,
  resumeChannel,
  testChannel,
  updateChannel,
} from './service';
import { receiveTelegramHook, receiveWebhookHook } from './hooks';
import { listWork, replayWork } from './work';

/** The origin the request came to: where hooks point when PUBLIC_BASE_URL is not set. */
const originOf = (event: APIGatewayProxyEventV2) => `https://${event.requestContext.domainName}`;

/** The body exactly as sent: a signature covers these bytes, not a re-serialised JSON. */
const rawBodyOf = (event: APIGatewayProxyEventV2): string =>
  !event.body ? '' : event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;

/** DELETE carries its version (if any) in the query; pause / resume in the body. */
const versionFromQuery = (event: APIGatewayProxyEventV2): number | undefined => {
  const raw = event.queryStringParameters?.version;
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
};

/**
 * The channels page's API and the hooks the outside world posts to (docs/channels.md). Thin:
 * each route is one service call; the admin routes pass the request as a function because the
 * service authorises before it reads it.
 */
export const handler = defineAreaHandler('channels', channelsHttpRoutes, {
  'GET /api/apps/channels': async ({ caller }) => json(200, await listChannels(caller)),
  'POST /api/apps/channels': async ({ event, caller }) =>
    json(
      201,
      await connectChannel(caller, () => ({ input: parseBody(event, connectChannelRequest), origin: originOf(event) })),
    ),
  'GET /api/apps/channels/leads': async ({ caller }) => json(200, await leadBoard(caller)),
  'GET /api/apps/channels/work': async ({ event, caller }) =>
    json(200, await listWork(caller, () => parseQuery(event, workQuery))),
  'POST /api/apps/channels/work/{jobId}/replay': async ({ event, caller }) =>
    json(200, await replayWork(caller, () => ({ jobId: pathParam(event, 'jobId') }))),
  'GET /api/apps/channels/{id}': async ({ event, caller }) =>
    json(200, { channel: await readChannel(caller, () => ({ id: pathParam(event, 'id') })) }),
  'PATCH /api/apps/channels/{id}': async ({ event, caller }) =>
    json(200, {
      channel: await updateChannel(caller, () => ({
        id: pathParam(event, 'id'),
        changes: parseBody(event, updateChannelRequest),
        origin: originOf(event),
      })),
    }),
  'DELETE /api/apps/channels/{id}': async ({ event, caller }) => {
    await removeChannel(caller, () => {
      const version = versionFromQuery(event);
      return { id: pathParam(event, 'id'), ...(version === undefined ? {} : { version }) };
    });
    return noContent();
  },
  'POST /api/apps/channels/{id}/pause': async ({ event, caller }) =>
    json(200, {
      channel: await pauseChannel(caller, () => ({
        id: pathParam(event, 'id'),
        ...parseBody(event, channelVersionRequest),
      })),
    }),
  'POST /api/apps/channels/{id}/resume': async ({ event, caller }) =>
    json(200, {
      channel: await resumeChannel(caller, () => ({
        id: pathParam(event, 'id'),
        ...parseBody(event, channelVersionRequest),
      })),
    }),
  'POST /api/apps/channels/{id}/test': async ({ event, caller }) =>
    json(202, {
      channel: await testChannel(caller, () => ({
        id: pathParam(event, 'id'),
        ...parseBody(event, testChannelRequest),
      })),
    }),
  'POST /api/hooks/telegram/{channelId}': async ({ event }) =>
    json(
      200,
      await receiveTelegramHook(() => ({
        channelId: pathParam(event, 'channelId'),
        secretToken: event.headers['x-telegram-bot-api-secret-token'],
        body: () => readJson(event),
      })),
    ),
  'POST /api/hooks/webhook/{channelId}': async ({ event }) =>
    json(
      200,
      await receiveWebhookHook(() => ({
        channelId: pathParam(event, 'channelId'),
        headers: event.headers,
        rawBody: rawBodyOf(event),
        body: () => readJson(event),
      })),
    ),
});
