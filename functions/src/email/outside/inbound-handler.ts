import type { SESEvent } from 'aws-lambda';

import { getObject, mediaLocation } from '../../core/media/object-store';
import { receiveInboundMail, type Verdict } from './inbound';

/**
 * SES receiving (infra/lib/email-inbound.ts): the receipt rule's S3 action stored the raw mail
 * under INBOUND_PREFIX + the SES message id in INBOUND_BUCKET, then its Lambda action calls this
 * with the receipt (recipients and verdicts). The same receiveInboundMail as the local listener.
 */
const verdict = (status: string | undefined): Verdict =>
  status === 'PASS' || status === 'FAIL' || status === 'GRAY' ? status : 'PROCESSING_FAILED';

export const handler = async (event: SESEvent): Promise<void> => {
  const location = mediaLocation({ ...process.env, MEDIA_BUCKET: process.env.INBOUND_BUCKET });
  for (const record of event.Records) {
    const { mail, receipt } = record.ses;
    const response = await getObject(`${process.env.INBOUND_PREFIX ?? ''}${mail.messageId}`, location);
    if (!response.ok) throw new Error(`The inbound mail could not be read from S3 (${response.status})`);
    await receiveInboundMail(
      Buffer.from(await response.arrayBuffer()),
      { from: mail.source, to: receipt.recipients },
      { spam: verdict(receipt.spamVerdict.status), virus: verdict(receipt.virusVerdict.status) },
    );
  }
};
