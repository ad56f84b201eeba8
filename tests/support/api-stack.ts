import { randomBytes } from 'node:crypto';

import { vi } from 'vitest';

import { areas } from '@orbit/functions/routes';

import { defaultAdmissionLimits } from '../../infra/local/http-api';
import { startLocalStack, type LocalStack, type LocalStackOptions } from '../../infra/local/stack';

import { copyOfSeededSnapshot, snapshotTableName } from './api-seed-snapshot';
import { fromSource, newSource } from './from-source';
import { testStore } from './api-store';

/**
 * Functional tests send bursts (30 concurrent sign-ins) on a machine shared with other work:
 * requests wait for a slot as long as a test would, instead of getting the 503 that protects
 * `npm start` under overload (tested on its own with tight limits).
 */
const patientAdmission = Object.fromEntries(
  areas.map((area) => [area, { ...defaultAdmissionLimits[area], maxWaitMs: 25_000 }]),
) as typeof defaultAdmissionLimits;

/**
 * A local stack for one test file, on the real server at a free port. Seeded, it starts from a
 * copy of the demo workspace the api project seeded once (api-seed-snapshot.ts), with a DynamoDB
 * Local of its own on that copy. Unseeded, or on a data directory or table of the test's choosing,
 * it gets its own table on the file's in-memory DynamoDB Local. Test files run in separate
 * workers, so the process environment the handlers read belongs to this file alone.
 */
export const startApiStack = async (options: Omit<LocalStackOptions, 'store'> = {}): Promise<LocalStack> => {
  const common = { port: 0, host: '127.0.0.1', admission: patientAdmission } as const;
  if (options.seed === false || options.dataDir !== undefined || options.tableName !== undefined) {
    return startLocalStack({
      ...common,
      dataDir: ':memory:',
      store: await testStore(),
      tableName: `test-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
      ...options,
    });
  }
  const copy = copyOfSeededSnapshot();
  try {
    const stack = await startLocalStack({ ...common, dataDir: copy.dataDir, tableName: snapshotTableName, ...options });
    return {
      ...stack,
      async stop() {
        await stack.stop();
        copy.discard();
      },
    };
  } catch (error) {
    copy.discard();
    throw error;
  }
};

export interface ApiResponse<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
  readonly cookies: string[];
}

/** How a client's requests reach the server: `fetch` over the socket, or in process (in-process-fetch.ts). */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** A small HTTP client that remembers cookies like a browser (per client). */
export class ApiClient {
  private readonly jar = new Map<string, string>();
  accessToken: string | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly transport: Transport = (url, init) => fetch(url, init),
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const token = options.token === null ? undefined : (options.token ?? this.accessToken);
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.jar.size > 0) headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.transport(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const cookies = response.headers.getSetCookie();
    for (const cookie of cookies) {
      const [pair = '', ...attributes] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text.
    }
    return { status: response.status, body: body as T, headers: response.headers, cookies };
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  async signIn(
    phone: string,
    password: string,
  ): Promise<ApiResponse<{ accessToken: string; userData: { id: string; role: string } }>> {
    const response = await this.request<{ accessToken: string; userData: { id: string; role: string } }>(
      'POST',
      '/api/auth/login',
      { body: { phone, password } },
    );
    if (response.status === 201) this.accessToken = response.body.accessToken;
    return response;
  }
}

export const demo = {
  admin: { phone: '+15550100001', password: 'Admin#2026' },
  clientA: { phone: '+15550100002', password: 'Client#2026' },
  clientB: { phone: '+15550100003', password: 'Client#2026' },
  // One staff member per role below the administrator (seed/src/demo-users.ts, docs/roles.md).
  manager: { phone: '+15550100009', password: 'Staff#2026' },
  support: { phone: '+15550100010', password: 'Staff#2026' },
  users: { phone: '+15550100011', password: 'Staff#2026' },
  restrictedUser: { phone: '+15550100012', password: 'Staff#2026' },
} as const;

/** The demo admin and the two demo clients, each signed in on a client of its own, with their ids. */
export const signInDemoUsers = async (url: string) => {
  const signIn = async (who: { phone: string; password: string }) => {
    const client = new ApiClient(url);
    const { body } = await client.signIn(who.phone, who.password);
    return { client, id: body.userData.id };
  };
  const [admin, clientA, clientB] = await Promise.all([signIn(demo.admin), signIn(demo.clientA), signIn(demo.clientB)]);
  return {
    admin: admin.client,
    clientA: clientA.client,
    clientB: clientB.client,
    ids: { admin: admin.id, clientA: clientA.id, clientB: clientB.id },
  };
};

/** The cookies an answer sets (the refresh cookie of a registration), kept by the client as its own. */
export const keepCookies = (client: ApiClient, headers: Record<string, string | string[] | undefined>): void => {
  for (const cookie of [headers['set-cookie'] ?? []].flat()) {
    const [pair = ''] = cookie.split(';');
    const separator = pair.indexOf('=');
    if (separator > 0) client.setCookie(pair.slice(0, separator).trim(), pair.slice(separator + 1).trim());
  }
};

/**
 * A client of its own with no chat yet: registering signs it in. Each registers from a loopback
 * address of its own (from-source.ts), as people sign up from their own networks: a file may
 * register more clients than one source may in an hour (auth/throttle.ts, registrationLimit).
 */
export const registerNewClient = async (url: string, name: string) => {
  const client = new ApiClient(url);
  const suffix = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
  const response = await fromSource(url, newSource()).request<{ accessToken: string; userData: { id: string } }>(
    'POST',
    '/api/auth/register',
    {
      body: {
        fullName: name,
        phone: `+1555${suffix}`.padEnd(12, '0'),
        email: `${name.replace(/\W/g, '').toLowerCase()}${suffix}@test.example`,
        password: 'Secret#2026',
      },
    },
  );
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${JSON.stringify(response.body)}`);
  keepCookies(client, response.headers);
  client.accessToken = response.body.accessToken;
  return { client, id: response.body.userData.id };
};

/**
 * Everything this process writes to stdout and stderr from now on (the in-process stack's log
 * lines included), still passed through; `vi.restoreAllMocks()` stops it.
 */
export const captureProcessOutput = (): string[] => {
  const written: string[] = [];
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
  }
  return written;
};
