import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { scopeForRoute } from '@orbit/functions/core/api-scopes';
import { webhookEventTypes } from '@orbit/functions/core/webhook-event-types';
import { httpRoutes } from '@orbit/functions/routes';

import type { LocalStack } from '../../infra/local/stack';
import { ApiClient, signInDemoUsers, startApiStack } from '../support/api-stack';

/**
 * The public API's description (docs/integrations.md, "Public API"): served without credentials,
 * a valid OpenAPI 3.1 document, listing every route an API key may call (computed from the route
 * table, so a new route cannot be left out), with declared path parameters, and schemas that
 * the API's real answers satisfy.
 */

interface Operation {
  readonly operationId: string;
  readonly parameters: readonly { name: string; in: string; required?: boolean }[];
  readonly responses: Record<string, { content?: Record<string, { schema: object }> }>;
  readonly security: readonly object[];
  readonly 'x-required-scope'?: string;
}
interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, Operation>>;
  readonly webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
}

let stack: LocalStack;
let admin: ApiClient;
let document: OpenApiDocument;

beforeAll(async () => {
  stack = await startApiStack();
  ({ admin } = await signInDemoUsers(stack.url));
  const response = await new ApiClient(stack.url).request<OpenApiDocument>('GET', '/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  document = response.body;
});

afterAll(async () => {
  await stack.stop();
});

const operation = (method: string, path: string): Operation | undefined => document.paths[path]?.[method.toLowerCase()];

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats.default(ajv);

const successSchema = (method: string, path: string, status: string): object => {
  const schema = operation(method, path)?.responses[status]?.content?.['application/json']?.schema;
  if (schema === undefined) throw new Error(`no ${status} schema for ${method} ${path}`);
  return schema;
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, served without credentials', async () => {
    const validator = new Validator();
    const result = await validator.validate({ ...document });
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route an API key may call, with the scope it needs, and no route a key may not', () => {
    const keyRoutes = httpRoutes.filter((route) => scopeForRoute(route) !== undefined);
    expect(keyRoutes.length).toBeGreaterThan(50);
    const missing = keyRoutes.filter((route) => operation(route.method, route.path) === undefined);
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
    for (const route of keyRoutes) {
      const described = operation(route.method, route.path);
      if (route.access === 'signed-in') {
        expect(described?.['x-required-scope'], `${route.method} ${route.path}`).toBe(scopeForRoute(route));
        expect(described?.security).toEqual([{ bearer: [] }]);
      } else {
        // A public route (a hook, an unsubscribe link) needs no credentials, so no scope.
        expect(described?.security, `${route.method} ${route.path}`).toEqual([]);
        expect(described?.['x-required-scope'], `${route.method} ${route.path}`).toBeUndefined();
      }
    }
    expect(operation('GET', '/api/health')?.security).toEqual([]);
    expect(operation('GET', '/api/openapi.json')).toBeDefined();
    // Sign-in and the integrations' own administration are no key's business.
    for (const route of httpRoutes.filter(
      (route) => route.area === 'auth' || route.path.startsWith('/api/apps/integrations'),
    )) {
      expect(operation(route.method, route.path), `${route.method} ${route.path}`).toBeUndefined();
    }
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((described) => described.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('writes paths with {param} and declares each path parameter', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(path).not.toMatch(/\/:\w/);
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const described of Object.values(methods)) {
        const declared = described.parameters.filter((parameter) => parameter.in === 'path');
        expect(declared.map((parameter) => parameter.name)).toEqual(names);
        expect(declared.every((parameter) => parameter.required === true)).toBe(true);
      }
    }
  });

  it('describes the projects list as the API answers it: its query and its answer', async () => {
    const query = operation('GET', '/api/apps/projects')?.parameters.filter((parameter) => parameter.in === 'query');
    expect(query?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['q', 'status', 'type', 'sort', 'limit', 'cursor']),
    );
    const schema = successSchema('GET', '/api/apps/projects', '200');
    expect(schema).toMatchObject({ properties: { projects: { type: 'array' } } });
    const validate = ajv.compile(schema);

    const answer = await admin.request<{ projects: { name: string }[] }>('GET', '/api/apps/projects?status=all');
    expect(answer.status).toBe(200);
    expect(answer.body.projects.length).toBeGreaterThan(0);
    expect(validate(answer.body), ajv.errorsText(validate.errors)).toBe(true);
    // The schema can fail: a project without its name is refused.
    const [first, ...rest] = answer.body.projects;
    expect(validate({ ...answer.body, projects: [{ ...first, name: undefined }, ...rest] })).toBe(false);
  });

  it('describes one project and the help links as the API answers them', async () => {
    const list = await admin.request<{ projects: { id: string }[] }>('GET', '/api/apps/projects?status=all');
    const id = list.body.projects[0]?.id ?? '';
    const validateProject = ajv.compile(successSchema('GET', '/api/apps/projects/{id}', '200'));
    const project = await admin.request('GET', `/api/apps/projects/${id}`);
    expect(project.status).toBe(200);
    expect(validateProject(project.body), ajv.errorsText(validateProject.errors)).toBe(true);

    const validateLinks = ajv.compile(successSchema('GET', '/api/integrations/links', '200'));
    const links = await new ApiClient(stack.url).request('GET', '/api/integrations/links');
    expect(validateLinks(links.body), ajv.errorsText(validateLinks.errors)).toBe(true);
  });

  it('describes one webhook per event type, with the payload a receiver gets', () => {
    expect(Object.keys(document.webhooks)).toEqual(expect.arrayContaining([...webhookEventTypes]));
    const payload = document.webhooks['project.created']?.post.requestBody.content['application/json']?.schema;
    const validate = ajv.compile(payload ?? {});
    const sample = {
      type: 'project.created',
      timestamp: '2026-01-02T03:04:05.000Z',
      eventId: 'evt_01J0000000000000000000000',
      version: 1,
      data: {
        projectId: 'p1',
        name: 'Website',
        type: 'development',
        status: 'active',
        clientId: 'c1',
        createdAt: '2026-01-02T03:04:05.000Z',
      },
    };
    expect(validate(sample), ajv.errorsText(validate.errors)).toBe(true);
    expect(validate({ ...sample, type: 'task.moved' })).toBe(false);
    // Each type's data is described field by field (core/webhook-event-types.ts).
    expect(validate({ ...sample, data: { projectId: 'p1' } })).toBe(false);
  });
});
