import { requestSocketTicket } from './socket-ticket';

/**
 * The browser's end of the WebSocket API (`/ws`, the same origin on AWS behind CloudFront and
 * on the local server), typed by the frames each feature sends and receives (the chat's, a
 * project board's). Each (re)connect first asks for a single-use ticket (`POST
 * /api/realtime/ticket`, which refreshes the session when its access token has expired) and
 * passes it as `?ticket=`: the access token never rides in a URL, where proxies and access logs
 * keep it. Keeps the connection alive under API Gateway's 10-minute idle limit, and reconnects
 * with exponential back-off and jitter.
 */

export type SocketState = 'connecting' | 'open' | 'reconnecting' | 'stopped';

export interface LiveSocketOptions<In> {
  /** A fresh ticket for one handshake (null when signed out); POST /api/realtime/ticket by default. */
  readonly ticket?: () => Promise<string | null>;
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

export const socketUrl = (origin: string, ticket: string, query: Readonly<Record<string, string>> = {}): string =>
  `${origin.replace(/^http/, 'ws')}/ws?${new URLSearchParams({ ticket, ...query }).toString().replace(/\+/g, '%20')}`;

/** Frames the gateway routes by `action`; `ping` keeps any connection open (answered by `pong`). */
type ActionFrame = { readonly action: string };

export class LiveSocket<Out extends ActionFrame, In extends { readonly type: string }> {
  private socket: WebSocket | undefined;
  /** Asking for a ticket: a connect is under way though there is no socket yet. */
  private connecting = false;
  /** Counts stops: a ticket that arrives after a stop (and maybe a new start) opens nothing. */
  private run = 0;
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
    this.run += 1;
    this.connecting = false;
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
    if (this.stopped || this.socket || this.connecting) return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.connect();
  };

  private connect(): void {
    const run = this.run;
    this.connecting = true;
    this.options.onState(this.openedBefore ? 'reconnecting' : 'connecting');
    void (this.options.ticket ?? requestSocketTicket)()
      .catch(() => null)
      .then((ticket) => {
        if (this.stopped || run !== this.run) return;
        this.connecting = false;
        if (ticket) this.open(ticket);
        else this.scheduleRetry();
      });
  }

  private open(ticket: string): void {
    const origin = this.options.origin ?? window.location.origin;
    const socket = (this.options.createSocket ?? ((url) => new WebSocket(url)))(
      socketUrl(origin, ticket, this.options.query),
    );
    this.socket = socket;
    socket.onopen = () => {
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
      // A refused handshake (the ticket used or late, the rules changed) or a drop: a new ticket next time.
      if (!this.stopped) this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    this.options.onState('reconnecting');
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (!this.stopped) this.connect();
    }, delay);
  }
}
