/**
 * What a message or a contact says about the channel it came through (functions/src/chat/
 * contract.ts: inbound messages and contacts carry `channel`, outbound channel replies carry
 * `delivery`). Read defensively: a field the page does not know is ignored, never shown raw.
 */
export const channelNames = ['telegram', 'webhook', 'email', 'sms'] as const;
export type ChannelName = (typeof channelNames)[number];

export const deliveryStatuses = ['queued', 'sent', 'delivered', 'failed', 'unknown'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export interface ChannelDelivery {
  readonly status: DeliveryStatus;
  readonly error?: string;
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

export const channelOf = (record: object | undefined): ChannelName | undefined => {
  const channel = (record as { channel?: unknown } | undefined)?.channel;
  return isOneOf(channelNames, channel) ? channel : undefined;
};

export const deliveryOf = (message: object | undefined): ChannelDelivery | undefined => {
  const delivery = (message as { delivery?: { status?: unknown; error?: unknown } } | undefined)?.delivery;
  if (!delivery || !isOneOf(deliveryStatuses, delivery.status)) return undefined;
  return typeof delivery.error === 'string'
    ? { status: delivery.status, error: delivery.error }
    : { status: delivery.status };
};

/** A reply whose delivery ended without success, which an admin may send again. */
export const canRetryDelivery = (delivery: ChannelDelivery | undefined): boolean =>
  delivery?.status === 'failed' || delivery?.status === 'unknown';
