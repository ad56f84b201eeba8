import { describe, expect, it } from 'vitest';

import {
  defaultApiThrottle,
  defaultAuthReservedConcurrency,
  defaultAuthThrottle,
  readConfig,
  stackNameFor,
  type ContextKey,
} from '@orbit/infra/lib/config';

const fromContext =
  (context: Partial<Record<ContextKey, unknown>>) =>
  (key: ContextKey): unknown =>
    context[key];

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0f6e7d2a-1111-2222-3333-444455556666';

describe('deployment parameters', () => {
  it('defaults to a prod stage that keeps its data, without a custom domain', () => {
    const config = readConfig(fromContext({}));
    expect(config).toEqual({
      stage: 'prod',
      domainName: undefined,
      certificateArn: undefined,
      alarmEmail: undefined,
      apiThrottle: defaultApiThrottle,
      authThrottle: defaultAuthThrottle,
      authReservedConcurrency: defaultAuthReservedConcurrency,
      webAclArn: undefined,
      originCertificateArn: undefined,
      links: {},
      messaging: {},
    });
    expect(stackNameFor(config)).toBe('Orbit-prod');
  });

  it('reads ORBIT_* variables when context does not say, and context wins over them', () => {
    const env = { ORBIT_STAGE: 'staging', ORBIT_ALARM_EMAIL: 'ops@example.com', ORBIT_API_RATE_LIMIT: '25' };
    expect(readConfig(fromContext({}), env)).toMatchObject({
      stage: 'staging',
      alarmEmail: 'ops@example.com',
      apiThrottle: { rateLimit: 25 },
    });
    expect(readConfig(fromContext({ stage: 'dev' }), env).stage).toBe('dev');
  });

  it('takes a custom domain only with a us-east-1 certificate', () => {
    expect(readConfig(fromContext({ domainName: 'app.example.com', certificateArn }))).toMatchObject({
      domainName: 'app.example.com',
      certificateArn,
    });
    expect(() => readConfig(fromContext({ domainName: 'app.example.com' }))).toThrow(/give both or neither/);
    expect(() => readConfig(fromContext({ certificateArn }))).toThrow(/give both or neither/);
    expect(() =>
      readConfig(
        fromContext({
          domainName: 'app.example.com',
          certificateArn: certificateArn.replace('us-east-1', 'eu-west-1'),
        }),
      ),
    ).toThrow(/us-east-1/);
  });

  it('rejects a stage name that cannot name a stack, and a non-numeric throttle', () => {
    expect(() => readConfig(fromContext({ stage: 'Prod_1' }))).toThrow(/stage must be/);
    expect(() => readConfig(fromContext({ apiBurstLimit: 'lots' }))).toThrow(
      /apiBurstLimit must be a positive integer/,
    );
  });

  it('takes an existing web ACL only if CloudFront can use it (global scope, us-east-1)', () => {
    const arn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/shared/0f6e7d2a';
    expect(readConfig(fromContext({ webAclArn: arn })).webAclArn).toBe(arn);
    expect(() =>
      readConfig(fromContext({ webAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/shared/1' })),
    ).toThrow(/CloudFront-scope/);
  });

  it('takes origin domains only with the custom domain they are under', () => {
    const originCertificateArn = 'arn:aws:acm:eu-west-1:123456789012:certificate/def';
    expect(
      readConfig(fromContext({ domainName: 'app.example.com', certificateArn, originCertificateArn })),
    ).toMatchObject({ originCertificateArn });
    expect(() => readConfig(fromContext({ originCertificateArn }))).toThrow(/needs domainName/);
    expect(() =>
      readConfig(fromContext({ domainName: 'app.example.com', certificateArn, originCertificateArn: 'nope' })),
    ).toThrow(/ACM certificate/);
  });
});
