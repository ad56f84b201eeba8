/**
 * The single DynamoDB table, declared once. CDK provisions it from this definition and the
 * local stack creates it from the same one, so keys and indexes cannot drift apart.
 *
 * Access patterns (each list is a Query bounded by the caller; never a Scan on a request):
 * | pattern                                 | key                                               |
 * |-----------------------------------------|---------------------------------------------------|
 * | user by id                              | pk=USER#<id>            sk=PROFILE                |
 * | user id by phone (sign-in, uniqueness)  | pk=PHONE#<e164>         sk=UNIQUE                 |
 * | user id by email (uniqueness)           | pk=EMAIL#<lower-case>   sk=UNIQUE                 |
 * | user id by referral code                | pk=REFERRAL#<code>      sk=UNIQUE                 |
 * | sessions of a user (revoke all)         | pk=USER#<id>            sk begins_with SESSION#   |
 * | failed sign-ins for a phone             | pk=THROTTLE#LOGIN#<e164> sk=THROTTLE (TTL)        |
 * | password-reset code for a phone         | pk=RESET#<e164>         sk=RESET (TTL)            |
 * | users by role, sorted by name           | GSI1 gsi1pk=ROLE#<role> gsi1sk=<name>#<id>        |
 */

export const ttlAttribute = 'expiresAt';

export interface KeySchema {
  readonly partitionKey: string;
  readonly sortKey: string;
}

export interface TableDefinition extends KeySchema {
  readonly globalSecondaryIndexes: readonly (KeySchema & { readonly indexName: string })[];
  readonly ttlAttribute: string;
}

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  ttlAttribute,
} as const satisfies TableDefinition;

/** Every key attribute is a string. */
export const keyAttributes = (definition: TableDefinition = tableDefinition): string[] => [
  definition.partitionKey,
  definition.sortKey,
  ...definition.globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];

export const tableName = (): string => {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
};
