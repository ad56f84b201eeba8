import { connect, type Socket } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { InboundMailRefused } from '@orbit/functions/email/outside/inbound-errors';

import { startSmtpListener, type SmtpListener, type SmtpListenerOptions } from './smtp-listener';

/**
 * The local SMTP listener spoken to as a plain socket, so the client announces no SIZE: what a
 * sender that ignores the EHLO's SIZE (or lies) does. The mailbox lookup and the store are the
 * test's own (`route`, `receive`); the listener's replies are what is tested.
 */

interface Reply {
  readonly code: number;
  readonly text: string;
}

const smtpClient = async (port: number) => {
  const socket: Socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let buffered = '';
  let waiting: ((reply: Reply) => void) | undefined;
  const replies: Reply[] = [];
  const deliver = () => {
    const reply = replies.shift();
    if (reply && waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(reply);
    } else if (reply) replies.unshift(reply);
  };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    // A reply's last line is `DDD text`; earlier lines are `DDD-text`.
    for (let end = buffered.indexOf('\r\n'); end !== -1; end = buffered.indexOf('\r\n')) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (line[3] !== '-') replies.push({ code: Number(line.slice(0, 3)), text: line.slice(4) });
    }
    deliver();
  });
  const next = () =>
    new Promise<Reply>((resolve) => {
      waiting = resolve;
      deliver();
    });
  const write = (bytes: string | Buffer) =>
    new Promise<void>((done, fail) => socket.write(bytes, (error) => (error ? fail(error) : done())));
  const command = async (line: string) => {
    await write(`${line}\r\n`);
    return next();
  };
  expect((await next()).code).toBe(220);
  expect((await command('EHLO client.example')).code).toBe(250);
  return {
    command,
    /** DATA, the message in 64 KB writes (each waits for the socket), the final dot: the reply. */
    async send(message: Buffer): Promise<Reply> {
      expect((await command('DATA')).code).toBe(354);
      for (let offset = 0; offset < message.length; offset += 65_536) {
        await write(message.subarray(offset, offset + 65_536));
      }
      await write('.\r\n');
      return next();
    },
  };
};

/** A message of exactly `bytes` bytes, lines under 1 000, none starting with a dot. */
const messageOf = (bytes: number) => {
  const head = 'From: grace@outside.example\r\nTo: olivia@orbit.example\r\nSubject: Sized\r\n\r\n';
  const lines: string[] = [head];
  let length = head.length;
  while (length < bytes) {
    const line = `${'x'.repeat(Math.max(0, Math.min(998, bytes - length - 2)))}\r\n`;
    lines.push(line);
    length += line.length;
  }
  const message = Buffer.from(lines.join(''));
  expect(message.length).toBe(bytes);
  return message;
};

const limit = 64 * 1024;
const listeners: SmtpListener[] = [];
const sockets: Socket[] = [];
const received: Buffer[] = [];

const start = async (options: Partial<SmtpListenerOptions> = {}) => {
  const listener = await startSmtpListener(0, {
    maxMessageBytes: limit,
    route: (address) => Promise.resolve(address.endsWith('@orbit.example') ? 'user' : undefined),
    receive: (raw) => {
      received.push(raw);
      return Promise.resolve();
    },
    ...options,
  });
  listeners.push(listener);
  const client = await smtpClient(listener.port);
  const envelope = async () => {
    expect((await client.command('MAIL FROM:<grace@outside.example>')).code).toBe(250);
    expect((await client.command('RCPT TO:<olivia@orbit.example>')).code).toBe(250);
  };
  return { client, envelope };
};

afterEach(async () => {
  // The listener's close waits for its sessions: end them first.
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(listeners.splice(0).map((listener) => listener.stop()));
  received.length = 0;
});

describe('the local SMTP listener’s size limit, with no SIZE announced', () => {
  it('refuses a message one byte over with 552 and never hands it on; the next one, within, arrives', async () => {
    const { client, envelope } = await start();
    await envelope();
    const refused = await client.send(messageOf(limit + 1));
    expect(refused.code).toBe(552);
    expect(refused.text).toMatch(/exceeds fixed maximum message size/);
    expect(received).toHaveLength(0);

    // The connection stayed in step: the same session sends a message at the limit.
    await envelope();
    const message = messageOf(limit);
    expect((await client.send(message)).code).toBe(250);
    expect(received).toEqual([message]);
  });
});

describe('the local SMTP listener’s replies when a mail cannot be taken', () => {
  it('refuses for good (554) a mail that can never be stored, so its sender stops retrying', async () => {
    const { client, envelope } = await start({
      receive: () => Promise.reject(new InboundMailRefused('Max header size for a MIME node exceeded')),
    });
    await envelope();
    const reply = await client.send(messageOf(1_000));
    expect(reply).toEqual({ code: 554, text: expect.stringMatching(/^Message refused: Max header size/) });
  });

  it('answers 451 (try again later) when the store fails, and when the recipient lookup does', async () => {
    const { client, envelope } = await start({ receive: () => Promise.reject(new Error('connect ECONNREFUSED')) });
    await envelope();
    expect((await client.send(messageOf(1_000))).code).toBe(451);

    const lookupDown = await start({ route: () => Promise.reject(new Error('connect ECONNREFUSED')) });
    expect((await lookupDown.client.command('MAIL FROM:<grace@outside.example>')).code).toBe(250);
    expect((await lookupDown.client.command('RCPT TO:<olivia@orbit.example>')).code).toBe(451);
  });

  it('refuses an address nobody here answers to with 550, and a 101st recipient with 452', async () => {
    const { client } = await start();
    expect((await client.command('MAIL FROM:<grace@outside.example>')).code).toBe(250);
    expect((await client.command('RCPT TO:<nobody@outside.example>')).code).toBe(550);
    for (let index = 0; index < 100; index += 1) {
      expect((await client.command(`RCPT TO:<user${index}@orbit.example>`)).code).toBe(250);
    }
    expect((await client.command('RCPT TO:<user100@orbit.example>')).code).toBe(452);
  });
});
