import { createServer, request as forward, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The outside world of the crash test, as loopback servers that take a moment to answer, so
 * the kill lands while calls are in flight: a receiver for webhooks (a channel's outbound URL,
 * an integration's subscription) and a front that passes calls on to another fake (the local
 * SES server, the fake Telegram Bot API), recording what went through and answering late.
 */

export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface LoopbackServer {
  readonly url: string;
  close(): Promise<void>;
}

const listen = async (server: Server, path = ''): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
};

const closing = (server: Server) => async () => {
  // Answers still held for a stack that was killed go nowhere: drop them.
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
};

/** Records every request (`onRequest`), then answers `status` after `delayMs`. */
export const startSlowReceiver = async (options: {
  readonly path: string;
  readonly status: number;
  readonly delayMs: number;
  readonly onRequest: (received: Received) => void;
}): Promise<LoopbackServer> => {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      options.onRequest({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      setTimeout(() => response.writeHead(options.status).end(), options.delayMs);
    });
  });
  return { url: await listen(server, options.path), close: closing(server) };
};

/**
 * Passes each request on to `target` (host:port) and its answer back, `delayMs(body)` after the
 * target answered: the target has the call (a mail stored, a Telegram call recorded) while the
 * caller still waits. `onAnswered` sees each request the target answered.
 */
export const startDelayingFront = async (options: {
  readonly target: string;
  readonly delayMs: (body: string) => number;
  readonly onAnswered?: (body: string) => void;
}): Promise<LoopbackServer> => {
  const target = new URL(options.target);
  const server = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const out = forward(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answered) => {
          const text = body.toString();
          options.onAnswered?.(text);
          const pass = () => answered.pipe(answer.writeHead(answered.statusCode ?? 502, answered.headers));
          const delay = options.delayMs(text);
          if (delay > 0) setTimeout(pass, delay);
          else pass();
        },
      );
      out.on('error', () => answer.destroy());
      out.end(body);
    });
  });
  return { url: await listen(server), close: closing(server) };
};
