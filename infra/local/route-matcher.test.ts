import { describe, expect, it } from 'vitest';

import { httpRoutes, type HttpRouteDefinition } from '@orbit/functions/routes';

import { createRouteMatcher } from './route-matcher';

const route = (method: HttpRouteDefinition['method'], path: HttpRouteDefinition['path']): HttpRouteDefinition => ({
  method,
  path,
  area: 'health',
  access: 'signed-in',
});

describe('createRouteMatcher', () => {
  it('matches every route of the table by its own path', () => {
    const match = createRouteMatcher();
    for (const entry of httpRoutes) {
      const concrete = entry.path.replace(/\{(\w+)\+?\}/g, 'x1');
      expect(match(entry.method, concrete)?.route).toBe(entry);
    }
  });

  it('extracts path parameters and prefers literal segments, like API Gateway', () => {
    const match = createRouteMatcher([
      route('GET', '/api/things/{id}'),
      route('GET', '/api/things/mine'),
      route('POST', '/api/things/{id}'),
    ]);
    expect(match('GET', '/api/things/42')).toEqual({
      route: route('GET', '/api/things/{id}'),
      pathParameters: { id: '42' },
    });
    expect(match('GET', '/api/things/mine')?.route.path).toBe('/api/things/mine');
    expect(match('POST', '/api/things/7')?.pathParameters).toEqual({ id: '7' });
  });

  it('does not match another method, a longer path or a prefix', () => {
    const match = createRouteMatcher([route('GET', '/api/things/{id}')]);
    expect(match('DELETE', '/api/things/1')).toBeUndefined();
    expect(match('GET', '/api/things/1/more')).toBeUndefined();
    expect(match('GET', '/api/things')).toBeUndefined();
  });
});
