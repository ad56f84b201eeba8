import { randomUUID } from 'node:crypto';

import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

import type { RouteMatch } from './route-matcher';

const textTypes = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/**
 * What a Lambda's event is built from: the request as the local server received it, without the
 * socket (so that the server and the in-process sweeps, `invokeHttpRoute`, build it alike).
 */
export interface HttpRequestHead {
  readonly method: string;
  /** As Node gives them: lower-case names, repeated headers as arrays. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The peer's address, which API Gateway reports as `sourceIp` (the per-source limits read it). */
  readonly sourceIp: string;
  /** `1.1` unless told. */
  readonly httpVersion?: string;
}

const headerText = (value: string | readonly string[] | undefined): string | undefined =>
  typeof value === 'string' || value === undefined ? value : value.join(',');

/** Builds the API Gateway v2 (HTTP API, payload 2.0) event a Lambda would receive. */
export const toApiGatewayEvent = (
  request: HttpRequestHead,
  url: URL,
  body: Buffer,
  match: RouteMatch,
): APIGatewayProxyEventV2 => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    const text = headerText(value);
    if (text === undefined || name === 'cookie') continue;
    headers[name] = text;
  }
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    // API Gateway joins repeated query parameters with commas.
    queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  }
  const cookies = (headerText(request.headers.cookie) ?? '')
    .split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const isText = body.length === 0 || textTypes.test(headerText(request.headers['content-type']) ?? 'application/json');
  const now = new Date();
  const routeKey = `${match.route.method} ${match.route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(url.searchParams.size > 0 ? { queryStringParameters } : {}),
    ...(Object.keys(match.pathParameters).length > 0 ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headerText(request.headers.host) ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion ?? '1.1'}`,
        sourceIp: request.sourceIp,
        userAgent: headerText(request.headers['user-agent']) ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length > 0 ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !isText,
  };
};

export const lambdaContext = (functionName: string): Context => ({
  callbackWaitsForEmptyEventLoop: false,
  functionName,
  functionVersion: '$LATEST',
  invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
  memoryLimitInMB: '512',
  awsRequestId: randomUUID(),
  logGroupName: `/aws/lambda/${functionName}`,
  logStreamName: 'local',
  getRemainingTimeInMillis: () => 29_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
});

export interface HttpReply {
  readonly status: number;
  readonly headers: Record<string, string | string[]>;
  readonly body: Buffer;
}

/** Turns a Lambda's structured result into what API Gateway would send. */
export const fromLambdaResult = (result: APIGatewayProxyStructuredResultV2): HttpReply => {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const raw = result.body ?? '';
  return {
    status: result.statusCode ?? 200,
    headers,
    body: result.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8'),
  };
};
