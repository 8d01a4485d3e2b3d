/**
 * Alarms and the dashboard. Every alarm notifies one SNS topic (encrypted, TLS only; an e-mail address
 * from context `alarmEmail` is subscribed) when it goes into ALARM and when it recovers.
 *
 * The topic, its key and subscription, and the access-log metric filter stay in the main stack; the
 * alarms and the dashboard are in a nested stack of their own (`alarmStack`), so the main stack stays far
 * from CloudFormation's 500 resources per stack as routes are added (two alarms per function). CDK passes
 * what they name from the main stack (function, queue and table names, the API, the topic) as parameters
 * of the nested stack.
 *
 * The alarms:
 * - a message in any dead-letter queue;
 * - a work queue whose oldest message is older than its retries could make it (per queue);
 * - a function's error rate, and throttled invocations (per function);
 * - throttled reads and writes (per table);
 * - the API's 5xx rate;
 * - the p99 latency of POST /v1/verify as clients see it (from the API access log, so cold starts count);
 * - a source failing repeatedly (per source, from the service's `SourceFailures` metric);
 * - a source file or fetch refused by the ingestion rules (every source, `IngestRefusals`);
 * - the account's KMS ECC request rate (Sign, the certificate signatures) near its quota;
 * - a webhook event that failed for good (the service's `WebhookDeliveries` metric, result `failed`).
 * Thresholds are in `alarmThresholds`; missing data (no traffic) never alarms.
 */
import { Aws, Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  MathExpression,
  Metric,
  TextWidget,
  TreatMissingData,
  Unit,
  type IMetric,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { metricDimensions, metricNames, metricsNamespace, telemetryServiceName, type MetricId } from '../shared/platform/observability/catalogue.ts';
import { operatorAlarmDaysLeft } from '../shared/features/sources/freshness.ts';
import type { ServiceFunction } from './service-function.ts';

export const alarmThresholds = {
  /** Evaluation period of every alarm. */
  periodMinutes: 5,
  /** Function errors as a share of invocations, %, once at least `functionMinErrors` errors occur; 2 periods in a row. */
  functionErrorRatePercent: 5,
  functionMinErrors: 3,
  /** API 5xx responses as a share of requests, %, once at least `api5xxMinErrors` occur; 2 periods in a row. */
  api5xxRatePercent: 1,
  api5xxMinErrors: 5,
  /** p99 of POST /v1/verify, ms; 3 periods in a row. */
  verifyP99Ms: 5_000,
  /** Failures of one source in a period; 2 periods in a row. */
  sourceFailures: 5,
  /** Days an operator-uploaded source may have left before it is stale (its policy's warning age), in a day. */
  operatorSourceDaysLeft: operatorAlarmDaysLeft(),
  /** Throttled invocations of one function in a period. */
  functionThrottles: 5,
  /** Read plus write throttle events of one table in a period (the SDK retries them); 2 periods in a row. */
  tableThrottleEvents: 10,
  /**
   * KMS ECC requests (Sign; certificates are signed with an ECC key) as a share of the account's quota,
   * %, from the `AWS/Usage` CallCount (1-minute sums, so the per-second quota ×60); 3 minutes in a row.
   * KMS publishes no throttling metric: throttled requests are the ones over this quota.
   */
  kmsEccQuotaPercent: 80,
  /** Webhook events that failed for good (after every retry) in a period. */
  webhookEventsFailed: 1,
} as const;

/** The account-wide usage metric of KMS's ECC cryptographic-operations quota (Sign, Verify). */
export const kmsEccUsage = { Service: 'KMS', Type: 'API', Resource: 'CryptographicOperationsEcc', Class: 'None' } as const;

/** The route whose client-facing latency is alarmed on. */
export const verifyRouteKey = 'POST /v1/verify';

export interface ServiceMonitoringProps {
  readonly apiStage: HttpStage;
  /** The API access log group, written in `accessLogFormat` (JSON with `routeKey` and `responseLatency`). */
  readonly accessLogs: ILogGroup;
  readonly functions: Readonly<Record<string, ServiceFunction>>;
  readonly deadLetterQueues: Readonly<Record<string, IQueue>>;
  /** The work queues, each with the age of its oldest message that means it is not being drained. */
  readonly workQueues: Readonly<Record<string, { queue: IQueue; maxAgeSeconds: number }>>;
  readonly tables: Readonly<Record<string, ITable>>;
  /** Names of the external sources, as the `source` dimension carries them. */
  readonly sources: readonly string[];
  readonly alarmEmail?: string;
}

const period = Duration.minutes(alarmThresholds.periodMinutes);

/**
 * Name of one alarm of the stack `stackName`. The `alarm` infix is there since the alarms moved into their
 * nested stack: a deploy creates the new alarms before it deletes the main stack's old ones, which held
 * the names without it.
 */
export function alarmName(stackName: string, id: string): string {
  return `${stackName}-alarm-${id}`;
}

/** Name of the stack's dashboard (renamed, like the alarms, when it moved into the nested stack). */
export function dashboardName(stackName: string): string {
  return `${stackName}-dashboard`;
}

/** One of the service's own metrics (namespace, `service` dimension and the given dimensions). */
export function serviceMetric<M extends MetricId>(id: M, dimensions: Record<(typeof metricDimensions)[M][number], string>, statistic = 'Sum'): Metric {
  return new Metric({
    namespace: metricsNamespace,
    metricName: metricNames[id],
    dimensionsMap: { service: telemetryServiceName, ...dimensions },
    statistic,
    period,
  });
}

/** Every series of one of the service's metrics, one line per dimension value (CloudWatch SEARCH). */
function searchSeries(id: MetricId, statistic: string, label: string): MathExpression {
  const schema = [metricsNamespace, 'service', ...metricDimensions[id]].sort((a, b) =>
    a === metricsNamespace ? -1 : b === metricsNamespace ? 1 : a.localeCompare(b),
  );
  return new MathExpression({
    expression: `SEARCH('{${schema.join(',')}} MetricName="${metricNames[id]}"', '${statistic}', ${period.toSeconds()})`,
    usingMetrics: {},
    label,
    period,
  });
}

/**
 * One alarm: its id (the alarm's name ends with it), what it means and what to do, the metric, the
 * threshold, and for how many consecutive periods the metric must breach it (every one of them).
 */
export interface AlarmDefinition {
  readonly id: string;
  readonly description: string;
  readonly metric: IMetric;
  readonly threshold: number;
  readonly periods: number;
  /** Default: the metric at or above the threshold. */
  readonly comparison?: ComparisonOperator;
}

/** One row per entry of `record`: the alarms that apply to each dead-letter queue, function, table… */
function forEach<T>(record: Readonly<Record<string, T>>, row: (id: string, item: T) => AlarmDefinition): AlarmDefinition[] {
  return Object.entries(record).map(([id, item]) => row(id, item));
}

/** Every alarm of the service, in the order they are created. `verifyLatency` is the access log's latency metric of `verifyRouteKey`. */
export function alarmTable(props: ServiceMonitoringProps, verifyLatency: IMetric): AlarmDefinition[] {
  const t = alarmThresholds;
  const minute = Duration.minutes(1);
  return [
    ...forEach(props.deadLetterQueues, (queueId, dlq) => ({
      id: `${queueId}DeadLetters`,
      description: `A message reached the dead-letter queue of ${queueId}: its processing failed on every attempt. Inspect it, fix the cause, then redrive it.`,
      metric: dlq.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period }),
      threshold: 1,
      periods: 1,
    })),
    ...forEach(props.workQueues, (queueId, { queue, maxAgeSeconds }) => ({
      id: `${queueId}OldestMessage`,
      description: `The oldest message of ${queueId} is over ${maxAgeSeconds} s old, longer than its retries can take: the queue is not being drained (consumer failing, throttled or disabled).`,
      metric: queue.metricApproximateAgeOfOldestMessage({ statistic: 'Maximum', period }),
      threshold: maxAgeSeconds,
      periods: 1,
    })),
    ...forEach(props.functions, (functionId, fn) => ({
      id: `${functionId}Throttles`,
      description: `${functionId}: ${t.functionThrottles} or more invocations throttled in ${t.periodMinutes} minutes (account concurrency used up, or a reserved limit reached).`,
      metric: fn.fn.metricThrottles({ period, statistic: 'Sum' }),
      threshold: t.functionThrottles,
      periods: 1,
    })),
    ...forEach(props.tables, (tableId, table) => ({
      id: `${tableId}Throttles`,
      description: `${tableId}: ${t.tableThrottleEvents} or more read or write throttle events in each of 2 consecutive ${t.periodMinutes}-minute periods (a hot partition, or traffic far above the table's previous peak).`,
      metric: new MathExpression({
        expression: 'reads + writes',
        usingMetrics: {
          reads: table.metric('ReadThrottleEvents', { period, statistic: 'Sum' }),
          writes: table.metric('WriteThrottleEvents', { period, statistic: 'Sum' }),
        },
        label: `${tableId} throttle events`,
        period,
      }),
      threshold: t.tableThrottleEvents,
      periods: 2,
    })),
    {
      id: 'KmsEccRequestRate',
      description: `KMS ECC requests (certificate signing) above ${t.kmsEccQuotaPercent}% of the account's request-rate quota for 3 minutes; past 100% KMS throttles Sign. Request a quota increase (Service Quotas, AWS KMS).`,
      metric: new MathExpression({
        expression: '100 * (ecc / 60) / SERVICE_QUOTA(ecc)',
        usingMetrics: {
          ecc: new Metric({ namespace: 'AWS/Usage', metricName: 'CallCount', dimensionsMap: { ...kmsEccUsage }, statistic: 'Sum', period: minute }),
        },
        label: 'KMS ECC requests (% of quota)',
        period: minute,
      }),
      threshold: t.kmsEccQuotaPercent,
      periods: 3,
    },
    {
      id: 'WebhookEventsFailed',
      description: 'A webhook event failed for good (every retry over 34.5 hours failed) and its account was e-mailed; GET /v1/events shows its attempts.',
      metric: serviceMetric('webhookDeliveries', { result: 'failed' }),
      threshold: t.webhookEventsFailed,
      periods: 1,
    },
    ...forEach(props.functions, (functionId, fn) => ({
      id: `${functionId}ErrorRate`,
      description: `${functionId}: at least ${t.functionErrorRatePercent}% of invocations failed (and ${t.functionMinErrors} or more) for ${2 * t.periodMinutes} minutes.`,
      metric: new MathExpression({
        expression: `IF(errors >= ${t.functionMinErrors}, 100 * errors / invocations, 0)`,
        usingMetrics: { errors: fn.fn.metricErrors({ period }), invocations: fn.fn.metricInvocations({ period }) },
        label: `${functionId} error rate (%)`,
        period,
      }),
      threshold: t.functionErrorRatePercent,
      periods: 2,
    })),
    {
      id: 'Api5xxRate',
      description: `At least ${t.api5xxRatePercent}% of API requests answered 5xx (and ${t.api5xxMinErrors} or more) for ${2 * t.periodMinutes} minutes.`,
      metric: new MathExpression({
        expression: `IF(errors >= ${t.api5xxMinErrors}, 100 * errors / requests, 0)`,
        usingMetrics: {
          errors: props.apiStage.metricServerError({ period, statistic: 'Sum' }),
          requests: props.apiStage.metricCount({ period, statistic: 'Sum' }),
        },
        label: 'API 5xx rate (%)',
        period,
      }),
      threshold: t.api5xxRatePercent,
      periods: 2,
    },
    {
      id: 'VerifyLatencyP99',
      description: `p99 latency of ${verifyRouteKey} above ${t.verifyP99Ms} ms for ${3 * t.periodMinutes} minutes (client-facing, from the API access log).`,
      metric: verifyLatency,
      threshold: t.verifyP99Ms,
      periods: 3,
      comparison: ComparisonOperator.GREATER_THAN_THRESHOLD,
    },
    // One alarm for every source (its per-source series on the dashboard and in the log say which).
    {
      id: 'SourceUnreadableValues',
      description:
        'A source answered a value the service cannot read (a status or license type outside its vocabulary, or rows without a column every row carries). Those answers are reported source_unavailable until the connector knows the value: the UnreadableValues metric by source, and the log line "Source answered a value the service cannot read", name the source and the value.',
      metric: serviceMetric('unreadableValuesAll', {}),
      threshold: 1,
      periods: 1,
    },
    // One alarm for every source whose file or fetch the ingestion rules refuse (its per-source series says which).
    {
      id: 'SourceIngestRefused',
      description:
        'A source file or fetch was refused by the ingestion rules: past a parse limit (size, an archive member inflated or its compression ratio, sheets, cells, rows, row or field length), an archive that cannot be read safely (a member named outside it, truncated or damaged), a link or redirect off the source\'s hosts or to an address that is not public, or a file that is not plausibly the next version. The refusal is final (not retried); the current version stays in use and ages. The IngestRefusals metric by source and kind, and the log line "Source file refused by the ingestion rules", name the source and the reason.',
      metric: serviceMetric('ingestRefusalsAll', {}),
      threshold: 1,
      periods: 1,
    },
    // One alarm for every list and roster: a load held for review waits for an operator.
    {
      id: 'SourceLoadHeld',
      description:
        'A new version of a sanctions list or roster was held for review: it changes more than its change budget allows, or lifts a licensee\'s restriction, or adds a license number unlike the roster\'s. The version in force keeps answering. `npm run admin -- ingest review <source>` shows the difference (counts and examples) and takes accept or reject (docs/operations.md); the SourceLoadsHeld metric by source and the log line "Source load held for review" say which.',
      metric: serviceMetric('sourceLoadsHeldAll', {}),
      threshold: 1,
      periods: 1,
    },
    // One alarm for every operator-uploaded source: its daily renewal check writes the days it has left
    // before it is stale, and the day's minimum over all of them is watched.
    {
      id: 'OperatorSourceAgeing',
      description: `A source an operator uploads (the Illinois HFS list, the Florida and Alabama rosters) has ${t.operatorSourceDaysLeft} days or fewer before it is stale and no longer answered from (a sanctions list then reports unavailable, a roster's state source_unavailable). Download its current file and load it (docs/operations.md); the OperatorSourceDaysLeft metric by source and \`npm run admin -- preflight\` say which.`,
      metric: serviceMetric('operatorSourceDaysLeftAll', {}, 'Minimum').with({ period: Duration.days(1) }),
      threshold: t.operatorSourceDaysLeft,
      periods: 1,
      comparison: ComparisonOperator.LESS_THAN_OR_EQUAL_TO_THRESHOLD,
    },
    ...props.sources.map((source) => ({
      id: `SourceFailing${source.replace(/[^A-Za-z0-9]/g, '')}`,
      description: `${source} failed ${t.sourceFailures} or more times in each of ${2} consecutive ${t.periodMinutes}-minute periods. Verifications fall back to cached answers or report source_unavailable.`,
      metric: serviceMetric('sourceFailures', { source }),
      threshold: t.sourceFailures,
      periods: 2,
    })),
  ];
}

export class ServiceMonitoring extends Construct {
  readonly topic: Topic;
  /** The nested stack that holds the alarms and the dashboard. */
  readonly alarmStack: NestedStack;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;
  /** p99-able latency of POST /v1/verify, from the access log. */
  readonly verifyLatency: Metric;
  /** Name of the main stack, which the alarms' and the dashboard's names start with. */
  private readonly stackName: string;

  constructor(scope: Construct, id: string, props: ServiceMonitoringProps) {
    super(scope, id);
    const stackName = Stack.of(this).stackName;
    this.stackName = stackName;

    const topicKey = new Key(this, 'AlarmTopicKey', {
      description: `Encrypts the alarm topic of ${stackName}`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    // CloudWatch publishes alarm notifications to the encrypted topic.
    topicKey.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'AlarmTopic', { displayName: `${stackName} alarms`, masterKey: topicKey, enforceSSL: true });
    this.topic.grantPublish(
      new ServicePrincipal('cloudwatch.amazonaws.com', {
        conditions: { ArnLike: { 'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:*` } },
      }),
    );
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const verifyLatencyFilter = new MetricFilter(this, 'VerifyLatencyFilter', {
      logGroup: props.accessLogs,
      filterPattern: FilterPattern.stringValue('$.routeKey', '=', verifyRouteKey),
      metricNamespace: metricsNamespace,
      metricName: metricNames.verifyLatency,
      metricValue: '$.responseLatency',
      unit: Unit.MILLISECONDS,
    });
    this.verifyLatency = verifyLatencyFilter.metric({ statistic: 'p99', period });

    this.alarmStack = new NestedStack(this, 'Alarms', { description: `Alarms and dashboard of ${stackName}` });
    for (const definition of alarmTable(props, this.verifyLatency)) this.alarm(definition);
    this.dashboard = this.createDashboard(props);
  }

  /** One row of the alarm table: the alarm, notifying the topic when it goes into ALARM and when it recovers. */
  private alarm(definition: AlarmDefinition): Alarm {
    const alarm = new Alarm(this.alarmStack, definition.id, {
      alarmName: alarmName(this.stackName, definition.id),
      alarmDescription: definition.description,
      metric: definition.metric,
      threshold: definition.threshold,
      evaluationPeriods: definition.periods,
      datapointsToAlarm: definition.periods,
      comparisonOperator: definition.comparison ?? ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const action = new SnsAction(this.topic);
    alarm.addAlarmAction(action);
    alarm.addOkAction(action);
    this.alarms.push(alarm);
    return alarm;
  }

  private createDashboard(props: ServiceMonitoringProps): Dashboard {
    const stage = props.apiStage;
    const wide = { width: 12, height: 6 } as const;
    const fnMetrics = (metric: 'metricErrors' | 'metricThrottles') => Object.entries(props.functions).map(([id, fn]) => fn.fn[metric]({ period, label: id }));
    const hits = serviceMetric('cacheHits', {});
    const misses = serviceMetric('cacheMisses', {});
    const dashboard = new Dashboard(this.alarmStack, 'Dashboard', { dashboardName: dashboardName(this.stackName) });
    dashboard.addWidgets(
      new TextWidget({
        markdown: `# ${this.stackName}\nAlarms notify the SNS topic \`${this.topic.node.id}\`. Logs: one JSON line per record in each function's log group (CloudWatch Logs Insights).`,
        width: 24,
        height: 2,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        left: [stage.metricCount({ period, statistic: 'Sum', label: 'requests' })],
        right: [stage.metricClientError({ period, statistic: 'Sum', label: '4xx' }), stage.metricServerError({ period, statistic: 'Sum', label: '5xx' })],
        ...wide,
      }),
      new GraphWidget({
        title: `${verifyRouteKey} latency (client-facing)`,
        left: ['p50', 'p90', 'p99'].map((statistic) => this.verifyLatency.with({ statistic, label: statistic })),
        leftAnnotations: [{ value: alarmThresholds.verifyP99Ms, label: 'p99 alarm' }],
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Verifications by outcome and state', left: [searchSeries('verifications', 'Sum', '')], stacked: true, ...wide }),
      new GraphWidget({
        title: 'Cache hit ratio (%) and write failures',
        left: [new MathExpression({ expression: '100 * hits / (hits + misses)', usingMetrics: { hits, misses }, label: 'hit ratio', period })],
        right: [hits.with({ label: 'hits' }), misses.with({ label: 'misses' }), serviceMetric('cacheWriteFailures', {}).with({ label: 'write failures' })],
        leftYAxis: { min: 0, max: 100 },
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Source latency p90 (ms)', left: [searchSeries('sourceLatency', 'p90', '')], ...wide }),
      new GraphWidget({
        title: 'Source failures',
        left: [searchSeries('sourceFailures', 'Sum', '')],
        leftAnnotations: [{ value: alarmThresholds.sourceFailures, label: 'alarm' }],
        ...wide,
      }),
    );
    dashboard.addWidgets(
      new GraphWidget({ title: 'Unreadable source values by source', left: [searchSeries('unreadableValues', 'Sum', '')], ...wide }),
      new GraphWidget({ title: 'Source files and fetches refused, by source and kind', left: [searchSeries('ingestRefusals', 'Sum', '')], ...wide }),
      new GraphWidget({
        title: 'Days before operator-uploaded sources are stale',
        left: [searchSeries('operatorSourceDaysLeft', 'Minimum', '')],
        period: Duration.days(1),
        ...wide,
      }),
    );
    dashboard.addWidgets(new GraphWidget({ title: 'Source loads held for review by source', left: [searchSeries('sourceLoadsHeld', 'Sum', '')], ...wide }));
    dashboard.addWidgets(
      new GraphWidget({ title: 'Webhook deliveries by result', left: [searchSeries('webhookDeliveries', 'Sum', '')], width: 8, height: 6 }),
      new GraphWidget({ title: 'Quota rejections (429) by kind', left: [searchSeries('quotaRejections', 'Sum', '')], width: 8, height: 6 }),
      new GraphWidget({ title: 'Queue message failures by worker', left: [searchSeries('queueMessageFailures', 'Sum', '')], width: 8, height: 6 }),
    );
    dashboard.addWidgets(
      new GraphWidget({
        title: 'Function errors, and requests answered 503 at the time limit',
        left: fnMetrics('metricErrors'),
        right: [serviceMetric('timeLimitAnswers', {}).with({ label: 'time-limit 503s' })],
        ...wide,
      }),
      new GraphWidget({
        title: 'Dead-letter queues (messages)',
        left: Object.entries(props.deadLetterQueues).map(([id, q]) => q.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum', label: id })),
        right: fnMetrics('metricThrottles'),
        ...wide,
      }),
    );
    return dashboard;
  }
}
