import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Bundled in place of `@aws-sdk/credential-provider-node` in the Lambda bundles only (see
 * bundling.ts). Lambda always hands a function its role's credentials in AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, the first source the default chain tries; the
 * rest of the chain (SSO, INI files, STS web identity, IMDS, with their nested STS/SSO
 * clients) is dead weight there: about 130 KB of bundle and its parse time at every cold
 * start. Local runs and tests use the full chain: they import the SDK, not this bundle.
 */
export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}) => fromEnv(init);
