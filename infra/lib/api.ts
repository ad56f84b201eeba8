import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

import type { Area } from '@orbit/functions/routes';

import { accessFor, type AreaAccessOverrides } from './area-access';
import { AreaFunction, logRetention } from './area-function';
import type { ThrottleLimits } from './config';
import type { Data } from './data';
import type { RouteTable } from './route-table';

/**
 * The WebSocket stage's name is also the path the browser connects to (wss://<host>/ws): the
 * CDN forwards `/ws` unchanged, and the local server serves the same path.
 */
export const webSocketStageName = 'ws';

export interface ApiProps {
  readonly routes: RouteTable;
  readonly data: Data;
  readonly disposable: boolean;
  readonly throttle: ThrottleLimits;
  /** Defaults to area-access.ts's overrides. */
  readonly areaAccess?: AreaAccessOverrides;
}

/** One JSON line per request; no headers, bodies or tokens. */
const httpAccessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTimeEpoch',
    routeKey: '$context.routeKey',
    status: '$context.status',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    responseLength: '$context.responseLength',
    sourceIp: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
  }),
);

/**
 * The HTTP API (every route of the route table, paths keep `/api`), the WebSocket API (when the
 * table has WebSocket routes), and one function per area behind them.
 */
export class Api extends Construct {
  readonly functions: ReadonlyMap<Area, AreaFunction>;
  readonly httpApi: HttpApi;
  readonly httpStage: HttpStage;
  readonly accessLogs: LogGroup;
  readonly webSocketApi: WebSocketApi | undefined;
  readonly webSocketStage: WebSocketStage | undefined;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { routes } = props;
    const stackName = Stack.of(this).stackName;

    const functions = new Map<Area, AreaFunction>();
    for (const area of routes.areas) {
      functions.set(
        area,
        new AreaFunction(this, `${pascal(area)}Area`, {
          area,
          access: accessFor(area, routes, props.areaAccess),
          data: props.data,
          disposable: props.disposable,
        }),
      );
    }
    this.functions = functions;
    const functionFor = (area: Area): AreaFunction => {
      const found = functions.get(area);
      if (!found) throw new Error(`Route for area "${area}", which is not in the areas list`);
      return found;
    };

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${stackName}-http`,
      description: 'Orbit REST API (routes from functions/src/routes.ts)',
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(this, 'HttpAccessLogs', {
      retention: logRetention,
      removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    this.httpStage = new HttpStage(this, 'HttpStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(this.accessLogs), format: httpAccessLogFormat },
    });

    // One integration (and one invoke permission) per area, however many routes it serves:
    // per-route permissions would outgrow the function's 20 KB resource policy.
    const httpIntegrations = new Map<Area, HttpLambdaIntegration>();
    for (const route of routes.http) {
      let integration = httpIntegrations.get(route.area);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascal(route.area)}Integration`, functionFor(route.area).function, {
          scopePermissionToRoute: false,
          timeout: Duration.seconds(29),
        });
        httpIntegrations.set(route.area, integration);
      }
      this.httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }

    if (routes.webSocket.length > 0) {
      this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
        apiName: `${stackName}-ws`,
        description: 'Orbit realtime (routes from functions/src/routes.ts)',
      });
      for (const route of routes.webSocket) {
        this.webSocketApi.addRoute(route.routeKey, {
          integration: new WebSocketLambdaIntegration(
            `${pascal(route.area)}${route.routeKey.replace('$', '')}Integration`,
            functionFor(route.area).function,
          ),
        });
      }
      this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
        webSocketApi: this.webSocketApi,
        stageName: webSocketStageName,
        autoDeploy: true,
        throttle: props.throttle,
      });
    }

    for (const areaFunction of functions.values()) {
      if (!areaFunction.access.pushes) continue;
      if (!this.webSocketApi || !this.webSocketStage) {
        throw new Error(
          `Area "${areaFunction.area}" pushes to WebSocket connections, but the route table has no WebSocket routes`,
        );
      }
      // The management API (postToConnection) lives at the stage's https URL.
      areaFunction.function.addEnvironment('WS_ENDPOINT', this.webSocketStage.callbackUrl);
      this.webSocketApi.grantManageConnections(areaFunction.role);
    }
  }
}

const pascal = (value: string): string =>
  value
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
