import { appendFileSync } from 'node:fs';

import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';

import { logger } from '../logger';

/**
 * SMS out. On AWS: AWS End User Messaging (SendTextMessage) from the origination identity
 * SMS_ORIGINATION_IDENTITY names. On one machine nothing leaves: the message is printed (marked
 * development only), kept in `localSmsOutbox` and, with SMS_OUTBOX_FILE, appended to a JSON-lines
 * file that another process (the browser tests, a developer) reads. Only the background worker
 * calls this; a request never does.
 */
export interface SmsMessage {
  readonly to: string;
  readonly text: string;
}
export interface SentSms extends SmsMessage {
  readonly at: string;
  readonly messageId: string;
}

export const localSmsOutbox: SentSms[] = [];

let client: PinpointSMSVoiceV2Client | undefined;
let localCount = 0;

export const smsTransportConfigured = (env: Readonly<Record<string, string | undefined>> = process.env): boolean =>
  Boolean(env.SMS_ORIGINATION_IDENTITY) || !env.AWS_LAMBDA_FUNCTION_NAME;

/** No SDK retries (a retry after a timeout could send twice: the job decides); `signal` is the job's. */
export const sendSms = async (message: SmsMessage, signal?: AbortSignal): Promise<{ messageId: string }> => {
  const origination = process.env.SMS_ORIGINATION_IDENTITY;
  if (origination) {
    client ??= new PinpointSMSVoiceV2Client({ maxAttempts: 1 });
    const sent = await client.send(
      new SendTextMessageCommand({
        DestinationPhoneNumber: message.to,
        OriginationIdentity: origination,
        MessageBody: message.text,
        MessageType: 'TRANSACTIONAL',
      }),
      { abortSignal: signal },
    );
    return { messageId: sent.MessageId ?? '' };
  }
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) throw new Error('SMS_ORIGINATION_IDENTITY is not set');
  localCount += 1;
  const sent: SentSms = {
    ...message,
    at: new Date().toISOString(),
    messageId: `local-sms-${Date.now()}-${localCount}`,
  };
  localSmsOutbox.push(sent);
  const file = process.env.SMS_OUTBOX_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(sent)}\n`, { mode: 0o600 });
  logger.warn('[development only] SMS not sent; printed here instead', {
    developmentOnly: true,
    to: message.to,
    text: message.text,
  });
  return { messageId: sent.messageId };
};
