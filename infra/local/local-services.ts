import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import sesLocal from 'aws-ses-v2-local';

import { startLocalObjectStore, type LocalObjectStore } from './object-store';

import { newLocalSecretKey } from '@orbit/functions/core/secret-box';

import { dataDirectorySecret } from './data-dir';
import { memoryDataDir } from './dynamodb-local';

/**
 * The outside services the handlers call, as they run on one machine (docs/ARCHITECTURE's
 * local equivalents): the real SES v2 client sends to aws-ses-v2-local in this process, SMS
 * go to an outbox file, and sealed secrets use a key file instead of KMS. Everything is
 * reachable from this machine only: the SES server listens on 127.0.0.1 and the files are
 * their owner's alone (0600, in the 0700 data directory or a private temporary one).
 */
export interface LocalServicesOptions {
  readonly dataDir: string;
  /** The SES server's port: 0 picks a free one (tests); a taken port falls back to a free one. */
  readonly mailPort?: number;
  /** The credentials the handlers sign with: the local S3 server accepts only these. */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string };
}

export interface LocalServices {
  /** The SES endpoint the handlers use (AWS_ENDPOINT_URL_SESV2), and its mail viewer. */
  readonly mailUrl: string;
  /** A JSON list of every email it received: `{ emails: [...] }` (aws-ses-v2-local's API). */
  readonly mailStoreUrl: string;
  readonly smsOutboxFile: string;
  readonly secretsKeyFile: string;
  /** The S3-compatible server holding the media bucket (avatars). */
  readonly objectStore: LocalObjectStore;
  /** What the handlers read; the stack puts it into process.env. */
  readonly environment: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

const ownerOnly = 0o600;

// A CommonJS module with `exports.default`: Node's ESM loader hands over the whole exports
// object where bundlers and Vitest unwrap `default`.
const startSesServer: typeof sesLocal =
  typeof sesLocal === 'function' ? sesLocal : (sesLocal as unknown as { default: typeof sesLocal }).default;

const listenOnLoopback = async (port: number): Promise<Server> => {
  // Express 5 hands a listen error to the callback, so the server comes back not listening.
  const server = await startSesServer({ host: '127.0.0.1', port });
  if (server.listening) return server;
  server.close();
  // `npm start` asks for a fixed port so the viewer's address stays the same; if another
  // program holds it, any free one will do (the address is printed either way).
  if (port !== 0) return listenOnLoopback(0);
  throw new Error('The local SES server could not listen on 127.0.0.1');
};

/**
 * A local SES server on its own, on 127.0.0.1 (port 0: a free one): for a process that outlives
 * the stack it serves through LOCAL_SES_URL (tests/bench/mailings.ts: its store is the ground
 * truth of what was sent, across a kill -9 of the stack).
 */
export const startLocalSesServer = (port = 0): Promise<Server> => listenOnLoopback(port);

export const startLocalServices = async ({
  dataDir,
  mailPort = 0,
  credentials,
}: LocalServicesOptions): Promise<LocalServices> => {
  // A throwaway store gets throwaway files, in a directory only this user can open (mkdtemp: 0700).
  const scratch = dataDir === memoryDataDir ? mkdtempSync(join(tmpdir(), 'orbit-local-')) : undefined;
  const fileDir = scratch ?? dataDir;

  const secretsKeyFile = join(fileDir, 'secrets.key');
  // Made once: secrets sealed before a restart still open after it.
  dataDirectorySecret(fileDir, 'secrets.key', newLocalSecretKey);

  const smsOutboxFile = join(fileDir, 'sms-outbox.jsonl');
  // Created now with the owner-only mode (an append would create it with the default one).
  writeFileSync(smsOutboxFile, '', { mode: ownerOnly, flag: 'a' });

  // LOCAL_SES_URL: an SES server run by another process (the mailings crash bench keeps its
  // store alive across a kill -9 of the stack); otherwise one of our own in this process.
  const externalSes = process.env.LOCAL_SES_URL?.replace(/\/+$/, '') || undefined;
  const server = externalSes ? undefined : await listenOnLoopback(mailPort);
  const mailUrl = externalSes ?? `http://127.0.0.1:${(server?.address() as AddressInfo).port}`;
  const objectStore = await startLocalObjectStore({
    directory: join(fileDir, 's3'),
    // Without the stack's credentials (a test of these services alone), a pair of its own.
    credentials: credentials ?? {
      accessKeyId: randomBytes(12).toString('hex'),
      secretAccessKey: randomBytes(24).toString('base64url'),
    },
  });

  return {
    mailUrl,
    mailStoreUrl: `${mailUrl}/store`,
    smsOutboxFile,
    secretsKeyFile,
    objectStore,
    environment: {
      ...objectStore.environment,
      AWS_ENDPOINT_URL_SESV2: mailUrl,
      SECRETS_KEY_FILE: secretsKeyFile,
      SMS_OUTBOX_FILE: smsOutboxFile,
    },
    async stop() {
      if (server)
        await new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      await objectStore.stop();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
};
