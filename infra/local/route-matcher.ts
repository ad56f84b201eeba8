import { httpRoutes, type HttpRouteDefinition } from '@orbit/functions/routes';

export interface RouteMatch {
  readonly route: HttpRouteDefinition;
  readonly pathParameters: Record<string, string>;
}

interface CompiledRoute {
  readonly route: HttpRouteDefinition;
  readonly pattern: RegExp;
  readonly names: string[];
  /** Literal segments win over parameters, as in API Gateway. */
  readonly specificity: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compile = (route: HttpRouteDefinition): CompiledRoute => {
  const names: string[] = [];
  let specificity = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      const parameter = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!parameter) {
        specificity += 1;
        return escape(segment);
      }
      names.push(parameter[1] ?? '');
      return parameter[2] === '+' ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, specificity };
};

/** Matches a request the way API Gateway HTTP APIs match route keys. */
export const createRouteMatcher = (routes: readonly HttpRouteDefinition[] = httpRoutes) => {
  const compiled = routes.map(compile).sort((a, b) => b.specificity - a.specificity);
  return (method: string, path: string): RouteMatch | undefined => {
    for (const candidate of compiled) {
      if (candidate.route.method !== method) continue;
      const match = candidate.pattern.exec(path);
      if (!match) continue;
      const pathParameters: Record<string, string> = {};
      candidate.names.forEach((name, index) => {
        pathParameters[name] = match[index + 1] ?? '';
      });
      return { route: candidate.route, pathParameters };
    }
    return undefined;
  };
};
