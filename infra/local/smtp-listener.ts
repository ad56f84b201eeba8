import type { AddressInfo } from 'node:net';

import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

import { receiveInboundMail, routeAddress } from '@orbit/functions/email/outside/inbound';
import { isPermanentInboundFailure } from '@orbit/functions/email/outside/inbound-errors';

/**
 * Inbound mail on one machine (docs/email.md, "Inbound"): an SMTP listener on 127.0.0.1 that
 * feeds receiveInboundMail, the function SES receiving feeds in AWS. A recipient nobody here
 * answers to is refused at RCPT TO with 550. No TLS or AUTH: it listens on loopback only.
 *
 * As SES does, a message over 40 MB is refused with 552 whether or not the client announced its
 * SIZE: past the limit the rest is read and thrown away (the connection stays in step), and the
 * handler never sees it. A mail that can never be stored is refused for good (554), so its
 * sender stops; a failure of ours (the table not answering) is temporary (451), so it retries.
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

/** SES receiving's limit, headers included. */
export const maxMessageBytes = 40 * 1024 * 1024;
/** RFC 5321 (4.5.3.1.8): a server takes at least 100; a client sends the rest in another transaction (452). */
const maxRecipients = 100;

export interface SmtpListenerOptions {
  readonly maxMessageBytes?: number;
  /** Whether anyone here answers to an address (the table; a test's own). */
  readonly route?: (address: string) => Promise<unknown>;
  readonly receive?: (
    raw: Buffer,
    envelope: { readonly from?: string; readonly to: readonly string[] },
    verdicts: { readonly spam: 'PASS' | 'FAIL'; readonly virus: 'PASS' },
  ) => Promise<unknown>;
}

type SmtpError = Error & { responseCode: number };
const smtpError = (responseCode: number, message: string): SmtpError =>
  Object.assign(new Error(message), { responseCode });

/** The reply to a mail the handler failed on: permanent (554) only when retrying cannot help. */
export const inboundFailureReply = (error: unknown): SmtpError =>
  isPermanentInboundFailure(error)
    ? smtpError(554, `Message refused: ${error.message}`)
    : smtpError(451, 'Temporary failure storing the mail, try again later');

export const startSmtpListener = async (port = 0, options: SmtpListenerOptions = {}): Promise<SmtpListener> => {
  const limit = options.maxMessageBytes ?? maxMessageBytes;
  const route = options.route ?? ((address: string) => routeAddress(address));
  const receive = options.receive ?? receiveInboundMail;
  const server = new SMTPServer({
    name: 'orbit.local',
    banner: 'Orbit local inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: limit,
    // smtp-server answers 552 itself once DATA went past `size`, whatever onData says.
    rejectOversized: true,
    maxRecipients,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      route(address.address)
        .then((found) => callback(found ? undefined : smtpError(550, `<${address.address}>: no such mailbox here`)))
        .catch((error: unknown) => {
          // The table not answering is no reason to bounce the mail.
          console.error('Inbound mail: routing failed', error instanceof Error ? error.message : error);
          callback(smtpError(451, 'Temporary failure looking up the recipient, try again later'));
        });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let bytes = 0;
      let oversized = false;
      stream.on('data', (chunk: Buffer) => {
        if (oversized) return;
        bytes += chunk.length;
        if (bytes > limit) {
          // Drained from here on, never kept: the sender is refused once it has finished.
          oversized = true;
          chunks.length = 0;
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        if (oversized || stream.sizeExceeded) {
          callback(smtpError(552, `Error: message exceeds fixed maximum message size ${limit}`));
          return;
        }
        const raw = Buffer.concat(chunks);
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
        receive(
          raw,
          { ...(from ? { from } : {}), to: session.envelope.rcptTo.map((rcpt) => rcpt.address) },
          { spam: localSpamVerdict(raw), virus: 'PASS' },
        )
          .then(() => callback())
          .catch((error: unknown) => {
            const reply = inboundFailureReply(error);
            console.error(
              `Inbound mail refused (${reply.responseCode})`,
              error instanceof Error ? error.message : error,
            );
            callback(reply);
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
