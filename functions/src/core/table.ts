/**
 * The single DynamoDB table, declared once. CDK provisions it from this definition and the
 * local stack creates it from the same one, so keys and indexes cannot drift apart.
 * Which keys live in it, and which reads use them: core/access-patterns.ts (data, checked by a
 * test against each entity's key builders).
 */

export const ttlAttribute = 'expiresAt';

export interface KeySchema {
  readonly partitionKey: string;
  readonly sortKey: string;
}

export interface TableDefinition extends KeySchema {
  readonly globalSecondaryIndexes: readonly (KeySchema & { readonly indexName: string })[];
  readonly ttlAttribute: string;
  /** The table's stream: what each record carries. The worker reads jobs from it (docs/background-work.md). */
  readonly stream?: 'NEW_AND_OLD_IMAGES' | 'NEW_IMAGE' | 'OLD_IMAGE' | 'KEYS_ONLY';
}

export const tableDefinition = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  ttlAttribute,
  stream: 'NEW_AND_OLD_IMAGES',
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
