import { request as httpRequest } from 'node:http';

/**
 * Requests from a chosen loopback address (127.0.0.2, 127.0.0.3, …): the whole 127/8 reaches
 * the local server, which sees each as a different source, as API Gateway would see different
 * clients. Lets the per-source limits be tested without one test's attempts counting in another's.
 */
export interface SourceResponse<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: T;
}

export const fromSource = (baseUrl: string, source: string) => ({
  request: <T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<SourceResponse<T>> =>
    new Promise((resolve, reject) => {
      const url = new URL(path, baseUrl);
      const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method,
          localAddress: source,
          // A fresh connection per request: a pooled one would keep its first source.
          agent: false,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(options.cookie ? { cookie: options.cookie } : {}),
            ...options.headers,
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: (text ? JSON.parse(text) : undefined) as T,
            });
          });
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    }),
});

/** A loopback address no earlier call of this test file returned (127.0.0.10 onwards). */
let taken = 8;
export const newSource = (): string => {
  taken += 1;
  return `127.0.${Math.floor(taken / 250)}.${(taken % 250) + 2}`;
};
