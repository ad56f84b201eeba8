import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientFrame, ServerFrame } from '@orbit/functions/chat/contract';
import { clearSession, updateSession } from '../session/session-store';
import { backoffDelay, LiveSocket, socketUrl, type SocketState } from './live-socket';
import { requestSocketTicket } from './socket-ticket';

class ChatSocket extends LiveSocket<ClientFrame, ServerFrame> {}

class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

describe('the live socket', () => {
  let sockets: FakeSocket[];
  let states: SocketState[];
  let opens: boolean[];
  let issued: number;
  /** Each handshake's ticket, fresh every time, as POST /api/realtime/ticket answers. */
  const ticket = vi.fn(async (): Promise<string | null> => `ticket-${++issued}`);

  const start = () => {
    const socket = new ChatSocket({
      ticket,
      onFrame: () => undefined,
      onOpen: (reconnected) => opens.push(reconnected),
      onState: (state) => states.push(state),
      origin: 'https://orbit.example',
      createSocket: (url) => {
        const fake = new FakeSocket(url);
        sockets.push(fake);
        return fake as unknown as WebSocket;
      },
    });
    socket.start();
    return socket;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    sockets = [];
    states = [];
    opens = [];
    issued = 0;
    ticket.mockClear();
    // Jitter in the middle: delays are 750 ms, then 1.5 s, then 3 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for a ticket and connects to /ws with it, never with the access token, and says when it is live', async () => {
    const socket = start();
    expect(states).toEqual(['connecting']);
    await vi.advanceTimersByTimeAsync(0);
    expect(ticket).toHaveBeenCalledTimes(1);
    expect(sockets[0]?.url).toBe('wss://orbit.example/ws?ticket=ticket-1');
    sockets[0]?.open();
    expect(states.at(-1)).toBe('open');
    expect(opens).toEqual([false]);
    expect(socket.send({ action: 'ping' })).toBe(true);
    expect(sockets[0]?.sent).toEqual(['{"action":"ping"}']);
    socket.stop();
  });

  it('reconnects after a drop with growing, jittered delays and a new ticket each time, and reports the reconnect', async () => {
    const socket = start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(states.at(-1)).toBe('reconnecting');
    expect(socket.send({ action: 'ping' })).toBe(false);
    await vi.advanceTimersByTimeAsync(750);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]?.url).toBe('wss://orbit.example/ws?ticket=ticket-2');
    // A refused handshake (a ticket used or late): a longer wait, then another ticket.
    sockets[1]?.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(3);
    expect(ticket).toHaveBeenCalledTimes(3);
    expect(sockets[2]?.url).toBe('wss://orbit.example/ws?ticket=ticket-3');
    sockets[2]?.open();
    expect(opens).toEqual([false, true]);
    socket.stop();
  });

  it('opens nothing without a ticket (signed out, or the request failed) and asks again after the back-off', async () => {
    ticket.mockResolvedValueOnce(null).mockRejectedValueOnce(new Error('offline'));
    const socket = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    expect(states.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(750);
    expect(ticket).toHaveBeenCalledTimes(2);
    expect(sockets).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(sockets.map((fake) => fake.url)).toEqual(['wss://orbit.example/ws?ticket=ticket-1']);
    socket.stop();
  });

  it('stops for good when asked, even with a ticket on its way', async () => {
    const socket = start();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0]?.open();
    socket.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(states.at(-1)).toBe('stopped');

    let arrive: (ticket: string) => void = () => undefined;
    ticket.mockImplementationOnce(() => new Promise((resolve) => (arrive = resolve)));
    const late = start();
    late.stop();
    arrive('late-ticket');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('keeps back-off between half and all of a ceiling that doubles up to 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(socketUrl('http://localhost:3000', 'a b')).toBe('ws://localhost:3000/ws?ticket=a%20b');
    expect(socketUrl('https://orbit.example', 't', { purpose: 'board' })).toBe(
      'wss://orbit.example/ws?ticket=t&purpose=board',
    );
  });
});

describe('the socket ticket', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => clearSession());

  it('is asked for with the access token (POST /api/realtime/ticket), which stays out of the URL', async () => {
    updateSession({ accessToken: 'access-token' });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ ticket: 'one-use', expiresInSeconds: 30 }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await expect(requestSocketTicket()).resolves.toBe('one-use');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/realtime/ticket');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer access-token');
  });

  it('is none when signed out and the session cannot be refreshed', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 401 }));
    await expect(requestSocketTicket()).resolves.toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh']);
  });
});
