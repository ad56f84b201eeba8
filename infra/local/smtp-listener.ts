import type { AddressInfo } from 'node:net';

import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

import { receiveInboundMail, routeAddress } from '@orbit/functions/email/outside/inbound';

/**
 * Inbound mail on one machine (docs/email.md, "Inbound"): an SMTP listener on 127.0.0.1 that
 * feeds receiveInboundMail, the function SES receiving feeds in AWS. A recipient nobody here
 * answers to is refused at RCPT TO with 550. No TLS or AUTH: it listens on loopback only.
 *
 * The local spam verdict: a message carrying SpamAssassin's `X-Spam-Flag: YES` header is FAIL
 * (filed to spam), anything else PASS; there is no local virus scanner (PASS).
 */
export const localSpamVerdict = (raw: Buffer): 'PASS' | 'FAIL' => {
  const headerEnd = raw.indexOf('\r\n\r\n');
  const headers = raw.subarray(0, headerEnd === -1 ? raw.length : headerEnd).toString('latin1');
  return /^x-spam-flag:\s*yes\b/im.test(headers) ? 'FAIL' : 'PASS';
};

export interface SmtpListener {
  readonly port: number;
  stop(): Promise<void>;
}

const maxMessageBytes = 40 * 1024 * 1024;

export const startSmtpListener = async (port = 0): Promise<SmtpListener> => {
  const server = new SMTPServer({
    name: 'orbit.local',
    banner: 'Orbit local inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxMessageBytes,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      routeAddress(address.address)
        .then((route) => {
          if (route) return callback();
          const refused = new Error(`<${address.address}>: no such mailbox here`) as Error & { responseCode: number };
          refused.responseCode = 550;
          callback(refused);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
        receiveInboundMail(
          raw,
          { ...(from ? { from } : {}), to: session.envelope.rcptTo.map((rcpt) => rcpt.address) },
          { spam: localSpamVerdict(raw), virus: 'PASS' },
        )
          .then(() => callback())
          .catch((error: unknown) => {
            const failed = new Error('Temporary failure storing the mail') as Error & { responseCode: number };
            failed.responseCode = 451;
            console.error('Inbound mail failed', error instanceof Error ? error.message : error);
            callback(failed);
          });
      });
    },
  });
  const listen = (on: number) =>
    new Promise<void>((done, fail) => {
      // smtp-server re-emits its socket server's errors as its own.
      server.once('error', fail);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', fail);
        done();
      });
    });
  // A taken port (another stack running) falls back to a free one, printed at start.
  await listen(port).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE' || port === 0) throw error;
    return listen(0);
  });
  server.on('error', (error) => console.error('SMTP listener:', error.message));
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
};
