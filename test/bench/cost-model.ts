/**
 * What a verification costs on AWS, from what the dynamo-calls benchmark measures through the real
 * handlers (capacity units as DynamoDB bills them, history index writes included; KMS signatures; S3
 * PUTs; the log lines the handlers write) and what it counts in the synthesised prod template (KMS keys,
 * secrets, the metrics every alarm reads, the source archive's lifecycle), at the list prices below
 * (us-east-1, on-demand, in USD). Every assumption the measurement cannot make here (how long a
 * function runs on AWS, the lines Lambda and API Gateway add to the logs, how much the source archive
 * receives) is stated beside its number.
 *
 * The benchmark keeps its measured inputs (`CostInputs`) in bench-results.json; BENCHMARKS.md's cost
 * table and the README's cost section (`readmeCostSection`, between its markers) are both computed from
 * them by the functions here, and a unit test recomputes the README's from bench-results.json, so
 * neither can drift from the measurement or from these prices (`npm run bench -- --readme` writes the
 * README's again from bench-results.json after a change here).
 */

/** List prices, us-east-1, as published for 2026 (on-demand; no free tier counted). */
export const listPrices = {
  /** DynamoDB on-demand: per write request unit (1 KB) and per read request unit (4 KB, strongly consistent). */
  dynamoWriteUnit: 0.625 / 1_000_000,
  dynamoReadUnit: 0.125 / 1_000_000,
  /** KMS: asymmetric requests other than RSA 2048 (Sign and GetPublicKey with the ECC P-256 certificate key), per request. */
  kmsAsymmetricRequest: 0.15 / 10_000,
  /** Lambda on arm64: per request and per GB-second. */
  lambdaRequest: 0.2 / 1_000_000,
  lambdaGbSecond: 0.0000133334,
  /** API Gateway HTTP API: per request (first 300 million a month). */
  httpApiRequest: 1.0 / 1_000_000,
  /** X-Ray: per trace recorded (every function has active tracing). */
  xrayTrace: 5.0 / 1_000_000,
  /** CloudWatch Logs ingestion (standard class), per GB. */
  logIngestGb: 0.5,
  /** S3: per PUT, and per GB-month by storage class. */
  s3Put: 0.005 / 1_000,
  s3GbMonth: 0.023,
  s3GbMonthByClass: {
    STANDARD: 0.023,
    INTELLIGENT_TIERING: 0.023,
    STANDARD_IA: 0.0125,
    ONEZONE_IA: 0.01,
    GLACIER_IR: 0.004,
    GLACIER: 0.0036,
    DEEP_ARCHIVE: 0.00099,
  } as Record<string, number>,
  /** DynamoDB storage, per GB-month (standard table class). */
  dynamoGbMonth: 0.25,
  /** A customer managed KMS key, per month (each key, whatever its requests). */
  kmsKeyMonth: 1.0,
  /** A Secrets Manager secret, per month. */
  secretMonth: 0.4,
  /** A CloudWatch alarm is billed per metric it reads: standard resolution, per metric a month; a dashboard a month. */
  alarmMetricMonth: 0.1,
  highResolutionAlarmMetricMonth: 0.3,
  dashboardMonth: 3.0,
} as const;

/** Measured per verification by the benchmark. */
export interface MeasuredUse {
  readonly readUnits: number;
  /** Every write unit, the indexes' included. */
  readonly writeUnits: number;
  /** Of `writeUnits`, those billed by index writes (the verification record's history indexes). */
  readonly indexWriteUnits: number;
  /** Of `writeUnits`, those billed by writes of the account item (the request and verification counters). */
  readonly accountWriteUnits: number;
  readonly kmsSign: number;
  readonly s3Put: number;
  /** The handlers' own log lines (JSON log records and EMF metric documents) written to stdout and stderr, bytes and lines. */
  readonly logBytes: number;
  readonly logEvents: number;
}

/** What the measurement cannot see here, per kind of verification: the function's run time on AWS. */
export interface RunAssumption {
  /** Billed duration of the function on AWS, ms (for a bulk item: its share of the request). */
  readonly lambdaMs: number;
  readonly memoryMb: number;
  /** Lambda invocations and API requests per verification (1, or 1/100 for an item of a bulk of 100). */
  readonly invocations: number;
  /** Why these numbers. */
  readonly basis: string;
}

export interface CostLine {
  readonly dynamo: number;
  readonly kms: number;
  readonly lambda: number;
  readonly api: number;
  /** X-Ray traces: at most one per invocation (every request traced; sampling can only make it less). */
  readonly xray: number;
  readonly logs: number;
  readonly s3: number;
  readonly total: number;
}

/**
 * What CloudWatch Logs receives beside a handler's own lines, assumed: Lambda's platform lines of each
 * invocation (START, END, REPORT and, with active tracing, XRAY: 4 events, about 330 bytes in all) and
 * the API's access log line (its size from the access log format, `accessLogLineBytes`); each event
 * counted as CloudWatch Logs sizes a batch, its bytes plus 26.
 */
export const logAssumptions = { platformBytes: 330, platformEvents: 4, eventOverheadBytes: 26 } as const;

/** Log bytes ingested per verification: the handler's measured lines, and per invocation the platform's and the access log's. */
export function logBytesPerVerification(use: Pick<MeasuredUse, 'logBytes' | 'logEvents'>, invocations: number, accessLogLineBytes: number): number {
  const a = logAssumptions;
  const handler = use.logBytes + use.logEvents * a.eventOverheadBytes;
  const perInvocation = a.platformBytes + a.platformEvents * a.eventOverheadBytes + accessLogLineBytes + a.eventOverheadBytes;
  return handler + invocations * perInvocation;
}

/** USD per 1,000 verifications. */
export function costPerThousand(use: MeasuredUse, run: RunAssumption, accessLogLineBytes: number): CostLine {
  const p = listPrices;
  const n = 1_000;
  const dynamo = n * (use.readUnits * p.dynamoReadUnit + use.writeUnits * p.dynamoWriteUnit);
  const kms = n * use.kmsSign * p.kmsAsymmetricRequest;
  const lambda = n * run.invocations * p.lambdaRequest + n * (run.lambdaMs / 1000) * (run.memoryMb / 1024) * p.lambdaGbSecond;
  const api = n * run.invocations * p.httpApiRequest;
  const xray = n * run.invocations * p.xrayTrace;
  const logs = (n * logBytesPerVerification(use, run.invocations, accessLogLineBytes) * p.logIngestGb) / 1024 ** 3;
  const s3 = n * use.s3Put * p.s3Put;
  return { dynamo, kms, lambda, api, xray, logs, s3, total: dynamo + kms + lambda + api + xray + logs + s3 };
}

/**
 * The AWS run time of each kind, from the measured sequential DynamoDB round trips (5 ms each on AWS),
 * one KMS Sign (15 ms: an asymmetric signature in KMS, in the same region), the function's own work
 * (10 ms at 1,024 MB) and, for a miss, the sources (the board, the registry and the exclusion list at
 * once: 500 ms, a typical state open-data API answer).
 */
export const awsRoundTripMs = { dynamo: 5, kmsSign: 15, ownWork: 10, sources: 500 } as const;

export type VerificationKind = 'hit' | 'miss' | 'bulk-hit' | 'bulk-miss';

export function assumedRun(kind: VerificationKind, sequentialDynamo: number, memoryMb: number, bulkSize = 100): RunAssumption {
  const t = awsRoundTripMs;
  switch (kind) {
    case 'hit':
      return {
        lambdaMs: sequentialDynamo * t.dynamo + t.kmsSign + t.ownWork,
        memoryMb,
        invocations: 1,
        basis: `${sequentialDynamo} DynamoDB round trips in sequence × ${t.dynamo} ms + KMS Sign ${t.kmsSign} ms + ${t.ownWork} ms of the function's own work`,
      };
    case 'miss':
      return {
        lambdaMs: sequentialDynamo * t.dynamo + t.kmsSign + t.ownWork + t.sources,
        memoryMb,
        invocations: 1,
        basis: `as a hit, plus ${t.sources} ms waiting for the sources`,
      };
    case 'bulk-hit':
      // 32 providers at a time: the signatures and writes of one provider overlap those of the others.
      return {
        lambdaMs: (t.kmsSign + t.ownWork) / 4,
        memoryMb,
        invocations: 1 / bulkSize,
        basis: `one request for ${bulkSize}; its providers' signatures and writes overlap, 32 at a time: about a quarter of a single hit's KMS and own work per item`,
      };
    case 'bulk-miss':
      return {
        lambdaMs: (t.kmsSign + t.ownWork) / 4 + t.sources / 32,
        memoryMb,
        invocations: 1 / bulkSize,
        basis: `as a bulk hit, plus the ${t.sources} ms source wait shared by the 32 providers in flight`,
      };
  }
}

/** How long the source archive keeps what it receives, as its lifecycle rules in the template say. */
export interface ArchiveRetention {
  /** Days until a current object expires; none when no rule expires them. */
  readonly expirationDays?: number;
  /** In a versioned bucket, days an expired (noncurrent) version is kept; none when no rule removes them. */
  readonly noncurrentDays?: number;
  readonly versioned: boolean;
  /** Storage-class transitions of current objects, in day order. */
  readonly transitions: readonly { readonly days: number; readonly storageClass: string }[];
}

/** What the stack costs a month before any verification, counted in the synthesised prod template. */
export interface AtRest {
  readonly kmsKeys: number;
  readonly secrets: number;
  readonly alarms: number;
  /** Metrics the alarms read (an alarm on a metric-math expression reads each metric in it). */
  readonly alarmMetrics: number;
  /** Of those, metrics of alarms with a period under a minute (high resolution). */
  readonly highResolutionAlarmMetrics: number;
  readonly dashboards: number;
  readonly sourceArchive: ArchiveRetention;
}

/**
 * What the source archive receives a month, assumed: every new version of a downloaded source is kept
 * raw (lists/adapters/s3-source-archive.ts `S3SourceArchive.keep`). SAM.gov publishes a ZIP of about 12 MB every day (0.36 GB a
 * month), the Texas BHEC rosters' CSVs change most days; the LEIE (about 15 MB), the NPPES deactivation
 * report (about 2 MB) and the other lists are monthly or smaller: about 1 GB a month in all.
 */
export const sourceArchiveGbPerMonth = 1;
/** Without a rule that removes them, the archive's objects are kept for good: priced after this many years. */
export const unboundedArchiveYears = 1;
const daysPerMonth = 365.25 / 12;

/** Days an archived file is stored in all (current, then as a noncurrent version), or undefined for good. */
export function archiveKeptDays(r: ArchiveRetention): number | undefined {
  if (r.expirationDays === undefined) return undefined;
  if (!r.versioned) return r.expirationDays;
  return r.noncurrentDays === undefined ? undefined : r.expirationDays + r.noncurrentDays;
}

/** USD a month of the source archive's storage once it holds what its rules keep (or after `unboundedArchiveYears` of it). */
export function sourceArchiveMonthly(r: ArchiveRetention, gbPerMonth = sourceArchiveGbPerMonth): number {
  const kept = archiveKeptDays(r) ?? unboundedArchiveYears * 365.25;
  const prices = listPrices.s3GbMonthByClass;
  // Each day's files spend their first days in Standard, then in each class it moves to.
  const steps = [{ days: 0, storageClass: 'STANDARD' }, ...r.transitions.filter((t) => t.days < kept)];
  let usd = 0;
  steps.forEach((step, i) => {
    const until = i + 1 < steps.length ? steps[i + 1]!.days : kept;
    usd += gbPerMonth * ((until - step.days) / daysPerMonth) * (prices[step.storageClass] ?? prices.STANDARD!);
  });
  return usd;
}

export interface AtRestCost {
  readonly kms: number;
  readonly secrets: number;
  readonly alarms: number;
  readonly dashboards: number;
  readonly sourceArchive: number;
  readonly total: number;
}

export function monthlyAtRest(r: AtRest): AtRestCost {
  const p = listPrices;
  const kms = r.kmsKeys * p.kmsKeyMonth;
  const secrets = r.secrets * p.secretMonth;
  const alarms = (r.alarmMetrics - r.highResolutionAlarmMetrics) * p.alarmMetricMonth + r.highResolutionAlarmMetrics * p.highResolutionAlarmMetricMonth;
  const dashboards = r.dashboards * p.dashboardMonth;
  const sourceArchive = sourceArchiveMonthly(r.sourceArchive);
  return { kms, secrets, alarms, dashboards, sourceArchive, total: kms + secrets + alarms + dashboards + sourceArchive };
}

type Resource = { Type: string; Properties?: Record<string, any> };

/** The metrics an alarm reads: 1 for an alarm on one metric, each metric (not each expression) of a metric-math alarm. */
export function alarmMetricCount(properties: Record<string, any>): number {
  if (properties.MetricName) return 1;
  return ((properties.Metrics ?? []) as { MetricStat?: unknown }[]).filter((m) => m.MetricStat).length;
}

/** The at-rest counts of a synthesised template; `sourceArchiveId`: the archive bucket's construct id. */
export function atRestOfTemplate(template: { Resources: Record<string, Resource> }, sourceArchiveId: string): AtRest {
  const resources = Object.entries(template.Resources);
  const ofType = (type: string) => resources.filter(([, r]) => r.Type === type);
  const alarms = ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties ?? {});
  const periodOf = (a: Record<string, any>) =>
    Number(a.Period ?? ((a.Metrics ?? []) as { MetricStat?: { Period?: number } }[]).find((m) => m.MetricStat)?.MetricStat?.Period ?? 60);
  const archive = ofType('AWS::S3::Bucket').find(([id]) => new RegExp(`^${sourceArchiveId}[0-9A-F]{8}$`).test(id))?.[1].Properties ?? {};
  const rules = ((archive.LifecycleConfiguration?.Rules ?? []) as Record<string, any>[]).filter((rule) => rule.Status !== 'Disabled');
  const least = (values: (number | undefined)[]) => {
    const known = values.filter((v): v is number => typeof v === 'number');
    return known.length > 0 ? Math.min(...known) : undefined;
  };
  const transitions = rules
    .flatMap((rule) => (rule.Transitions ?? []) as { TransitionInDays?: number; StorageClass: string }[])
    .filter((t) => typeof t.TransitionInDays === 'number')
    .map((t) => ({ days: t.TransitionInDays!, storageClass: t.StorageClass }))
    .sort((a, b) => a.days - b.days);
  const expirationDays = least(rules.map((rule) => rule.ExpirationInDays));
  const noncurrentDays = least(rules.map((rule) => rule.NoncurrentVersionExpiration?.NoncurrentDays ?? rule.NoncurrentVersionExpirationInDays));
  return {
    kmsKeys: ofType('AWS::KMS::Key').length,
    secrets: ofType('AWS::SecretsManager::Secret').length,
    alarms: alarms.length,
    alarmMetrics: alarms.reduce((n, a) => n + alarmMetricCount(a), 0),
    highResolutionAlarmMetrics: alarms.filter((a) => periodOf(a) < 60).reduce((n, a) => n + alarmMetricCount(a), 0),
    dashboards: ofType('AWS::CloudWatch::Dashboard').length,
    sourceArchive: {
      versioned: archive.VersioningConfiguration?.Status === 'Enabled',
      transitions,
      ...(expirationDays !== undefined ? { expirationDays } : {}),
      ...(noncurrentDays !== undefined ? { noncurrentDays } : {}),
    },
  };
}

/**
 * The bytes of one access log line: the API's access log format with typical values in place of its
 * `$context` variables (a 16-character request id, a POST to /v1/verify answered 200 in 150 ms).
 */
export function accessLogLineBytes(format: string): number {
  const typical: Record<string, string> = {
    requestId: 'Ab1Cd2Ef3Gh4Ij5=',
    requestTime: '28/Nov/2026:10:00:00 +0000',
    'identity.sourceIp': '203.0.113.10',
    routeKey: 'POST /v1/verify',
    status: '200',
    responseLatency: '150',
    integrationLatency: '148',
    responseLength: '2400',
    'integration.integrationStatus': '200',
    'integration.status': '200',
    'error.responseType': '-',
    'error.messageString': '"-"',
  };
  return Buffer.byteLength(format.replace(/\$context\.([A-Za-z.]+)/g, (_, name: string) => typical[name] ?? '-'));
}

/**
 * S3 Standard storage of the evidence of 1,000 cache misses, per year it is kept: the gzip bytes of the
 * board and registry responses a miss stores (evidence/adapters/evidence-store.ts). Kept eight years (Object Lock), so
 * every certificate naming them keeps them seven; a hit stores nothing.
 */
export function evidenceStoragePerThousandYear(gzipBytesPerMiss: number): number {
  return (1_000 * gzipBytesPerMiss * listPrices.s3GbMonth * 12) / 1024 ** 3;
}

/** Years evidence is kept (the evidence bucket's Object Lock retention). */
export const evidenceRetentionYears = 8;

/** Storage a month per 1,000 verifications kept (the record and its index items in DynamoDB; certificates are kept seven years). */
export function storagePerThousandMonth(recordBytes: number): number {
  return (1_000 * recordBytes * listPrices.dynamoGbMonth) / 1024 ** 3;
}

/** One kind of verification as measured, for one account. */
export interface MeasuredKind {
  readonly kind: VerificationKind;
  /** `new`: an account issued for the run; `two-year`: one whose usage history covers the two years before. */
  readonly account: 'new' | 'two-year';
  readonly use: MeasuredUse;
  /** Sequential DynamoDB depth of the request (for a bulk item, of its whole request). */
  readonly depth: number;
  readonly memoryMb: number;
}

/** What the dynamo-calls benchmark measured that the cost model needs (kept in bench-results.json). */
export interface CostInputs {
  readonly bulkSize: number;
  readonly kinds: readonly MeasuredKind[];
  readonly accessLogLineBytes: number;
  readonly atRest: AtRest;
  /** Gzip bytes of evidence a miss stores. */
  readonly evidencePerMissBytes: number;
  /** Write units of storing a verification record: the item's, and its history index items'. */
  readonly recordUnits: { readonly table: number; readonly indexes: number };
}

const kindLabels: Record<VerificationKind, string> = {
  hit: 'single, cache hit',
  miss: 'single, cache miss',
  'bulk-hit': 'bulk item, hit',
  'bulk-miss': 'bulk item, miss',
};
const accountLabels = { new: 'new account', 'two-year': 'account with two years of history' } as const;

/** A monthly figure, in cents (or finer below a cent). */
export function usdMonth(n: number): string {
  return n >= 0.01 ? `$${n.toFixed(2)}` : usd(n);
}

export function usd(n: number): string {
  if (n === 0) return '$0';
  return `$${n >= 0.01 ? n.toFixed(3) : n.toFixed(4)}`;
}
/** Units as few digits as say them: 12, 11.9, 0.92, 0.01. */
const units = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toFixed(n >= 10 ? 1 : 2))));

/** Sentences as one paragraph wrapped at `width` characters, as the README's paragraphs are. */
function paragraph(...parts: string[]): string {
  const width = 105;
  const text = parts.join(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** Each measured kind with its assumed run and its cost per 1,000. */
export function costed(inputs: CostInputs): (MeasuredKind & { label: string; run: RunAssumption; cost: CostLine })[] {
  return inputs.kinds.map((k) => {
    const run = assumedRun(k.kind, k.kind.startsWith('bulk') ? 0 : k.depth, k.memoryMb, inputs.bulkSize);
    return { ...k, label: `${kindLabels[k.kind]}, ${accountLabels[k.account]}`, run, cost: costPerThousand(k.use, run, inputs.accessLogLineBytes) };
  });
}

export const readmeCostMarkers = {
  begin: '<!-- cost table: generated from bench-results.json by test/bench/cost-model.ts -->',
  end: '<!-- end of cost table -->',
};

/** The README's cost section body (between its markers), from the measured inputs. */
export function readmeCostSection(inputs: CostInputs): string {
  const rows = costed(inputs);
  const p = listPrices;
  const at = monthlyAtRest(inputs.atRest);
  const archive = inputs.atRest.sourceArchive;
  const kept = archiveKeptDays(archive);
  const hitNew = rows.find((r) => r.kind === 'hit' && r.account === 'new');
  const hitOld = rows.find((r) => r.kind === 'hit' && r.account === 'two-year');
  const lines = [
    readmeCostMarkers.begin,
    '| Verification | DynamoDB | KMS | Lambda, API Gateway, X-Ray | Logs | S3 evidence PUTs | Total per 1,000 |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${usd(r.cost.dynamo)} (${units(r.use.readUnits)} read, ${units(r.use.writeUnits)} write units: ${units(r.use.accountWriteUnits)} account item, ${units(r.use.indexWriteUnits)} history indexes) | ${usd(r.cost.kms)} (${units(r.use.kmsSign)} Sign) | ${usd(r.cost.lambda + r.cost.api + r.cost.xray)} | ${usd(r.cost.logs)} | ${usd(r.cost.s3)} (${units(r.use.s3Put)}) | **${usd(r.cost.total)}** |`,
    ),
    '',
    paragraph(
      `Measured: the capacity units, as the local DynamoDB bills them the way DynamoDB bills an on-demand table (history index writes and the account item's size included; \`local/runtime/dynamo-capacity.mjs\`), at $${(p.dynamoWriteUnit * 1e6).toFixed(3)} per million write and $${(p.dynamoReadUnit * 1e6).toFixed(3)} per million read units;`,
      `the KMS signatures, $${(p.kmsAsymmetricRequest * 1e4).toFixed(2)} per 10,000;`,
      `the log lines the handlers write at the deployed log level (JSON records and EMF metrics), $${p.logIngestGb.toFixed(2)} per GB ingested.`,
      `Every request is counted as traced by X-Ray ($${(p.xrayTrace * 1e6).toFixed(2)} per million traces; sampling can only make it less).`,
      `The account item holds the account's usage counters: ${hitNew && hitOld ? `a cache hit writes ${units(hitNew.use.accountWriteUnits)} units of it for a new account and ${units(hitOld.use.accountWriteUnits)} for one with two years of history` : 'its size follows its history'}.`,
      `Assumed, because it cannot be measured here: run time on AWS from the measured round trips (${awsRoundTripMs.dynamo} ms per DynamoDB round trip in sequence, ${awsRoundTripMs.kmsSign} ms per KMS Sign, ${awsRoundTripMs.ownWork} ms of work, and ${awsRoundTripMs.sources} ms waiting for the sources on a miss);`,
      `Lambda's platform lines (about ${logAssumptions.platformBytes} bytes an invocation) and the API's access log line (${inputs.accessLogLineBytes} bytes), each log event counted with ${logAssumptions.eventOverheadBytes} bytes more.`,
      `A stored record writes ${units(inputs.recordUnits.table)} units and its history index items ${units(inputs.recordUnits.indexes)}: at most ${units(inputs.recordUnits.table + inputs.recordUnits.indexes)} KB kept seven years (${usd(storagePerThousandMonth((inputs.recordUnits.table + inputs.recordUnits.indexes) * 1024))} a month per 1,000 kept).`,
      `**Evidence:** a miss stores each board and registry response it reads in S3 (one PUT each, $${(p.s3Put * 1e3).toFixed(3)} per 1,000 PUTs), about ${(inputs.evidencePerMissBytes / 1024).toFixed(2)} KB gzip per miss with the sample data, kept ${evidenceRetentionYears} years (${usd(evidenceRetentionYears * evidenceStoragePerThousandYear(inputs.evidencePerMissBytes))} in all per 1,000 misses).`,
      `**At rest** a \`prod\` stage costs about ${usdMonth(at.total)} a month before any verification: ${inputs.atRest.kmsKeys} KMS keys (${usdMonth(at.kms)}), ${inputs.atRest.secrets} secrets (${usdMonth(at.secrets)}),`,
      `${inputs.atRest.alarms} alarms reading ${inputs.atRest.alarmMetrics} metrics (${usdMonth(at.alarms)}: an alarm is billed per metric it reads), ${inputs.atRest.dashboards} dashboard${inputs.atRest.dashboards === 1 ? '' : 's'} (${usdMonth(at.dashboards)})`,
      `and the source archive (${usdMonth(at.sourceArchive)}: about ${sourceArchiveGbPerMonth} GB of new source files a month assumed, ${kept === undefined ? `no lifecycle rule in the template removes them: kept for good, priced after ${unboundedArchiveYears} year${unboundedArchiveYears === 1 ? '' : 's'} of them` : `kept ${kept} days by the lifecycle rules in the template`}${archive.transitions.length > 0 ? `, moving to ${archive.transitions.map((t) => `${t.storageClass} after ${t.days} days`).join(', ')}` : ''}),`,
      'all counted in the synthesised template; custom metrics are billed per series that reports.',
    ),
    readmeCostMarkers.end,
  ];
  return lines.join('\n');
}

/** `readme` with its cost section replaced by `section` (between the markers). */
export function withReadmeCostSection(readme: string, section: string): string {
  const from = readme.indexOf(readmeCostMarkers.begin);
  const to = readme.indexOf(readmeCostMarkers.end);
  if (from < 0 || to < from) throw new Error('README.md has no cost table markers');
  return readme.slice(0, from) + section + readme.slice(to + readmeCostMarkers.end.length);
}

/** The cost section the README holds now (between the markers, markers included), or undefined. */
export function readmeCostSectionOf(readme: string): string | undefined {
  const from = readme.indexOf(readmeCostMarkers.begin);
  const to = readme.indexOf(readmeCostMarkers.end);
  return from < 0 || to < from ? undefined : readme.slice(from, to + readmeCostMarkers.end.length);
}
