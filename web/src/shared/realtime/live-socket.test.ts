import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientFrame, ServerFrame } from '@orbit/functions/chat/contract';
import { backoffDelay, LiveSocket, socketUrl, type SocketState } from './live-socket';

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
  let token: string;
  const refresh = vi.fn(async () => {
    token = 'fresh-token';
    return true;
  });

  const start = () => {
    const socket = new ChatSocket({
      token: () => token,
      refresh,
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
    token = 'first-token';
    refresh.mockClear();
    // Jitter in the middle: delays are 750 ms, then 1.5 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to /ws with the access token and says when it is live', () => {
    const socket = start();
    expect(sockets[0]?.url).toBe('wss://orbit.example/ws?token=first-token');
    sockets[0]?.open();
    expect(states.at(-1)).toBe('open');
    expect(opens).toEqual([false]);
    expect(socket.send({ action: 'ping' })).toBe(true);
    expect(sockets[0]?.sent).toEqual(['{"action":"ping"}']);
    socket.stop();
  });

  it('reconnects after a drop with growing, jittered delays, and reports the reconnect', async () => {
    const socket = start();
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(states.at(-1)).toBe('reconnecting');
    expect(socket.send({ action: 'ping' })).toBe(false);
    await vi.advanceTimersByTimeAsync(750);
    expect(sockets).toHaveLength(2);
    // A handshake that fails (e.g. an expired token): a longer wait, and the token is refreshed first.
    sockets[1]?.drop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(3);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sockets[2]?.url).toBe('wss://orbit.example/ws?token=fresh-token');
    sockets[2]?.open();
    expect(opens).toEqual([false, true]);
    socket.stop();
  });

  it('stops for good when asked', async () => {
    const socket = start();
    sockets[0]?.open();
    socket.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(states.at(-1)).toBe('stopped');
  });

  it('keeps back-off between half and all of a ceiling that doubles up to 30 s', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(0, () => 1)).toBe(1_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(10, () => 1)).toBe(30_000);
    expect(socketUrl('http://localhost:3000', 'a b')).toBe('ws://localhost:3000/ws?token=a%20b');
    expect(socketUrl('https://orbit.example', 't', { purpose: 'board' })).toBe(
      'wss://orbit.example/ws?token=t&purpose=board',
    );
  });
});
