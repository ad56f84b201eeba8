import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

import type { Area } from '@orbit/functions/routes';

/**
 * What the local server refuses before any handler runs, answered in the API's error shape
 * (`{"errors": {...}}`) rather than with a dropped connection. The request limits are
 * CloudFront's, so what passes here passes in AWS; the body limits are stricter than API
 * Gateway's fixed 10 MB (see docs/decisions.md, "Request limits and overload").
 */

/** CloudFront refuses longer URLs (path and query string). */
export const maxUrlBytes = 8 * 1024;
/** CloudFront's limit on a request without its body: request line and headers. */
export const maxRequestHeadBytes = 20 * 1024;
/** Node's own parser limit, above CloudFront's so that the checks below give the answer. */
export const parserMaxHeaderBytes = 64 * 1024;
/** API Gateway's integration timeout: a body that takes longer to arrive is not worth waiting for. */
export const requestTimeoutMs = 30_000;

/**
 * Body limits per area: sign-in and registration need a few hundred bytes, the largest content
 * (a 5 000-character project description, a 4 000-character message, JSON-escaped) fits in 64 KB.
 */
export const bodyLimitBytes: Readonly<Record<Area, number>> = {
  health: 1024,
  auth: 8 * 1024,
  chat: 64 * 1024,
  permissions: 64 * 1024,
  projects: 64 * 1024,
  // A Telegram update or an inbound webhook message with its attachment notes.
  channels: 64 * 1024,
  // Profile edits (a 500-character about) and small JSON: the avatar itself goes to S3.
  users: 8 * 1024,
  // Ids to mark read (at most 100) or the settings table: a few kilobytes.
  notifications: 8 * 1024,
  // An invitation or a role change: a few hundred bytes.
  team: 8 * 1024,
  // A draft's sanitised HTML (200 000 characters at most, JSON-escaped); attachments go to S3.
  email: 512 * 1024,
  // A mailing's or a sequence's HTML bodies (each 200 000 characters at most, JSON-escaped), or 500 ids to tag.
  mailings: 1024 * 1024,
  // A webhook subscription, an API key's name and scopes, two links: a few kilobytes.
  integrations: 16 * 1024,
  // One GET, no body.
  openapi: 1024,
  // A plan with its features in three languages, a subscription change, a payment: a few kilobytes.
  plans: 32 * 1024,
  // The reward rule: a few hundred bytes.
  referrals: 4 * 1024,
  // One GET, no body.
  'invoice-pdf': 1024,
  // A checkout request, or the provider's signed event (a checkout session: a few kilobytes).
  payments: 64 * 1024,
};

/**
 * After an early answer (413, 503) the rest of the body is read and thrown away, so that the
 * client reads the answer instead of a reset; past this much, the connection is cut.
 */
const maxDiscardedBytes = 16 * 1024 * 1024;

export interface ErrorReply {
  readonly status: number;
  readonly message: string;
  readonly field?: string;
  readonly headers?: Record<string, string>;
}

const errorBody = (reply: ErrorReply) => JSON.stringify({ errors: { [reply.field ?? 'general']: [reply.message] } });

export const payloadTooLarge = (limit: number): ErrorReply => ({
  status: 413,
  field: 'body',
  message: `The request body must be at most ${limit} bytes`,
});

export const sendError = (response: ServerResponse, reply: ErrorReply): void => {
  const body = errorBody(reply);
  response.writeHead(reply.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...reply.headers,
  });
  response.end(body);
};

/** Answers before the body is read; the body is then discarded as it arrives (bounded). */
export const answerBeforeBody = (request: IncomingMessage, response: ServerResponse, reply: ErrorReply): void => {
  if (!request.complete) {
    let discarded = 0;
    request.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > maxDiscardedBytes) request.socket.destroy();
    });
    request.on('error', () => undefined);
  }
  sendError(response, reply);
};

const requestHeadBytes = (request: IncomingMessage): number =>
  (request.url ?? '').length + request.rawHeaders.reduce((total, part) => total + part.length + 2, 0);

/** 414 for a URL longer than CloudFront takes, 431 for headers longer than it takes. */
export const oversizedRequest = (request: IncomingMessage): ErrorReply | undefined => {
  if ((request.url ?? '').length > maxUrlBytes)
    return { status: 414, message: `The URL must be at most ${maxUrlBytes} bytes` };
  if (requestHeadBytes(request) > maxRequestHeadBytes)
    return { status: 431, message: `The request headers must be at most ${maxRequestHeadBytes} bytes` };
  return undefined;
};

const parserErrors: Record<string, ErrorReply> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: `The request headers must be at most ${maxRequestHeadBytes} bytes` },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};

/**
 * Node's parser refusals ('clientError'), which it would answer without a body or not at all:
 * the same error shape, then the connection closes (the parser cannot go on after them).
 */
export const answerClientError = (error: Error & { code?: string }, socket: Duplex): void => {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const reply = parserErrors[error.code ?? ''] ?? { status: 400, message: 'Malformed request' };
  const body = errorBody(reply);
  socket.end(
    `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? 'Error'}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
};
