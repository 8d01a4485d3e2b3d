import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../lib/build-app.ts';
import type { ServiceStack } from '../../lib/service-stack.ts';
import { queues, schedules, tables } from '#shared/platform/infra/resources.ts';
import { fallbackRoute, routes, workers } from '#shared/platform/infra/routes.ts';
import { nestedTemplate } from '../support/nested-templates.ts';

/** Outside `dev` every stage needs the alert sender. */
const base = { 'aws:cdk:bundling-stacks': [], alertFromEmail: 'alerts@example.com' };

let outdir: string;
let stack: ServiceStack;
let template: Template;
let app: ReturnType<typeof buildApp>['app'];

beforeAll(() => {
  outdir = mkdtempSync(join(tmpdir(), 'cdk-test-'));
  // Bundling is skipped here (the synth script bundles for real); the template is otherwise identical.
  const built = buildApp({ outdir, context: base, stage: 'test' });
  stack = built.stack;
  app = built.app;
  template = Template.fromStack(stack);
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

type Resource = { Type: string; Properties: Record<string, any> };
const resources = () => template.toJSON().Resources as Record<string, Resource>;
const logicalId = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as never);

/** Flattens the IAM statements attached to a function's role. */
function statementsOf(functionId: string): { Action: string | string[]; Resource: unknown }[] {
  const roleId = logicalId(stack.functions[functionId]!.role);
  return Object.values(resources())
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((ref: any) => ref.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}

describe('CDK template', () => {
  it('has zero unacknowledged cdk-nag AwsSolutions findings', () => {
    // The AwsSolutions plugin runs at synth and fails it on any unacknowledged finding.
    expect(() => app.synth()).not.toThrow();
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; conclusion: string; violations: unknown[] }[];
    };
    for (const r of report.pluginReports) {
      expect(r.violations).toEqual([]);
      expect(r.conclusion).toBe('success');
    }
    expect(Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions'))).toEqual([]);
  });

  it('synthesises clean with a concrete account and region too (as a deploy does)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdk-env-'));
    const saved = { region: process.env.CDK_DEFAULT_REGION, account: process.env.CDK_DEFAULT_ACCOUNT };
    process.env.CDK_DEFAULT_REGION = 'eu-west-1';
    process.env.CDK_DEFAULT_ACCOUNT = '123456789012';
    try {
      const concrete = buildApp({ outdir: dir, context: base, stage: 'concrete' });
      expect(() => concrete.app.synth()).not.toThrow();
    } finally {
      if (saved.region === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = saved.region;
      if (saved.account === undefined) delete process.env.CDK_DEFAULT_ACCOUNT;
      else process.env.CDK_DEFAULT_ACCOUNT = saved.account;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the check is live: an unacknowledged finding fails the synth, in the main stack or a nested one', () => {
    for (const where of ['main', 'alarms', 'integrations'] as const) {
      const dir = mkdtempSync(join(tmpdir(), 'cdk-nag-'));
      try {
        const probe = buildApp({ outdir: dir, context: base, stage: 'probe' });
        const scope = { main: probe.stack, alarms: probe.stack.monitoring.alarmStack, integrations: probe.stack.integrationStack }[where];
        new Queue(scope, 'UnencryptedQueueWithoutDlq', { encryption: QueueEncryption.UNENCRYPTED });
        expect(() => probe.app.synth(), where).toThrow(/AwsSolutions-SQS/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('routes each table route to its own function, plus a $default route', () => {
    const all = resources();
    const routeResources = Object.values(all).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route');
    const keys = routeResources.map((r) => r.Properties.RouteKey).sort();
    expect(keys).toEqual([...routes.map((r) => `${r.method} ${r.path}`), '$default'].sort());

    // The routes are in the main stack with the API; their integrations and invoke permissions in the nested stack.
    const nested = nestedTemplate(stack, stack.integrationStack);
    const outputs = nested.template.toJSON().Outputs as Record<string, { Value: { Ref: string } }>;
    const apiId = { Ref: logicalId(stack.api) };
    const integrationTargets = new Map<string, string>();
    for (const route of routeResources) {
      expect(route.Properties.ApiId).toEqual(apiId);
      const [prefix, target] = route.Properties.Target['Fn::Join'][1];
      expect(prefix).toBe('integrations/');
      const [stackResource, output] = target['Fn::GetAtt'] as [string, string];
      expect(stackResource).toBe(nested.resourceId);
      const integration = nested.resources[outputs[output.replace(/^Outputs\./, '')]!.Value.Ref]!;
      expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
      expect(nested.fromMain(integration.Properties)).toMatchObject({ ApiId: apiId, IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      const uri = nested.fromMain(integration.Properties.IntegrationUri) as { 'Fn::GetAtt': [string, string] };
      expect(uri['Fn::GetAtt'][1]).toBe('Arn');
      integrationTargets.set(uri['Fn::GetAtt'][0], route.Properties.RouteKey);
    }
    expect(integrationTargets.size).toBe(routeResources.length);
    for (const route of routes) {
      expect(integrationTargets.get(logicalId(stack.functions[route.id]!.fn))).toBe(`${route.method} ${route.path}`);
    }
    expect(integrationTargets.get(logicalId(stack.functions[fallbackRoute.id]!.fn))).toBe('$default');

    // API Gateway may invoke each route's function on its own path only, from this API.
    const permissions = Object.values(nested.resources)
      .filter((r) => r.Type === 'AWS::Lambda::Permission')
      .map((r) => nested.fromMain(r.Properties) as Record<string, any>);
    expect(permissions).toHaveLength(routes.length + 1);
    for (const route of [...routes, { id: fallbackRoute.id, path: '' }]) {
      const fnArn = { 'Fn::GetAtt': [logicalId(stack.functions[route.id]!.fn), 'Arn'] };
      const granted = permissions.filter((p) => JSON.stringify(p.FunctionName) === JSON.stringify(fnArn));
      expect(granted, route.id).toHaveLength(1);
      expect(granted[0]).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
      const sourceArn = JSON.stringify(granted[0]!.SourceArn);
      expect(sourceArn).toContain(JSON.stringify(apiId));
      expect(sourceArn).toContain(`"/*/*${route.path}"`);
    }
    // No invoke permission is left in the main stack.
    expect(Object.values(all).filter((r) => r.Type === 'AWS::Lambda::Permission')).toEqual([]);
  });

  it('runs every function on Node.js 22, arm64, ESM, traced, with its own log group', () => {
    const functions = Object.values(resources()).filter((r) => r.Type === 'AWS::Lambda::Function');
    expect(functions.length).toBe(routes.length + 1 + workers.length);
    for (const fn of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', TracingConfig: { Mode: 'Active' } });
      expect(fn.Properties.LoggingConfig.LogGroup).toBeDefined();
    }
    template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: Match.anyValue() });
  });

  it('enables TTL on the tables that need it, PITR and deletion protection on all', () => {
    for (const def of Object.values(tables)) {
      const table = stack.tables[Object.keys(tables).find((k) => tables[k as keyof typeof tables] === def) as keyof typeof tables];
      const props = resources()[logicalId(table)]!.Properties;
      if ('ttlAttribute' in def) expect(props.TimeToLiveSpecification).toEqual({ AttributeName: def.ttlAttribute, Enabled: true });
      else expect(props.TimeToLiveSpecification).toBeUndefined();
      expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(props.DeletionProtectionEnabled).toBe(true);
    }
    expect(
      Object.values(tables)
        .filter((d) => 'ttlAttribute' in d)
        .map((d) => d.id),
    ).toEqual(['Usage', 'Idempotency', 'Exclusions', 'Sanctions', 'Cache', 'Verifications', 'Exports', 'Monitors', 'Events', 'SourceHealth']);
  });

  it('expires deleted monitors: TTL on expires_at, the attribute the store sets when a monitor is deleted', () => {
    const monitors = resources()[logicalId(stack.tables.monitors)]!.Properties;
    expect(monitors.TimeToLiveSpecification).toEqual({ AttributeName: 'expires_at', Enabled: true });
  });

  it('never lets a deployed function post webhooks to loopback receivers, or fetch sources from loopback', () => {
    for (const [, fn] of Object.entries(resources()).filter(([, r]) => r.Type === 'AWS::Lambda::Function')) {
      const variables = fn.Properties.Environment?.Variables ?? {};
      expect(variables).not.toHaveProperty('WEBHOOK_ALLOW_LOOPBACK');
      expect(variables).not.toHaveProperty('WEBHOOK_ALLOWED_HOSTS');
      expect(variables).not.toHaveProperty('SOURCE_ALLOW_LOOPBACK');
    }
  });

  it('gives every work queue a dead-letter queue, all encrypted and TLS-only', () => {
    for (const id of Object.keys(queues) as (keyof typeof queues)[]) {
      const props = resources()[logicalId(stack.queues[id])]!.Properties;
      expect(props.RedrivePolicy).toEqual({
        deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(stack.deadLetterQueues[id]), 'Arn'] },
        maxReceiveCount: queues[id].maxReceiveCount,
      });
      expect(props.SqsManagedSseEnabled).toBe(true);
    }
    const policies = Object.values(resources()).filter((r) => r.Type === 'AWS::SQS::QueuePolicy');
    const denyInsecure = policies.filter((p) =>
      p.Properties.PolicyDocument.Statement.some((s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false'),
    );
    expect(denyInsecure.length).toBeGreaterThanOrEqual(Object.keys(queues).length * 2);
  });

  it("gives every worker queue a visibility timeout of at least 6 times its function's time-out, and a dead-letter queue that keeps messages longer", () => {
    for (const worker of workers) {
      const timeout = resources()[logicalId(stack.functions[worker.id]!.fn)]!.Properties.Timeout as number;
      const queue = resources()[logicalId(stack.queues[worker.queue])]!.Properties;
      const dlq = resources()[logicalId(stack.deadLetterQueues[worker.queue])]!.Properties;
      expect(queue.VisibilityTimeout, worker.id).toBeGreaterThanOrEqual(6 * timeout);
      expect(dlq.MessageRetentionPeriod, worker.id).toBeGreaterThan(queue.MessageRetentionPeriod);
    }
  });

  it('keeps the certificate bucket private, encrypted, TLS-only and versioned', () => {
    const props = resources()[logicalId(stack.buckets.certificates)]!.Properties;
    expect(props.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(props.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: logicalId(stack.buckets.certificates) },
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  it('schedules the daily monitor sweep and the 12-hourly LEIE check into their queues, every rule in the integration stack', () => {
    // The rules sit in the nested integration stack (they grow with the sources); their targets are the main stack's queues.
    const nested = nestedTemplate(stack, stack.integrationStack);
    const rules = Object.values(nested.resources).filter((r) => r.Type === 'AWS::Events::Rule');
    expect(rules).toHaveLength(Object.keys(schedules).length);
    expect(Object.values(template.toJSON().Resources as Record<string, { Type: string }>).filter((r) => r.Type === 'AWS::Events::Rule')).toEqual([]);
    const target = (expression: string) => {
      const rule = rules.find((r) => r.Properties.ScheduleExpression === expression)!;
      return nested.fromMain(rule.Properties.Targets[0].Arn);
    };
    expect(target('cron(0 6 * * ? *)')).toEqual({ 'Fn::GetAtt': [logicalId(stack.queues.monitorSweep), 'Arn'] });
    expect(target('rate(12 hours)')).toEqual({ 'Fn::GetAtt': [logicalId(stack.queues.leieIngest), 'Arn'] });
    // Each target queue's policy lets EventBridge send only from the rules of this stack.
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: logicalId(stack.queues.monitorSweep) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'events.amazonaws.com' }, Action: Match.anyValue(), Condition: Match.anyValue() }),
        ]),
      },
    });
  });

  it('feeds the LEIE ingest worker from its queue with partial batch responses, and grants it only what it uses', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.queues.leieIngest), 'Arn'] },
      FunctionName: { Ref: logicalId(stack.functions.LeieIngest!.fn) },
      BatchSize: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 2 },
    });
    const statements = statementsOf('LeieIngest');
    const s3Actions = statements.filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:'))).flatMap((s) => [s.Action].flat());
    // GetObject: the archived file the current version's rows are renewed from.
    expect(s3Actions.sort()).toEqual(['s3:GetObject', 's3:PutObject']);
    const touches = (id: keyof typeof tables) => statements.some((s) => JSON.stringify(s.Resource).includes(logicalId(stack.tables[id])));
    expect(touches('exclusions')).toBe(true);
    expect(touches('sourceState')).toBe(true);
    expect(touches('apiKeys')).toBe(false);
    expect(touches('usage')).toBe(false);
  });

  it('scopes grants: the health function touches no table; authenticated routes read keys and count on the account', () => {
    const actions = (id: string) => statementsOf(id).flatMap((s) => [s.Action].flat());
    expect(actions('Health').some((a) => a.startsWith('dynamodb:'))).toBe(false);
    expect(actions('Fallback').some((a) => a.startsWith('dynamodb:'))).toBe(false);

    const account = statementsOf('GetAccount');
    const onTable = (id: keyof typeof tables) =>
      account.filter((s) => JSON.stringify(s.Resource).includes(logicalId(stack.tables[id]))).flatMap((s) => [s.Action].flat());
    expect(onTable('apiKeys')).toContain('dynamodb:GetItem');
    expect(onTable('apiKeys').some((a) => /PutItem|UpdateItem|DeleteItem|BatchWrite/.test(a))).toBe(false);
    // The account's request counters live on its item: UpdateItem counts, nothing creates or deletes accounts.
    expect(onTable('accounts')).toContain('dynamodb:UpdateItem');
    expect(onTable('accounts').some((a) => /PutItem|DeleteItem|BatchWrite/.test(a))).toBe(false);
    // The month's verification counters live on its item in the usage table: read beside the admission,
    // written when counters of an earlier layout move there (and by a route's charges); never deleted.
    expect(onTable('usage').sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    // A GET route stores no idempotency records.
    expect(onTable('idempotency')).toEqual([]);
    const noWildcards = account.every((s) => [s.Action].flat().every((a) => a !== '*' && !a.endsWith(':*')));
    expect(noWildcards).toBe(true);
  });

  it("names each function's resources in its environment, and nothing else", () => {
    const env = (id: string) => resources()[logicalId(stack.functions[id]!.fn)]!.Properties.Environment.Variables;
    expect(Object.keys(env('Health')).sort()).toEqual(['POWERTOOLS_LOG_LEVEL', 'POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_SERVICE_NAME', 'PUBLIC_BASE_URL']);
    // Every authenticated route reads the month's usage from the usage table beside its account.
    expect(Object.keys(env('GetAccount'))).toEqual(expect.arrayContaining(['TABLE_API_KEYS', 'TABLE_ACCOUNTS', 'TABLE_USAGE']));
    expect(Object.keys(env('GetAccount'))).not.toContain('TABLE_IDEMPOTENCY');
    expect(Object.keys(env('GetAccount'))).not.toContain('TABLE_MONITORS');
  });

  it('keeps certificates for seven years: Object Lock, versioning, and tables that refuse deletion', () => {
    const bucket = resources()[logicalId(stack.buckets.certificates)]!.Properties;
    expect(bucket.ObjectLockEnabled).toBe(true);
    expect(bucket.ObjectLockConfiguration).toEqual({
      ObjectLockEnabled: 'Enabled',
      Rule: { DefaultRetention: { Mode: 'GOVERNANCE', Days: 2557 } },
    });
    expect(bucket.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    // No storage-class transition: 36 KB PDFs would be skipped, or cost more (shared/platform/infra/resources.ts).
    expect(bucket.LifecycleConfiguration).toBeUndefined();
    const verifications = resources()[logicalId(stack.tables.verifications)]!;
    expect(verifications.Properties.DeletionProtectionEnabled).toBe(true);
    expect(verifications.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect((verifications as unknown as { DeletionPolicy: string }).DeletionPolicy).toBe('RetainExceptOnCreate');
  });

  it('lets nothing replace a stored PDF: both certificate buckets deny every PutObject without If-None-Match', () => {
    for (const id of ['certificates', 'testCertificates'] as const) {
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: logicalId(stack.buckets[id]) },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Principal: { AWS: '*' },
              Action: 's3:PutObject',
              Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(stack.buckets[id]), 'Arn'] }, '/*']] },
              Condition: { Null: { 's3:if-none-match': 'true' } },
            }),
          ]),
        },
      });
    }
    // The source cache rewrites its objects: no such statement there.
    const policies = Object.values(resources()).filter((r) => r.Type === 'AWS::S3::BucketPolicy');
    const sourceCache = policies.find((p) => p.Properties.Bucket.Ref === logicalId(stack.buckets.sourceCache))!;
    expect(JSON.stringify(sourceCache.Properties.PolicyDocument)).not.toContain('s3:if-none-match');
  });

  it('keeps test-mode PDFs out of the seven-year lock: their own bucket, no Object Lock, deleted after 30 days', () => {
    const bucket = resources()[logicalId(stack.buckets.testCertificates)]!.Properties;
    expect(bucket.ObjectLockEnabled).toBeUndefined();
    expect(bucket.ObjectLockConfiguration).toBeUndefined();
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.LifecycleConfiguration.Rules).toEqual([
      { ExpirationInDays: 30, Status: 'Enabled' },
      { AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
    ]);
    // Not versioned: an expired PDF leaves no version behind.
    expect(bucket.VersioningConfiguration).toBeUndefined();
    const env = resources()[logicalId(stack.functions.GetCertificatePdf!.fn)]!.Properties.Environment.Variables;
    expect(env.BUCKET_TEST_CERTIFICATES).toEqual({ Ref: logicalId(stack.buckets.testCertificates) });
    expect(env.BUCKET_CERTIFICATES).toEqual({ Ref: logicalId(stack.buckets.certificates) });
  });

  it('generates the Idempotency-Key fingerprint pepper and lets only the POST routes read it', () => {
    const secretId = stack.getLogicalId(stack.idempotencyPepperSecret.node.defaultChild as never);
    expect(resources()[secretId]!.Properties.GenerateSecretString).toEqual(expect.objectContaining({ PasswordLength: 64, ExcludePunctuation: true }));
    const readsPepper = (id: string) =>
      statementsOf(id).some((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(s.Resource).includes(secretId));
    const env = (id: string) => resources()[logicalId(stack.functions[id]!.fn)]!.Properties.Environment.Variables;
    for (const route of routes.filter((r) => r.auth === 'api_key')) {
      const post = route.method === 'POST';
      expect(readsPepper(route.id), route.id).toBe(post);
      expect(env(route.id).IDEMPOTENCY_PEPPER_SECRET_ID !== undefined, route.id).toBe(post);
    }
    for (const worker of workers) expect(readsPepper(worker.id), worker.id).toBe(false);
  });

  it('uses compliance-mode Object Lock in production', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdk-prod-'));
    const savedRegion = process.env.CDK_DEFAULT_REGION;
    process.env.CDK_DEFAULT_REGION = 'eu-west-1';
    try {
      const prod = buildApp({
        outdir: dir,
        context: { ...base, domainName: 'api.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' },
        stage: 'prod',
      });
      const t2 = Template.fromStack(prod.stack);
      t2.hasResourceProperties('AWS::S3::Bucket', {
        ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled', Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 2557 } } },
      });
    } finally {
      if (savedRegion === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = savedRegion;
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives every route function a time-out that leaves API Gateway's 30 s integration limit a margin", () => {
    for (const route of routes) {
      const fn = resources()[logicalId(stack.functions[route.id]!.fn)]!;
      expect(fn.Properties.Timeout, route.id).toBeLessThanOrEqual(25);
    }
  });

  it('expires large cached source answers in S3 once their cache item has expired', () => {
    const bucket = resources()[logicalId(stack.buckets.sourceCache)]!;
    const rules = bucket.Properties.LifecycleConfiguration.Rules as { ExpirationInDays?: number; Status: string }[];
    expect(rules).toEqual(expect.arrayContaining([expect.objectContaining({ ExpirationInDays: 61, Status: 'Enabled' })]));
  });

  it('gives the PDF function its bucket objects and signing secret, and the verify functions the signing key', () => {
    const pdf = statementsOf('GetCertificatePdf').flatMap((s) => [s.Action].flat());
    expect(pdf).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject', 'secretsmanager:GetSecretValue']));
    expect(pdf.some((a) => a === 's3:DeleteObject')).toBe(false);
    // The PDF function signs only with the PDF key, never with a certificate signing key.
    const certificateKeys = Object.values(stack.signingKeys).map(logicalId);
    for (const s of statementsOf('GetCertificatePdf')) {
      if ([s.Action].flat().includes('kms:Sign')) {
        expect(JSON.stringify(s.Resource)).toContain(logicalId(stack.pdfSigningKey));
        for (const key of certificateKeys) expect(JSON.stringify(s.Resource)).not.toContain(key);
      }
    }
    const verify = statementsOf('Verify').flatMap((s) => [s.Action].flat());
    expect(verify).toEqual(expect.arrayContaining(['kms:Sign', 'kms:GetPublicKey']));
    expect(verify).not.toContain('s3:DeleteObject');
    // Its only secret is the Idempotency-Key pepper, never the PDF signing material.
    const pdfSecret = stack.getLogicalId(stack.pdfSigningSecret.node.defaultChild as never);
    expect(statementsOf('Verify').some((s) => JSON.stringify(s.Resource).includes(pdfSecret))).toBe(false);
    // S3 only for cached source answers too large for their Cache item, and to add evidence (never read it back).
    const verifyS3 = statementsOf('Verify').filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
    expect(verifyS3.length).toBeGreaterThan(0);
    for (const s of verifyS3) {
      const resource = JSON.stringify(s.Resource);
      if (resource.includes(logicalId(stack.buckets.evidence))) expect([s.Action].flat()).toEqual(['s3:PutObject']);
      else expect(resource).toContain(logicalId(stack.buckets.sourceCache));
    }
    const keys = statementsOf('GetSigningKeys').flatMap((s) => [s.Action].flat());
    expect(keys).toContain('kms:GetPublicKey');
    expect(keys).not.toContain('kms:Sign');
  });

  it('retains stateful resources when the stack is deleted or replaces them, but not after a failed creation', () => {
    const all = template.toJSON().Resources as Record<string, { Type: string; DeletionPolicy?: string; UpdateReplacePolicy?: string }>;
    const stateful = ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::KMS::Key', 'AWS::SecretsManager::Secret', 'AWS::Logs::LogGroup'];
    const found = Object.values(all).filter((r) => stateful.includes(r.Type));
    expect(new Set(found.map((r) => r.Type))).toEqual(new Set(stateful));
    for (const r of found) {
      // RETAIN would orphan them when the first deploy rolls back, and block the next one by name.
      expect(r.DeletionPolicy, r.Type).toBe('RetainExceptOnCreate');
      expect(r.UpdateReplacePolicy, r.Type).toBe('Retain');
    }
  });
});

describe('verification history', () => {
  it('indexes the verifications three ways with a narrow INCLUDE projection, and removes export files and their incomplete uploads after a day', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      GlobalSecondaryIndexes: ['by_owner', 'by_npi', 'by_last_name'].map((name) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: { by_owner: 'owner', by_npi: 'owner_npi', by_last_name: 'owner_last_name' }[name], KeyType: 'HASH' },
          { AttributeName: 'created_key', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['history'] },
      })),
    });
    const exportsBucket = resources()[logicalId(stack.buckets.historyExports)]!.Properties;
    expect(exportsBucket.LifecycleConfiguration).toEqual({
      Rules: [
        { ExpirationInDays: 1, Status: 'Enabled' },
        { AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
      ],
    });
    // Not versioned: a file is gone with its expiry, no noncurrent version outlives it.
    expect(exportsBucket.VersioningConfiguration).toBeUndefined();
  });
});
