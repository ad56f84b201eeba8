import { CfnOutput, Stack, Tags, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';

import { tableDefinition } from '@orbit/functions/core/table';

import { Api } from './api';
import type { AreaAccessOverrides } from './area-access';
import { isDisposable, type OrbitConfig } from './config';
import { Data } from './data';
import { Monitoring } from './monitoring';
import { projectRouteTable, type RouteTable } from './route-table';
import { Web } from './web';

export interface OrbitStackProps extends StackProps {
  readonly config: OrbitConfig;
  /** Defaults to functions/src/routes.ts; tests pass other shapes. */
  readonly routes?: RouteTable;
  /** Defaults to area-access.ts's overrides. */
  readonly areaAccess?: AreaAccessOverrides;
  /** Defaults to web/dist. */
  readonly webDistDir?: string;
}

/**
 * The whole product in one environment-agnostic stack: data, one function per area, the HTTP
 * and WebSocket APIs, the CDN in front of the web app and both APIs, and the alarms.
 */
export class OrbitStack extends Stack {
  readonly config: OrbitConfig;
  readonly data: Data;
  readonly api: Api;
  readonly web: Web;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: OrbitStackProps) {
    super(scope, id, props);
    const { config } = props;
    this.config = config;
    const disposable = isDisposable(config);
    Tags.of(this).add('project', 'orbit');
    Tags.of(this).add('stage', config.stage);

    this.data = new Data(this, 'Data', { disposable, definition: tableDefinition });
    this.api = new Api(this, 'Api', {
      routes: props.routes ?? projectRouteTable,
      data: this.data,
      disposable,
      throttle: config.apiThrottle,
      ...(props.areaAccess ? { areaAccess: props.areaAccess } : {}),
    });

    const executeApiDomain = (apiId: string) => `${apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    this.web = new Web(this, 'Web', {
      httpApiDomain: executeApiDomain(this.api.httpApi.apiId),
      webSocketApiDomain: this.api.webSocketApi ? executeApiDomain(this.api.webSocketApi.apiId) : undefined,
      disposable,
      domainName: config.domainName,
      certificateArn: config.certificateArn,
      ...(props.webDistDir ? { distDir: props.webDistDir } : {}),
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      api: this.api,
      table: this.data.table,
      tableDefinition,
      alarmEmail: config.alarmEmail,
    });

    const url = this.web.urlFor(config.domainName);
    new CfnOutput(this, 'Url', { value: url, description: 'Open this in a browser' });
    new CfnOutput(this, 'DistributionDomainName', {
      value: this.web.distribution.distributionDomainName,
      description: 'Point the custom domain (CNAME/alias) here',
    });
    new CfnOutput(this, 'DistributionId', { value: this.web.distribution.distributionId });
    new CfnOutput(this, 'WebBucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'HttpApiUrl', {
      value: this.api.httpStage.url,
      description: 'Direct API endpoint (the app uses /api on the CDN)',
    });
    if (this.api.webSocketStage) {
      new CfnOutput(this, 'WebSocketUrl', {
        value: `${url.replace(/^https/, 'wss')}/ws`,
        description: 'Realtime endpoint through the CDN',
      });
    }
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'JwtSecretArn', {
      value: this.data.jwtSecret.secretArn,
      description: 'Rotate with put-secret-value (docs/deploy.md)',
    });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.monitoring.topic.topicArn });
    for (const areaFunction of this.api.functions.values()) {
      new CfnOutput(this, `${areaFunction.node.id}FunctionName`, { value: areaFunction.function.functionName });
    }
  }
}
