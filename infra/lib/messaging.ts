import { Arn, ArnFormat, CfnOutput, Stack } from 'aws-cdk-lib';
import { PolicyStatement, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses';
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
 * variables, and holds no send permission; the worker, which sends, gets the variables and the
 * narrowest grants (`configureWorker`).
 */
export interface MessagingProps {
  readonly config: MessagingConfig;
}

/** The variables the functions read (functions/src/auth/reset-delivery.ts, core/transports). */
export const messagingVariables = {
  sender: 'NOTIFICATIONS_FROM_EMAIL',
  smsOrigination: 'SMS_ORIGINATION_IDENTITY',
} as const;

const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

export class Messaging extends Construct {
  readonly config: MessagingConfig;
  /** The SES identity notifications are sent from, when email is configured. */
  readonly emailIdentity: IEmailIdentity | undefined;

  constructor(scope: Construct, id: string, { config }: MessagingProps) {
    super(scope, id);
    this.config = config;
    const sender = config.notificationsFromEmail;
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
    } else if (sender) {
      this.emailIdentity = EmailIdentity.fromEmailIdentityName(this, 'EmailIdentity', domainOf(sender));
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

  /** The variables and the send permissions, for the worker that sends. */
  configureWorker(fn: LambdaFunction): void {
    this.configureRequester(fn);
    this.grantSend(fn);
  }

  /**
   * ses:SendEmail from the notifications' identity only, and sms-voice:SendTextMessage from
   * the origination identity only (given as an ARN; an id or a sender id can only be granted
   * on the account's End User Messaging identities of the region).
   */
  grantSend(grantee: IGrantable): void {
    if (this.emailIdentity) {
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [this.emailIdentity.emailIdentityArn],
        }),
      );
    }
    const origination = this.config.smsOriginationIdentity;
    if (origination) {
      const stack = Stack.of(this);
      const resources = origination.startsWith('arn:')
        ? [origination]
        : ['phone-number', 'sender-id', 'pool'].map((type) =>
            Arn.format(
              { service: 'sms-voice', resource: type, resourceName: '*', arnFormat: ArnFormat.SLASH_RESOURCE_NAME },
              stack,
            ),
          );
      grantee.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['sms-voice:SendTextMessage'], resources }),
      );
    }
  }
}
