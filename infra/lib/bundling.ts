import { join, posix } from 'node:path';

import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

import { invoiceFontFiles } from '@orbit/functions/invoice-pdf/font-files';
import type { Area } from '@orbit/functions/routes';

import { repoRoot } from './paths';

/**
 * How every Lambda bundle is built, in one place: the CDK functions use it through
 * `lambdaBundling` and the bundle report (tests/bench/infra.ts) calls esbuild with the same
 * `esbuildBundleOptions`, so the figures it prints are the figures that ship.
 */

/** The Lambda runtime (`lambdaRuntime`, nodejs22.x): what esbuild may leave untranspiled. */
export const bundleTarget = 'node22';

/**
 * ESM output cannot `require`, but some CommonJS dependencies call it for Node built-ins;
 * give them a real one. No double quotes or `$`: CDK passes this through a shell.
 */
export const esmRequireBanner =
  "import { createRequire as __orbitCreateRequire } from 'node:module'; const require = __orbitCreateRequire(import.meta.url);";

/**
 * Module substitutions for the Lambda bundles: the SDK's default credential chain becomes the
 * environment provider Lambda actually uses (lambda-credentials.ts explains the trade), CASL's
 * MongoDB engine, which our equality-matching abilities never run, a stand-in
 * (functions/src/core/casl-without-mongo.ts), the SDK's event-stream codec, which no
 * operation we call uses, one that refuses (functions/src/core/no-event-streams.ts), and the
 * LRU library behind DynamoDB's endpoint-discovery cache a Map-based one
 * (functions/src/core/small-lru-cache.ts), and the webhook signer's pure-JavaScript SHA-256 and
 * base64 their node:crypto and Buffer equivalents (functions/src/core/webhook-primitives.ts), and
 * fontkit's Brotli decoder, used only for WOFF2 fonts the invoice PDF never loads, one that
 * refuses (functions/src/invoice-pdf/no-woff2.ts).
 */
export const lambdaAliases: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': join(repoRoot, 'infra', 'lib', 'lambda-credentials.ts'),
  '@ucast/mongo2js': join(repoRoot, 'functions', 'src', 'core', 'casl-without-mongo.ts'),
  '@smithy/core/event-streams': join(repoRoot, 'functions', 'src', 'core', 'no-event-streams.ts'),
  'mnemonist/lru-cache': join(repoRoot, 'functions', 'src', 'core', 'small-lru-cache.ts'),
  'fast-sha256': join(repoRoot, 'functions', 'src', 'core', 'webhook-primitives.ts'),
  '@stablelib/base64': join(repoRoot, 'functions', 'src', 'core', 'webhook-primitives.ts'),
  'brotli/decompress.js': join(repoRoot, 'functions', 'src', 'invoice-pdf', 'no-woff2.ts'),
};

/** Prefer packages' ESM builds: they tree-shake (the AWS SDK ships both). */
export const mainFields = ['module', 'main'];

export const lambdaBundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: bundleTarget,
  minify: true,
  sourceMap: false,
  mainFields,
  banner: esmRequireBanner,
  // The SDK is bundled, not taken from the runtime: pinned versions, and tree-shaken clients
  // start faster than the runtime's full copy.
  bundleAwsSDK: true,
  externalModules: [],
  forceDockerBundling: false,
  esbuildArgs: {
    // Not the `charset` option: this aws-cdk-lib accepts it but never passes it to esbuild. Our
    // bundles hold no non-ASCII text today (zod's messages did; ASCII-escaping them cost ~70 KB),
    // so this only keeps a future dependency's text from being escaped.
    '--charset': 'utf8',
    ...Object.fromEntries(Object.entries(lambdaAliases).map(([from, to]) => [`--alias:${from}`, to])),
  },
};

/**
 * Files a function reads at run time that esbuild cannot inline (the invoice PDF's fonts), as
 * paths under node_modules: copied beside the bundle into its own node_modules, where the same
 * `require.resolve` that finds them on this machine finds them in AWS.
 */
export const bundledPackageFiles: Partial<Record<Area, readonly string[]>> = {
  'invoice-pdf': Object.values(invoiceFontFiles),
};

/** An area's bundling: the shared build, and the files it reads copied beside it. */
export const lambdaBundlingFor = (area: Area): BundlingOptions => {
  const files = bundledPackageFiles[area];
  if (!files) return lambdaBundling;
  return {
    ...lambdaBundling,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) =>
        files.flatMap((file) => [
          `mkdir -p "${posix.join(outputDir, 'node_modules', posix.dirname(file))}"`,
          `cp "${posix.join(inputDir, 'node_modules', file)}" "${posix.join(outputDir, 'node_modules', file)}"`,
        ]),
    },
  };
};

/** The same build as esbuild's API options (bundle report). */
export const esbuildBundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: bundleTarget,
  minify: true,
  sourcemap: false,
  charset: 'utf8',
  mainFields,
  banner: { js: esmRequireBanner },
  alias: lambdaAliases,
  logLevel: 'warning',
} as const;
