import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';

import { logger } from './logger';

/**
 * The API Gateway management API (postToConnection) at WS_ENDPOINT: the WebSocket stage's
 * callback URL on AWS (set by the stack), the local server's own endpoint on one machine (same
 * wire contract). One client per endpoint, kept across invocations.
 */
const clients = new Map<string, ApiGatewayManagementApiClient>();

const managementClient = (): ApiGatewayManagementApiClient | undefined => {
  const endpoint = process.env.WS_ENDPOINT;
  if (!endpoint) return undefined;
  let client = clients.get(endpoint);
  if (!client) {
    client = new ApiGatewayManagementApiClient({ endpoint });
    clients.set(endpoint, client);
  }
  return client;
};

const isGone = (error: unknown): boolean =>
  error instanceof GoneException ||
  (error instanceof Error && error.name === 'GoneException') ||
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410;

export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends one frame (each area types its own frames); 'gone' means the connection no longer exists
 * (410) and should be forgotten.
 */
export const pushJson = async (connectionId: string, frame: object): Promise<PushOutcome> => {
  const client = managementClient();
  if (!client) {
    logger.warn('WS_ENDPOINT is not set: push skipped');
    return 'failed';
  }
  try {
    await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(frame) }));
    return 'sent';
  } catch (error) {
    if (isGone(error)) return 'gone';
    logger.warn('push failed', { connectionId, error: error instanceof Error ? error.message : String(error) });
    return 'failed';
  }
};

/** Closes a connection from the server side (e.g. its session ended). */
export const closeConnection = async (connectionId: string): Promise<void> => {
  const client = managementClient();
  if (!client) return;
  try {
    await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
};
