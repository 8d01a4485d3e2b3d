/**
 * A Lambda function with the service's defaults: Node.js 22 on arm64, ESM bundle built by esbuild
 * (minified, source maps, the AWS SDK bundled: shared/platform/infra/function-bundling.ts, which the cold-start
 * benchmark bundles with too), its own log group with the configured retention, Lambda's own X-Ray
 * tracing (active: the invocation's initialization, invocation and overhead segments, recorded by the
 * Lambda service; the bundle holds no tracing SDK, docs/operations.md), the Powertools logger and metrics
 * configuration, and a role that holds only what `bind` grants. `bind` sets a resource's environment variable and its grant in one call.
 */
import { Duration, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { afterBundlingCommands, functionBundling, type BundleExtras } from '../shared/platform/infra/function-bundling.ts';
import type { ObjectAction, TableAction } from '../shared/platform/infra/resource-use.ts';
import { metricsNamespace, telemetryServiceName } from '../shared/platform/observability/catalogue.ts';

export const repoRoot = join(import.meta.dirname, '..');

const runtime = Runtime.ALL.find((r) => r.name === functionBundling.runtime);
if (!runtime) throw new Error(`Unknown Lambda runtime ${functionBundling.runtime}`);
const architecture = functionBundling.architecture === 'arm64' ? Architecture.ARM_64 : Architecture.X86_64;

export interface ServiceFunctionProps {
  /** Handler module relative to the repository root. */
  readonly entry: string;
  readonly description: string;
  readonly timeout?: Duration;
  readonly memorySize?: number;
  readonly environment?: Record<string, string>;
  readonly logRetention: RetentionDays;
  /** POWERTOOLS_LOG_LEVEL. */
  readonly logLevel: string;
  /** What the bundle carries beside its entry file: folders the function reads at run time, the prebuilt docs (`RouteDefinition`). */
  readonly bundleExtras?: BundleExtras;
}

export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      // Kept with the stack's other stateful resources, but deleted if its creation is rolled back.
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${Stack.of(this).stackName} ${id}`,
    });
    this.logGroup.grantWrite(this.role);
    this.fn = new NodejsFunction(this, 'Function', {
      entry: join(repoRoot, props.entry),
      handler: 'handler',
      description: props.description,
      runtime,
      architecture,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      projectRoot: repoRoot,
      depsLockFilePath: join(repoRoot, 'package-lock.json'),
      environment: {
        // Powertools logger and metrics (shared/observability) read these.
        POWERTOOLS_SERVICE_NAME: telemetryServiceName,
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace,
        POWERTOOLS_LOG_LEVEL: props.logLevel,
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM, // functionBundling.format
        target: functionBundling.target,
        minify: functionBundling.minify,
        sourceMap: functionBundling.sourceMap,
        sourcesContent: functionBundling.sourcesContent,
        mainFields: [...functionBundling.mainFields],
        externalModules: [...functionBundling.externalModules],
        banner: functionBundling.banner,
        tsconfig: join(repoRoot, functionBundling.tsconfig),
        ...(props.bundleExtras && afterBundlingCommands('', '', props.bundleExtras).length > 0 ? { commandHooks: afterBundlingHooks(props.bundleExtras) } : {}),
      },
    });
    Validations.of(this.fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the runtime the service is built, bundled (esbuild target node22) and tested for; a runtime upgrade is a deliberate, tested change.',
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray PutTraceSegments/PutTelemetryRecords accept no resource narrower than *.',
    });
  }

  /** Gives the function a table: its name in `envVar` and exactly these actions (Query covers its indexes). */
  bindTable(table: ITable, envVar: string, actions: readonly TableAction[], hasIndexes: boolean): void {
    this.fn.addEnvironment(envVar, table.tableName);
    const queriesIndexes = hasIndexes && actions.includes('Query');
    this.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: actions.map((a) => `dynamodb:${a}`),
        resources: [table.tableArn, ...(queriesIndexes ? [`${table.tableArn}/index/*`] : [])],
      }),
    );
    if (queriesIndexes) {
      const logicalId = Stack.of(this).getLogicalId(table.node.defaultChild as CfnElement);
      Validations.of(this.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/index/*]`,
        reason: "Queries through the table's own secondary indexes; the grant covers only this table's indexes.",
      });
    }
  }

  /** Sends to a queue (SendMessage also authorises SendMessageBatch); nothing else. */
  bindQueue(queue: IQueue, envVar: string): void {
    this.fn.addEnvironment(envVar, queue.queueUrl);
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [queue.queueArn] }));
  }

  /** Object reads and writes only, as listed (no listing, no deletes, no ACL or retention changes). */
  bindBucket(bucket: IBucket, envVar: string, actions: readonly ObjectAction[]): void {
    this.fn.addEnvironment(envVar, bucket.bucketName);
    this.role.addToPrincipalPolicy(new PolicyStatement({ actions: actions.map((a) => `s3:${a}`), resources: [bucket.arnForObjects('*')] }));
    const logicalId = Stack.of(this).getLogicalId(bucket.node.defaultChild as CfnElement);
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalId}.Arn>/*]`,
      reason: 'Object keys are generated per item (dated archives, verification ids); the grant covers only this bucket and only the object actions listed.',
    });
  }
}

/** Bundling hooks that add `extras` beside the bundle's entry file after esbuild ran. */
function afterBundlingHooks(extras: BundleExtras) {
  return {
    beforeBundling: (): string[] => [],
    beforeInstall: (): string[] => [],
    afterBundling: (inputDir: string, outputDir: string): string[] => afterBundlingCommands(inputDir, outputDir, extras),
  };
}
