import type { SESEvent } from 'aws-lambda';

import { logger } from '../../core/logger';
import { getObject, mediaLocation } from '../../core/media/object-store';
import { receiveInboundMail, type Verdict } from './inbound';
import { isPermanentInboundFailure } from './inbound-errors';

/**
 * SES receiving (infra/lib/email-inbound.ts): the receipt rule's S3 action stored the raw mail
 * under INBOUND_PREFIX + the SES message id in INBOUND_BUCKET, then its Lambda action calls this
 * with the receipt (recipients and verdicts). The same receiveInboundMail as the local listener.
 *
 * SES has accepted the mail by now (an Event invocation), so a refusal cannot reach its sender:
 * a mail that can never be stored (inbound-errors.ts) is logged with its SES message id and
 * dropped — Lambda would retry a throw twice, each time failing the same way — and its raw copy
 * stays in the bucket until the lifecycle rule expires it. Anything else throws, and is retried.
 */
const verdict = (status: string | undefined): Verdict =>
  status === 'PASS' || status === 'FAIL' || status === 'GRAY' ? status : 'PROCESSING_FAILED';

export const handler = async (event: SESEvent): Promise<void> => {
  const location = mediaLocation({ ...process.env, MEDIA_BUCKET: process.env.INBOUND_BUCKET });
  for (const record of event.Records) {
    const { mail, receipt } = record.ses;
    const key = `${process.env.INBOUND_PREFIX ?? ''}${mail.messageId}`;
    const response = await getObject(key, location);
    if (!response.ok) throw new Error(`The inbound mail could not be read from S3 (${response.status})`);
    try {
      await receiveInboundMail(
        Buffer.from(await response.arrayBuffer()),
        { from: mail.source, to: receipt.recipients },
        { spam: verdict(receipt.spamVerdict.status), virus: verdict(receipt.virusVerdict.status) },
      );
    } catch (error) {
      if (!isPermanentInboundFailure(error)) throw error;
      logger.error('Inbound mail dropped: it can never be stored', error, {
        sesMessageId: mail.messageId,
        objectKey: key,
      });
    }
  }
};
