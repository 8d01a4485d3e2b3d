/**
 * The service on AWS: an HTTP API whose routes come from the route table, one function per route (and
 * per worker), the DynamoDB tables, the certificate bucket, the work queues with their dead-letter
 * queues, and the daily monitor-sweep schedule. Every function gets only the grants its route declares.
 *
 * CloudFormation takes at most 500 resources per stack, and every route adds a function, its role,
 * policy and log group, a route, an integration, an invoke permission and two alarms. Two nested stacks
 * keep the main stack well below that (test/cdk/stack-size.test.ts): the alarms and the dashboard
 * (`ServiceMonitoring`), and the routes' Lambda integrations with their invoke permissions
 * (`integrationStack`). Everything stateful, and everything a function needs to exist and run (its
 * role, policy and log group), stays in the main stack.
 */
import { CfnOutput, Duration, NestedStack, SecretValue, Stack, Token, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type HttpRouteIntegrationBindOptions,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Key, KeySpec, KeyUsage } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { AccountRootPrincipal, ArnPrincipal, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { buckets, queues, stackOutputKey, tables, type BucketId, type QueueId, type TableId } from '../shared/platform/infra/resources.ts';
import type { ObjectAction, ResourceUse, TableAction } from '../shared/platform/infra/resource-use.ts';
import { routes } from '../shared/platform/infra/routes.ts';
import { stateBoards } from '../shared/features/sources/boards/registry.ts';
import { keyModes, type KeyMode } from '../shared/domain/caller.ts';
import { signingEnv } from '../shared/features/certificates/signing-env.ts';
import { listDefinitions } from '../shared/features/sources/lists/definitions.ts';
import { sourceNames } from '../shared/features/sources/source-config.ts';
import { checkDeploymentRegion, productionStage, senderIdentity, type DeploymentConfig } from './deployment-config.ts';
import { functionTable, type FunctionDefinition } from './function-table.ts';
import { ServiceFunction } from './service-function.ts';
import { createBuckets, createQueues, createSchedules, createTables, keep } from './stateful-resources.ts';
import { dashboardName, ServiceMonitoring } from './service-monitoring.ts';

/**
 * The API access log: one JSON line per request. `routeKey` and `responseLatency` (unquoted, a number)
 * feed the client-facing latency metric of POST /v1/verify; no header or body is logged.
 *
 * HTTP APIs put variables into the line as they are, without JSON escaping, so a free-text variable
 * with a quote in it (an integration error such as `wrong type for field "headers"`, a user agent)
 * would break the line and the metric filter would drop it, the failing requests first. The line
 * therefore holds only ids, numbers and status codes: why an integration failed is told by its
 * statuses (`integrationStatus`: what the function answered; `integrationServiceStatus`: Lambda's own,
 * e.g. 429 when throttled) and `errorType`; API Gateway's own message comes in the form API Gateway
 * quotes itself (`$context.error.messageString`, unquoted here). The function's log has the details.
 */
export const accessLogFormat =
  '{"requestId":"$context.requestId","requestTime":"$context.requestTime","ip":"$context.identity.sourceIp",' +
  '"routeKey":"$context.routeKey","status":$context.status,"responseLatency":$context.responseLatency,' +
  '"integrationLatency":"$context.integrationLatency","responseLength":"$context.responseLength",' +
  '"integrationStatus":"$context.integration.integrationStatus","integrationServiceStatus":"$context.integration.status",' +
  '"errorType":"$context.error.responseType","error":$context.error.messageString}';

/**
 * Throttle of each public route (and of `$default`, which answers unmatched paths), per route across
 * all callers: anonymous traffic to the record pages, the docs or unknown paths cannot use up the
 * account's Lambda concurrency that the authenticated routes need. HTTP APIs have no per-IP limits.
 */
export const publicRouteThrottle = { rateLimit: 50, burstLimit: 100 } as const;

/** Route keys of the routes anyone may call without a key (the route table's `auth: 'public'`), and `$default`. */
export function publicRouteKeys(): string[] {
  return [...routes.filter((r) => r.auth === 'public').map((r) => `${r.method} ${r.path}`), '$default'];
}

/** Name of the API access log group: under /aws/vendedlogs/, which shares one log resource policy entry. */
export function accessLogGroupName(stage: string): string {
  return `/aws/vendedlogs/apigateway/license-verification-${stage}`;
}

/**
 * What the account may do with a certificate signing key through its key policy: administer it, never
 * use it. Not kms:Sign, kms:Verify, kms:GetPublicKey (given to the functions by name), nor
 * kms:CreateGrant (a grant could hand out kms:Sign), nor a wildcard that would include them.
 */
export const signingKeyAdminActions = [
  'kms:DescribeKey',
  'kms:GetKeyPolicy',
  'kms:PutKeyPolicy',
  'kms:ListKeyPolicies',
  'kms:ListResourceTags',
  'kms:ListGrants',
  'kms:RevokeGrant',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:UpdateKeyDescription',
  'kms:EnableKey',
  'kms:DisableKey',
  'kms:CreateAlias',
  'kms:UpdateAlias',
  'kms:DeleteAlias',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
] as const;

/** A key policy in which the account administers the key but may not use it (`signingKeyAdminActions`). */
function adminOnlyKeyPolicy(): PolicyDocument {
  return new PolicyDocument({
    statements: [
      new PolicyStatement({
        sid: 'AccountAdministersButDoesNotUseTheKey',
        principals: [new AccountRootPrincipal()],
        actions: [...signingKeyAdminActions],
        resources: ['*'],
      }),
    ],
  });
}

/** Every external source, as the `source` dimension of the source metrics names it. */
export function monitoredSources(): string[] {
  // A state's board and its rosters (Texas BHEC beside the Texas datasets) each fail on their own.
  const boards = Object.values(stateBoards).flatMap((board) => [board!.sourceName, ...(board!.rosters ?? []).map((r) => r.displayName)]);
  const lists = Object.values(listDefinitions).map((list) => list.displayName);
  return [sourceNames.nppes, sourceNames.leie, ...lists, ...new Set(boards)];
}

/**
 * A Lambda proxy integration made, with the permission for API Gateway to invoke the function, in
 * `scope` (the integrations' nested stack) instead of beside its route: the route stays in the main
 * stack with the API and its stage, and names the integration by its id, an output of the nested stack
 * that CDK adds. Everything else is `HttpLambdaIntegration`'s own (payload format 2.0, the permission
 * limited to the route's path); only the scope it binds in differs. `_bindToRoute` is aws-cdk-lib's
 * internal hook (the version is pinned), so the template tests check that each route targets its
 * function's integration in the nested stack, with its permission beside it.
 */
class NestedLambdaIntegration extends HttpLambdaIntegration {
  constructor(
    id: string,
    handler: IFunction,
    private readonly scope: Construct,
  ) {
    super(id, handler);
  }

  override _bindToRoute(options: HttpRouteIntegrationBindOptions): { readonly integrationId: string } {
    return super._bindToRoute({ ...options, scope: this.scope });
  }
}

export interface ServiceStackProps extends StackProps {
  /** Stage, custom domain, source endpoints, alarm e-mail, log retention… (lib/deployment-config.ts). */
  readonly config: DeploymentConfig;
  /** Default API Gateway throttle of each route, a backstop in front of the per-account limits. */
  readonly throttle?: { rateLimit: number; burstLimit: number };
  /** Throttle of each public route (default `publicRouteThrottle`). */
  readonly publicThrottle?: { rateLimit: number; burstLimit: number };
}

/** What stands in front of the routes: the API's stage, its access log, its custom domain, and the base URL of links. */
interface ApiFront {
  readonly publicBaseUrl: string;
  readonly accessLogs: LogGroup;
  readonly domain: DomainName | undefined;
  readonly stage: HttpStage;
}

/** One output of the stack. */
interface OutputDefinition {
  readonly id: string;
  readonly value: string;
  readonly description?: string;
}

export class ServiceStack extends Stack {
  readonly api: HttpApi;
  readonly tables: Record<TableId, Table>;
  readonly queues: Record<QueueId, Queue>;
  readonly deadLetterQueues: Record<QueueId, Queue>;
  readonly buckets: Record<BucketId, Bucket>;
  readonly functions: Record<string, ServiceFunction> = {};
  /** The certificate signing key of each mode: live certificates are signed only by `live`, test ones only by `test`. */
  readonly signingKeys: Record<KeyMode, Key>;
  readonly pdfSigningSecret: Secret;
  /** The RSA key that signs PDFs when `pdfSigningWithKms` is set; the secret then holds only its certificate. */
  readonly pdfSigningKey: Key;
  readonly idempotencyPepperSecret: Secret;
  readonly webhookSecretKey: Key;
  /** Sender of the webhook-failure e-mail; undefined only in `dev` without one (no such e-mail is sent). */
  readonly alertFromEmail?: string;
  /** The SES identity the stack creates for the sender (none when it exists already or there is no sender). */
  readonly alertSenderIdentity?: EmailIdentity;
  readonly stage: string;
  readonly monitoring: ServiceMonitoring;
  /** The nested stack that holds the routes' Lambda integrations and the functions' invoke permissions. */
  readonly integrationStack: NestedStack;
  private readonly config: DeploymentConfig;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    const config = props.config;
    this.config = config;
    this.stage = config.stage;
    checkDeploymentRegion(config, Token.isUnresolved(this.region) ? undefined : this.region);
    this.alertFromEmail = config.alertFromEmail;
    this.alertSenderIdentity = this.createAlertSenderIdentity();

    // Stateful resources, one per row of the resource tables (shared/platform/infra/resources.ts).
    this.tables = createTables(this, config.firstDeploy);
    const { queues: workQueues, deadLetterQueues } = createQueues(this);
    this.queues = workQueues;
    this.deadLetterQueues = deadLetterQueues;
    this.buckets = createBuckets(this, config.stage);

    // Keys and secrets.
    this.signingKeys = {
      live: this.createSigningKey('live', config.signingKeyGeneration),
      test: this.createSigningKey('test', config.testSigningKeyGeneration),
    };
    this.webhookSecretKey = this.createWebhookSecretKey();
    this.pdfSigningSecret = this.createPdfSigningSecret();
    this.idempotencyPepperSecret = this.createIdempotencyPepperSecret();
    this.pdfSigningKey = this.createPdfSigningKey();
    if (config.pdfCsrSigner) this.allowPdfCertificateRequest(config.pdfCsrSigner);
    this.acknowledgeSigningKeyRotation();

    // The API, and one function per row of the function table (routes, fallback, workers).
    this.api = this.createApi();
    const front = this.createApiFront(props.throttle ?? { rateLimit: 1000, burstLimit: 2000 });
    this.integrationStack = new NestedStack(this, 'Integrations', {
      description: `Lambda integrations of the API routes of ${this.stackName}, the permissions to invoke their functions, and the scheduled rules that feed its queues`,
    });
    // The scheduled rules grow with the sources (a roster's check, a list's renewal): they sit beside the
    // integrations, so that a new source does not take the main stack's room for routes.
    createSchedules(this.integrationStack, this.queues);
    const publicRoutes = functionTable().flatMap((definition) => this.addFunction(definition, front.publicBaseUrl));
    this.throttlePublicRoutes(front.stage, publicRoutes, props.publicThrottle ?? publicRouteThrottle);
    Validations.of(this.api).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'Every route authenticates its own Bearer API key inside the function (keys are stored hashed in DynamoDB); public routes are public by design.',
    });

    this.monitoring = this.createMonitoring(front);
    for (const { id: outputId, value, description } of this.outputTable(front)) {
      new CfnOutput(this, outputId, { value, ...(description === undefined ? {} : { description }) });
    }
  }

  /** Every nested stack of this stack: a deploy creates or updates them with it, each from its own template. */
  get nestedStacks(): NestedStack[] {
    return [this.integrationStack, this.monitoring.alarmStack];
  }

  /**
   * The SES identity of the alert sender, unless it exists already (or there is no sender). An address
   * identity: SES e-mails the address a link to confirm. A domain identity: publish the DKIM records of
   * the outputs. Until then SES refuses to send (docs/deployment.md; preflight checks it).
   */
  private createAlertSenderIdentity(): EmailIdentity | undefined {
    const identity = senderIdentity(this.config);
    if (!identity || this.config.alertFromIdentityExists) return undefined;
    return new EmailIdentity(this, 'AlertSenderIdentity', {
      identity: identity.includes('@') ? Identity.email(identity) : Identity.domain(identity),
    });
  }

  private createWebhookSecretKey(): Key {
    return new Key(this, 'WebhookSecretKey', {
      description: `Seals monitors' webhook secrets (${this.config.stage})`,
      enableKeyRotation: true,
      removalPolicy: keep,
    });
  }

  private createPdfSigningSecret(): Secret {
    const secret = new Secret(this, 'PdfSigningSecret', {
      description: this.config.pdfSigningWithKms
        ? `PDF signing certificate of the KMS key PdfSigningKey as JSON {"certificate_pem","chain_pem"}, no private key (${this.config.stage})`
        : `PDF certificate signing certificate and key as JSON {"certificate_pem","private_key_pem","chain_pem"} (${this.config.stage})`,
      removalPolicy: keep,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Holds a CA-issued document-signing certificate (and, unless KMS signs, its key); rotation is re-issuing the certificate (docs/deployment.md), not a generated password.',
    });
    return secret;
  }

  /** Generated here, read by the functions only: nobody ever needs to see or set it. */
  private createIdempotencyPepperSecret(): Secret {
    const secret = new Secret(this, 'IdempotencyPepperSecret', {
      description: `Secret pepper of Idempotency-Key request fingerprints (${this.config.stage})`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: keep,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'A pepper for fingerprints kept 24 hours: a rotated pepper would make retries within those 24 hours look like different requests; it is generated by the stack and never leaves the functions.',
    });
    return secret;
  }

  /** RSA 2048 with RSASSA-PKCS1-v1_5 SHA-256: deterministic (a PDF signed again is the same bytes) and accepted by every PDF validator. */
  private createPdfSigningKey(): Key {
    const key = new Key(this, 'PdfSigningKey', {
      description: `Signs certificate PDFs (${this.config.stage})`,
      keySpec: KeySpec.RSA_2048,
      keyUsage: KeyUsage.SIGN_VERIFY,
      removalPolicy: keep,
      policy: adminOnlyKeyPolicy(),
    });
    Validations.of(key).acknowledge({
      id: 'AwsSolutions-KMS5',
      reason: 'Asymmetric signing keys cannot rotate automatically; a new key needs a new CA-issued certificate (docs/deployment.md).',
    });
    return key;
  }

  private acknowledgeSigningKeyRotation(): void {
    for (const key of Object.values(this.signingKeys)) {
      Validations.of(key).acknowledge({
        id: 'AwsSolutions-KMS5',
        reason:
          'Asymmetric signing keys cannot rotate automatically; rotation is a new key with the old one kept in SIGNING_KMS_PREVIOUS_KEY_IDS (TEST_SIGNING_KMS_PREVIOUS_KEY_IDS) so certificates it signed still verify.',
      });
    }
  }

  /**
   * The HTTP API. In prod it answers only under its custom domain (deployment-config requires one), so
   * every link a certificate carries keeps working whatever becomes of this API's own endpoint.
   */
  private createApi(): HttpApi {
    return new HttpApi(this, 'Api', {
      apiName: `license-verification-${this.config.stage}`,
      description: `License Verification API (${this.config.stage})`,
      createDefaultStage: false,
      disableExecuteApiEndpoint: this.onlyCustomDomain,
    });
  }

  /** Whether only the custom domain answers (prod): the execute-api endpoint is disabled. */
  private get onlyCustomDomain(): boolean {
    return this.config.stage === productionStage;
  }

  /**
   * What stands in front of the API's routes: its access log, its custom domain (if any) and its one
   * stage, with the default throttle of every route. HTTP APIs have no X-Ray tracing of their own (REST
   * APIs do); traces start at the functions.
   */
  private createApiFront(throttle: { rateLimit: number; burstLimit: number }): ApiFront {
    const config = this.config;
    const publicBaseUrl = config.publicBaseUrl ?? this.api.apiEndpoint;
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      logGroupName: accessLogGroupName(config.stage),
      retention: config.logRetention,
      removalPolicy: keep,
    });
    const domain = config.customDomain
      ? new DomainName(this, 'ApiDomain', {
          domainName: config.customDomain.domainName,
          certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', config.customDomain.certificateArn),
        })
      : undefined;
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: AccessLogFormat.custom(accessLogFormat) },
      ...(domain ? { domainMapping: { domainName: domain } } : {}),
    });
    return { publicBaseUrl, accessLogs, domain, stage };
  }

  /**
   * One row of the function table: the function, its grants, and what invokes it. Returns the API
   * routes it added that anyone may call (they get the public throttle).
   */
  private addFunction(definition: FunctionDefinition, publicBaseUrl: string): HttpRoute[] {
    const fn = new ServiceFunction(this, definition.id, {
      entry: definition.entry,
      description: definition.description,
      timeout: definition.timeoutSeconds === undefined ? undefined : Duration.seconds(definition.timeoutSeconds),
      memorySize: definition.memoryMb,
      environment: { PUBLIC_BASE_URL: publicBaseUrl },
      bundleExtras: definition.bundleExtras,
      logRetention: this.config.logRetention,
      logLevel: this.config.logLevel,
    });
    if (definition.grants) this.bind(fn, definition.grants);
    this.functions[definition.id] = fn;
    const trigger = definition.trigger;
    const integration = () => new NestedLambdaIntegration(`${definition.id}Integration`, fn.fn, this.integrationStack);
    switch (trigger.kind) {
      case 'route': {
        const added = this.api.addRoutes({ path: trigger.path, methods: [HttpMethod[trigger.method]], integration: integration() });
        return trigger.isPublic ? added : [];
      }
      case 'default-route': {
        const route = new HttpRoute(this, 'DefaultRoute', { httpApi: this.api, routeKey: HttpRouteKey.DEFAULT, integration: integration() });
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: 'The $default route only answers 404/405 in the API error shape; it serves no data.',
        });
        return [route];
      }
      case 'queue':
        fn.fn.addEventSource(
          new SqsEventSource(this.queues[trigger.queue], {
            batchSize: trigger.batchSize,
            maxConcurrency: trigger.maxConcurrency,
            reportBatchItemFailures: true,
          }),
        );
        return [];
    }
  }

  /** The alarms and the dashboard, over every function, queue, table and source of the stack. */
  private createMonitoring(front: ApiFront): ServiceMonitoring {
    const queueIds = Object.keys(queues) as QueueId[];
    return new ServiceMonitoring(this, 'Monitoring', {
      apiStage: front.stage,
      accessLogs: front.accessLogs,
      functions: this.functions,
      deadLetterQueues: Object.fromEntries(queueIds.map((id) => [queues[id].id, this.deadLetterQueues[id]])),
      workQueues: Object.fromEntries(queueIds.map((id) => [queues[id].id, { queue: this.queues[id], maxAgeSeconds: oldestMessageAlarmSeconds(queues[id]) }])),
      tables: Object.fromEntries((Object.keys(tables) as TableId[]).map((id) => [tables[id].id, this.tables[id]])),
      sources: monitoredSources(),
      alarmEmail: this.config.alarmEmail,
    });
  }

  /** The stack's outputs, in order: where the API answers, what an operator loads or points DNS at, and every resource's name. */
  private outputTable(front: ApiFront): OutputDefinition[] {
    const config = this.config;
    const identity = senderIdentity(config);
    const onlyCustomDomain = this.onlyCustomDomain;
    const dkimRecords = this.alertSenderIdentity && !identity!.includes('@') ? this.alertSenderIdentity.dkimRecords : [];
    return [
      {
        id: 'ApiUrl',
        value: onlyCustomDomain ? front.publicBaseUrl : this.api.apiEndpoint,
        description: onlyCustomDomain ? 'Base URL of the API (its execute-api endpoint is disabled: only the custom domain answers)' : 'Base URL of the API',
      },
      { id: 'PublicBaseUrl', value: front.publicBaseUrl, description: 'Base URL used in links (docs, certificate records)' },
      ...(front.domain
        ? [
            {
              id: 'ApiDomainTarget',
              value: front.domain.regionalDomainName,
              description: `Point a CNAME (or Route 53 alias) for ${config.customDomain!.domainName} at this name`,
            },
          ]
        : []),
      ...dkimRecords.map((record, i) => ({
        id: `AlertSenderDkim${i + 1}`,
        value: `${record.name} CNAME ${record.value}`,
        description: `DNS record that verifies ${identity} in SES`,
      })),
      { id: 'SigningKeyArn', value: this.signingKeys.live.keyArn, description: 'Current signing key of live certificates (KMS)' },
      { id: 'TestSigningKeyArn', value: this.signingKeys.test.keyArn, description: 'Current signing key of test certificates (KMS)' },
      {
        id: 'PdfSigningSecretArn',
        value: this.pdfSigningSecret.secretArn,
        description: config.pdfSigningWithKms
          ? 'Secret to load the PDF signing certificate (of PdfSigningKeyArn) into'
          : 'Secret to load the PDF signing certificate and key into',
      },
      { id: 'PdfSigningKeyArn', value: this.pdfSigningKey.keyArn, description: 'KMS key that signs PDFs when pdfSigningWithKms is set' },
      { id: 'AlarmTopicArn', value: this.monitoring.topic.topicArn, description: 'SNS topic every alarm notifies' },
      { id: 'DashboardName', value: dashboardName(this.stackName), description: 'CloudWatch dashboard' },
      ...(Object.keys(tables) as TableId[]).map((id) => ({ id: stackOutputKey(tables[id].envVar), value: this.tables[id].tableName })),
      ...(Object.keys(queues) as QueueId[]).map((id) => ({ id: stackOutputKey(queues[id].envVar), value: this.queues[id].queueUrl })),
      ...(Object.keys(buckets) as BucketId[]).map((id) => ({ id: stackOutputKey(buckets[id].envVar), value: this.buckets[id].bucketName })),
    ];
  }

  private bind(fn: ServiceFunction, uses: ResourceUse): void {
    for (const [id, actions] of Object.entries(uses.tables ?? {}) as [TableId, readonly TableAction[]][]) {
      fn.bindTable(this.tables[id], tables[id].envVar, actions, 'indexes' in tables[id]);
    }
    for (const [id, use] of Object.entries(uses.queues ?? {}) as [QueueId, 'send' | 'consume'][]) {
      if (use === 'send') fn.bindQueue(this.queues[id], queues[id].envVar);
    }
    for (const [id, actions] of Object.entries(uses.buckets ?? {}) as [BucketId, readonly ObjectAction[]][]) {
      fn.bindBucket(this.buckets[id], buckets[id].envVar, actions);
    }
    if (uses.webhookSecrets) {
      fn.fn.addEnvironment('WEBHOOK_SECRET_KMS_KEY_ID', this.webhookSecretKey.keyArn);
      this.webhookSecretKey.grant(fn.fn, uses.webhookSecrets === 'seal' ? 'kms:Encrypt' : 'kms:Decrypt');
    }
    if (uses.email) this.bindAlertEmail(fn);
    if (uses.pdfSigning) {
      fn.fn.addEnvironment('PDF_SIGNING_SECRET_ID', this.pdfSigningSecret.secretArn);
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.pdfSigningSecret.secretArn] }));
      if (this.config.pdfSigningWithKms) fn.fn.addEnvironment('PDF_SIGNING_KMS_KEY_ID', this.pdfSigningKey.keyArn);
      this.grantKeyUse(this.pdfSigningKey, fn, ['kms:Sign', 'kms:GetPublicKey']);
    }
    if (uses.idempotencyPepper) {
      fn.fn.addEnvironment('IDEMPOTENCY_PEPPER_SECRET_ID', this.idempotencyPepperSecret.secretArn);
      fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [this.idempotencyPepperSecret.secretArn] }));
    }
    if (uses.signingKey) this.bindSigningKeys(fn, uses.signingKey);
    if (uses.sources) {
      for (const [name, value] of Object.entries(this.sourceEnvironment())) fn.fn.addEnvironment(name, value);
    }
  }

  /**
   * A certificate signing key (ECC_NIST_P256, SIGN_VERIFY) for one mode. Raising the mode's generation
   * creates a new key under a new id; the old one is retained (docs/deployment.md, rolling signing keys).
   *
   * The key policy does not delegate use of the key to IAM: the account may administer the key
   * (describe, change its policy, tags and alias, disable, schedule deletion) but its statement grants
   * neither kms:Sign nor kms:GetPublicKey nor kms:CreateGrant, so no identity policy in the account,
   * however broad, lets anyone sign with it. Each function that signs or publishes is named in a
   * statement of its own (`bindSigningKeys`).
   */
  private createSigningKey(mode: KeyMode, generation: number): Key {
    const base = mode === 'live' ? 'CertificateSigningKey' : 'TestCertificateSigningKey';
    return new Key(this, generation === 1 ? base : `${base}${generation}`, {
      description: `Signs ${mode} verification certificates (${this.config.stage}, generation ${generation})`,
      keySpec: KeySpec.ECC_NIST_P256,
      keyUsage: KeyUsage.SIGN_VERIFY,
      removalPolicy: keep,
      policy: adminOnlyKeyPolicy(),
    });
  }

  /**
   * The signing keys of both modes for one function: the key ids (and retired keys) in its
   * environment, and the KMS actions in both its role's policy and the keys' own policies (the key
   * policy grants no use to the account, so the identity policy alone would not suffice).
   */
  private bindSigningKeys(fn: ServiceFunction, use: 'sign' | 'publish'): void {
    const actions = use === 'sign' ? ['kms:Sign', 'kms:GetPublicKey'] : ['kms:GetPublicKey'];
    const retired: Record<KeyMode, readonly string[]> = { live: this.config.previousSigningKeyArns, test: this.config.previousTestSigningKeyArns };
    for (const mode of keyModes) {
      const key = this.signingKeys[mode];
      const names = signingEnv[mode];
      fn.fn.addEnvironment(names.kmsKeyId, key.keyArn);
      this.grantKeyUse(key, fn, actions);
      const previous = retired[mode];
      if (previous.length > 0) {
        // Retired keys stay in the JWKS so the certificates they signed still verify; nothing signs with them.
        fn.fn.addEnvironment(names.kmsPreviousKeyIds, previous.join(','));
        fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: ['kms:GetPublicKey'], resources: [...previous] }));
      }
    }
  }

  /**
   * Lets the operator's role make the certificate request of the PDF signing key
   * (`npm run admin -- pdf-signing-csr`), which KMS must sign: kms:GetPublicKey, and kms:Sign only of
   * RAW messages with RSASSA_PKCS1_V1_5_SHA_256 (the PDF function signs digests), both only until
   * `until`. The role is named by ARN in the key policy, the only place that can grant use of the key;
   * its own identity policy must allow the two actions too. KMS cannot look inside what it signs, so
   * the role could sign anything small until then: the grant is for one request, in a window of hours,
   * and the next deploy without the context removes it.
   */
  private allowPdfCertificateRequest(signer: NonNullable<DeploymentConfig['pdfCsrSigner']>): void {
    const principals = [new ArnPrincipal(signer.roleArn)];
    const untilThen = { DateLessThan: { 'aws:CurrentTime': signer.until } };
    this.pdfSigningKey.addToResourcePolicy(
      new PolicyStatement({
        sid: 'OperatorReadsThePublicKeyForTheCertificateRequest',
        principals,
        actions: ['kms:GetPublicKey'],
        resources: ['*'],
        conditions: untilThen,
      }),
    );
    this.pdfSigningKey.addToResourcePolicy(
      new PolicyStatement({
        sid: 'OperatorSignsTheCertificateRequest',
        principals,
        actions: ['kms:Sign'],
        resources: ['*'],
        conditions: { ...untilThen, StringEquals: { 'kms:MessageType': 'RAW', 'kms:SigningAlgorithm': 'RSASSA_PKCS1_V1_5_SHA_256' } },
      }),
    );
  }

  /** KMS actions on a key whose policy grants no use to the account: in the role's policy and, by name, in the key's. */
  private grantKeyUse(key: Key, fn: ServiceFunction, actions: string[]): void {
    key.grant(fn.fn, ...actions);
    key.addToResourcePolicy(new PolicyStatement({ principals: [fn.role], actions, resources: ['*'] }));
  }

  /**
   * The webhook-failure e-mail: SendEmail on the sender's SES identity only, and only with the sender
   * as From. In the SES sandbox SES also authorises each send against the recipient's identity, so the
   * verified recipients of `sesSandboxRecipients` get the same grant (outside the sandbox it is empty).
   * `dev` without a sender sends no such e-mail (ALERT_EMAIL=disabled) and gets no grant.
   */
  private bindAlertEmail(fn: ServiceFunction): void {
    const sender = this.alertFromEmail;
    const identity = senderIdentity(this.config);
    if (sender === undefined || identity === undefined) {
      fn.fn.addEnvironment('ALERT_EMAIL', 'disabled');
      return;
    }
    fn.fn.addEnvironment('ALERT_FROM_EMAIL', sender);
    const identityArn = (name: string) => this.formatArn({ service: 'ses', resource: 'identity', resourceName: name });
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [identity, ...this.config.sesSandboxRecipients].map(identityArn),
        conditions: { StringEquals: { 'ses:FromAddress': sender } },
      }),
    );
  }

  /** Per-route throttles on the public routes; the stage may name a route only once it exists. */
  private throttlePublicRoutes(stage: HttpStage, publicRoutes: HttpRoute[], limits: { rateLimit: number; burstLimit: number }): void {
    const cfnStage = stage.node.defaultChild as CfnStage;
    cfnStage.routeSettings = Object.fromEntries(
      publicRouteKeys().map((key) => [key, { ThrottlingRateLimit: limits.rateLimit, ThrottlingBurstLimit: limits.burstLimit }]),
    );
    for (const route of publicRoutes) cfnStage.node.addDependency(route);
  }

  /** Source endpoint overrides and the Socrata app token, for the functions that call the sources. */
  private sourceEnvironment(): Record<string, string> {
    const { sources, sodaAppTokenSecret } = this.config;
    return {
      ...(sources.nppesApiUrl ? { NPPES_API_URL: sources.nppesApiUrl } : {}),
      ...(sources.leieCsvUrl ? { LEIE_CSV_URL: sources.leieCsvUrl } : {}),
      ...(sources.sodaBaseUrl ? { SODA_BASE_URL: sources.sodaBaseUrl } : {}),
      ...(sources.samBaseUrl ? { SAM_BASE_URL: sources.samBaseUrl } : {}),
      ...(sources.cmsDataBaseUrl ? { CMS_DATA_BASE_URL: sources.cmsDataBaseUrl } : {}),
      ...(sources.nppesFilesBaseUrl ? { NPPES_FILES_BASE_URL: sources.nppesFilesBaseUrl } : {}),
      // A dynamic reference: CloudFormation reads the secret at deploy time; the token is in neither the
      // template nor the repository. An app token only identifies the app to Socrata for throttling.
      ...(sodaAppTokenSecret ? { SODA_APP_TOKEN: SecretValue.secretsManager(sodaAppTokenSecret).unsafeUnwrap() } : {}),
    };
  }
}

/**
 * Age of the oldest message past which a work queue alarms: longer than a message can wait when every
 * receive runs into the visibility timeout before the dead-letter queue takes it, plus SQS's longest
 * delay (a message's age counts from when it was sent). Older means the queue is not being drained.
 */
export function oldestMessageAlarmSeconds(queue: { visibilityTimeoutSeconds: number; maxReceiveCount: number }): number {
  return queue.visibilityTimeoutSeconds * queue.maxReceiveCount + 900;
}
