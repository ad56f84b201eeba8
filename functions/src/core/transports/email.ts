import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';

/**
 * Email out through SES v2. On one machine the same client talks to the local SES server the
 * stack starts (AWS_ENDPOINT_URL_SESV2), whose viewer shows what was sent. Only the background
 * worker calls this; a request never does.
 */
export interface EmailAddress {
  readonly address: string;
  readonly name?: string;
}

export interface OutgoingEmail {
  readonly from: EmailAddress;
  readonly to: readonly string[];
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly replyTo?: readonly string[];
  /** SES headers to add (e.g. List-Unsubscribe for mailings). */
  readonly headers?: Readonly<Record<string, string>>;
}

let client: SESv2Client | undefined;

/** `"Name" <address>`, with the name quoted so commas and brackets in it stay part of it. */
export const formatAddress = ({ address, name }: EmailAddress): string =>
  name ? `"${name.replace(/["\\\r\n]/g, '')}" <${address}>` : address;

/**
 * The SDK's own retries are off: a retry after a timeout could send the email twice. The job
 * that calls this decides what a failure means (docs/background-work.md). `signal` is the job's:
 * a run the runner gave up on stops here too.
 */
export const sendEmail = async (email: OutgoingEmail, signal?: AbortSignal): Promise<{ messageId: string }> => {
  client ??= new SESv2Client({ maxAttempts: 1 });
  const sent = await client.send(
    new SendEmailCommand({
      FromEmailAddress: formatAddress(email.from),
      Destination: { ToAddresses: [...email.to] },
      ReplyToAddresses: email.replyTo ? [...email.replyTo] : undefined,
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
          },
          Headers: email.headers ? Object.entries(email.headers).map(([Name, Value]) => ({ Name, Value })) : undefined,
        },
      },
    }),
    { abortSignal: signal },
  );
  return { messageId: sent.MessageId ?? '' };
};

/** Tests that move between local stacks. */
export const resetEmailClient = (): void => {
  client?.destroy();
  client = undefined;
};

/**
 * A mail built by the caller (raw MIME: its own Message-ID, threading headers and attachments),
 * sent once to `destinations` (the envelope: Bcc recipients are here, never in a header).
 * `SES_CONFIGURATION_SET` names the configuration set whose events (delivery, bounce,
 * complaint) come back to the email area. Same no-retry rule as sendEmail.
 */
export const sendRawEmail = async (
  raw: Uint8Array,
  destinations: readonly string[],
  signal?: AbortSignal,
): Promise<{ messageId: string }> => {
  client ??= new SESv2Client({ maxAttempts: 1 });
  const configurationSet = process.env.SES_CONFIGURATION_SET;
  const sent = await client.send(
    new SendEmailCommand({
      Destination: { ToAddresses: [...destinations] },
      Content: { Raw: { Data: raw } },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
    }),
    { abortSignal: signal },
  );
  return { messageId: sent.MessageId ?? '' };
};
