import { db } from '@orbit/functions/core/db';
import { httpRoutes, routeKeyOf, type HttpMethod, type HttpRouteDefinition } from '@orbit/functions/routes';
import { adminPassword, clientPassword, demoUsers, staffPassword } from '@orbit/seed/demo-users';

import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import type { MatrixContext, MatrixRequest, MatrixResponse, SignedInIdentity } from '../support/matrix';
import { publicRouteExpectations, signedInRouteExpectations } from '../support/route-expectations';
import type { BenchSection } from './section';

/**
 * DynamoDB round trips per route: every command the handlers send, counted by a middleware on
 * the one DynamoDB client of the process (the local stack runs the real handlers in process),
 * for one typical call of each route — the admin's call of the authorisation matrix's sample
 * request (tests/support/route-expectations.ts), and a successful call of each public route.
 * Budgets: at most 3 on a read (GET), at most 4 on a write.
 */

export const readBudget = 3;
export const writeBudget = 4;

interface Count {
  total: number;
  byCommand: Map<string, number>;
}

const counting: Count = { total: 0, byCommand: new Map() };
let installed = false;

const installCounter = () => {
  if (installed) return;
  installed = true;
  db().middlewareStack.add(
    (next, context) => async (args) => {
      counting.total += 1;
      const name = String(context.commandName ?? 'unknown').replace(/Command$/, '');
      counting.byCommand.set(name, (counting.byCommand.get(name) ?? 0) + 1);
      return next(args);
    },
    { step: 'initialize', name: 'benchRoundTripCounter' },
  );
};

const measure = async <T>(call: () => Promise<T>): Promise<{ result: T; total: number; commands: string }> => {
  counting.total = 0;
  counting.byCommand = new Map();
  const result = await call();
  const commands = [...counting.byCommand].map(([name, count]) => (count > 1 ? `${name}×${count}` : name)).join(', ');
  return { result, total: counting.total, commands };
};

/** Just enough HTTP: a bearer token and a cookie jar (the refresh cookie). */
class Client {
  token = '';
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}

  async request(method: HttpMethod, path: string, options: { body?: unknown } = {}): Promise<MatrixResponse> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  async signIn(phone: string, password: string): Promise<string> {
    const response = await this.request('POST', '/api/auth/login', { body: { phone, password } });
    if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
    const body = response.body as { accessToken: string; userData: { id: string } };
    this.token = body.accessToken;
    return body.userData.id;
  }
}

const urlOf = (route: HttpRouteDefinition, request: MatrixRequest): string => {
  const path = route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) =>
    encodeURIComponent(request.params?.[name] ?? ''),
  );
  const query = new URLSearchParams(request.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
};

const phoneOf = (role: string, index = 0) => demoUsers.filter((user) => user.role === role)[index]?.phone ?? '';

/** Successful calls of the public routes (the matrix's samples are refusals). */
const publicCalls = (url: string): Record<string, () => Promise<MatrixResponse>> => {
  const signedIn = new Client(url);
  return {
    'GET /api/health': () => new Client(url).request('GET', '/api/health'),
    'POST /api/auth/login': () =>
      new Client(url).request('POST', '/api/auth/login', {
        body: { phone: phoneOf('admin'), password: adminPassword },
      }),
    'POST /api/auth/register': () =>
      new Client(url).request('POST', '/api/auth/register', {
        body: {
          fullName: 'Bench Newcomer',
          phone: `+1555${String(Date.now()).slice(-7)}`,
          email: `bench-${Date.now()}@example.com`,
          password: 'Bench#2026x',
        },
      }),
    'POST /api/auth/refresh': async () => signedIn.request('POST', '/api/auth/refresh'),
    'POST /api/auth/logout': async () => signedIn.request('POST', '/api/auth/logout'),
    'POST /api/auth/forgot-password': () =>
      new Client(url).request('POST', '/api/auth/forgot-password', { body: { phone: phoneOf('client', 2) } }),
    'POST /api/auth/reset-password': () =>
      new Client(url).request('POST', '/api/auth/reset-password', {
        body: { phone: phoneOf('client', 2), code: '000000', password: 'Another#2026' },
      }),
    /** Signs the shared client in first (not counted), so refresh and logout have a cookie. */
    prepare: async () => {
      await signedIn.signIn(phoneOf('admin'), adminPassword);
      return { status: 201, body: undefined };
    },
  };
};

export const roundTripsBench: BenchSection = {
  name: 'round-trips',
  async run() {
    const stack: LocalStack = await startLocalStack({ port: 0, host: '127.0.0.1', dataDir: ':memory:' });
    try {
      installCounter();
      const clients = {} as Record<SignedInIdentity, Client>;
      const users = {} as Record<SignedInIdentity, { id: string }>;
      const accounts: Record<SignedInIdentity, [string, string]> = {
        admin: [phoneOf('admin'), adminPassword],
        clientA: [phoneOf('client', 0), clientPassword],
        clientB: [phoneOf('client', 1), clientPassword],
        manager: [phoneOf('manager'), staffPassword],
        support: [phoneOf('support'), staffPassword],
        users: [phoneOf('users'), staffPassword],
        restrictedUser: [phoneOf('restricted-user'), staffPassword],
      };
      for (const identity of Object.keys(accounts) as SignedInIdentity[]) {
        clients[identity] = new Client(stack.url);
        users[identity] = { id: await clients[identity].signIn(...accounts[identity]) };
      }
      const context: MatrixContext = {
        users,
        as: (identity) => ({ request: (method, path, options) => clients[identity].request(method, path, options) }),
      };

      const rows: { key: string; status: number; total: number; commands: string; budget: number }[] = [];
      const publics = publicCalls(stack.url);
      await publics.prepare?.();
      for (const route of httpRoutes) {
        const key = routeKeyOf(route);
        const budget = route.method === 'GET' ? readBudget : writeBudget;
        if (route.access === 'public') {
          const call = publics[key];
          if (!call || !(key in publicRouteExpectations)) throw new Error(`${key}: no typical call`);
          const { result, total, commands } = await measure(call);
          rows.push({ key, status: result.status, total, commands, budget });
          continue;
        }
        const expectation = (
          signedInRouteExpectations as Record<
            string,
            (typeof signedInRouteExpectations)[keyof typeof signedInRouteExpectations]
          >
        )[key];
        if (!expectation) throw new Error(`${key}: no sample request`);
        const fixture = await expectation.setup?.(context);
        const request = expectation.request?.(fixture, context) ?? {};
        const { result, total, commands } = await measure(() =>
          clients.admin.request(route.method, urlOf(route, request), { body: request.body }),
        );
        rows.push({ key, status: result.status, total, commands, budget });
      }

      console.log('DynamoDB round trips per call (admin, typical request; counted at the SDK client):');
      for (const row of rows) {
        const flag = row.total > row.budget ? `  OVER (budget ${row.budget})` : '';
        console.log(`  ${String(row.total).padStart(2)}  ${row.key.padEnd(66)} ${row.status}  ${row.commands}${flag}`);
      }
      const over = rows.filter((row) => row.total > row.budget);
      console.log(
        over.length === 0
          ? `every route within budget (reads ≤ ${readBudget}, writes ≤ ${writeBudget})`
          : `${over.length} route(s) over budget (reads ≤ ${readBudget}, writes ≤ ${writeBudget})`,
      );
    } finally {
      await stack.stop();
    }
  },
};
