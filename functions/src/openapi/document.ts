import * as v from 'valibot';

import { apiKeyAreas, scopeForRoute, type ApiKeyArea } from '../core/api-scopes';
import { httpRoutes, routeKeyOf, type AreaRouteKey, type HttpRouteDefinition } from '../routes';
import { channelsRouteDocs } from './channels-docs';
import { chatRouteDocs } from './chat-docs';
import { emailRouteDocs } from './email-docs';
import { jsonSchemaOf } from './json-schema';
import { mailingsRouteDocs } from './mailings-docs';
import { notificationsRouteDocs } from './notifications-docs';
import { operationOf } from './operations';
import { permissionsRouteDocs } from './permissions-docs';
import { projectsRouteDocs } from './projects-docs';
import { publicRouteDocs } from './public-docs';
import type { RouteDoc } from './route-doc';
import { teamRouteDocs } from './team-docs';
import { usersRouteDocs } from './users-docs';
import { webhooksSection } from './webhooks';

/**
 * The public API's description (docs/integrations.md, "Public API"), OpenAPI 3.1, generated
 * from the route table and the areas' contracts: every route an API key may call, plus the
 * public routes of `publicRouteDocs`. Only the openapi area's Lambda imports this module.
 */

/** Every area a key reaches must describe each of its routes (a missing one fails typecheck). */
const keyAreaDocs: { readonly [A in ApiKeyArea]: Record<AreaRouteKey<A>, RouteDoc> } = {
  projects: projectsRouteDocs,
  chat: chatRouteDocs,
  channels: channelsRouteDocs,
  email: emailRouteDocs,
  mailings: mailingsRouteDocs,
  permissions: permissionsRouteDocs,
  team: teamRouteDocs,
  users: usersRouteDocs,
  notifications: notificationsRouteDocs,
};

const docOf = (route: HttpRouteDefinition): RouteDoc | undefined => {
  const key = routeKeyOf(route);
  if (scopeForRoute(route) !== undefined) {
    return (keyAreaDocs[route.area as ApiKeyArea] as Readonly<Record<string, RouteDoc>>)[key];
  }
  return (publicRouteDocs as Readonly<Record<string, RouteDoc>>)[key];
};

const errorsSchema = v.object({ errors: v.record(v.string(), v.array(v.string())) });
const errorsWithCurrentSchema = v.object({ ...errorsSchema.entries, current: v.optional(v.unknown()) });
const rateLimitedSchema = v.object({ ...errorsSchema.entries, retryAfter: v.number() });

const errorAnswer = (description: string, schema: v.GenericSchema = errorsSchema, extra: object = {}) => ({
  description,
  content: { 'application/json': { schema: jsonSchemaOf(schema, 'output') } },
  ...extra,
});

const components = () => ({
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        '`Authorization: Bearer <key>`: an API key (`orb_…`, created by an admin in Integrations → API keys, limited to its scopes and to what its creator may do), or the access token of a signed-in session.',
    },
  },
  responses: {
    BadRequest: errorAnswer('The body or query was refused: the messages per field.'),
    Unauthorized: errorAnswer('No credentials, or an unknown, revoked or expired key or token.'),
    Forbidden: errorAnswer('The key lacks the scope, or its creator (or the caller) lacks the right.'),
    NotFound: errorAnswer('No such record, or one the caller may not see.'),
    Conflict: errorAnswer(
      'A stale version (the answer carries the current state as `current`) or a change the record’s state does not allow.',
      errorsWithCurrentSchema,
    ),
    TooManyRequests: errorAnswer('Over the key’s rate limit: try again after Retry-After seconds.', rateLimitedSchema, {
      headers: { 'Retry-After': { description: 'Seconds until the window ends.', schema: { type: 'integer' } } },
    }),
  },
});

const pathsOf = (routes: readonly HttpRouteDefinition[]) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const doc = docOf(route);
    if (doc === undefined) continue;
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operationOf(route, doc) };
  }
  return paths;
};

const buildDocument = () => ({
  openapi: '3.1.0',
  info: {
    title: 'Orbit API',
    version: '1',
    description:
      'The API the Orbit app itself uses. Call it with an API key (`Authorization: Bearer orb_…`); each operation names the scope it needs (`x-required-scope`). Errors answer `{ "errors": { field: [messages] } }`.',
  },
  servers: [{ url: '/' }],
  tags: [...apiKeyAreas, 'health', 'integrations'].map((name) => ({ name })),
  security: [{ bearer: [] }],
  paths: pathsOf(httpRoutes),
  webhooks: webhooksSection(),
  components: components(),
});

let built: ReturnType<typeof buildDocument> | undefined;

/** Built once per cold start (a few milliseconds of schema conversion), then served as is. */
export const openApiDocument = (): ReturnType<typeof buildDocument> => (built ??= buildDocument());
