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
 * | chat: contacts of a viewer (users and   | GSI1 gsi1pk=ROLE#<role> (admin, client, lead);   |
 * |   leads: profile items, role 'lead')    |   a lead is pk=USER#<id> sk=PROFILE, no claims    |
 * | chat: a person's chats (+ unseen, last  | pk=USER#<id>            sk begins_with CHATWITH#  |
 * |   message, receipt watermarks)          |   (sk=CHATWITH#<contactId>, one per chat side)    |
 * | chat: one chat per pair of people       | pk=CHATPAIR#<low id>#<high id> sk=PAIR            |
 * | chat: chat count (new id = count + 1)   | pk=COUNTER#chats        sk=COUNTER                |
 * | chat: messages, newest first, by cursor | pk=CHAT#<chatId>        sk=MSG#<ulid>             |
 * | ws: a user's open connections           | pk=USER#<id>            sk begins_with CONN# (TTL)|
 * | ws: connections of a role (broadcast)   | GSI2 gsi2pk=CONNECTIONS#<role> gsi2sk=<connId>    |
 * | ws: owner of a connection               | pk=CONNECTION#<connId>  sk=CONNECTION (TTL)       |
 * | ws: the board a connection watches      | pk=CONNECTION#<connId>  sk=VIEWING (TTL)          |
 * | ws: who watches a board (push, presence)| pk=BOARD#<projectId>    sk begins_with VIEWER# (TTL)|
 * | permissions of the workspace, in        | pk=PERMISSIONS          sk begins_with PERMISSION#|
 * |   creation order (at most 500)          |   (sk=PERMISSION#<ulid>)                          |
 * | permission count (bounds that partition)| pk=PERMISSIONS          sk=COUNT                  |
 * | permission id by name (uniqueness)      | pk=PERMISSION_NAME#<lower-case> sk=UNIQUE         |
 * | projects: project by id                 | pk=PROJECT#<id>         sk=PROJECT                |
 * | projects: board = project + its tasks   | pk=PROJECT#<id>         sk >= PROJECT (TASK#<ulid>)|
 * | projects: comments of a task, oldest 1st| pk=PROJECT#<id>         sk begins_with COMMENT#<task>#|
 * | projects: activity, newest first        | pk=PROJECT#<id>         sk begins_with ACTIVITY#  |
 * | projects: a task's place (unique rank)  | pk=PROJECT#<id>  sk=CLAIM#RANK#<stage>#<rank>     |
 * | projects: list of a scope (workspace W  | pk=PLIST#<scope>#<status>#<sort>                  |
 * |   or client C#<id>) by status, sorted   |   sk=<sort value>\u0001<id>; sort = updated, name,|
 * |   (2 scopes x 4 sorts entries/project)  |   due, created (projects/repository.ts explains)  |
 * | projects: counts per status of a scope  | pk=PCOUNT#<scope>       sk=COUNTS                 |
 * | projects: people to pick, name prefix   | GSI1 gsi1pk=ROLE#<role> begins_with gsi1sk        |
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
