import WebSocket from 'ws';

/**
 * A WebSocket client for tests: connects to the local stack's `/ws` as a signed-in session (with
 * a ticket it asks for with the access token, as the browser does), keeps every frame it
 * receives, and waits for the next one that matches.
 */
export class WsClient {
  readonly frames: Record<string, unknown>[] = [];
  private readonly waiters: {
    match: (frame: Record<string, unknown>) => boolean;
    resolve: (frame: Record<string, unknown>) => void;
  }[] = [];
  /** Frames already returned by next(). */
  private readonly taken = new Set<number>();

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      const index = this.frames.push(frame) - 1;
      const waiter = this.waiters.find((candidate) => candidate.match(frame));
      if (waiter) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        this.taken.add(index);
        waiter.resolve(frame);
      }
    });
  }

  /**
   * A ticket for one handshake (`POST /api/realtime/ticket` with the access token or key); a
   * refusal rejects with its status, as a refused handshake does.
   */
  static async ticket(baseUrl: string, token: string): Promise<string> {
    const response = await fetch(`${baseUrl}/api/realtime/ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 201)
      throw Object.assign(new Error(`ticket refused: ${response.status}`), { status: response.status });
    return ((await response.json()) as { ticket: string }).ticket;
  }

  /**
   * Connects as the access token's session: a fresh ticket, then the handshake. `query` adds
   * handshake parameters (e.g. `{ purpose: 'board' }`); without a token, none but those.
   */
  static async connect(
    baseUrl: string,
    token: string | undefined,
    query: Record<string, string> = {},
  ): Promise<WsClient> {
    const ticket = token === undefined ? undefined : await WsClient.ticket(baseUrl, token);
    return WsClient.handshake(baseUrl, ticket === undefined ? query : { ticket, ...query });
  }

  /** A handshake with exactly these query parameters (`?ticket=`, or what must be refused). */
  static handshake(baseUrl: string, query: Record<string, string>): Promise<WsClient> {
    const parameters = new URLSearchParams(query).toString();
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws${parameters ? `?${parameters}` : ''}`;
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(new WsClient(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(Object.assign(new Error(`handshake refused: ${response.statusCode}`), { status: response.statusCode })),
      );
      socket.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame not yet returned (received already or later) that matches. */
  next<T = Record<string, unknown>>(match: (frame: Record<string, unknown>) => boolean, timeoutMs = 5_000): Promise<T> {
    const index = this.frames.findIndex((frame, position) => !this.taken.has(position) && match(frame));
    if (index >= 0) {
      this.taken.add(index);
      return Promise.resolve(this.frames[index] as T);
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(
          new Error(`no matching frame within ${timeoutMs} ms; received: ${JSON.stringify(this.frames.slice(-5))}`),
        );
      }, timeoutMs);
      const waiter = {
        match,
        resolve: (frame: Record<string, unknown>) => {
          clearTimeout(timer);
          resolve(frame as T);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** A ping answered by pong: every frame sent before it has been handled. */
  async roundTrip(): Promise<void> {
    this.send({ action: 'ping' });
    await this.next((frame) => frame.type === 'pong');
  }

  seen(match: (frame: Record<string, unknown>) => boolean): boolean {
    return this.frames.some(match);
  }

  close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  waitClosed(timeoutMs = 5_000): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve(1000);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
      this.socket.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }
}
