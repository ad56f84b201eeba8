import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

// The same esbuild the CDK bundling resolves (the workspace root's).
import { build, type Metafile } from 'esbuild';

import { areas } from '@orbit/functions/routes';
import { esbuildBundleOptions } from '@orbit/infra/lib/bundling';
import { handlerEntryFor, repoRoot } from '@orbit/infra/lib/paths';

import type { BenchSection } from './section';

const run = promisify(execFile);

export const sizeBudgetBytes = 300 * 1024;
/**
 * The background worker carries every transport (SES, SMS, raw MIME for outside mail) next to
 * DynamoDB, and no request waits for its cold start: it has a budget of its own
 * (docs/decisions.md, "The worker's budget with outside mail").
 */
export const workerSizeBudgetBytes = 512 * 1024;
/**
 * The public API's description carries every documented area's contracts and the JSON Schema
 * generator; it answers one cacheable GET (CloudFront keeps it five minutes), so its cold start
 * is nobody's wait (docs/decisions.md, "Integrations: the OpenAPI document is generated from the
 * contracts, on the Lambda, once per cold start").
 */
export const openapiSizeBudgetBytes = 350 * 1024;
/**
 * The invoice PDF carries PDFKit and fontkit (shaping Arabic), and online payment Stripe's SDK:
 * each in a function of its own that one click (a download, a payment) wakes, never a page's
 * load (docs/decisions.md, "Plans: the invoice PDF and online payment are functions of their own").
 */
export const invoicePdfSizeBudgetBytes = 700 * 1024;
export const paymentsSizeBudgetBytes = 500 * 1024;
const ownBudgets: Readonly<Record<string, number>> = {
  worker: workerSizeBudgetBytes,
  openapi: openapiSizeBudgetBytes,
  'invoice-pdf': invoicePdfSizeBudgetBytes,
  payments: paymentsSizeBudgetBytes,
};
const budgetOf = (name: string) => ownBudgets[name] ?? sizeBudgetBytes;
export const initBudgetRatio = 1.3;
const coldStarts = 10;

/** The floor every function pays: the SDK and a DynamoDB document client, nothing of ours. */
const baselineSource = `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const handler = async () => ({ statusCode: 200 });
`;

interface Bundle {
  readonly name: string;
  readonly file: string;
  readonly bytes: number;
  readonly metafile: Metafile;
  readonly initMs: number[];
}

/** What a cold start pays before the first event: loading and evaluating the module. */
const importScript = (file: string): string =>
  `const started = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); ` +
  'process.stdout.write(String(performance.now() - started));';

const coldEnvironment: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  NODE_NO_WARNINGS: '1',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'AKIAFAKEFAKEFAKE',
  AWS_SECRET_ACCESS_KEY: 'fake-secret-key',
  TABLE_NAME: 'orbit-bench',
  JWT_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:123456789012:secret:orbit-bench',
  WS_ENDPOINT: 'https://example.execute-api.us-east-1.amazonaws.com/ws',
  POWERTOOLS_SERVICE_NAME: 'orbit',
  POWERTOOLS_LOG_LEVEL: 'SILENT',
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** The packages that weigh most in a bundle, for the over-budget ones. */
const heaviest = (metafile: Metafile, count: number): string => {
  const byPackage = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? '(our code)';
      byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...byPackage]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
};

const bundle = async (
  name: string,
  outdir: string,
  entry: { file: string } | { source: string },
): Promise<Omit<Bundle, 'initMs'>> => {
  const file = join(outdir, name, 'index.mjs');
  const result = await build({
    ...esbuildBundleOptions,
    mainFields: [...esbuildBundleOptions.mainFields],
    absWorkingDir: repoRoot,
    outfile: file,
    metafile: true,
    ...('file' in entry
      ? { entryPoints: [entry.file] }
      : {
          stdin: {
            contents: entry.source,
            loader: 'ts',
            resolveDir: join(repoRoot, 'functions', 'src'),
            sourcefile: 'baseline.ts',
          },
        }),
  });
  return { name, file, bytes: statSync(file).size, metafile: result.metafile };
};

const table = (rows: readonly (readonly string[])[]): string => {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')).join('\n');
};

export const infraBench: BenchSection = {
  name: 'infra',
  async run() {
    const outdir = mkdtempSync(join(tmpdir(), 'orbit-bench-infra-'));
    try {
      const built = [
        await bundle('baseline', outdir, { source: baselineSource }),
        ...(await Promise.all(areas.map((area) => bundle(area, outdir, { file: handlerEntryFor(area) })))),
        // The background worker (infra/lib/worker.ts): every area's job kinds in one bundle.
        await bundle('worker', outdir, { file: join(repoRoot, 'functions', 'src', 'worker', 'handler.ts') }),
      ];
      const bundles: Bundle[] = built.map((entry) => ({ ...entry, initMs: [] }));

      // Interleaved rounds, so load on this machine affects every bundle alike.
      for (let round = 0; round < coldStarts; round += 1) {
        for (const entry of bundles) {
          const { stdout } = await run(process.execPath, ['--input-type=module', '-e', importScript(entry.file)], {
            env: coldEnvironment,
            cwd: outdir,
          });
          entry.initMs.push(Number(stdout));
        }
      }

      const baselineInit = median(bundles[0]?.initMs ?? [0]);
      const rows: string[][] = [
        [
          'bundle',
          'size (min. ESM)',
          'size ≤ budget',
          'init median',
          'init range',
          '× baseline',
          `≤ ${initBudgetRatio}×`,
        ],
      ];
      const over: Bundle[] = [];
      for (const entry of bundles) {
        const init = median(entry.initMs);
        const ratio = init / baselineInit;
        const isBaseline = entry === bundles[0];
        const sizeOk = entry.bytes <= budgetOf(entry.name);
        const initOk = ratio <= initBudgetRatio;
        if (!isBaseline && !sizeOk) over.push(entry);
        rows.push([
          entry.name,
          kb(entry.bytes),
          isBaseline ? '—' : `${sizeOk ? 'ok' : 'OVER'} (${kb(budgetOf(entry.name))})`,
          `${init.toFixed(1)} ms`,
          `${Math.min(...entry.initMs).toFixed(0)}–${Math.max(...entry.initMs).toFixed(0)} ms`,
          `${ratio.toFixed(2)}×`,
          isBaseline ? '—' : initOk ? 'ok' : 'OVER',
        ]);
      }
      console.log(
        `Lambda bundles (esbuild ${esbuildBundleOptions.format}, ${esbuildBundleOptions.target}, minified, AWS SDK bundled); ` +
          `init = median of ${coldStarts} fresh Node ${process.version} processes importing the bundle.`,
      );
      console.log(table(rows));
      for (const entry of over)
        console.log(`  ${entry.name} is over the size budget; heaviest: ${heaviest(entry.metafile, 6)}`);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  },
};
