import type { AddressInfo } from 'node:net';

import { afterAll } from 'vitest';

import { resetEmailClient } from '@orbit/functions/core/transports/email';

import { startLocalSesServer } from '../../../infra/local/local-services';

/**
 * The local SES server, for a file whose rules are about mail that leaves (a mailing's sends, a
 * notification by email): the same server `npm start` runs, in this process, stopped after the
 * file. Its `GET /store` lists what it received (tests/support/sent-messages.ts, emailsTo).
 * Call at the top of the file, before drainJobs() runs a send.
 */
export const useLocalMail = async (): Promise<{ readonly mailStoreUrl: string }> => {
  const server = await startLocalSesServer();
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_ENDPOINT_URL_SESV2 = url;
  resetEmailClient();
  afterAll(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  );
  return { mailStoreUrl: `${url}/store` };
};
