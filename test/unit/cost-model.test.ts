import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accessLogFormat } from '../../lib/service-stack.ts';
import {
  accessLogLineBytes,
  assumedRun,
  atRestOfTemplate,
  costPerThousand,
  evidenceStoragePerThousandYear,
  listPrices,
  logBytesPerVerification,
  monthlyAtRest,
  readmeCostSection,
  readmeCostSectionOf,
  sourceArchiveMonthly,
  storagePerThousandMonth,
  type AtRest,
  type CostInputs,
  type MeasuredUse,
} from '../bench/cost-model.ts';

const root = join(import.meta.dirname, '..', '..');
const use = (over: Partial<MeasuredUse> = {}): MeasuredUse => ({
  readUnits: 0,
  writeUnits: 0,
  indexWriteUnits: 0,
  accountWriteUnits: 0,
  kmsSign: 0,
  s3Put: 0,
  logBytes: 0,
  logEvents: 0,
  ...over,
});
const archive = { versioned: false, transitions: [] };

describe('cost model', () => {
  it('prices 1,000 verifications from capacity units, signatures, log lines and the assumed run', () => {
    const run = { lambdaMs: 40, memoryMb: 1024, invocations: 1, basis: 'test' };
    const cost = costPerThousand(use({ readUnits: 2, writeUnits: 5, kmsSign: 1, logBytes: 1_000, logEvents: 2 }), run, 400);
    // 2,000 read units at $0.125 a million and 5,000 write units at $0.625 a million.
    expect(cost.dynamo).toBeCloseTo(0.00025 + 0.003125, 10);
    // 1,000 ECC signatures at $0.15 per 10,000.
    expect(cost.kms).toBeCloseTo(0.015, 10);
    // 1,000 requests and 40 GB-seconds.
    expect(cost.lambda).toBeCloseTo(1_000 * listPrices.lambdaRequest + 40 * listPrices.lambdaGbSecond, 10);
    expect(cost.api).toBeCloseTo(0.001, 10);
    expect(cost.xray).toBeCloseTo(0.005, 10);
    // The handler's 1,000 bytes in 2 lines, the platform's 330 in 4 and the 400-byte access log line, each line with 26 bytes more.
    expect(logBytesPerVerification(use({ logBytes: 1_000, logEvents: 2 }), 1, 400)).toBe(1_000 + 2 * 26 + 330 + 4 * 26 + 400 + 26);
    expect(cost.logs).toBeCloseTo((1_000 * (1_000 + 52 + 434 + 426) * 0.5) / 1024 ** 3, 12);
    expect(cost.total).toBeCloseTo(cost.dynamo + cost.kms + cost.lambda + cost.api + cost.xray + cost.logs + cost.s3, 12);
  });

  it('assumes a run from the round trips in sequence; a bulk item shares its request', () => {
    expect(assumedRun('hit', 3, 1024).lambdaMs).toBe(3 * 5 + 15 + 10);
    expect(assumedRun('miss', 3, 1024).lambdaMs).toBe(3 * 5 + 15 + 10 + 500);
    expect(assumedRun('bulk-hit', 0, 1024).invocations).toBe(1 / 100);
  });

  it('prices the evidence of cache misses and the records kept', () => {
    const run = { lambdaMs: 0, memoryMb: 1024, invocations: 0, basis: 'test' };
    // Two responses stored per miss: 2,000 PUTs at $0.005 per 1,000.
    expect(costPerThousand(use({ s3Put: 2 }), run, 0).s3).toBeCloseTo(0.01, 10);
    // 1,000 misses of 2 KiB gzip: about 2 MB at $0.023 a GB-month, twelve months.
    expect(evidenceStoragePerThousandYear(2 * 1024)).toBeCloseTo((2_048_000 / 1024 ** 3) * 0.023 * 12, 12);
    // 1,000 records of 3 KiB: about 2.9 MB at $0.25 a GB-month.
    expect(storagePerThousandMonth(3 * 1024)).toBeCloseTo((3_072_000 / 1024 ** 3) * 0.25, 12);
  });

  it('sizes an access log line from the format', () => {
    const bytes = accessLogLineBytes(accessLogFormat);
    expect(bytes).toBeGreaterThan(250);
    expect(bytes).toBeLessThan(500);
  });
});

describe('the stack at rest', () => {
  const alarm = (properties: Record<string, unknown>) => ({ Type: 'AWS::CloudWatch::Alarm', Properties: properties });
  const stat = (name: string) => ({ Id: name, MetricStat: { Metric: { MetricName: name }, Period: 300, Stat: 'Sum' }, ReturnData: false });
  const template = (archiveProperties: Record<string, unknown>) => ({
    Resources: {
      Key1: { Type: 'AWS::KMS::Key' },
      Key2: { Type: 'AWS::KMS::Key' },
      Secret: { Type: 'AWS::SecretsManager::Secret' },
      Dashboard: { Type: 'AWS::CloudWatch::Dashboard' },
      OneMetric: alarm({ MetricName: 'Errors', Period: 300 }),
      ErrorRate: alarm({ Metrics: [{ Id: 'rate', Expression: '100 * errors / invocations' }, stat('errors'), stat('invocations')] }),
      Quota: alarm({ Metrics: [{ Id: 'q', Expression: '100 * (ecc / 60) / SERVICE_QUOTA(ecc)' }, stat('ecc')] }),
      SourceArchiveBucket0A1B2C3D: { Type: 'AWS::S3::Bucket', Properties: archiveProperties },
      SourceArchiveBucketPolicy9F8E7D6C: { Type: 'AWS::S3::BucketPolicy' },
    },
  });

  it('counts every metric an alarm reads: one, or each metric of a metric-math expression', () => {
    const at = atRestOfTemplate(template({}), 'SourceArchiveBucket');
    expect(at).toMatchObject({ kmsKeys: 2, secrets: 1, dashboards: 1, alarms: 3, alarmMetrics: 1 + 2 + 1, highResolutionAlarmMetrics: 0 });
    expect(monthlyAtRest(at).alarms).toBeCloseTo(0.4, 10);
  });

  it("reads the source archive's retention from its lifecycle rules", () => {
    const versioned = { VersioningConfiguration: { Status: 'Enabled' } };
    const rules = (...r: Record<string, unknown>[]) => ({ LifecycleConfiguration: { Rules: r.map((x) => ({ Status: 'Enabled', ...x })) } });
    expect(atRestOfTemplate(template(versioned), 'SourceArchiveBucket').sourceArchive).toEqual({ versioned: true, transitions: [] });
    expect(
      atRestOfTemplate(
        template({
          ...versioned,
          ...rules({
            ExpirationInDays: 400,
            NoncurrentVersionExpiration: { NoncurrentDays: 30 },
            Transitions: [{ StorageClass: 'GLACIER_IR', TransitionInDays: 90 }],
          }),
        }),
        'SourceArchiveBucket',
      ).sourceArchive,
    ).toEqual({ versioned: true, expirationDays: 400, noncurrentDays: 30, transitions: [{ days: 90, storageClass: 'GLACIER_IR' }] });
  });

  it("prices the archive's storage once it holds what its rules keep", () => {
    const month = 365.25 / 12;
    // 1 GB a month kept 365 days, unversioned: about 12 GB in Standard.
    expect(sourceArchiveMonthly({ ...archive, expirationDays: 365 }, 1)).toBeCloseTo((365 / month) * 0.023, 10);
    // Versioned without a rule for noncurrent versions, or with no rule at all: kept for good, priced after a year.
    expect(sourceArchiveMonthly({ versioned: true, expirationDays: 30, transitions: [] }, 1)).toBeCloseTo(12 * 0.023, 10);
    // 90 days in Standard, then Glacier Instant Retrieval until day 400 (and 30 more as a noncurrent version).
    expect(
      sourceArchiveMonthly({ versioned: true, expirationDays: 400, noncurrentDays: 30, transitions: [{ days: 90, storageClass: 'GLACIER_IR' }] }, 1),
    ).toBeCloseTo((90 / month) * 0.023 + (340 / month) * 0.004, 10);
  });

  it('adds up keys, secrets, alarm metrics, dashboards and the archive', () => {
    const at: AtRest = {
      kmsKeys: 5,
      secrets: 2,
      alarms: 3,
      alarmMetrics: 4,
      highResolutionAlarmMetrics: 1,
      dashboards: 1,
      sourceArchive: { ...archive, expirationDays: 0 },
    };
    const cost = monthlyAtRest(at);
    expect(cost.alarms).toBeCloseTo(3 * 0.1 + 0.3, 10);
    expect(cost.total).toBeCloseTo(5 + 0.8 + 0.6 + 3, 10);
  });
});

describe("the README's cost section", () => {
  it('is the one the cost model computes from the measurement in bench-results.json', () => {
    const results = JSON.parse(readFileSync(join(root, 'bench-results.json'), 'utf8')) as { results: { id: string; data?: CostInputs }[] };
    const inputs = results.results.find((s) => s.id === 'dynamo-calls')?.data;
    expect(inputs, 'bench-results.json has no dynamo-calls measurement: run `npm run bench -- --only dynamo-calls`').toBeDefined();
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readmeCostSectionOf(readme), 'README.md differs from the cost model: `npm run bench -- --readme` writes it again from bench-results.json').toBe(
      readmeCostSection(inputs!),
    );
  });
});
