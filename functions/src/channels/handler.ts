import { defineAreaHandler } from '../core/handler';
import { NotFoundError } from '../core/errors';
import { channelsHttpRoutes } from '../routes';

const notYet = async (): Promise<never> => {
  throw new NotFoundError('Not built yet');
};

/** The channels area (docs/channels.md). Placeholder while the service is built. */
export const handler = defineAreaHandler('channels', channelsHttpRoutes, {
  'GET /api/apps/channels': notYet,
  'POST /api/apps/channels': notYet,
  'GET /api/apps/channels/leads': notYet,
  'GET /api/apps/channels/work': notYet,
  'POST /api/apps/channels/work/{jobId}/replay': notYet,
  'GET /api/apps/channels/{id}': notYet,
  'PATCH /api/apps/channels/{id}': notYet,
  'DELETE /api/apps/channels/{id}': notYet,
  'POST /api/apps/channels/{id}/pause': notYet,
  'POST /api/apps/channels/{id}/resume': notYet,
  'POST /api/apps/channels/{id}/test': notYet,
  'POST /api/hooks/telegram/{channelId}': notYet,
  'POST /api/hooks/webhook/{channelId}': notYet,
});
