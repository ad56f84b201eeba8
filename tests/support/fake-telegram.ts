import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback fake of the Telegram Bot API (`/bot<token>/<method>`), for API, browser, crash and
 * bench tests. Point the stack at it with TELEGRAM_API_BASE_URL = fake.url. It records every
 * call (getMe, setWebhook, sendMessage, deleteWebhook), knows which tokens are valid, can be told
 * to fail the next calls of a method, and plays Telegram's side of the webhook: `postUpdate`
 * sends an update to the URL and secret token the bot's setWebhook registered.
 */

export interface TelegramCall {
  readonly token: string;
  readonly method: string;
  readonly body: Record<string, unknown>;
  readonly at: number;
}

export interface FakeFailure {
  /** HTTP status and Telegram's description; 'hang' never answers (a timeout after sending). */
  readonly status: number | 'hang';
  readonly description?: string;
  /** Telegram's `parameters.retry_after` (seconds), as it answers a 429. */
  readonly retryAfter?: number;
  /** How many calls fail (default 1). */
  readonly times?: number;
}

interface Bot {
  readonly id: number;
  readonly username: string;
  webhook?: { url: string; secretToken: string };
}

const readBody = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
};

export class FakeTelegram {
  readonly calls: TelegramCall[] = [];
  private readonly bots = new Map<string, Bot>();
  private readonly failures = new Map<string, FakeFailure & { left: number }>();
  private readonly waiters: { match: (call: TelegramCall) => boolean; resolve: (call: TelegramCall) => void }[] = [];
  private nextMessageId = 1;
  private nextUpdateId = 1_000;
  private readonly hanging = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<FakeTelegram> {
    // The server's handler reaches the fake made once the port is known.
    const made: { fake?: FakeTelegram } = {};
    const server = createServer((request, response) => {
      void made.fake?.handle(request, (status, body) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    made.fake = new FakeTelegram(server, `http://127.0.0.1:${port}`);
    return made.fake;
  }

  /** A bot the fake accepts; returns its token (`<id>:<random>`, the shape BotFather gives). */
  addBot(username = `orbit_test_${this.bots.size + 1}_bot`): string {
    const id = 700_000_000 + this.bots.size + 1;
    const token = `${id}:AA${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}xyz`.slice(
      0,
      46,
    );
    this.bots.set(token, { id, username });
    return token;
  }

  /** The next `times` calls of `method` fail as given. */
  failNext(method: string, failure: FakeFailure): void {
    this.failures.set(method, { ...failure, left: failure.times ?? 1 });
  }

  webhookOf(token: string): { url: string; secretToken: string } | undefined {
    return this.bots.get(token)?.webhook;
  }

  callsOf(method: string, token?: string): TelegramCall[] {
    return this.calls.filter((call) => call.method === method && (token === undefined || call.token === token));
  }

  /** The first call (made already or later) that matches. */
  waitForCall(match: (call: TelegramCall) => boolean, timeoutMs = 15_000): Promise<TelegramCall> {
    const found = this.calls.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        resolve: (call: TelegramCall) => {
          clearTimeout(timer);
          resolve(call);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching Telegram call within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** A private-chat text update from a user (chat id = user id), with a fresh update_id. */
  textUpdate(from: { id: number; first_name: string; last_name?: string }, text: string, updateId?: number) {
    return this.messageUpdate(from, { text }, updateId);
  }

  /** An update whose message carries `content` (text, photo + caption, sticker…). */
  messageUpdate(
    from: { id: number; first_name: string; last_name?: string; username?: string },
    content: Record<string, unknown>,
    updateId = this.nextUpdateId++,
  ) {
    return {
      update_id: updateId,
      message: {
        message_id: updateId,
        date: Math.floor(Date.now() / 1000),
        from: { is_bot: false, ...from },
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        ...content,
      },
    };
  }

  /**
   * Posts an update to the bot's webhook as Telegram does (with its secret token, unless
   * `secretToken` overrides it); resolves with the hook's HTTP status and body.
   */
  async postUpdate(
    token: string,
    update: unknown,
    options: { secretToken?: string | null } = {},
  ): Promise<{ status: number; body: unknown }> {
    const webhook = this.bots.get(token)?.webhook;
    if (!webhook) throw new Error('the bot has no webhook set');
    const secret = options.secretToken === undefined ? webhook.secretToken : options.secretToken;
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
      },
      body: JSON.stringify(update),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: response.status, body };
  }

  async stop(): Promise<void> {
    for (const release of this.hanging) release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, reply: (status: number, body: unknown) => void): Promise<void> {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    const body = await readBody(request);
    if (!match) return reply(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token = '', method = ''] = match;
    const call: TelegramCall = { token, method, body, at: Date.now() };
    this.calls.push(call);
    for (const waiter of [...this.waiters]) {
      if (waiter.match(call)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(call);
      }
    }
    const failure = this.failures.get(method);
    if (failure && failure.left > 0) {
      failure.left -= 1;
      if (failure.status === 'hang') {
        // Never answers (until stop): the caller times out not knowing whether it was sent.
        await new Promise<void>((resolve) => this.hanging.add(resolve));
        return;
      }
      return reply(failure.status, {
        ok: false,
        error_code: failure.status,
        description: failure.description ?? 'Failure',
        ...(failure.retryAfter === undefined ? {} : { parameters: { retry_after: failure.retryAfter } }),
      });
    }
    const bot = this.bots.get(token);
    if (!bot) return reply(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    switch (method) {
      case 'getMe':
        return reply(200, {
          ok: true,
          result: { id: bot.id, is_bot: true, first_name: 'Orbit test bot', username: bot.username },
        });
      case 'setWebhook':
        bot.webhook = { url: String(body.url), secretToken: String(body.secret_token ?? '') };
        return reply(200, { ok: true, result: true, description: 'Webhook was set' });
      case 'deleteWebhook':
        bot.webhook = undefined;
        return reply(200, { ok: true, result: true, description: 'Webhook was deleted' });
      case 'sendMessage':
        if (body.chat_id === undefined || body.text === undefined)
          return reply(400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
        return reply(200, {
          ok: true,
          result: {
            message_id: this.nextMessageId++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: Number(body.chat_id), type: 'private' },
            text: body.text,
          },
        });
      default:
        return reply(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  }
}
