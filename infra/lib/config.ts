/**
 * Deployment parameters. Each comes from CDK context (`-c key=value`, or `context` in
 * cdk.json) or, because `npm run deploy` cannot forward `-c` through npm, from an ORBIT_*
 * environment variable. Nothing account- or region-specific lives in the repository.
 */
export interface ThrottleLimits {
  /** Steady-state requests per second across the API. */
  readonly rateLimit: number;
  /** Requests the API absorbs in a burst above the rate. */
  readonly burstLimit: number;
}

export interface OrbitConfig {
  /** `dev` stacks are disposable; every other stage keeps its data (RETAIN, deletion protection). */
  readonly stage: string;
  readonly domainName: string | undefined;
  /** ACM certificate in us-east-1 covering `domainName` (CloudFront only reads certificates there). */
  readonly certificateArn: string | undefined;
  /** Subscribed to the alarm topic when given. */
  readonly alarmEmail: string | undefined;
  readonly apiThrottle: ThrottleLimits;
  /** Tighter stage limits on every `/api/auth/*` route (a sign-in runs scrypt; abuse is cheap). */
  readonly authThrottle: ThrottleLimits;
  /**
   * Concurrent executions reserved for (and capping) the auth function: a sign-in flood cannot
   * take the account's whole Lambda concurrency from the other areas, and they cannot starve it.
   */
  readonly authReservedConcurrency: number;
  /**
   * An existing CloudFront-scope WAF web ACL (us-east-1) to use instead of the one the companion
   * stack `Orbit-<stage>-edge` creates (docs/deploy.md, "The edge").
   */
  readonly webAclArn: string | undefined;
  /**
   * Regional ACM certificate (in the stack's region) for `api-origin.<domainName>` and
   * `ws-origin.<domainName>`: with it the APIs are reached only through custom domains and
   * their default execute-api endpoints are switched off. Needs `domainName`.
   */
  readonly originCertificateArn: string | undefined;
  /** Where Help and Contact us lead (web/src/shared/deploy-links.ts); unset ones are left out. /wiki and /telegram are an admin's setting (docs/integrations.md). */
  readonly links: WebLinks;
  /** Who notifications (reset codes) come from, by email and SMS (infra/lib/messaging.ts, docs/deploy.md). */
  readonly messaging: MessagingConfig;
  /**
   * The Secrets Manager secret ({secretKey, webhookSecret}) that turns on paying online with
   * Stripe (docs/plans.md, "Paying online"); unset, invoices are paid by recorded payments only.
   */
  readonly stripeSecretName: string | undefined;
}

/** The senders of notifications; none set means password recovery is refused (503). */
export interface MessagingConfig {
  /** The From address of notification emails; its domain must be a verified SES identity. */
  readonly notificationsFromEmail?: string;
  /** A domain the stack verifies in SES (Easy DKIM); without it the identity is verified outside the stack. */
  readonly emailDomain?: string;
  /** A subdomain of `emailDomain` used as MAIL FROM (SPF aligned with DMARC). */
  readonly emailMailFromDomain?: string;
  /** The End User Messaging origination identity SMS go from: a phone number, sender id or pool (id or ARN). */
  readonly smsOriginationIdentity?: string;
}

/** The web app's external links, written to `/config.json` beside the build. */
export interface WebLinks {
  readonly help?: string;
  readonly contact?: string;
}

export const contextKeys = {
  stage: 'ORBIT_STAGE',
  domainName: 'ORBIT_DOMAIN_NAME',
  certificateArn: 'ORBIT_CERTIFICATE_ARN',
  alarmEmail: 'ORBIT_ALARM_EMAIL',
  apiRateLimit: 'ORBIT_API_RATE_LIMIT',
  apiBurstLimit: 'ORBIT_API_BURST_LIMIT',
  authRateLimit: 'ORBIT_AUTH_RATE_LIMIT',
  authBurstLimit: 'ORBIT_AUTH_BURST_LIMIT',
  authReservedConcurrency: 'ORBIT_AUTH_RESERVED_CONCURRENCY',
  webAclArn: 'ORBIT_WEB_ACL_ARN',
  originCertificateArn: 'ORBIT_ORIGIN_CERTIFICATE_ARN',
  helpUrl: 'ORBIT_HELP_URL',
  contactUrl: 'ORBIT_CONTACT_URL',
  notificationsFromEmail: 'ORBIT_NOTIFICATIONS_FROM_EMAIL',
  emailDomain: 'ORBIT_EMAIL_DOMAIN',
  emailMailFromDomain: 'ORBIT_EMAIL_MAIL_FROM_DOMAIN',
  smsOriginationIdentity: 'ORBIT_SMS_ORIGINATION_IDENTITY',
  stripeSecretName: 'ORBIT_STRIPE_SECRET_NAME',
} as const;

export type ContextKey = keyof typeof contextKeys;

/** Safe by default: an operator who forgets `stage` gets a stack that keeps its data. */
export const defaultStage = 'prod';
export const defaultApiThrottle: ThrottleLimits = { rateLimit: 1000, burstLimit: 2000 };
/** Sign-in, register, refresh and recovery for the whole stage, all sources together. */
export const defaultAuthThrottle: ThrottleLimits = { rateLimit: 50, burstLimit: 100 };
/** At ~100 ms of scrypt per sign-in, 50 containers sign in ~500 people a second. */
export const defaultAuthReservedConcurrency = 50;

export const isDisposable = (config: Pick<OrbitConfig, 'stage'>): boolean => config.stage === 'dev';

const positiveInteger = (key: ContextKey, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${key} must be a positive integer, got "${value}"`);
  return parsed;
};

/**
 * @param lookup reads one context value (App.node.tryGetContext); context wins over env.
 * @param env the process environment, for the ORBIT_* fallbacks.
 */
export const readConfig = (
  lookup: (key: ContextKey) => unknown,
  env: Readonly<Record<string, string | undefined>> = {},
): OrbitConfig => {
  const read = (key: ContextKey): string | undefined => {
    const value = lookup(key) ?? env[contextKeys[key]];
    if (value === undefined || value === null || value === '') return undefined;
    return String(value);
  };

  const stage = read('stage') ?? defaultStage;
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) {
    throw new Error(`stage must be lower-case letters, digits and dashes (max 21), got "${stage}"`);
  }

  const domainName = read('domainName');
  const certificateArn = read('certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('domainName and certificateArn go together: give both or neither');
  }
  if (certificateArn !== undefined && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/.+$/.test(certificateArn)) {
    throw new Error(
      'certificateArn must be an ACM certificate in us-east-1 (CloudFront reads certificates only there)',
    );
  }

  const webAclArn = read('webAclArn');
  if (webAclArn !== undefined && !/^arn:aws[a-z-]*:wafv2:us-east-1:\d{12}:global\/webacl\/.+$/.test(webAclArn)) {
    throw new Error('webAclArn must be a CloudFront-scope (global) WAF web ACL in us-east-1');
  }
  const originCertificateArn = read('originCertificateArn');
  if (originCertificateArn !== undefined) {
    if (domainName === undefined)
      throw new Error('originCertificateArn needs domainName: the origins are its subdomains');
    if (!/^arn:aws[a-z-]*:acm:[a-z0-9-]+:\d{12}:certificate\/.+$/.test(originCertificateArn)) {
      throw new Error("originCertificateArn must be an ACM certificate ARN (in the stack's region)");
    }
  }

  const link = (key: 'helpUrl' | 'contactUrl') => {
    const value = read(key);
    if (value !== undefined && !/^https?:\/\/[^\s]+$/.test(value)) throw new Error(`${key} must be an http(s) address`);
    return value;
  };
  const links: Record<string, string | undefined> = {
    help: link('helpUrl'),
    contact: link('contactUrl'),
  };

  const messaging = readMessagingConfig(read);

  return {
    stage,
    domainName,
    certificateArn,
    alarmEmail: read('alarmEmail'),
    apiThrottle: {
      rateLimit: positiveInteger('apiRateLimit', read('apiRateLimit'), defaultApiThrottle.rateLimit),
      burstLimit: positiveInteger('apiBurstLimit', read('apiBurstLimit'), defaultApiThrottle.burstLimit),
    },
    authThrottle: {
      rateLimit: positiveInteger('authRateLimit', read('authRateLimit'), defaultAuthThrottle.rateLimit),
      burstLimit: positiveInteger('authBurstLimit', read('authBurstLimit'), defaultAuthThrottle.burstLimit),
    },
    authReservedConcurrency: positiveInteger(
      'authReservedConcurrency',
      read('authReservedConcurrency'),
      defaultAuthReservedConcurrency,
    ),
    webAclArn,
    originCertificateArn,
    links: Object.fromEntries(Object.entries(links).filter(([, value]) => value !== undefined)),
    messaging,
    stripeSecretName: read('stripeSecretName'),
  };
};

const hostName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The messaging parameters, checked so a typo fails the synth, not the first reset code. */
const readMessagingConfig = (read: (key: ContextKey) => string | undefined): MessagingConfig => {
  const notificationsFromEmail = read('notificationsFromEmail');
  const emailDomain = read('emailDomain')?.toLowerCase();
  const emailMailFromDomain = read('emailMailFromDomain')?.toLowerCase();
  const smsOriginationIdentity = read('smsOriginationIdentity');
  const senderDomain = notificationsFromEmail?.split('@')[1]?.toLowerCase();
  if (notificationsFromEmail !== undefined && !/^[^\s@"<>]+@[^\s@"<>]+$/.test(notificationsFromEmail)) {
    throw new Error(`notificationsFromEmail must be an email address, got "${notificationsFromEmail}"`);
  }
  if (emailDomain !== undefined) {
    if (!hostName.test(emailDomain)) throw new Error(`emailDomain must be a domain name, got "${emailDomain}"`);
    if (senderDomain === undefined) throw new Error('emailDomain needs notificationsFromEmail: the address sent from');
    if (senderDomain !== emailDomain && !senderDomain.endsWith(`.${emailDomain}`)) {
      throw new Error(`notificationsFromEmail must be an address of emailDomain (${emailDomain})`);
    }
  }
  if (emailMailFromDomain !== undefined) {
    if (emailDomain === undefined) throw new Error('emailMailFromDomain needs emailDomain');
    if (!emailMailFromDomain.endsWith(`.${emailDomain}`) || !hostName.test(emailMailFromDomain)) {
      throw new Error(`emailMailFromDomain must be a subdomain of emailDomain (${emailDomain})`);
    }
  }
  if (smsOriginationIdentity !== undefined && !/^[A-Za-z0-9_:/+.-]{1,256}$/.test(smsOriginationIdentity)) {
    throw new Error('smsOriginationIdentity must be a phone number, sender id or pool (id or ARN)');
  }
  return Object.fromEntries(
    Object.entries({ notificationsFromEmail, emailDomain, emailMailFromDomain, smsOriginationIdentity }).filter(
      ([, value]) => value !== undefined,
    ),
  );
};

export const stackNameFor = (config: Pick<OrbitConfig, 'stage'>): string => `Orbit-${config.stage}`;

/** The companion stack in us-east-1 that holds the CloudFront web ACL (edge-stack.ts). */
export const edgeStackNameFor = (config: Pick<OrbitConfig, 'stage'>): string => `${stackNameFor(config)}-edge`;

/** The body of the web app's `/config.json`: the same shape on AWS and locally. */
export const webRuntimeConfig = (links: WebLinks) => ({ links });

/** The links of the ORBIT_*_URL variables, for the local server. */
export const webLinksFromEnv = (env: Readonly<Record<string, string | undefined>>): WebLinks =>
  readConfig(() => undefined, {
    ORBIT_HELP_URL: env['ORBIT_HELP_URL'],
    ORBIT_CONTACT_URL: env['ORBIT_CONTACT_URL'],
  }).links;
