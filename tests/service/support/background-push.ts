import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll } from 'vitest';

import { addConnection } from '@orbit/functions/core/connections/repository';
import type { ConnectionPurpose } from '@orbit/functions/core/connections/records';

/**
 * Live pushes in process: a loopback server standing for API Gateway's management API (the
 * world's edge the functions push through, `WS_ENDPOINT`), which records every frame posted to a
 * connection. A test opens a "tab" by recording a connection as `$connect` does
 * (core/connections/repository.ts), then reads the frames the services pushed to it. Nothing
 * waits: a push is made before the service call that caused it returns.
 */
export interface LivePushes {
  /** A connection of the user's, as their browser tab's `$connect` records it. */
  open(user: { readonly id: string; readonly role: string }, purpose?: ConnectionPurpose): Promise<string>;
  /** The frames pushed to a connection so far, oldest first, parsed. */
  framesTo<T = Record<string, unknown>>(connectionId: string): T[];
}

/** Starts the fake for the file (stopped after it) and points the push client at it. */
export const useLivePushes = async (): Promise<LivePushes> => {
  const frames = new Map<string, unknown[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /\/@connections\/([^/?]+)/.exec(request.url ?? '');
      const id = decodeURIComponent(match?.[1] ?? '');
      if (request.method === 'POST' && id) {
        const list = frames.get(id) ?? [];
        list.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown);
        frames.set(id, list);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  // The management API's path, as the local server's (`<server>/ws/@connections/{id}`).
  process.env.WS_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  afterAll(
    () =>
      new Promise<void>((closed) => {
        delete process.env.WS_ENDPOINT;
        server.close(() => closed());
        server.closeAllConnections();
      }),
  );
  return {
    async open(user, purpose) {
      const connectionId = randomBytes(9).toString('base64url');
      await addConnection({
        connectionId,
        userId: user.id,
        role: user.role,
        sessionId: `session-${user.id}`,
        ...(purpose ? { purpose } : {}),
      });
      return connectionId;
    },
    framesTo: <T>(connectionId: string) => (frames.get(connectionId) ?? []) as T[],
  };
};
