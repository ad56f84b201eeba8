import { Duration, Stack } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import {
  ConfigurationSet,
  ConfigurationSetEventDestination,
  EmailSendingEvent,
  EventDestination,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

import type { Data } from './data';
import { EmailFunction } from './email-function';

/** The variable the worker's outside send reads (core/transports/email.ts sendRawEmail). */
export const sesConfigurationSetVariable = 'SES_CONFIGURATION_SET';

/** The SES events that move a recipient's status (docs/email.md, "Delivery"). */
export const emailStatusEvents = [EmailSendingEvent.DELIVERY, EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT];

export interface EmailEventsProps {
  readonly data: Data;
  readonly disposable: boolean;
}

/**
 * SES events back to the mailbox (docs/email.md, "Delivery"): a configuration set the outside
 * send names, whose event destination publishes delivery, bounce and complaint to an SNS topic,
 * and functions/src/email/outside/events-handler.ts subscribed to it (SNS retries a record about
 * a send still recording). The handler writes statuses and the suppression list, and pushes
 * `email.status` (the stack grants it the WebSocket pushes).
 */
export class EmailEvents extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly topic: Topic;
  readonly handler: EmailFunction;

  constructor(scope: Construct, id: string, props: EmailEventsProps) {
    super(scope, id);
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: `${Stack.of(this).stackName}-mail`,
    });
    this.topic = new Topic(this, 'Events', { displayName: 'Orbit SES events (delivery, bounce, complaint)' });
    new ConfigurationSetEventDestination(this, 'ToTopic', {
      configurationSet: this.configurationSet,
      destination: EventDestination.snsTopic(this.topic),
      events: emailStatusEvents,
    });
    this.handler = new EmailFunction(this, 'Handler', {
      entry: 'events-handler.ts',
      description: 'SES events: recipient statuses and the suppression list',
      data: props.data,
      disposable: props.disposable,
      memorySize: 256,
      timeout: Duration.seconds(15),
    });
    this.topic.addSubscription(new LambdaSubscription(this.handler.function));
  }

  /** The worker's sends name the configuration set, so their events come back here. */
  configureSenders(functions: readonly IFunction[]): void {
    for (const fn of functions) {
      if ('addEnvironment' in fn && typeof fn.addEnvironment === 'function')
        (fn as IFunction & { addEnvironment(name: string, value: string): void }).addEnvironment(
          sesConfigurationSetVariable,
          this.configurationSet.configurationSetName,
        );
    }
  }
}
