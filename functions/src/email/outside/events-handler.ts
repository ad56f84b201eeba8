import type { SNSEvent } from 'aws-lambda';

import { logger } from '../../core/logger';
import { applySesEvent, type SesEventRecord } from './events';

/**
 * SES events through the configuration set's SNS topic (infra/lib/email-outside.ts). A record
 * about a message we do not know yet (its send is still recording) throws, so SNS delivers it
 * again; one about a mail since deleted is dropped.
 */
export const handler = async (event: SNSEvent): Promise<void> => {
  for (const record of event.Records) {
    const message = JSON.parse(record.Sns.Message) as SesEventRecord;
    const outcome = await applySesEvent(message);
    if (outcome === 'unknown-message') {
      logger.info('SES event for an unknown message', { type: message.eventType ?? message.notificationType });
      throw new Error('SES event for a message not recorded yet');
    }
  }
};
