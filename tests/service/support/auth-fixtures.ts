import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll } from 'vitest';

import { register, signIn, type SignedIn, type TwoStepDue } from '@orbit/functions/auth/service';
import type { RequestOrigin } from '@orbit/functions/auth/security-log';
import { authenticate } from '@orbit/functions/core/auth/authenticate';
import { addConnection } from '@orbit/functions/core/connections/repository';
import type { Caller } from '@orbit/functions/core/caller';
import { tableName } from '@orbit/functions/core/table';
import { localSmsOutbox } from '@orbit/functions/core/transports/sms';

import { codeIn, resetJobsTo as resetJobsInTable } from '../../support/sent-messages';

import { drainJobs } from './drain-jobs';

/**
 * What the auth area's service tests share (tests/service/auth-*.test.ts, user-security.test.ts):
 * where a request comes from, a signed-in caller from an access token (through the same
 * authentication every signed-in route runs), the refresh cookie's value, and the codes the
 * worker sends, read once drainJobs() has run the sends.
 */

/** A browser's user agent, as the security log and the sessions list show it. */
export const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Where a request came from, as the handlers hand it to the services (originOf). */
export const originAt = (ip = '198.18.0.1', userAgent = firefox): RequestOrigin => ({ ip, userAgent });

let sources = 0;
/**
 * A source address no earlier call of this file returned: each test's attempts spend budgets of
 * their own, as the HTTP tests' loopback addresses did (tests/support/from-source.ts).
 */
export const newSource = (): string => {
  sources += 1;
  return `198.18.${Math.floor(sources / 250) + 1}.${(sources % 250) + 1}`;
};

/** The sign-in's outcome when no second step is due: a session, its tokens and cookie. */
export const sessionFrom = (outcome: SignedIn | TwoStepDue): SignedIn => {
  if ('twoStep' in outcome) throw new Error('a second step was due, not a session');
  return outcome;
};

/** The second step due after the right password (two-step verification on). */
export const challengeFrom = (outcome: SignedIn | TwoStepDue): TwoStepDue['twoStep'] => {
  if (!('twoStep' in outcome)) throw new Error('signed in at once: no second step was due');
  return outcome.twoStep;
};

/** A sign-in with the password, from a source of its own unless told. */
export const signInWith = async (
  phone: string,
  password: string,
  { source = newSource(), origin = originAt() }: { source?: string; origin?: RequestOrigin } = {},
): Promise<SignedIn> => sessionFrom(await signIn({ phone, password }, origin, source));

/** The refresh cookie's value (`<userId>.<sessionId>.<secret>`), as the browser sends it back. */
export const refreshValueOf = (setCookie: string | undefined): string => {
  const value = /^orbit_refresh=([^;]*)/.exec(setCookie ?? '')?.[1];
  if (!value) throw new Error(`no refresh cookie in ${String(setCookie)}`);
  return value;
};

/** The claims an access token carries (sub, role, sid, iat, exp). */
export const claimsOf = (token: string): { sub: string; role: string; sid: string; iat: number; exp: number } =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    role: string;
    sid: string;
    iat: number;
    exp: number;
  };

/**
 * The API Gateway event of a signed-in request carrying `token`, as much of it as authentication
 * reads (the bearer header): for authenticate(), never for a handler.
 */
const bearerEvent = (token: string): APIGatewayProxyEventV2 => {
  const now = new Date();
  return {
    version: '2.0',
    routeKey: 'GET /api/auth/me',
    rawPath: '/api/auth/me',
    rawQueryString: '',
    headers: { authorization: `Bearer ${token}` },
    requestContext: {
      accountId: 'service-test',
      apiId: 'service-test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'GET', path: '/api/auth/me', protocol: 'HTTP/1.1', sourceIp: '198.18.0.1', userAgent: firefox },
      requestId: 'service-test',
      routeKey: 'GET /api/auth/me',
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
};

/**
 * The caller a signed-in request with this access token would be: the same authentication every
 * signed-in route runs first (core/auth/authenticate.ts). Rejects with UnauthorizedError (401)
 * when the token is not one, or its session has ended: "the device's next request is 401".
 */
export const callerOf = (token: string): Promise<Caller> => authenticate(bearerEvent(token));

/** The SMS sent to `phone` since the outbox held `since` messages. */
export const smsSince = (since: number, phone: string) => localSmsOutbox.slice(since).filter((sms) => sms.to === phone);

/**
 * Does `request`, runs the sends it queued (drainJobs) and returns the code of the one SMS it
 * caused to `phone` (what the HTTP tests waited for the worker to deliver). Sends queued before
 * go out first, so the one SMS after the request is its own.
 */
export const codeSentBy = async (phone: string, request: () => Promise<unknown>): Promise<string> => {
  await drainJobs();
  const since = localSmsOutbox.length;
  await request();
  await drainJobs();
  const sent = smsSince(since, phone);
  if (sent.length !== 1) throw new Error(`${sent.length} SMS to ${phone}, expected one`);
  return codeIn(sent[0]?.text) ?? '';
};

/** A code that is surely not `code`. */
export const wrongCodeFor = (code: string): string => (code === '000000' ? '111111' : '000000');

/** The reset-code jobs in the file's table addressed to a phone or an email address. */
export const resetJobsTo = (to: string): Promise<Record<string, unknown>[]> => resetJobsInTable(tableName(), to);

let accounts = 0;
export interface NewAccount {
  readonly id: string;
  readonly phone: string;
  readonly email: string;
  readonly password: string;
  /** The session the sign-up opened. */
  readonly session: SignedIn;
  readonly accessToken: string;
}

/**
 * A client of its own, signed up from a network of its own (a file signs up more accounts than
 * one source may in an hour), with a Firefox session.
 */
export const signUp = async (password = 'Secret#2026'): Promise<NewAccount> => {
  accounts += 1;
  // Each file has a table of its own: these need only be new within the file.
  const suffix = String(accounts).padStart(7, '0');
  const phone = `+1556${suffix}`;
  const email = `security${suffix}@test.example`;
  const session = await register(
    { fullName: `Security ${suffix}`, phone, email, password },
    originAt('198.18.0.1', firefox),
    newSource(),
  );
  return { id: session.body.userData.id, phone, email, password, session, accessToken: session.body.accessToken };
};

/**
 * Connections the WebSocket gateway holds, closed through its management API
 * (DeleteConnection), which the worker calls when sessions end (auth/jobs.ts). A loopback
 * server stands in for the gateway (WS_ENDPOINT), at the edge of the system as on AWS: it
 * records each connection id the worker closes. Call at the top of the file.
 */
export const useSocketGateway = async (): Promise<{
  readonly closed: string[];
  /** A socket of the session, as `$connect` records it; returns its connection id. */
  readonly open: (user: { id: string; role: string }, sessionId: string) => Promise<string>;
}> => {
  const closed: string[] = [];
  const server = createServer((request, response) => {
    const at = request.url?.indexOf('/@connections/') ?? -1;
    if (request.method === 'DELETE' && request.url && at >= 0) {
      closed.push(decodeURIComponent(request.url.slice(at + '/@connections/'.length)));
    }
    request.resume();
    request.on('end', () => {
      response.writeHead(204);
      response.end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  process.env.WS_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(
    () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  );
  let connections = 0;
  return {
    closed,
    async open(user, sessionId) {
      connections += 1;
      const connectionId = `conn-${tableName()}-${connections}`;
      await addConnection({ connectionId, userId: user.id, role: user.role, sessionId });
      return connectionId;
    },
  };
};
