import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

import { getObject, mediaLocation } from '@orbit/functions/core/media/object-store';
import { mailLimits } from '@orbit/functions/email/contract';
import { profileLimits } from '@orbit/functions/users/contract';

import { answerBeforeBody, payloadTooLarge, sendError } from './http-limits';

/**
 * `/media/*` on the app's own origin, as CloudFront serves it from the media bucket in AWS
 * (infra/lib/media.ts): the path is the object key. Read from the local S3 server with a signed
 * GET (it admits nothing unsigned); only GET and HEAD, only what S3 holds.
 */
export const mediaPathPrefix = '/media/';
/** Presigned uploads arrive here (as CloudFront's `/media/pending/*` behaviour takes them in AWS). */
const uploadPathPrefix = '/media/pending/';
/**
 * Mail attachments' uploads (functions/src/email/attachments-service.ts): their own prefix under
 * pending, with the attachment's ceiling; every other upload keeps the avatar's.
 */
const mailUploadPathPrefix = '/media/pending/mail/';

/** The largest body an upload under this path may have. */
export const uploadLimitFor = (pathname: string): number =>
  pathname.startsWith(mailUploadPathPrefix) ? mailLimits.attachmentMaxBytes : profileLimits.avatarMaxBytes;

const readAll = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A presigned PUT, passed on to the local S3 server unchanged but for the host and the bucket
 * in the path (path-style there, as the URL was signed): the server checks the signature, the
 * signed type and length. Bodies beyond the path's ceiling (an avatar's, or a mail attachment's)
 * are refused before they are read.
 */
const passUpload = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
  const limit = uploadLimitFor(url.pathname);
  if (Number(request.headers['content-length'] ?? 0) > limit)
    return answerBeforeBody(request, response, payloadTooLarge(limit));
  const body = await readAll(request);
  if (body.length > limit) return sendError(response, payloadTooLarge(limit));
  const location = mediaLocation();
  const target = `${location.endpoint.href.replace(/\/$/, '')}/${location.bucket}${url.pathname}${url.search}`;
  const upstream = await fetch(target, {
    method: 'PUT',
    headers: {
      ...(request.headers['content-type'] ? { 'content-type': request.headers['content-type'] } : {}),
      'content-length': String(body.length),
    },
    body: new Uint8Array(body),
  });
  const text = Buffer.from(await upstream.arrayBuffer());
  response.writeHead(upstream.status, {
    'content-type': upstream.headers.get('content-type') ?? 'application/xml',
    'content-length': text.length,
  });
  response.end(text);
};

/** What CloudFront's optimized cache policy keeps an avatar for: keys are never reused. */
const mediaCacheControl = 'public, max-age=86400';

export const serveMedia = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
  if (request.method === 'PUT' && url.pathname.startsWith(uploadPathPrefix)) {
    try {
      return await passUpload(request, response, url);
    } catch {
      if (!response.headersSent) sendError(response, { status: 502, message: 'Media store unavailable' });
      return;
    }
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendError(response, { status: 405, message: 'Method not allowed' });
    return;
  }
  // As in AWS, where `/media/pending/*` goes to the bucket unsigned (refused): an upload not yet
  // checked (a mail's attachment above all) is never served.
  if (url.pathname.startsWith(uploadPathPrefix)) {
    sendError(response, { status: 404, message: 'Not found' });
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
