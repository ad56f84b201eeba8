import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  DomainName,
  EndpointType,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
  SecurityPolicy,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { CfnApi, CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

import type { Area } from '@orbit/functions/routes';

import { accessFor, authArea, authRoutePrefix, type AreaAccessOverrides } from './area-access';
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
  /** Every `/api/auth/*` route's own stage limits. */
  readonly authThrottle: ThrottleLimits;
  /** Reserved concurrency of the auth area's function. */
  readonly authReservedConcurrency: number;
  /** Defaults to area-access.ts's overrides. */
  readonly areaAccess?: AreaAccessOverrides;
  /**
   * Custom domains for the APIs, with a regional certificate covering both names: when given,
   * the CDN reaches the APIs through them and the default execute-api endpoints are off.
   */
  readonly originDomains?: OriginDomains;
}

export interface OriginDomains {
  readonly http: string;
  readonly webSocket: string;
  readonly certificateArn: string;
}

/** The origin host names under the app's domain (one regional certificate, `*.<domain>`, covers both). */
export const originDomainsFor = (domainName: string, certificateArn: string): OriginDomains => ({
  http: `api-origin.${domainName}`,
  webSocket: `ws-origin.${domainName}`,
  certificateArn,
});

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

/** One JSON line per connect, message and disconnect; no frames, query strings (the `?ticket=`) or headers. */
const webSocketAccessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTimeEpoch',
    eventType: '$context.eventType',
    routeKey: '$context.routeKey',
    connectionId: '$context.connectionId',
    status: '$context.status',
    integrationLatencyMs: '$context.integrationLatency',
    error: '$context.error.message',
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
  readonly webSocketAccessLogs: LogGroup | undefined;
  /** The host the CDN sends `/api/*` to: the custom origin domain, or the execute-api one. */
  readonly httpOriginDomain: string;
  /** The host the CDN sends `/ws` to, when there is a WebSocket API. */
  readonly webSocketOriginDomain: string | undefined;
  /** Where postToConnection and DeleteConnection go (the stage's URL, or its custom domain's). */
  private readonly managementEndpoint: string | undefined;
  /** The API Gateway custom domains, when `originDomains` was given. */
  readonly customDomains: DomainName[] = [];

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
          ...(area === authArea ? { reservedConcurrency: props.authReservedConcurrency } : {}),
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
      // Only the custom domain (behind the CDN, its WAF and its headers) reaches the API then.
      disableExecuteApiEndpoint: props.originDomains !== undefined,
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
    const authRouteKeys: string[] = [];
    for (const route of routes.http) {
      let integration = httpIntegrations.get(route.area);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${pascal(route.area)}Integration`, functionFor(route.area).function, {
          scopePermissionToRoute: false,
          timeout: Duration.seconds(29),
        });
        httpIntegrations.set(route.area, integration);
      }
      const [created] = this.httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
      if (route.path.startsWith(authRoutePrefix)) {
        authRouteKeys.push(`${route.method} ${route.path}`);
        // A route setting names a route that must exist when the stage is updated.
        if (created) this.httpStage.node.addDependency(created);
      }
    }
    // Per-route limits for the whole stage (all callers together): a flood of sign-ins is shed
    // with 429s at the gateway before it costs scrypt time. Per-source limits are the WAF's.
    (this.httpStage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      authRouteKeys.map((routeKey) => [
        routeKey,
        { ThrottlingRateLimit: props.authThrottle.rateLimit, ThrottlingBurstLimit: props.authThrottle.burstLimit },
      ]),
    );

    if (routes.webSocket.length > 0) {
      this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
        apiName: `${stackName}-ws`,
        description: 'Orbit realtime (routes from functions/src/routes.ts)',
      });
      // The L2 has no prop for it (aws-cdk#35516).
      (this.webSocketApi.node.defaultChild as CfnApi).disableExecuteApiEndpoint = props.originDomains !== undefined;
      for (const route of routes.webSocket) {
        this.webSocketApi.addRoute(route.routeKey, {
          integration: new WebSocketLambdaIntegration(
            `${pascal(route.area)}${route.routeKey.replace('$', '')}Integration`,
            functionFor(route.area).function,
          ),
        });
      }
      this.webSocketAccessLogs = new LogGroup(this, 'WebSocketAccessLogs', {
        retention: logRetention,
        removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      });
      this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
        webSocketApi: this.webSocketApi,
        stageName: webSocketStageName,
        autoDeploy: true,
        throttle: props.throttle,
        accessLogSettings: {
          destination: new LogGroupLogDestination(this.webSocketAccessLogs),
          format: webSocketAccessLogFormat,
        },
      });
      this.webSocketStage.node.addDependency(this.cloudWatchLogsAccount());
    }

    const executeApiDomain = (apiId: string) =>
      `${apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
    this.httpOriginDomain = executeApiDomain(this.httpApi.apiId);
    this.webSocketOriginDomain = this.webSocketApi ? executeApiDomain(this.webSocketApi.apiId) : undefined;
    let managementEndpoint = this.webSocketStage?.callbackUrl;
    if (props.originDomains) {
      const origins = props.originDomains;
      const certificate = Certificate.fromCertificateArn(this, 'OriginCertificate', origins.certificateArn);
      const customDomain = (id: string, name: string) => {
        const domain = new DomainName(this, id, {
          domainName: name,
          certificate,
          endpointType: EndpointType.REGIONAL,
          securityPolicy: SecurityPolicy.TLS_1_2,
        });
        this.customDomains.push(domain);
        return domain;
      };
      // The HTTP API keeps its paths (`/api/...`): no mapping key.
      new ApiMapping(this, 'HttpMapping', {
        api: this.httpApi,
        domainName: customDomain('HttpDomain', origins.http),
        stage: this.httpStage,
      });
      this.httpOriginDomain = origins.http;
      // A WebSocket API cannot share a custom domain with an HTTP API: it has its own. The
      // mapping key is the stage's name, so the CDN's `/ws` path still reaches the stage.
      if (this.webSocketApi && this.webSocketStage) {
        new ApiMapping(this, 'WebSocketMapping', {
          api: this.webSocketApi,
          domainName: customDomain('WebSocketDomain', origins.webSocket),
          stage: this.webSocketStage,
          apiMappingKey: webSocketStageName,
        });
        this.webSocketOriginDomain = origins.webSocket;
        // With the execute-api endpoint off, postToConnection goes through the custom domain too.
        managementEndpoint = `https://${origins.webSocket}/${webSocketStageName}`;
      }
    }

    for (const areaFunction of functions.values()) {
      if (!areaFunction.access.pushes) continue;
      if (!this.webSocketApi || !this.webSocketStage) {
        throw new Error(
          `Area "${areaFunction.area}" pushes to WebSocket connections, but the route table has no WebSocket routes`,
        );
      }
      // The management API (postToConnection) lives at the stage's https URL.
      areaFunction.function.addEnvironment('WS_ENDPOINT', managementEndpoint ?? this.webSocketStage.callbackUrl);
      this.webSocketApi.grantManageConnections(areaFunction.role);
    }
    this.managementEndpoint = managementEndpoint;
  }

  /**
   * Lets functions outside the areas push to and close connections: the worker's jobs (a revoked
   * session's sockets closed, auth/jobs.ts; a scheduled message pushed, chat/jobs.ts; notifications
   * fanned out to their recipients' open connections, notifications/jobs.ts).
   */
  grantPushes(role: Role, functions: readonly NodejsFunction[]): void {
    if (!this.webSocketApi || !this.webSocketStage) return;
    for (const fn of functions) {
      fn.addEnvironment('WS_ENDPOINT', this.managementEndpoint ?? this.webSocketStage.callbackUrl);
    }
    this.webSocketApi.grantManageConnections(role);
  }

  /**
   * WebSocket (unlike HTTP API) access logs are written by API Gateway with the role set in the
   * region's account settings. That setting is account-wide: every stage's stack sets it to an
   * equivalent role, and the role is retained so removing one stage leaves the others logging.
   */
  private cloudWatchLogsAccount(): CfnAccount {
    const role = new Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: 'API Gateway writes WebSocket access logs to CloudWatch Logs',
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
    account.node.addDependency(role);
    return account;
  }
}

const pascal = (value: string): string =>
  value
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
