import type * as v from 'valibot';

/**
 * What the public API's description says of one route, beside what the route table already says
 * (method, path, access): the request's body and query schemas and the answer's, taken from the
 * area's contract — the same valibot schemas the handler parses with, so the document cannot
 * describe a request the API would refuse. Each area's map is typed with
 * `satisfies Record<AreaRouteKey<area>, RouteDoc>`: a route added to the table without its doc
 * fails typecheck.
 */
export interface RouteDoc {
  /** One line: what the route does (its line's comment in routes.ts, said for an integrator). */
  readonly summary: string;
  readonly query?: v.GenericSchema;
  readonly body?: v.GenericSchema;
  /** The success status the handler answers. */
  readonly status: 200 | 201 | 202 | 204;
  /**
   * The answer's schema, when the area's contract has one as valibot. Absent: the answer is JSON
   * whose shape the contract declares as TypeScript only, and the document says so.
   */
  readonly response?: v.GenericSchema;
}
