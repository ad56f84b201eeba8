import { startLocalStack } from '../../infra/local/stack';
import { fromSource, newSource } from '../support/from-source';
import type { BenchSection } from './section';
import { ms, percentile } from './support';

/**
 * Auth: do registered and unknown phones take the same time? Forgot-password, reset-password
 * (a wrong code) and sign-in (a wrong password) are timed for phones with and without an
 * account, alternating, each request from its own loopback source so no limit is reached.
 * The p50s should match within noise (a DynamoDB Local round trip is a few ms).
 */

const phonesPerKind = 60;

const timed = async (run: () => Promise<{ status: number }>, expected: number): Promise<number> => {
  const started = performance.now();
  const { status } = await run();
  const elapsed = performance.now() - started;
  if (status !== expected) throw new Error(`expected ${expected}, got ${status}`);
  return elapsed;
};

export const authBench: BenchSection = {
  name: 'auth',
  async run() {
    const stack = await startLocalStack({ port: 0, host: '127.0.0.1', dataDir: ':memory:', seed: false });
    const post = (path: string, body: unknown) => fromSource(stack.url, newSource()).request('POST', path, { body });
    try {
      const known = Array.from({ length: phonesPerKind }, (_, index) => `+1555040${String(index).padStart(4, '0')}`);
      const unknown = Array.from({ length: phonesPerKind }, (_, index) => `+1555050${String(index).padStart(4, '0')}`);
      for (const [index, phone] of known.entries()) {
        const body = { fullName: `Bench ${index}`, phone, email: `bench${index}@example.com`, password: 'Bench#2026' };
        await timed(() => post('/api/auth/register', body), 201);
      }
      const rows: [string, string, number][] = [
        ['forgot-password', '/api/auth/forgot-password', 202],
        ['reset-password (wrong code)', '/api/auth/reset-password', 400],
        ['sign-in (wrong password)', '/api/auth/login', 400],
      ];
      const bodyFor = (path: string, phone: string) =>
        path.endsWith('forgot-password')
          ? { phone }
          : path.endsWith('reset-password')
            ? { phone, code: '000000', password: 'Whatever#2026' }
            : { phone, password: 'not-the-password' };
      for (const [label, path, status] of rows) {
        const times = { known: [] as number[], unknown: [] as number[] };
        for (let index = 0; index < phonesPerKind; index += 1) {
          // Alternate which kind goes first so drift in the machine's load hits both alike.
          const order = index % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
          for (const kind of order) {
            const phone = (kind === 'known' ? known : unknown)[index] ?? '';
            times[kind].push(await timed(() => post(path, bodyFor(path, phone)), status));
          }
        }
        const knownP50 = percentile(times.known, 0.5);
        const unknownP50 = percentile(times.unknown, 0.5);
        console.log(
          `${label.padEnd(28)} p50 registered ${ms(knownP50)} vs unknown ${ms(unknownP50)} ` +
            `(difference ${ms(Math.abs(knownP50 - unknownP50))}); p90 ${ms(percentile(times.known, 0.9))} vs ` +
            `${ms(percentile(times.unknown, 0.9))}; ${phonesPerKind} each`,
        );
      }
    } finally {
      await stack.stop();
    }
  },
};
