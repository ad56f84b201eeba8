/**
 * The browser's end of the WebSocket API (`/ws`, the same origin on AWS behind CloudFront and
 * on the local server), typed by the frames each feature sends and receives (the chat's, a
 * project board's). Authenticates with the access token in the query string, keeps the
 * connection alive under API Gateway's 10-minute idle limit, and reconnects with exponential
 * back-off and jitter. A handshake that fails before opening may mean an expired access token,
 * so the session is refreshed before the next attempt.
 */

export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'stopped';

export interface LiveSocketOptions<In> {
  /** The current access token (null when signed out). */
  readonly token: () => string | null;
  /** Refreshes the access token; false when the session is over. */
  readonly refresh: () => Promise<boolean>;
  readonly onFrame: (frame: In) => void;
  /** Each time the socket opens; `reconnected` after the first time (catch up then). */
  readonly onOpen: (reconnected: boolean) => void;
  readonly onState: (state: SocketState) => void;
  /** Extra handshake parameters (e.g. `purpose: 'board'`). */
  readonly query?: Readonly<Record<string, string>>;
  /** Base for the URL; defaults to this page's origin. */
  readonly origin?: string;
  readonly createSocket?: (url: string) => WebSocket;
}

const pingEveryMs = 4 * 60_000;
const maxBackoffMs = 30_000;

export const backoffDelay = (attempt: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(maxBackoffMs, 1_000 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
};

export const socketUrl = (origin: string, token: string, query: Readonly<Record<string, string>> = {}): string =>
  `${origin.replace(/^http/, 'ws')}/ws?${new URLSearchParams({ token, ...query }).toString().replace(/\+/g, '%20')}`;

/** Frames the gateway routes by `action`; `ping` keeps any connection open (answered by `pong`). */
type ActionFrame = { readonly action: string };

export class LiveSocket<Out extends ActionFrame, In extends { readonly type: string }> {
  private socket: WebSocket | undefined;
  private attempt = 0;
  private openedBefore = false;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: LiveSocketOptions<In>) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.reconnectNow);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.reconnectNow);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.close(1000, 'Leaving');
    this.options.onState('stopped');
  }

  /** Sends a frame if the socket is open; live extras (typing, receipts) are dropped otherwise. */
  send(frame: Out | { readonly action: 'ping' }): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private readonly reconnectNow = () => {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.connect();
  };

  private connect(): void {
    const token = this.options.token();
    if (!token) {
      this.scheduleRetry(true);
      return;
    }
    this.options.onState(this.openedBefore ? 'reconnecting' : 'connecting');
    const origin = this.options.origin ?? window.location.origin;
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(
      socketUrl(origin, token, this.options.query),
    );
    this.socket = socket;
    let opened = false;
    socket.onopen = () => {
      opened = true;
      this.attempt = 0;
      const reconnected = this.openedBefore;
      this.openedBefore = true;
      this.options.onState('open');
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ action: 'ping' }), pingEveryMs);
      this.options.onOpen(reconnected);
    };
    socket.onmessage = (event: MessageEvent) => {
      try {
        const frame = JSON.parse(String(event.data)) as In;
        if (frame && typeof frame === 'object' && 'type' in frame) this.options.onFrame(frame);
      } catch {
        // Not a frame of ours (e.g. an error report from the gateway): ignore it.
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      clearInterval(this.pingTimer);
      if (!this.stopped) this.scheduleRetry(!opened);
    };
  }

  private scheduleRetry(refreshFirst: boolean): void {
    this.options.onState('reconnecting');
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (this.stopped) return;
      if (!refreshFirst) {
        this.connect();
        return;
      }
      void this.options.refresh().then((ok) => {
        if (this.stopped) return;
        if (ok) this.connect();
        else this.scheduleRetry(true);
      });
    }, delay);
  }
}
