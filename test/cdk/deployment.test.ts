/**
 * Template tests for what a first deploy and the prod stage need: the CDK feature flags, the SES
 * identity of the alert sender and its scoped grant, prod reachable only under its custom domain with
 * a certificate from the stack's region, the access log (vendedlogs name, JSON-safe line), per-route
 * throttles on the public routes, the throttling / backlog / failed-webhook alarms, and the buckets'
 * lifecycle rules: PDF-sized objects kept out of transitions they would skip or pay more for, the source
 * archive kept as evidence, incomplete multipart uploads removed wherever objects expire (the history
 * exports' own rules are in template.test.ts).
 */
import { Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../lib/build-app.ts';
import { DeploymentConfigError } from '../../lib/deployment-config.ts';
import { alarmName, alarmThresholds, kmsEccUsage } from '../../lib/service-monitoring.ts';
import {
  accessLogFormat,
  accessLogGroupName,
  oldestMessageAlarmSeconds,
  publicRouteKeys,
  publicRouteThrottle,
  type ServiceStack,
} from '../../lib/service-stack.ts';
import { buckets, evidenceRetentionDays, noncurrentVersionDays, queues, tables, type BucketId } from '#shared/platform/infra/resources.ts';
import { routes, workers } from '#shared/platform/infra/routes.ts';
import { metricNames, metricsNamespace } from '#shared/platform/observability/catalogue.ts';
import { nestedTemplate } from '../support/nested-templates.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
const sender = 'alerts@example.com';
const base = { 'aws:cdk:bundling-stacks': [], alertFromEmail: sender };
const prodDomain = { domainName: 'api.example.com', certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abc' };

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };
interface Built {
  stack: ServiceStack;
  template: Template;
  resources: Record<string, Resource>;
}

/** Builds the app as `cdk synth` would, with CDK_DEFAULT_REGION set to `region` (unset when undefined). */
function build(context: Record<string, unknown>, stage: string, region?: string): Built {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-deploy-'));
  dirs.push(outdir);
  const saved = process.env.CDK_DEFAULT_REGION;
  if (region === undefined) delete process.env.CDK_DEFAULT_REGION;
  else process.env.CDK_DEFAULT_REGION = region;
  try {
    const { stack } = buildApp({ outdir, context, stage });
    const template = Template.fromStack(stack);
    return { stack, template, resources: template.toJSON().Resources };
  } finally {
    if (saved === undefined) delete process.env.CDK_DEFAULT_REGION;
    else process.env.CDK_DEFAULT_REGION = saved;
  }
}

const ofType = (b: Built, type: string) => Object.entries(b.resources).filter(([, r]) => r.Type === type);
const logicalId = (b: Built, construct: { node: { defaultChild?: unknown } }) => b.stack.getLogicalId(construct.node.defaultChild as never);

/** The statements of the webhook worker's role that mention SES. */
function sesStatements(b: Built): any[] {
  const roleId = logicalId(b, b.stack.functions.WebhookDelivery!.role);
  return ofType(b, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
    .filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('ses:')));
}
const envOf = (b: Built, id: string) => b.resources[logicalId(b, b.stack.functions[id]!.fn)]!.Properties.Environment.Variables;
const identityArn = (b: Built, name: string) =>
  JSON.stringify(b.stack.resolve(b.stack.formatArn({ service: 'ses', resource: 'identity', resourceName: name })));

let staging: Built;
beforeAll(() => {
  staging = build(base, 'staging');
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('CDK feature flags', () => {
  it('cdk.json sets every flag the installed aws-cdk-lib recommends (what cdk init writes), and the app gets them', () => {
    const recommended = JSON.parse(readFileSync(join(repoRoot, 'node_modules/aws-cdk-lib/recommended-feature-flags.json'), 'utf8')) as Record<string, unknown>;
    const context = JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')).context as Record<string, unknown>;
    expect(Object.keys(recommended).length).toBeGreaterThan(50);
    for (const [flag, value] of Object.entries(recommended)) expect(context[flag], flag).toEqual(value);
    expect(staging.stack.node.tryGetContext('@aws-cdk/aws-iam:minimizePolicies')).toBe(true);
    // serverAccessLogsUseBucketPolicy: the access-log bucket takes logs through its policy, not an ACL.
    const logBucket = ofType(staging, 'AWS::S3::Bucket').find(([id]) => id.startsWith('AccessLogBucket'))![1];
    expect(logBucket.Properties.AccessControl).toBeUndefined();
  });
});

describe('a first deploy that fails rolls back cleanly', () => {
  it('makes the tables without deletion protection on the first deploy only, so the rollback may delete them; later deploys protect them', () => {
    const tables = (b: Built) => ofType(b, 'AWS::DynamoDB::Table').map(([, r]) => r);
    const first = build({ ...base, firstDeploy: 'true' }, 'staging');
    expect(tables(first).length).toBeGreaterThan(10);
    for (const table of tables(first)) {
      expect(table.Properties.DeletionProtectionEnabled).toBe(false);
      // Deleted when the failed creation rolls back (they are new and empty), kept on any later delete.
      expect((table as { DeletionPolicy?: string }).DeletionPolicy).toBe('RetainExceptOnCreate');
    }
    for (const table of tables(staging)) expect(table.Properties.DeletionProtectionEnabled).toBe(true);
  });
});

describe('webhook failure e-mail (SES)', () => {
  it('creates the sender identity and lets the webhook worker send only from it, as the sender', () => {
    const [, identity] = ofType(staging, 'AWS::SES::EmailIdentity')[0]!;
    expect(ofType(staging, 'AWS::SES::EmailIdentity')).toHaveLength(1);
    expect(identity.Properties.EmailIdentity).toBe(sender);
    const statements = sesStatements(staging);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Effect: 'Allow', Action: 'ses:SendEmail', Condition: { StringEquals: { 'ses:FromAddress': sender } } });
    expect(JSON.stringify(statements[0].Resource)).toBe(identityArn(staging, sender));
    expect(JSON.stringify(statements)).not.toContain('identity/*');
    expect(envOf(staging, 'WebhookDelivery').ALERT_FROM_EMAIL).toBe(sender);
    // Only the webhook worker sends e-mail.
    for (const id of Object.keys(staging.stack.functions).filter((id) => id !== 'WebhookDelivery')) expect(envOf(staging, id).ALERT_FROM_EMAIL).toBeUndefined();
  });

  it('uses an existing identity, a domain identity (with its DKIM records) and sandbox recipients as configured', () => {
    const existing = build({ ...base, alertFromIdentityExists: 'true' }, 'existing');
    expect(ofType(existing, 'AWS::SES::EmailIdentity')).toHaveLength(0);
    expect(JSON.stringify(sesStatements(existing)[0].Resource)).toBe(identityArn(existing, sender));

    const domain = build({ ...base, alertFromIdentity: 'example.com', sesSandboxRecipients: 'qa@example.org' }, 'domain');
    expect(ofType(domain, 'AWS::SES::EmailIdentity').map(([, r]) => r.Properties.EmailIdentity)).toEqual(['example.com']);
    const [statement] = sesStatements(domain);
    expect(statement.Condition).toEqual({ StringEquals: { 'ses:FromAddress': sender } });
    expect(statement.Resource.map((r: unknown) => JSON.stringify(r))).toEqual([identityArn(domain, 'example.com'), identityArn(domain, 'qa@example.org')]);
    expect(Object.keys(domain.template.toJSON().Outputs)).toEqual(expect.arrayContaining(['AlertSenderDkim1', 'AlertSenderDkim2', 'AlertSenderDkim3']));
  });

  it('refuses a stage other than dev without a sender; dev without one gets no identity, no grant, and no e-mail', () => {
    expect(() => build({ 'aws:cdk:bundling-stacks': [] }, 'staging')).toThrow(DeploymentConfigError);
    expect(() => build({ 'aws:cdk:bundling-stacks': [] }, 'staging')).toThrow(/needs context alertFromEmail/);
    const dev = build({ 'aws:cdk:bundling-stacks': [] }, 'dev');
    expect(ofType(dev, 'AWS::SES::EmailIdentity')).toHaveLength(0);
    expect(sesStatements(dev)).toEqual([]);
    expect(envOf(dev, 'WebhookDelivery')).toMatchObject({ ALERT_EMAIL: 'disabled' });
    expect(envOf(dev, 'WebhookDelivery').ALERT_FROM_EMAIL).toBeUndefined();
  });
});

describe('prod: reachable only under its custom domain', () => {
  it('fails the synth without a custom domain, with a message that says what to set', () => {
    expect(() => build(base, 'prod', 'eu-west-1')).toThrow(DeploymentConfigError);
    expect(() => build(base, 'prod', 'eu-west-1')).toThrow(/Stage prod needs a custom domain: set context domainName and certificateArn/);
  });

  it('fails when the certificate is from another region than the stack, or the region is unknown', () => {
    expect(() => build({ ...base, ...prodDomain }, 'prod', 'us-east-1')).toThrow(/certificateArn is in eu-west-1 but the stack deploys to us-east-1/);
    expect(() => build({ ...base, ...prodDomain }, 'prod', undefined)).toThrow(/needs the stack's region at synth/);
    // Other stages are checked whenever the region is known.
    expect(() => build({ ...base, ...prodDomain }, 'staging', 'us-east-1')).toThrow(/certificateArn is in eu-west-1/);
  });

  it('refuses a public base URL other than the custom domain', () => {
    expect(() => build({ ...base, ...prodDomain, publicBaseUrl: 'https://verify.example.com' }, 'prod', 'eu-west-1')).toThrow(
      /publicBaseUrl must be the custom domain/,
    );
  });

  it('disables the execute-api endpoint; links and ApiUrl use the custom domain', () => {
    const prod = build({ ...base, ...prodDomain }, 'prod', 'eu-west-1');
    const [, api] = ofType(prod, 'AWS::ApiGatewayV2::Api')[0]!;
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(true);
    prod.template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', { DomainName: prodDomain.domainName });
    for (const [, fn] of ofType(prod, 'AWS::Lambda::Function')) expect(fn.Properties.Environment.Variables.PUBLIC_BASE_URL).toBe('https://api.example.com');
    expect(prod.template.toJSON().Outputs.ApiUrl.Value).toBe('https://api.example.com');
    // Other stages keep their own endpoint.
    expect(ofType(staging, 'AWS::ApiGatewayV2::Api')[0]![1].Properties.DisableExecuteApiEndpoint).not.toBe(true);
  });
});

describe('API access log and throttles', () => {
  it('logs to a log group under /aws/vendedlogs/', () => {
    const [, stage] = ofType(staging, 'AWS::ApiGatewayV2::Stage')[0]!;
    const groupId = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0] as string;
    expect(staging.resources[groupId]!.Properties.LogGroupName).toBe('/aws/vendedlogs/apigateway/license-verification-staging');
    expect(accessLogGroupName('prod')).toBe('/aws/vendedlogs/apigateway/license-verification-prod');
  });

  it('writes no free-text variable into the JSON line (HTTP APIs do not escape them)', () => {
    const variables = accessLogFormat.match(/\$context\.[A-Za-z.]+/g)!;
    for (const free of ['$context.integrationErrorMessage', '$context.integration.error', '$context.error.message', '$context.identity.userAgent']) {
      expect(variables).not.toContain(free);
    }
    // API Gateway quotes messageString itself: it stands unquoted in the template.
    expect(accessLogFormat).toContain('"error":$context.error.messageString}');
    // A message with quotes and backslashes, as API Gateway would quote it, still gives one JSON object.
    const line = accessLogFormat.replace(/\$context\.[A-Za-z.]+/g, (v) =>
      v === '$context.error.messageString' ? JSON.stringify('Bad "x" \\ y') : ['$context.status', '$context.responseLatency'].includes(v) ? '502' : '-',
    );
    expect(JSON.parse(line)).toMatchObject({ status: 502, error: 'Bad "x" \\ y', integrationStatus: '-' });
  });

  it('throttles each public route and $default on their own, after the routes exist', () => {
    const publicKeys = routes.filter((r) => r.auth === 'public').map((r) => `${r.method} ${r.path}`);
    expect(publicKeys).toEqual(expect.arrayContaining(['GET /records/{verification_id}', 'GET /docs']));
    expect(publicRouteKeys().sort()).toEqual([...publicKeys, '$default'].sort());
    const [stageId, stage] = ofType(staging, 'AWS::ApiGatewayV2::Stage')[0]!;
    expect(Object.keys(stage.Properties.RouteSettings).sort()).toEqual(publicRouteKeys().sort());
    for (const settings of Object.values(stage.Properties.RouteSettings)) {
      expect(settings).toEqual({ ThrottlingRateLimit: publicRouteThrottle.rateLimit, ThrottlingBurstLimit: publicRouteThrottle.burstLimit });
    }
    // Authenticated routes keep the stage default, well above the public limit.
    expect(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(publicRouteThrottle.rateLimit);
    const routeIdsByKey = new Map(ofType(staging, 'AWS::ApiGatewayV2::Route').map(([id, r]) => [r.Properties.RouteKey as string, id]));
    for (const key of publicRouteKeys()) expect(staging.resources[stageId]!.DependsOn, key).toContain(routeIdsByKey.get(key));
  });
});

describe('alarms on throttling, backlog and failed webhooks', () => {
  /** The alarms of the nested monitoring stack, with what they take from the main stack resolved to its logical ids. */
  let resolved: Record<string, any>[] | undefined;
  const alarms = () => {
    if (!resolved) {
      const nested = nestedTemplate(staging.stack, staging.stack.monitoring.alarmStack);
      resolved = Object.values(nested.resources)
        .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
        .map((r) => nested.fromMain(r.Properties) as Record<string, any>);
    }
    return resolved;
  };
  const named = (suffix: string) => alarms().find((a) => a.AlarmName === alarmName(staging.stack.stackName, suffix))!;

  it('per function: throttled invocations', () => {
    expect(Object.keys(staging.stack.functions)).toHaveLength(routes.length + 1 + workers.length);
    for (const [id, fn] of Object.entries(staging.stack.functions)) {
      const alarm = named(`${id}Throttles`);
      expect(alarm).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles', Statistic: 'Sum', Threshold: alarmThresholds.functionThrottles });
      expect(alarm.Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: logicalId(staging, fn.fn) } }]);
    }
  });

  it('per table: read and write throttle events', () => {
    for (const [id, def] of Object.entries(tables)) {
      const alarm = named(`${def.id}Throttles`);
      expect(alarm.Metrics[0].Expression).toBe('reads + writes');
      const stats = alarm.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric);
      expect(stats.map((m: any) => m.MetricName).sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
      for (const m of stats)
        expect(m.Dimensions).toEqual([{ Name: 'TableName', Value: { Ref: logicalId(staging, staging.stack.tables[id as keyof typeof tables]) } }]);
    }
  });

  it('per work queue: the age of the oldest message', () => {
    for (const [id, def] of Object.entries(queues)) {
      const alarm = named(`${def.id}OldestMessage`);
      expect(alarm).toMatchObject({
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateAgeOfOldestMessage',
        Statistic: 'Maximum',
        Threshold: oldestMessageAlarmSeconds(def),
      });
      expect(alarm.Dimensions).toEqual([
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(staging, staging.stack.queues[id as keyof typeof queues]), 'QueueName'] } },
      ]);
      expect(oldestMessageAlarmSeconds(def)).toBeGreaterThan(900);
    }
  });

  it('KMS: ECC request rate against the account quota (AWS/Usage)', () => {
    const alarm = named('KmsEccRequestRate');
    expect(alarm.Threshold).toBe(alarmThresholds.kmsEccQuotaPercent);
    expect(alarm.Metrics[0].Expression).toBe('100 * (ecc / 60) / SERVICE_QUOTA(ecc)');
    const ecc = alarm.Metrics.find((m: any) => m.Id === 'ecc').MetricStat;
    expect(ecc).toMatchObject({ Metric: { Namespace: 'AWS/Usage', MetricName: 'CallCount' }, Period: 60, Stat: 'Sum' });
    expect(Object.fromEntries(ecc.Metric.Dimensions.map((d: any) => [d.Name, d.Value]))).toEqual(kmsEccUsage);
  });

  it('a webhook event that failed for good, on the service metric', () => {
    const alarm = named('WebhookEventsFailed');
    expect(alarm).toMatchObject({ Namespace: metricsNamespace, MetricName: metricNames.webhookDeliveries, Statistic: 'Sum', Threshold: 1 });
    expect(alarm.Dimensions).toEqual(expect.arrayContaining([{ Name: 'result', Value: 'failed' }]));
  });
});

describe('bucket lifecycle', () => {
  const bucketsOf = (b: Built) => ofType(b, 'AWS::S3::Bucket');
  const rulesOf = (bucket: Resource) => (bucket.Properties.LifecycleConfiguration?.Rules ?? []) as Record<string, any>[];
  const bucket = (b: Built, id: BucketId) => b.resources[logicalId(b, b.stack.buckets[id])]!;

  it('keeps certificate PDFs and evidence responses in S3 Standard: no transition that 36 KB PDFs would be skipped by or pay more for', () => {
    for (const id of ['certificates', 'testCertificates', 'evidence'] as const) {
      expect(
        rulesOf(bucket(staging, id)).filter((r) => r.Transitions?.length || r.NoncurrentVersionTransitions?.length),
        id,
      ).toEqual([]);
    }
    expect(bucket(staging, 'certificates').Properties.LifecycleConfiguration).toBeUndefined();
    // Object Lock keeps these for their years; no lifecycle rule touches them.
    expect(bucket(staging, 'evidence').Properties.LifecycleConfiguration).toBeUndefined();
  });

  it('keeps the source archive as evidence for eight years, in Glacier Instant Retrieval after 90 days, its noncurrent versions 90 days', () => {
    const archive = bucket(staging, 'sourceArchive').Properties;
    expect(archive.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(archive.ObjectLockEnabled).toBeUndefined();
    expect(archive.LifecycleConfiguration).toEqual({
      Rules: [
        {
          ExpirationInDays: evidenceRetentionDays,
          NoncurrentVersionExpiration: { NoncurrentDays: noncurrentVersionDays },
          // Instant retrieval: the version in force is still read back (renewal, load comparison) with a plain GetObject.
          Transitions: [{ StorageClass: 'GLACIER_IR', TransitionInDays: 90 }],
          Status: 'Enabled',
        },
        { ExpiredObjectDeleteMarker: true, Status: 'Enabled' },
        { AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
      ],
      // Load records (a few KB of JSON) stay in Standard, where they cost less than Glacier's 128 KB minimum.
      TransitionDefaultMinimumObjectSize: 'all_storage_classes_128K',
    });
    // As long as the evidence bucket keeps what certificates name, and long enough to outlive seven-year certificates.
    expect(evidenceRetentionDays).toBe(buckets.evidence.retentionDays);
    expect(evidenceRetentionDays).toBeGreaterThanOrEqual(8 * 365);
    // Nothing that reads the archive back needs a restore: no Glacier Flexible Retrieval or Deep Archive.
    const classes = rulesOf(bucket(staging, 'sourceArchive')).flatMap((r) => [...(r.Transitions ?? []), ...(r.NoncurrentVersionTransitions ?? [])]);
    for (const t of classes) expect(['STANDARD_IA', 'GLACIER_IR', 'INTELLIGENT_TIERING']).toContain(t.StorageClass);
  });

  it('gives every bucket whose objects expire a rule that removes incomplete multipart uploads, and expires noncurrent versions where it keeps versions', () => {
    let expiring = 0;
    for (const [id, b] of bucketsOf(staging)) {
      const rules = rulesOf(b).filter((r) => r.Status === 'Enabled');
      if (!rules.some((r) => r.ExpirationInDays !== undefined || r.ExpirationDate !== undefined)) continue;
      expiring++;
      expect(
        rules.some((r) => r.AbortIncompleteMultipartUpload?.DaysAfterInitiation === 1 && !r.Prefix && !r.TagFilters),
        id,
      ).toBe(true);
      if (b.Properties.VersioningConfiguration?.Status === 'Enabled') {
        expect(
          rules.some((r) => r.NoncurrentVersionExpiration?.NoncurrentDays !== undefined),
          id,
        ).toBe(true);
        expect(
          rules.some((r) => r.ExpiredObjectDeleteMarker === true),
          id,
        ).toBe(true);
      }
    }
    // The access-log bucket, the test certificates, the source cache and archive, and the history exports.
    expect(expiring).toBe(5);
  });
});
