import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

import { object } from '../core/schema';
import { operationIdOf, operationOf, pathParametersOf } from './operations';

const route = (
  method: 'GET' | 'POST' | 'DELETE',
  path: `/api/${string}`,
  access: 'public' | 'signed-in' = 'signed-in',
) => ({ method, path, area: 'projects', access }) as const;

describe('an operation of the public API’s description', () => {
  it('is named after its method and path, path parameters as By…', () => {
    expect(operationIdOf(route('GET', '/api/apps/projects/{id}/tasks/{taskId}'))).toBe(
      'getAppsProjectsByIdTasksByTaskId',
    );
    expect(operationIdOf(route('POST', '/api/notifications/read-all'))).toBe('postNotificationsReadAll');
    expect(pathParametersOf('/api/apps/projects/{id}/tasks/{taskId}')).toEqual(['id', 'taskId']);
  });

  it('declares path and query parameters, the body, the scope and the errors a signed-in write can meet', () => {
    const described = operationOf(route('POST', '/api/apps/projects/{id}/archive'), {
      summary: 'Archive',
      query: object({ confirm: v.string() }),
      body: object({ version: v.number() }),
      status: 200,
    });
    expect(described).toMatchObject({
      operationId: 'postAppsProjectsByIdArchive',
      'x-required-scope': 'projects:write',
      security: [{ bearer: [] }],
      parameters: [
        { name: 'id', in: 'path', required: true },
        { name: 'confirm', in: 'query', required: true, schema: { type: 'string' } },
      ],
      requestBody: { content: { 'application/json': { schema: { required: ['version'] } } } },
    });
    expect(Object.keys(described.responses as object).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '429',
    ]);
  });

  it('says a public read needs no credentials, and an answer without a schema is untyped JSON', () => {
    const described = operationOf(route('GET', '/api/apps/projects', 'public'), { summary: 'List', status: 200 });
    expect(described.security).toEqual([]);
    expect(described).not.toHaveProperty('x-required-scope');
    expect(Object.keys(described.responses as object)).toEqual(['200']);
    expect(described.responses).toMatchObject({ 200: { content: { 'application/json': { schema: {} } } } });
    expect(JSON.stringify(described.responses)).toContain('not yet as a schema');
    const deleted = operationOf(route('DELETE', '/api/apps/projects/{id}'), { summary: 'Delete', status: 204 });
    expect(deleted.responses).toMatchObject({ 204: { description: 'Done; no content.' } });
  });
});
