import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateQuery, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/**
 * The document client, created once per process and reused across invocations. Where it
 * points comes from the standard SDK environment (AWS_REGION, AWS_ENDPOINT_URL_DYNAMODB), so a
 * handler never knows whether it talks to DynamoDB or to DynamoDB Local.
 */
let client: DynamoDBDocumentClient | undefined;

export const db = (): DynamoDBDocumentClient => {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
};

/**
 * Drops the cached client so the next call reads the environment again. Only a process that
 * starts more than one local stack in turn (tests) needs it.
 */
export const resetDocumentClient = (): void => {
  client?.destroy();
  client = undefined;
};

/**
 * Every item a Query matches, page after page (the SDK's paginator follows LastEvaluatedKey).
 * For queries whose key bounds them: a person's sessions or chats, a role's users. `Item` is
 * what the caller stored under that key (the table does not check it).
 */
export const queryAll = async <Item = Record<string, unknown>>(input: QueryCommandInput): Promise<Item[]> => {
  const items: Item[] = [];
  for await (const page of paginateQuery({ client: db() }, input)) items.push(...((page.Items ?? []) as Item[]));
  return items;
};

/** True when a conditional write lost (the item changed or already exists). */
export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'ConditionalCheckFailedException' ||
    (error.name === 'TransactionCanceledException' && /ConditionalCheckFailed/.test(error.message)));

/** Which items of a cancelled transaction failed their condition, by index. */
export const cancelledConditionIndexes = (error: unknown): number[] => {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
};
