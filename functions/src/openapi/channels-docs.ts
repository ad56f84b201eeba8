import type { AreaRouteKey } from '../routes';
import {
  channelVersionRequest,
  connectChannelRequest,
  testChannelRequest,
  updateChannelRequest,
  workQuery,
} from '../channels/contract';
import type { RouteDoc } from './route-doc';

/** The channels area's routes in the public API's description (schemas from its contract). */
export const channelsRouteDocs = {
  'GET /api/apps/channels': { summary: 'List channels with status, last activity and counts (admin)', status: 200 },
  'POST /api/apps/channels': {
    summary: "Connect a channel by type (admin; a webhook's signing secret is returned this once)",
    body: connectChannelRequest,
    status: 201,
  },
  'GET /api/apps/channels/leads': {
    summary: 'The lead board: leads by status with counts and their channel (admin)',
    status: 200,
  },
  'GET /api/apps/channels/work': {
    summary: 'Background jobs that need an admin: dead or unknown outcome (admin)',
    query: workQuery,
    status: 200,
  },
  'POST /api/apps/channels/work/{jobId}/replay': { summary: 'Queue a dead / unknown job again (admin)', status: 200 },
  'GET /api/apps/channels/{id}': { summary: 'One channel (admin)', status: 200 },
  'PATCH /api/apps/channels/{id}': {
    summary: 'Edit name, owner, settings, a new bot token, from the version read (admin; stale is 409)',
    body: updateChannelRequest,
    status: 200,
  },
  'DELETE /api/apps/channels/{id}': {
    summary: "Remove a channel (admin; a Telegram bot's webhook is removed in the background)",
    status: 204,
  },
  'POST /api/apps/channels/{id}/pause': {
    summary: 'Stop sending and receiving (admin)',
    body: channelVersionRequest,
    status: 200,
  },
  'POST /api/apps/channels/{id}/resume': { summary: 'Active again (admin)', body: channelVersionRequest, status: 200 },
  'POST /api/apps/channels/{id}/test': {
    summary: 'Send a test message to yourself in the background; 202, the result lands in lastTest (admin)',
    body: testChannelRequest,
    status: 202,
  },
  'POST /api/hooks/telegram/{channelId}': {
    summary: "Telegram updates; only with the channel's secret token header",
    status: 200,
  },
  'POST /api/hooks/webhook/{channelId}': {
    summary: 'Inbound webhook messages; only with a valid Standard Webhooks signature',
    status: 200,
  },
} as const satisfies Record<AreaRouteKey<'channels'>, RouteDoc>;
