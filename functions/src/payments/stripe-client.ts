import Stripe from 'stripe';

import { configuredServicePolicy } from '../core/outbound-address';
import { guardedFetch } from '../core/safe-outbound';
import { fetchSecretString } from '../core/secrets-manager';

/**
 * Stripe, when this deployment is configured for it (docs/plans.md, "Paying online"): the secret
 * API key and the webhook endpoint's signing secret. On this machine both come from the
 * environment (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET); in AWS from one Secrets Manager secret
 * named by STRIPE_SECRET_ID (the deployment's stripeSecretName), a JSON object
 * {secretKey, webhookSecret}. Neither: no online payment, and the product works without it.
 */
export interface StripeSetup {
  readonly stripe: Stripe;
  readonly webhookSecret: string;
}

interface StripeSecrets {
  readonly secretKey: string;
  readonly webhookSecret: string;
}

/**
 * The tests' loopback fake of Stripe's API (STRIPE_API_BASE, e.g. http://127.0.0.1:4010): only
 * ever set by a test, never by a deployment (tests/infra checks). Whatever the base, every call
 * goes through the guarded client (`httpClient` below), which allows a loopback or plain-http
 * base on one machine only (configuredServicePolicy).
 */
const apiBaseOverride = (): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> => {
  const base = process.env.STRIPE_API_BASE;
  if (!base) return {};
  const url = new URL(base);
  return { host: url.hostname, port: url.port || undefined, protocol: url.protocol === 'http:' ? 'http' : 'https' };
};

let fromSecretsManager: Promise<StripeSecrets | undefined> | undefined;

const readSecrets = (): Promise<StripeSecrets | undefined> => {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  if (secretKey && webhookSecret) return Promise.resolve({ secretKey, webhookSecret });
  const secretId = process.env.STRIPE_SECRET_ID;
  if (!secretId) return Promise.resolve(undefined);
  fromSecretsManager ??= fetchSecretString(secretId)
    .then((text) => {
      const parsed = JSON.parse(text) as Partial<StripeSecrets>;
      if (!parsed.secretKey || !parsed.webhookSecret)
        throw new Error('The Stripe secret lacks secretKey or webhookSecret');
      return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
    })
    .catch((error: unknown) => {
      fromSecretsManager = undefined;
      throw error;
    });
  return fromSecretsManager;
};

/**
 * Stripe's calls through the guarded client (core/safe-outbound.ts): its address checked and
 * pinned, no redirect followed, and an answer of at most this much (Stripe's objects and the
 * lists asked for here are a few KB; 1 MiB is far above them).
 */
const stripeHttpClient = Stripe.createFetchHttpClient(
  guardedFetch({ maxResponseBytes: 1024 * 1024, policy: configuredServicePolicy }),
);

/** Stripe's client and the webhook secret, or undefined when online payment is not configured. */
export const stripeSetup = async (): Promise<StripeSetup | undefined> => {
  const secrets = await readSecrets();
  if (!secrets) return undefined;
  return {
    stripe: new Stripe(secrets.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      httpClient: stripeHttpClient,
      ...apiBaseOverride(),
    }),
    webhookSecret: secrets.webhookSecret,
  };
};
