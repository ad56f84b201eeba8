import { RemovalPolicy, type Duration } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ApplicationLogLevel, LoggingFormat, SystemLogLevel } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

import { lambdaArchitecture, lambdaRuntime, logRetention, serviceName } from './area-function';
import { tableReadActions, tableWriteActions } from './area-access';
import { lambdaBundling } from './bundling';
import type { Data } from './data';
import { lockFilePath, repoRoot } from './paths';

/**
 * One of the email area's event functions (SES events, SES receiving): built like the area
 * functions (runtime, architecture, JSON logs, bundling), with its own role and log group and
 * the table's read-write actions (no Scan). Grants beyond that are the caller's.
 */
export interface EmailFunctionProps {
  readonly entry: string;
  readonly description: string;
  readonly data: Data;
  readonly disposable: boolean;
  readonly memorySize: number;
  readonly timeout: Duration;
}

export class EmailFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: EmailFunctionProps) {
    super(scope, id);
    const removalPolicy = props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    this.logGroup = new LogGroup(this, 'Logs', { retention: logRetention, removalPolicy });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Orbit ${props.description}`,
    });
    this.logGroup.grantWrite(this.role);
    this.function = new NodejsFunction(this, 'Function', {
      description: `Orbit ${props.description}`,
      entry: `${repoRoot}/functions/src/email/outside/${props.entry}`,
      handler: 'handler',
      runtime: lambdaRuntime,
      architecture: lambdaArchitecture,
      memorySize: props.memorySize,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel.INFO,
      systemLogLevelV2: SystemLogLevel.WARN,
      projectRoot: repoRoot,
      depsLockFilePath: lockFilePath,
      bundling: lambdaBundling,
      environment: {
        TABLE_NAME: props.data.table.tableName,
        POWERTOOLS_SERVICE_NAME: serviceName,
        POWERTOOLS_LOG_LEVEL: 'INFO',
      },
    });
    props.data.table.grant(this.role, ...tableReadActions, ...tableWriteActions);
  }
}
