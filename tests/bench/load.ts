import autocannon from 'autocannon';

import { demoUsers } from '@orbit/seed/demo-users';

import { startStackProcess } from '../support/stack-process';
import type { BenchSection } from './section';
import { BenchClient } from './support';

/**
 * Load: autocannon against the local stack at 10, 50 and 100 connections on a signed-in read
 * (the projects list) and on sign-in. Goals: no client timeouts, and throughput (answered
 * 2xx per second) at 100 connections at least 90 % of the best level. Requests over the
 * server's in-flight cap wait briefly or get a fast 503 with Retry-After (counted apart).
 */

const levels = [10, 50, 100] as const;
const secondsPerRun = 10;
const throughputGoal = 0.9;
/** Autocannon's default: a request still unanswered after this is a client timeout. */
const clientTimeoutSeconds = 10;

interface Run {
  readonly connections: number;
  readonly requestsPerSecond: number;
  readonly answeredPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly overloaded: number;
  readonly otherNon2xx: number;
}

const measure = async (
  connections: number,
  request: { url: string; method: string; headers: Record<string, string>; body?: string },
): Promise<Run> => {
  const result = await autocannon({ ...request, connections, duration: secondsPerRun, timeout: clientTimeoutSeconds });
  const overloaded = result.statusCodeStats['503']?.count ?? 0;
  return {
    connections,
    requestsPerSecond: result.requests.total / result.duration,
    answeredPerSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    overloaded,
    otherNon2xx: result.non2xx - overloaded,
  };
};

const report = (label: string, runs: readonly Run[]) => {
  console.log(`${label}:`);
  console.log('  connections   req/s   2xx/s    p50 ms    p99 ms  errors  timeouts   503s  other non-2xx');
  for (const run of runs) {
    console.log(
      `  ${String(run.connections).padStart(11)} ${run.requestsPerSecond.toFixed(1).padStart(7)} ${run.answeredPerSecond
        .toFixed(1)
        .padStart(
          7,
        )} ${String(run.p50).padStart(9)} ${String(run.p99).padStart(9)} ${String(run.errors).padStart(7)} ${String(
        run.timeouts,
      ).padStart(9)} ${String(run.overloaded).padStart(6)} ${String(run.otherNon2xx).padStart(14)}`,
    );
  }
  const peak = Math.max(...runs.map((run) => run.answeredPerSecond));
  const atHundred = runs.find((run) => run.connections === 100)?.answeredPerSecond ?? 0;
  const timeouts = runs.reduce((sum, run) => sum + run.timeouts, 0);
  const share = peak > 0 ? atHundred / peak : 0;
  console.log(
    `  at 100 connections: ${(share * 100).toFixed(0)} % of the peak (goal ≥ ${throughputGoal * 100} %) ${
      share >= throughputGoal ? 'ok' : 'UNDER'
    }; client timeouts: ${timeouts} ${timeouts === 0 ? 'ok' : 'OVER 0'}`,
  );
};

export const loadBench: BenchSection = {
  name: 'load',
  async run() {
    // In memory and seeded, as `npm start` runs; in its own process so that autocannon does not
    // share the server's event loop.
    const server = await startStackProcess({ dataDir: ':memory:' });
    const { url } = server;
    try {
      const admin = demoUsers.find((user) => user.role === 'admin');
      if (!admin) throw new Error('no demo admin');
      const caller = new BenchClient(url);
      await caller.signIn(admin.phone, admin.password);
      const json = { 'content-type': 'application/json' };
      console.log(`${secondsPerRun} s per level against the local stack in its own process (in memory, seeded)`);

      const reads = [];
      for (const connections of levels) {
        reads.push(
          await measure(connections, {
            url: `${url}/api/apps/projects`,
            method: 'GET',
            headers: { authorization: `Bearer ${caller.token}` },
          }),
        );
      }
      report('GET /api/apps/projects (signed in)', reads);

      const signIns = [];
      for (const connections of levels) {
        signIns.push(
          await measure(connections, {
            url: `${url}/api/auth/login`,
            method: 'POST',
            headers: json,
            body: JSON.stringify({ phone: admin.phone, password: admin.password }),
          }),
        );
      }
      report('POST /api/auth/login', signIns);
    } finally {
      await server.kill('SIGTERM');
    }
  },
};
