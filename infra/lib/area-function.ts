import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ApplicationLogLevel,
  Architecture,
  LoggingFormat,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
  SystemLogLevel,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

import type { Area } from '@orbit/functions/routes';

import { tableActionsFor, type AreaAccess } from './area-access';
import { lambdaBundlingFor } from './bundling';
import type { Data } from './data';
import { handlerEntryFor, lockFilePath, repoRoot } from './paths';

export interface AreaFunctionProps {
  readonly area: Area;
  readonly access: AreaAccess;
  readonly data: Data;
  readonly disposable: boolean;
  /** Concurrent executions reserved for (and capping) this function; none by default. */
  readonly reservedConcurrency?: number;
}

/** Node 22, the lowest major package.json's engines allows: bundling.ts targets it (`bundleTarget`). */
export const lambdaRuntime = Runtime.NODEJS_22_X;
export const lambdaArchitecture = Architecture.ARM_64;
export const logRetention = RetentionDays.ONE_MONTH;
export const serviceName = 'orbit';

/**
 * The AWS Parameters and Secrets Lambda Extension, on the functions that read the JWT secret:
 * they fetch it over localhost (functions/src/core/secrets-manager.ts) instead of bundling the
 * Secrets Manager SDK client. It reads the secret with the function's role, so the grant below
 * stays GetSecretValue on that one secret. Its own logs only from warnings up, like the
 * platform's.
 */
export const secretsExtension = ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
  logLevel: ParamsAndSecretsLogLevel.WARN,
});

/**
 * One area's Lambda function. Runtime, architecture, logs, bundling and grants are fixed here
 * once, so every area is built the same way and can touch only what its access declares.
 */
export class AreaFunction extends Construct {
  readonly area: Area;
  readonly access: AreaAccess;
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly role: Role;

  constructor(scope: Construct, id: string, props: AreaFunctionProps) {
    super(scope, id);
    this.area = props.area;
    this.access = props.access;

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: logRetention,
      removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    // Its own role with no managed policy: logs go to this function's group and nowhere else.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Orbit ${props.area} function`,
    });
    this.logGroup.grantWrite(this.role);

    const { table, jwtSecret } = props.data;
    this.function = new NodejsFunction(this, 'Function', {
      description: `Orbit API: ${props.area}`,
      entry: handlerEntryFor(props.area),
      handler: 'handler',
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
      memorySize: props.access.memorySize,
      timeout: Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
      projectRoot: repoRoot,
      depsLockFilePath: lockFilePath,
      bundling: lambdaBundlingFor(props.area),
      ...(props.access.jwtSecret ? { paramsAndSecrets: secretsExtension } : {}),
      ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      environment: {
        ...(props.access.table === 'none' ? {} : { TABLE_NAME: table.tableName }),
        POWERTOOLS_SERVICE_NAME: serviceName,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...(props.access.jwtSecret ? { JWT_SECRET_ARN: jwtSecret.secretArn } : {}),
      },
    });

    const tableActions = tableActionsFor(props.access.table);
    const { leadingKeys } = props.access;
    if (tableActions.length > 0 && leadingKeys) {
      // ForAllValues: every partition key a request names (a batch or a transaction names
      // several) must match one of the area's patterns.
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: tableActions,
          resources: [table.tableArn, `${table.tableArn}/index/*`],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...leadingKeys] } },
        }),
      );
    } else if (tableActions.length > 0) {
      table.grant(this.role, ...tableActions);
    }
    if (props.access.jwtSecret) {
      // GetSecretValue only: the function never needs to describe, list or change it.
      this.role.addToPrincipalPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['secretsmanager:GetSecretValue'],
          resources: [jwtSecret.secretArn],
        }),
      );
    }
  }
}
