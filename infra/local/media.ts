import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import { getObject } from '@orbit/functions/core/media/object-store';

import { sendError } from './http-limits';

/**
 * `/media/*` on the app's own origin, as CloudFront serves it from the media bucket in AWS
 * (infra/lib/media.ts): the path is the object key. Read from the local S3 server with a signed
 * GET (it admits nothing unsigned); only GET and HEAD, only what S3 holds.
 */
export const mediaPathPrefix = '/media/';

/** What CloudFront's optimized cache policy keeps an avatar for: keys are never reused. */
const mediaCacheControl = 'public, max-age=86400';

export const serveMedia = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendError(response, { status: 405, message: 'Method not allowed' });
    return;
  }
  const key = decodeURIComponent(url.pathname.slice(1));
  if (key.split('/').some((part) => part === '..' || part === '')) {
    sendError(response, { status: 404, message: 'Not found' });
    return;
  }
  try {
    const upstream = await getObject(key);
    if (!upstream.ok || !upstream.body) {
      await upstream.body?.cancel();
      sendError(response, { status: 404, message: 'Not found' });
      return;
    }
    const length = upstream.headers.get('content-length');
    response.writeHead(200, {
      'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      ...(length ? { 'content-length': length } : {}),
      'cache-control': mediaCacheControl,
    });
    if (request.method === 'HEAD') {
      await upstream.body.cancel();
      response.end();
      return;
    }
    Readable.fromWeb(upstream.body as WebReadableStream).pipe(response);
  } catch {
    if (!response.headersSent) sendError(response, { status: 502, message: 'Media store unavailable' });
    else response.destroy();
  }
};
