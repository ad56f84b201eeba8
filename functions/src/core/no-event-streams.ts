/**
 * Stands in for `@smithy/core/event-streams` in the Lambda bundles (infra/lib/bundling.ts). The
 * SDK's HTTP protocol imports it lazily, only for operations that stream events; DynamoDB and
 * the API Gateway management API have none, so it never loads. If a future client's operation
 * does stream, it fails loudly here rather than shipping 15 KB to every function.
 */
const unsupported = (): never => {
  throw new Error('Event streams are not bundled (infra/lib/bundling.ts): add the module back to use them.');
};

export class EventStreamSerde {
  constructor() {
    unsupported();
  }
}

/**
 * The S3 client builds its event-stream marshaller when it is constructed (for SelectObjectContent,
 * which we never call), so the provider answers with one that refuses when it is used, not before.
 */
export const eventStreamSerdeProvider = () => ({ serialize: unsupported, deserialize: unsupported });

export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(
  input: T,
): T & { eventStreamMarshaller: unknown } =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });
