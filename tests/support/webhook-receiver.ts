import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { Webhook } from 'standardwebhooks';

/**
 * A loopback receiver for a webhook channel's outbound URL: it checks each request's Standard
 * Webhooks signature with the channel's secret (once the test knows it) and records what came,
 * signed or not. `respondWith` makes it answer an error status (and headers, e.g. a redirect's
 * Location) for the next requests; `answerWith` decides each answer from what came.
 */

export interface ReceiverAnswer {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ReceivedWebhook {
  readonly headers: Record<string, string>;
  readonly rawBody: string;
  readonly body: unknown;
  /** Whether the signature verified with the secret given to `trust` (false if none yet). */
  readonly verified: boolean;
  readonly at: number;
}

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private secret: string | undefined;
  private failures: { answer: ReceiverAnswer; left: number } | undefined;
  private decide: ((item: ReceivedWebhook) => ReceiverAnswer) | undefined;
  private readonly waiters: { match: (item: ReceivedWebhook) => boolean; resolve: (item: ReceivedWebhook) => void }[] =
    [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const made: { receiver?: WebhookReceiver } = {};
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = made.receiver?.record(
          request.headers as Record<string, string>,
          Buffer.concat(chunks).toString(),
        );
        response.writeHead(answer?.status ?? 500, { 'content-type': 'application/json', ...answer?.headers });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    made.receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}/hook`);
    return made.receiver;
  }

  /** The channel's signing secret (`whsec_…`): later requests are verified with it. */
  trust(secret: string): void {
    this.secret = secret;
  }

  /** The next `times` requests are answered with `status`. */
  respondWith(status: number, times = 1, headers: Readonly<Record<string, string>> = {}): void {
    this.failures = { answer: { status, headers }, left: times };
  }

  /** Every later request is answered as `decide` says (e.g. fail the first attempt of half the deliveries). */
  answerWith(decide: (item: ReceivedWebhook) => ReceiverAnswer): void {
    this.decide = decide;
  }

  waitFor(match: (item: ReceivedWebhook) => boolean, timeoutMs = 15_000): Promise<ReceivedWebhook> {
    const found = this.received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (item: ReceivedWebhook) => {
          clearTimeout(timer);
          resolve(item);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching webhook within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Signs a body as an outside system would, to post to a channel's inbound URL. */
  static sign(secret: string, body: string, at = new Date(), id = `msg_${Date.now()}_${Math.random()}`) {
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, at, body),
    };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private record(headers: Record<string, string>, rawBody: string): ReceiverAnswer {
    let verified = false;
    if (this.secret) {
      try {
        new Webhook(this.secret).verify(rawBody, headers);
        verified = true;
      } catch {
        verified = false;
      }
    }
    let body: unknown = rawBody;
    try {
      body = JSON.parse(rawBody);
    } catch {
      // not JSON
    }
    const item: ReceivedWebhook = { headers, rawBody, body, verified, at: Date.now() };
    this.received.push(item);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(item)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(item);
      }
    }
    if (this.failures && this.failures.left > 0) {
      this.failures.left -= 1;
      return this.failures.answer;
    }
    return this.decide ? this.decide(item) : { status: 200 };
  }
}
