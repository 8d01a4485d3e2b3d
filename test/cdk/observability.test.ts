/**
 * Template tests for observability and deployment settings: Powertools configuration and tracing on
 * every function, log retention from context, the alarms (dead letters, error rates, 5xx, verify p99,
 * failing sources) and their topic, the dashboard, the access-log latency metric, and the context
 * keys docs/deployment.md documents.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../lib/build-app.ts';
import { alarmName, alarmThresholds, dashboardName, verifyRouteKey } from '../../lib/service-monitoring.ts';
import { accessLogFormat, monitoredSources, type ServiceStack } from '../../lib/service-stack.ts';
import { queues, tables } from '#shared/platform/infra/resources.ts';
import { routes, workers } from '#shared/platform/infra/routes.ts';
import { metricNames, metricsNamespace, telemetryServiceName } from '#shared/platform/observability/catalogue.ts';
import { nestedTemplate, type NestedTemplate } from '../support/nested-templates.ts';

const dirs: string[] = [];
const previousKey = 'arn:aws:kms:eu-west-1:123456789012:key/0a1b2c3d-1111-2222-3333-444455556666';
const previousTestKey = 'arn:aws:kms:eu-west-1:123456789012:key/0a1b2c3d-7777-8888-9999-444455556666';
const context = {
  'aws:cdk:bundling-stacks': [],
  alarmEmail: 'oncall@example.com',
  alertFromEmail: 'alerts@example.com',
  logRetentionDays: '30',
  logLevel: 'warn',
  domainName: 'api.example.com',
  certificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/abcd-1234',
  nppesApiUrl: 'https://npi.example.com/api/',
  sodaAppTokenSecret: 'license-verification/soda-app-token',
  signingKeyGeneration: '2',
  previousSigningKeyArns: previousKey,
  previousTestSigningKeyArns: previousTestKey,
};

function build(extra: Record<string, unknown> = {}, stage = 'obs'): { app: ReturnType<typeof buildApp>['app']; stack: ServiceStack; template: Template } {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-obs-'));
  dirs.push(outdir);
  const { app, stack } = buildApp({ outdir, context: { ...context, ...extra }, stage });
  return { app, stack, template: Template.fromStack(stack) };
}

let app: ReturnType<typeof buildApp>['app'];
let stack: ServiceStack;
let template: Template;
/** The nested stack of the alarms and the dashboard. */
let monitoring: NestedTemplate;
beforeAll(() => {
  ({ app, stack, template } = build());
  monitoring = nestedTemplate(stack, stack.monitoring.alarmStack);
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string };
const resources = () => template.toJSON().Resources as Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources()).filter(([, r]) => r.Type === type);
const logicalId = (construct: { node: { defaultChild?: unknown } }) => stack.getLogicalId(construct.node.defaultChild as never);
/** The alarms, as the nested stack holds them, with what they take from the main stack resolved to its logical ids. */
const alarms = () =>
  Object.values(monitoring.resources)
    .filter((r) => r.Type === 'AWS::CloudWatch::Alarm')
    .map((r) => monitoring.fromMain(r.Properties) as Record<string, any>);
const alarmNamed = (suffix: string) => alarms().find((a) => a.AlarmName === alarmName(stack.stackName, suffix));
const metricStats = (alarm: Record<string, any>) => (alarm.Metrics ?? []).filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat);

describe('Powertools and tracing on every function', () => {
  it('sets service name, metrics namespace and log level, and active X-Ray tracing', () => {
    const functions = ofType('AWS::Lambda::Function');
    expect(functions).toHaveLength(routes.length + 1 + workers.length);
    for (const [, fn] of functions) {
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: telemetryServiceName,
        POWERTOOLS_METRICS_NAMESPACE: metricsNamespace,
        POWERTOOLS_LOG_LEVEL: 'WARN',
      });
      expect(fn.Properties.Environment.Variables.POWERTOOLS_DEV).toBeUndefined();
    }
  });

  it('keeps every log group, the API access log included, for the configured retention', () => {
    const groups = ofType('AWS::Logs::LogGroup');
    expect(groups).toHaveLength(routes.length + 1 + workers.length + 1);
    for (const [, group] of groups) {
      expect(group.Properties.RetentionInDays).toBe(30);
      expect(group.DeletionPolicy).toBe('RetainExceptOnCreate');
    }
  });

  it('defaults log retention to 90 days and the log level to INFO', () => {
    const { template: plain } = build({ logRetentionDays: undefined, logLevel: undefined }, 'plain');
    plain.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
    plain.allResourcesProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ POWERTOOLS_LOG_LEVEL: 'INFO' }) } });
  });
});

describe('alarms', () => {
  it('are in their own nested stack, none in the main stack, named after the main stack', () => {
    expect(ofType('AWS::CloudWatch::Alarm')).toEqual([]);
    expect(ofType('AWS::CloudWatch::Dashboard')).toEqual([]);
    expect(alarms().length).toBeGreaterThan(100);
    for (const alarm of alarms()) expect(alarm.AlarmName).toMatch(new RegExp(`^${stack.stackName}-alarm-[A-Za-z0-9]+$`));
    // The topic and its key stay in the main stack, so the e-mail subscription outlives any change to the alarms.
    expect(ofType('AWS::SNS::Topic')).toHaveLength(1);
    expect(Object.values(monitoring.resources).filter((r) => r.Type !== 'AWS::CloudWatch::Alarm' && r.Type !== 'AWS::CloudWatch::Dashboard')).toEqual([]);
  });

  it('notify the encrypted alarm topic on alarm and on recovery, and never alarm on missing data', () => {
    const topicId = logicalId(stack.monitoring.topic);
    const functions = routes.length + 1 + workers.length;
    // Per queue: dead letters, oldest message; per function: error rate, throttles; per table: throttles;
    // the API's 5xx and verify p99; per source; unreadable source values; KMS ECC rate; failed webhook events;
    // ageing operator-uploaded sources; refused source files and fetches; source loads held for review.
    expect(alarms().length).toBe(
      2 * Object.keys(queues).length + 2 * functions + Object.keys(tables).length + 2 + monitoredSources().length + 1 + 2 + 1 + 1 + 1,
    );
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions).toEqual([{ Ref: topicId }]);
      expect(alarm.TreatMissingData).toBe('notBreaching');
    }
    const topic = resources()[topicId]!.Properties;
    expect(topic.KmsMasterKeyId).toBeDefined();
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com', TopicArn: { Ref: topicId } });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Allow', Action: 'sns:Publish', Principal: { Service: 'cloudwatch.amazonaws.com' } })]),
      },
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] })]),
      },
    });
  });

  it('fire on any message in each dead-letter queue', () => {
    for (const id of Object.keys(queues) as (keyof typeof queues)[]) {
      const alarm = alarmNamed(`${queues[id].id}DeadLetters`)!;
      expect(alarm).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Namespace: 'AWS/SQS',
        Statistic: 'Maximum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
      });
      expect(alarm.Dimensions).toEqual([{ Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack.deadLetterQueues[id]), 'QueueName'] } }]);
    }
  });

  it('watch the error rate of every function', () => {
    for (const [id, fn] of Object.entries(stack.functions)) {
      const alarm = alarmNamed(`${id}ErrorRate`)!;
      expect(alarm.Threshold).toBe(alarmThresholds.functionErrorRatePercent);
      expect(alarm.Metrics[0].Expression).toBe(`IF(errors >= ${alarmThresholds.functionMinErrors}, 100 * errors / invocations, 0)`);
      const stats = metricStats(alarm);
      expect(stats.map((s: any) => s.Metric.MetricName).sort()).toEqual(['Errors', 'Invocations']);
      for (const s of stats) expect(s.Metric.Dimensions).toEqual([{ Name: 'FunctionName', Value: { Ref: logicalId(fn.fn) } }]);
    }
  });

  it('watch the API 5xx rate of the stage', () => {
    const alarm = alarmNamed('Api5xxRate')!;
    expect(
      metricStats(alarm)
        .map((s: any) => [s.Metric.Namespace, s.Metric.MetricName])
        .sort(),
    ).toEqual([
      ['AWS/ApiGateway', '5xx'],
      ['AWS/ApiGateway', 'Count'],
    ]);
    expect(alarm.Threshold).toBe(alarmThresholds.api5xxRatePercent);
    for (const s of metricStats(alarm)) expect(s.Metric.Dimensions).toEqual(expect.arrayContaining([{ Name: 'ApiId', Value: { Ref: logicalId(stack.api) } }]));
  });

  it('watch the client-facing p99 of POST /v1/verify, measured from the access log', () => {
    const alarm = alarmNamed('VerifyLatencyP99')!;
    expect(alarm).toMatchObject({
      Namespace: metricsNamespace,
      MetricName: metricNames.verifyLatency,
      ExtendedStatistic: 'p99',
      Threshold: alarmThresholds.verifyP99Ms,
      EvaluationPeriods: 3,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: Match.stringLikeRegexp('ApiAccessLogs') },
      FilterPattern: `{ $.routeKey = "${verifyRouteKey}" }`,
      MetricTransformations: [
        { MetricNamespace: metricsNamespace, MetricName: metricNames.verifyLatency, MetricValue: '$.responseLatency', Unit: 'Milliseconds' },
      ],
    });
  });

  it('writes access-log lines the latency filter can read: JSON, with the latency a number', () => {
    const stage = ofType('AWS::ApiGatewayV2::Stage')[0]![1].Properties;
    expect(stage.AccessLogSettings.Format).toBe(accessLogFormat);
    // messageString comes quoted by API Gateway itself.
    const values: Record<string, string> = { '$context.status': '200', '$context.responseLatency': '1234', '$context.error.messageString': '"Not Found"' };
    const sample = accessLogFormat.replace(/\$context\.[A-Za-z.]+/g, (v) => values[v] ?? 'x');
    expect(JSON.parse(sample)).toMatchObject({ routeKey: 'x', status: 200, responseLatency: 1234 });
  });

  it('fire when one source fails repeatedly, one alarm per source, on the service metric', () => {
    const sources = monitoredSources();
    expect(sources).toEqual(expect.arrayContaining(['NPPES NPI Registry', 'OIG LEIE', 'Washington State Department of Health']));
    for (const source of sources) {
      const alarm = alarms().find((a) => a.MetricName === metricNames.sourceFailures && a.Dimensions.some((d: any) => d.Value === source))!;
      expect(alarm).toMatchObject({ Namespace: metricsNamespace, Statistic: 'Sum', Threshold: alarmThresholds.sourceFailures, EvaluationPeriods: 2 });
      expect(alarm.Dimensions).toEqual(
        expect.arrayContaining([
          { Name: 'service', Value: telemetryServiceName },
          { Name: 'source', Value: source },
        ]),
      );
    }
    // One value no source's connector can read, from any source, alarms at once.
    const unreadable = alarms().filter((a) => a.MetricName === metricNames.unreadableValues);
    expect(unreadable).toHaveLength(1);
    expect(unreadable[0]).toMatchObject({ Namespace: metricsNamespace, Statistic: 'Sum', Threshold: 1, EvaluationPeriods: 1 });
    expect(unreadable[0]!.Dimensions).toEqual([{ Name: 'service', Value: telemetryServiceName }]);
    // One source file or fetch refused by the ingestion rules (an off-host link or redirect), from any source, alarms at once.
    const refused = alarms().filter((a) => a.MetricName === metricNames.ingestRefusalsAll);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      AlarmName: alarmName(stack.stackName, 'SourceIngestRefused'),
      Namespace: metricsNamespace,
      Statistic: 'Sum',
      Threshold: 1,
      EvaluationPeriods: 1,
    });
    expect(refused[0]!.Dimensions).toEqual([{ Name: 'service', Value: telemetryServiceName }]);
    // One load held for review, of any list or roster, alarms at once.
    const held = alarms().filter((a) => a.MetricName === metricNames.sourceLoadsHeld);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ Namespace: metricsNamespace, Statistic: 'Sum', Threshold: 1, EvaluationPeriods: 1 });
    expect(held[0]!.AlarmName).toMatch(/-SourceLoadHeld$/);
    expect(held[0]!.Dimensions).toEqual([{ Name: 'service', Value: telemetryServiceName }]);
  });
});

describe('dashboard', () => {
  it('graphs the API, verify latency, verifications, cache, sources, webhooks, quota rejections, errors and dead letters', () => {
    const dashboards = Object.values(monitoring.resources).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const dashboard = dashboards[0]!;
    expect(dashboard.Properties.DashboardName).toBe(dashboardName(stack.stackName));
    expect(template.toJSON().Outputs.DashboardName.Value).toBe(dashboard.Properties.DashboardName);
    const body = JSON.stringify(monitoring.fromMain(dashboard.Properties.DashboardBody));
    for (const name of Object.values(metricNames)) expect(body).toContain(name);
    for (const text of ['5xx', 'Errors', 'ApproximateNumberOfMessagesVisible', '100 * hits / (hits + misses)']) expect(body).toContain(text);
    // Its function series name the main stack's functions.
    for (const fn of Object.values(stack.functions)) expect(body).toContain(JSON.stringify({ Ref: logicalId(fn.fn) }));
  });
});

describe('deployment context', () => {
  it('maps the custom domain, and links point at it', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.com',
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: context.certificateArn, EndpointType: 'REGIONAL' })],
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', { DomainName: { Ref: Match.anyValue() }, Stage: Match.anyValue() });
    template.allResourcesProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ PUBLIC_BASE_URL: 'https://api.example.com' }) } });
    template.hasOutput('ApiDomainTarget', {});
  });

  it('gives source overrides and the Socrata token (a deploy-time secret reference) only to functions that call sources', () => {
    const env = (id: string) => resources()[logicalId(stack.functions[id]!.fn)]!.Properties.Environment.Variables;
    for (const id of ['Verify', 'VerifyBulk', 'CreateMonitor', 'MonitorCheck', 'LeieIngest']) {
      expect(env(id).NPPES_API_URL).toBe('https://npi.example.com/api/');
      expect(env(id).SODA_APP_TOKEN).toBe('{{resolve:secretsmanager:license-verification/soda-app-token:SecretString:::}}');
      expect(env(id).SODA_BASE_URL).toBeUndefined();
    }
    for (const id of ['Health', 'GetCertificate', 'WebhookDelivery']) {
      expect(env(id).NPPES_API_URL).toBeUndefined();
      expect(env(id).SODA_APP_TOKEN).toBeUndefined();
    }
  });

  it('rolls the signing key: a new key for a new generation, retired keys published and readable, never used to sign', () => {
    expect(stack.getLogicalId(stack.signingKeys.live.node.defaultChild as never)).toMatch(/^CertificateSigningKey2/);
    expect(stack.getLogicalId(stack.signingKeys.test.node.defaultChild as never)).toMatch(/^TestCertificateSigningKey[0-9A-F]{8}$/);
    const env = resources()[logicalId(stack.functions.Verify!.fn)]!.Properties.Environment.Variables;
    expect(env.SIGNING_KMS_PREVIOUS_KEY_IDS).toBe(previousKey);
    expect(env.TEST_SIGNING_KMS_PREVIOUS_KEY_IDS).toBe(previousTestKey);
    const roleId = logicalId(stack.functions.GetSigningKeys!.role);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: any) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
    // With @aws-cdk/aws-iam:minimizePolicies (cdk.json) the retired key may share a statement with the current one.
    for (const retired of [previousKey, previousTestKey]) {
      expect(statements.some((s: any) => s.Action === 'kms:GetPublicKey' && [s.Resource].flat().includes(retired))).toBe(true);
      expect(statements.some((s: any) => JSON.stringify(s).includes(retired) && [s.Action].flat().includes('kms:Sign'))).toBe(false);
    }
  });

  it('synthesises with every option set and no unacknowledged cdk-nag finding', () => {
    expect(() => app.synth()).not.toThrow();
  });

  it('is cdk diff-friendly: the same context synthesises the same templates, nested ones included', () => {
    const again = build({}, 'obs');
    expect(again.template.toJSON()).toEqual(template.toJSON());
    expect(nestedTemplate(again.stack, again.stack.monitoring.alarmStack).template.toJSON()).toEqual(monitoring.template.toJSON());
    expect(nestedTemplate(again.stack, again.stack.integrationStack).template.toJSON()).toEqual(
      nestedTemplate(stack, stack.integrationStack).template.toJSON(),
    );
  });
});
