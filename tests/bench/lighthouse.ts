import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

/**
 * Lighthouse (the npm package) with the system Chromium and its default config, which is the
 * mobile preset: a mid-range phone's screen and CPU on slow 4G. The network is simulated, but
 * the CPU figure is this machine's main-thread time multiplied by 4: on a busy machine TBT (and
 * so the score) comes out worse, which is why each audit prints Lighthouse's benchmark index of
 * the machine (a desktop at rest is ~1000 or more) and how much of the main thread's wall-clock
 * time the page really ran on the CPU.
 */
const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Connection-level headers HTTP/2 forbids, and the proxy must not forward either way. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te']);

const forwardable = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !hopByHop.has(name)));

export interface Http2Front {
  /** https://127.0.0.1:<port>, serving what the local stack serves. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * CloudFront serves the app over HTTP/2 (and HTTP/3) with TLS (infra/lib/web.ts); the local stack
 * speaks HTTP/1.1 without TLS. To Lighthouse's simulation the difference is large: over HTTP/1.1 it
 * gives an origin six connections and every request a round trip of its own, so a page that
 * downloads twenty small chunks pays for twenty round trips that HTTP/2 does not. This front ends
 * TLS and HTTP/2 for the audits and passes every request (and the chat's WebSocket, which Chromium
 * opens over HTTP/1.1) to the local stack unchanged. Its certificate is made for the run (the
 * system `openssl`) and the audited Chromium accepts it.
 */
export const startHttp2Front = async (target: string): Promise<Http2Front> => {
  const upstream = new URL(target);
  const dir = mkdtempSync(join(tmpdir(), 'orbit-bench-tls-'));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  // prettier-ignore
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile,
  ]);
  const server = createSecureServer({
    key: readFileSync(keyFile),
    cert: readFileSync(certFile),
    allowHTTP1: true,
  });
  rmSync(dir, { recursive: true, force: true });

  const sockets = new Set<Socket>();
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  server.on('request', (req: Http2ServerRequest | IncomingMessage, answerTo: Http2ServerResponse | ServerResponse) => {
    // Both responses write the same way here; @types/node 22 no longer unites their overloads.
    const res = answerTo as ServerResponse;
    const headers = forwardable(req.headers);
    headers.host = (req.headers[':authority'] as string | undefined) ?? req.headers.host;
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
        answer.pipe(res as NodeJS.WritableStream);
      },
    );
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    (req as NodeJS.ReadableStream).pipe(forward);
  });
  // The WebSocket: the upgrade request as it came, then bytes both ways.
  server.on('upgrade', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const backend = connect(Number(upstream.port), upstream.hostname, () => {
      const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      backend.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) backend.write(head);
      backend.pipe(client).pipe(backend);
    });
    const end = () => {
      backend.destroy();
      client.destroy();
    };
    backend.on('error', end);
    client.on('error', end);
  });

  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        // Chromium keeps its connections; a closed listener must not wait for them.
        for (const socket of sockets) socket.destroy();
      }),
  };
};

export const lighthouseGoals = { performance: 95, accessibility: 100 } as const;

export interface LighthouseFigures {
  readonly performance: number;
  readonly accessibility: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** Accessibility audits that failed, by id (empty at 100). */
  readonly failedAccessibility: readonly string[];
  /** The performance opportunities with the most to gain, for reading a low score. */
  readonly opportunities: readonly string[];
  /** The scripts that keep the main thread busiest (Lighthouse's bootup-time), for the same. */
  readonly busiestScripts: readonly string[];
  /** Lighthouse's measure of this machine's CPU speed during the run. */
  readonly benchmarkIndex: number;
  /**
   * The page's main-thread tasks, all together: their wall-clock time (what the simulation
   * multiplies by 4) and the CPU time the thread actually ran for. On a machine busy with other
   * work the first is a multiple of the second, and TBT with it.
   */
  readonly mainThread: { readonly wallMs: number; readonly cpuMs: number };
}

interface TaskEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly data?: { readonly isLoadingMainFrame?: boolean; readonly documentLoaderURL?: string } };
}

/** Wall and CPU time of the top-level tasks on the audited page's main thread (trace microseconds). */
const mainThreadTime = (events: readonly TaskEvent[], url: string): { wallMs: number; cpuMs: number } => {
  const navigations = events.filter(
    (event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame === true,
  );
  const navigation =
    navigations.find((event) => event.args?.data?.documentLoaderURL === url) ??
    navigations.findLast((event) => event.args?.data?.documentLoaderURL?.startsWith('http'));
  let wall = 0;
  let cpu = 0;
  for (const event of events) {
    if (!navigation || event.name !== 'RunTask' || event.ph !== 'X') continue;
    if (event.pid !== navigation.pid || event.tid !== navigation.tid || event.tdur === undefined) continue;
    wall += event.dur ?? 0;
    cpu += event.tdur;
  }
  return { wallMs: wall / 1000, cpuMs: cpu / 1000 };
};

/**
 * Lighthouse's own "run Lighthouse again" (NO_NAVSTART): now and then Chromium's trace holds no
 * event at all from the audited page's main frame, so there is nothing to measure. Seen on this
 * machine in a few audits out of a hundred, more often under load; a new recording is fine.
 */
class TraceWithoutNavigation extends Error {}

/**
 * Audits one page in a fresh browser profile (empty cache). `localStorage`, when given, is
 * written on the page's origin first (the way the app keeps a session), and Lighthouse is told
 * not to clear storage, so a signed-in page is audited signed in. A trace without the
 * navigation's start (NO_NAVSTART) is recorded again, up to three times, as Lighthouse asks.
 */
export const auditPage = async (
  url: string,
  localStorage: Readonly<Record<string, string>> = {},
): Promise<LighthouseFigures> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, localStorage);
    } catch (error) {
      if (!(error instanceof TraceWithoutNavigation) || attempt === 3) throw error;
    }
  }
};

const auditOnce = async (url: string, localStorage: Readonly<Record<string, string>>): Promise<LighthouseFigures> => {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      // The HTTP/2 front's certificate is made for the run (startHttp2Front).
      ...(url.startsWith('https:') ? ['--ignore-certificate-errors'] : []),
    ],
  });
  try {
    const signedIn = Object.keys(localStorage).length > 0;
    if (signedIn) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      // A small same-origin file: the origin's storage is writable without loading the app.
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((entries: Record<string, string>) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
      }, localStorage);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: signedIn,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      const message = `Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
      throw lhr.runtimeError.code === 'NO_NAVSTART' ? new TraceWithoutNavigation(message) : new Error(message);
    }
    const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const failedAccessibility = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    const opportunities = Object.values(lhr.audits)
      .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
      .map((audit) => ({ audit, savings: (audit.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0 }))
      .filter(({ savings }) => savings > 0)
      .sort((a, b) => b.savings - a.savings)
      .slice(0, 3)
      .map(({ audit, savings }) => `${audit.id} (~${Math.round(savings)} ms)`);
    const bootup = (lhr.audits['bootup-time']?.details as { items?: { url: string; total: number }[] } | undefined)
      ?.items;
    const busiestScripts = (bootup ?? [])
      .slice(0, 3)
      .map(
        (item) => `${item.url.startsWith('http') ? new URL(item.url).pathname : item.url} ${Math.round(item.total)} ms`,
      );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      failedAccessibility,
      opportunities,
      busiestScripts,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      mainThread: mainThreadTime(
        (result.artifacts as unknown as { Trace?: { traceEvents: TaskEvent[] } }).Trace?.traceEvents ?? [],
        url,
      ),
    };
  } finally {
    chrome.kill();
  }
};
