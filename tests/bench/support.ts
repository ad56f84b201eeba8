/** Helpers shared by the bench sections that speak HTTP to a local stack. */

export const percentile = (values: readonly number[], fraction: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
};

export const ms = (value: number): string => `${value.toFixed(1)} ms`;

export const summary = (values: readonly number[]): string =>
  `p50 ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))} (n=${values.length})`;

/** How long `run` takes, in milliseconds. */
export const timed = async (run: () => Promise<unknown>): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

export const expectStatus = (what: string, status: number, expected: number): void => {
  if (status !== expected) throw new Error(`${what} answered ${status}`);
};

/** A signed-in API caller: just enough HTTP for timing requests. */
export class BenchClient {
  token = '';
  id = '';
  constructor(private readonly baseUrl: string) {}

  async request<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async signIn(phone: string, password: string): Promise<void> {
    const response = await this.request<{ accessToken: string; userData: { id: string } }>('POST', '/api/auth/login', {
      phone,
      password,
    });
    if (response.status !== 201) throw new Error(`sign-in answered ${response.status}`);
    this.token = response.body.accessToken;
    this.id = response.body.userData.id;
  }
}
