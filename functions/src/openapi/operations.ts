import { scopeForRoute } from '../core/api-scopes';
import type { HttpRouteDefinition } from '../routes';
import { jsonSchemaOf, queryParametersOf } from './json-schema';
import type { RouteDoc } from './route-doc';

/** `/api/apps/projects/{id}` → its path parameters, in order. */
export const pathParametersOf = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** `GET /api/apps/projects/{id}` → `getAppsProjectsById`: unique as the route keys are. */
export const operationIdOf = (route: HttpRouteDefinition): string =>
  route.method.toLowerCase() +
  route.path
    .replace(/^\/api/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (parameter !== undefined) return `By${capitalise(parameter)}`;
      return segment
        .split(/[^a-zA-Z0-9]+/)
        .map(capitalise)
        .join('');
    })
    .join('');

const errorResponse = (name: string) => ({ $ref: `#/components/responses/${name}` });

/**
 * The errors a route can answer, from what it is: a body or query can be refused (400), a
 * signed-in route needs a caller (401) with the right (403) and a key within its rate (429), a
 * path that names a record can miss it (404), a write can meet a stale version or a state that
 * does not allow it (409).
 */
const errorResponsesOf = (route: HttpRouteDefinition, doc: RouteDoc): Record<string, unknown> => ({
  ...(doc.body !== undefined || doc.query !== undefined ? { 400: errorResponse('BadRequest') } : {}),
  ...(route.access === 'signed-in' ? { 401: errorResponse('Unauthorized'), 403: errorResponse('Forbidden') } : {}),
  ...(pathParametersOf(route.path).length > 0 ? { 404: errorResponse('NotFound') } : {}),
  ...(route.method !== 'GET' && route.access === 'signed-in' ? { 409: errorResponse('Conflict') } : {}),
  ...(route.access === 'signed-in' ? { 429: errorResponse('TooManyRequests') } : {}),
});

const untypedAnswer =
  'JSON. Its shape is declared in the area’s contract as TypeScript only, not yet as a schema this document can carry.';

const successResponseOf = (doc: RouteDoc): Record<string, unknown> => {
  if (doc.status === 204) return { 204: { description: 'Done; no content.' } };
  const described = doc.response !== undefined;
  return {
    [doc.status]: {
      description: described ? 'Success.' : `Success. ${untypedAnswer}`,
      content: {
        'application/json': { schema: described && doc.response ? jsonSchemaOf(doc.response, 'output') : {} },
      },
    },
  };
};

/** One route as an OpenAPI operation. */
export const operationOf = (route: HttpRouteDefinition, doc: RouteDoc): Record<string, unknown> => {
  const signedIn = route.access === 'signed-in';
  // A public route needs no scope: anyone may call it, with a key or without.
  const scope = signedIn ? scopeForRoute(route) : undefined;
  const access = !signedIn
    ? 'Public: no credentials.'
    : scope === undefined
      ? 'Needs a signed-in session (an access token); no API key may call it.'
      : `With an API key, needs the \`${scope}\` scope, and the key's creator must still have the right.`;
  return {
    operationId: operationIdOf(route),
    tags: [route.area],
    summary: doc.summary,
    description: access,
    ...(scope === undefined ? {} : { 'x-required-scope': scope }),
    security: signedIn ? [{ bearer: [] }] : [],
    parameters: [
      ...pathParametersOf(route.path).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...(doc.query === undefined ? [] : queryParametersOf(doc.query)),
    ],
    ...(doc.body === undefined
      ? {}
      : {
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(doc.body, 'input') } } },
        }),
    responses: { ...successResponseOf(doc), ...errorResponsesOf(route, doc) },
  };
};
