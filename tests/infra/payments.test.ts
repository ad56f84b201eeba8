import { afterAll, describe, expect, it } from 'vitest';

import { defaultStack, type StackView } from './stack-view';
import { synthesize } from './support';

/**
 * Paying online (docs/plans.md, "Paying online") is off unless the deployment names Stripe's
 * secret; STRIPE_API_BASE, the tests' loopback fake of Stripe, is never set on a deployed function.
 */
interface FunctionResource {
  readonly Properties?: {
    readonly Description?: string;
    readonly Environment?: { readonly Variables?: Record<string, unknown> };
  };
}

const functionsOf = (synthesized: StackView) =>
  Object.values(synthesized.resources('AWS::Lambda::Function')) as FunctionResource[];

const variablesOf = (resource: FunctionResource | undefined) => resource?.Properties?.Environment?.Variables ?? {};

const paymentsFunction = (synthesized: StackView) =>
  functionsOf(synthesized).find((resource) => resource.Properties?.Description === 'Orbit API: payments');

const plain = defaultStack();
const withStripe = synthesize({ stage: 'prod', stripeSecretName: 'orbit/stripe' });
afterAll(() => withStripe.cleanup());

describe('the payments function', () => {
  it('has no Stripe secret unless the deployment names one, and no function points Stripe elsewhere', () => {
    expect(variablesOf(paymentsFunction(plain))).not.toHaveProperty('STRIPE_SECRET_ID');
    for (const synthesized of [plain, withStripe]) {
      const pointed = functionsOf(synthesized).filter((resource) => 'STRIPE_API_BASE' in variablesOf(resource));
      expect(pointed).toEqual([]);
    }
  });

  it('reads the named secret when given, and only the payments function gets it', () => {
    expect(variablesOf(paymentsFunction(withStripe))).toMatchObject({ STRIPE_SECRET_ID: 'orbit/stripe' });
    const holders = functionsOf(withStripe).filter((resource) => 'STRIPE_SECRET_ID' in variablesOf(resource));
    expect(holders).toHaveLength(1);
    const policies = JSON.stringify(withStripe.resources('AWS::IAM::Policy'));
    expect(policies).toContain('secret:orbit/stripe-??????');
  });
});
