import { afterAll, describe, expect, it } from 'vitest';

import { readConfig, type ContextKey } from '@orbit/infra/lib/config';

import { defaultStack, type StackView } from './stack-view';
import { synthesize } from './support';

/**
 * Notifications' senders (infra/lib/messaging.ts, docs/deploy.md "Email and SMS"): the SES
 * domain identity with Easy DKIM when the stack owns the domain, the variables that tell the
 * auth function which channels exist (and no send permission on it), the same on the worker.
 */
const configured = synthesize({
  stage: 'prod',
  notificationsFromEmail: 'no-reply@mail.orbit.example',
  emailDomain: 'mail.orbit.example',
  emailMailFromDomain: 'bounce.mail.orbit.example',
  smsOriginationIdentity: 'arn:aws:sms-voice:eu-west-1:123456789012:pool/pool-0123456789abcdef',
});
const bare = defaultStack();
afterAll(() => configured.cleanup());

const authEnvironment = (synthesized: StackView): Record<string, unknown> => {
  const auth = synthesized.functions.get('auth');
  if (!auth) throw new Error('no auth function');
  const resource = synthesized.resources('AWS::Lambda::Function')[auth.functionId];
  return ((resource?.Properties.Environment as { Variables?: Record<string, unknown> }) ?? {}).Variables ?? {};
};

const actionsOf = (statement: { Action: unknown }): string[] =>
  Array.isArray(statement.Action) ? (statement.Action as string[]) : [statement.Action as string];

describe('messaging', () => {
  it('verifies the sender domain in SES with Easy DKIM and a MAIL FROM subdomain, and prints the DKIM records', () => {
    const identities = Object.values(configured.resources('AWS::SES::EmailIdentity'));
    expect(identities).toHaveLength(1);
    expect(identities[0]?.Properties).toMatchObject({
      EmailIdentity: 'mail.orbit.example',
      MailFromAttributes: { MailFromDomain: 'bounce.mail.orbit.example' },
    });
    const outputs = configured.template.findOutputs('*');
    const dkim = Object.entries(outputs).filter(([id]) => id.includes('DkimRecord'));
    expect(dkim).toHaveLength(3);
  });

  it('tells the auth function which channels exist, and gives it no send permission', () => {
    expect(authEnvironment(configured)).toMatchObject({
      NOTIFICATIONS_FROM_EMAIL: 'no-reply@mail.orbit.example',
      SMS_ORIGINATION_IDENTITY: 'arn:aws:sms-voice:eu-west-1:123456789012:pool/pool-0123456789abcdef',
    });
    const auth = configured.stack.api.functions.get('auth');
    const authRole = configured.logicalId(auth!.role);
    const authPolicies = Object.values(configured.resources('AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties.Roles).includes(authRole),
    );
    const authActions = authPolicies.flatMap((policy) =>
      (policy.Properties.PolicyDocument as { Statement: { Action: unknown }[] }).Statement.flatMap(actionsOf),
    );
    expect(authActions.filter((action) => /^(ses|sms-voice):/.test(action))).toEqual([]);
  });

  it('gives the worker, which sends, the same senders', () => {
    const functions = configured.resources('AWS::Lambda::Function');
    for (const fn of [configured.stack.worker.streamFunction, configured.stack.worker.tickFunction]) {
      const variables = (functions[configured.logicalId(fn)]?.Properties.Environment as { Variables: object })
        .Variables;
      expect(variables).toMatchObject({
        NOTIFICATIONS_FROM_EMAIL: 'no-reply@mail.orbit.example',
        SMS_ORIGINATION_IDENTITY: 'arn:aws:sms-voice:eu-west-1:123456789012:pool/pool-0123456789abcdef',
      });
    }
  });

  it('leaves the channels unset without parameters: recovery then refuses (503) on AWS', () => {
    expect(Object.values(bare.resources('AWS::SES::EmailIdentity'))).toHaveLength(0);
    const environment = authEnvironment(bare);
    expect(environment).not.toHaveProperty('NOTIFICATIONS_FROM_EMAIL');
    expect(environment).not.toHaveProperty('SMS_ORIGINATION_IDENTITY');
  });
});

describe('messaging parameters', () => {
  const read = (context: Partial<Record<ContextKey, string>>) => readConfig((key) => context[key]).messaging;

  it('come from context or ORBIT_* variables', () => {
    expect(
      readConfig(() => undefined, {
        ORBIT_NOTIFICATIONS_FROM_EMAIL: 'no-reply@orbit.example',
        ORBIT_SMS_ORIGINATION_IDENTITY: 'pool-0123',
      }).messaging,
    ).toEqual({ notificationsFromEmail: 'no-reply@orbit.example', smsOriginationIdentity: 'pool-0123' });
  });

  it('refuse a sender outside the verified domain, a MAIL FROM outside it, and malformed values', () => {
    expect(() => read({ notificationsFromEmail: 'not an address' })).toThrow(/email address/);
    expect(() => read({ notificationsFromEmail: 'a@other.example', emailDomain: 'orbit.example' })).toThrow(
      /address of emailDomain/,
    );
    expect(() => read({ emailDomain: 'orbit.example' })).toThrow(/needs notificationsFromEmail/);
    expect(() =>
      read({ notificationsFromEmail: 'a@orbit.example', emailDomain: 'orbit.example', emailMailFromDomain: 'x.com' }),
    ).toThrow(/subdomain/);
    expect(() => read({ smsOriginationIdentity: 'pool 1; drop' })).toThrow(/smsOriginationIdentity must be/);
    expect(read({ notificationsFromEmail: 'a@mail.orbit.example', emailDomain: 'orbit.example' })).toMatchObject({
      emailDomain: 'orbit.example',
    });
  });
});
