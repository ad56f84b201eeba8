import WebSocket from 'ws';

/**
 * A WebSocket client for tests: connects to the local stack's `/ws` with an access token, keeps
 * every frame it receives, and waits for the next one that matches.
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

  /** `query` adds handshake parameters (e.g. `{ purpose: 'board' }`). */
  static connect(baseUrl: string, token: string | undefined, query: Record<string, string> = {}): Promise<WsClient> {
    const parameters = new URLSearchParams(token === undefined ? query : { token, ...query }).toString();
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
