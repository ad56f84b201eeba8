import { CfnOutput } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';

import type { MessagingConfig } from './config';

/**
 * Who notifications (password-reset codes now; channel messages later) come from, as the
 * deployment's parameters say (docs/deploy.md, "Email and SMS"):
 * - email through SES v2 from `notificationsFromEmail`. With `emailDomain`, this stack creates
 *   the domain identity with Easy DKIM (and a MAIL FROM subdomain when given) and prints the
 *   DNS records to publish; without it, the sender's domain is an identity verified outside the
 *   stack (another stack, the console) and only referred to here;
 * - SMS through AWS End User Messaging from `smsOriginationIdentity` (a phone number, sender id
 *   or pool, bought and registered outside CDK: registration is a paper process).
 * The request side (the auth function) learns only which channels exist, from the same
 * variables, and holds no send permission; the worker, which sends, gets the variables too
 * (`configureWorker`).
 */
export interface MessagingProps {
  readonly config: MessagingConfig;
}

/** The variables the functions read (functions/src/auth/reset-delivery.ts, core/transports). */
export const messagingVariables = {
  sender: 'NOTIFICATIONS_FROM_EMAIL',
  smsOrigination: 'SMS_ORIGINATION_IDENTITY',
} as const;

export class Messaging extends Construct {
  readonly config: MessagingConfig;
  /** The SES domain identity, when this stack verifies the domain (`emailDomain`). */
  readonly emailIdentity: EmailIdentity | undefined;

  constructor(scope: Construct, id: string, { config }: MessagingProps) {
    super(scope, id);
    this.config = config;
    if (config.emailDomain) {
      const identity = new EmailIdentity(this, 'EmailIdentity', {
        identity: Identity.domain(config.emailDomain),
        ...(config.emailMailFromDomain ? { mailFromDomain: config.emailMailFromDomain } : {}),
      });
      this.emailIdentity = identity;
      // Easy DKIM: three CNAMEs to publish in the domain's DNS before SES sends from it.
      identity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `DkimRecord${index + 1}`, {
          value: `${record.name} CNAME ${record.value}`,
          description: `Publish in ${config.emailDomain}'s DNS (SES Easy DKIM, docs/deploy.md)`,
        });
      });
    }
  }

  /** Which channels exist, for the function that writes the work (auth): variables only. */
  get requestEnvironment(): Record<string, string> {
    const variables: Record<string, string> = {};
    if (this.config.notificationsFromEmail) variables[messagingVariables.sender] = this.config.notificationsFromEmail;
    if (this.config.smsOriginationIdentity) {
      variables[messagingVariables.smsOrigination] = this.config.smsOriginationIdentity;
    }
    return variables;
  }

  /** The same variables on the function that writes reset codes' jobs (it never sends). */
  configureRequester(fn: LambdaFunction): void {
    for (const [name, value] of Object.entries(this.requestEnvironment)) fn.addEnvironment(name, value);
  }

  /**
   * The variables, for the worker's functions that send. Their send permissions are the
   * worker's (infra/lib/worker.ts: ses:SendEmail on the account's identities, as channels send
   * from addresses admins configure; sms-voice:SendTextMessage).
   */
  configureWorker(functions: readonly LambdaFunction[]): void {
    for (const fn of functions) this.configureRequester(fn);
  }
}
