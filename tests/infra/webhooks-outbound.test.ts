import { describe, expect, it } from 'vitest';

import { defaultStack } from './stack-view';

/**
 * Outgoing webhooks' safety switches are for one machine only (docs/integrations.md,
 * "Webhooks"): no deployed function may allow loopback receivers, plain http, or the shortened
 * retry schedule of the tests; nor raise the abuse limits as the browser tests' stack does.
 */
const synthesized = defaultStack();

// ORBIT_RATE_LIMIT_SCALE raises every abuse limit (core/rate-window.ts) for the browser tests' one shared stack.
const localOnly = [
  'WEBHOOK_ALLOW_LOOPBACK',
  'ORBIT_DEVELOPMENT',
  'WEBHOOK_RETRY_BASE_MS',
  'WEBHOOK_RETRY_CAP_MS',
  'ORBIT_RATE_LIMIT_SCALE',
];

describe('the deployed functions’ environment', () => {
  it('sets none of the local-only switches', () => {
    const functions = Object.values(synthesized.resources('AWS::Lambda::Function')) as {
      Properties?: { Environment?: { Variables?: Record<string, unknown> } };
    }[];
    expect(functions.length).toBeGreaterThan(0);
    const set = functions.flatMap((resource) =>
      Object.keys(resource.Properties?.Environment?.Variables ?? {}).filter((name) => localOnly.includes(name)),
    );
    expect(set).toEqual([]);
  });
});
