import { describe, expect, it } from 'vitest';
import { assumedRun, costPerThousand, evidenceStoragePerThousandYear, listPrices, monthlyAtRest, storagePerThousandMonth } from '../bench/cost-model.ts';

describe('cost model', () => {
  it('prices 1,000 verifications from capacity units, signatures and the assumed run', () => {
    const run = { lambdaMs: 40, memoryMb: 1024, invocations: 1, logBytes: 2048, basis: 'test' };
    const cost = costPerThousand({ readUnits: 2, writeUnits: 5, kmsSign: 1, s3Put: 0 }, run);
    // 2,000 read units at $0.125 a million and 5,000 write units at $0.625 a million.
    expect(cost.dynamo).toBeCloseTo(0.00025 + 0.003125, 10);
    // 1,000 ECC signatures at $0.15 per 10,000.
    expect(cost.kms).toBeCloseTo(0.015, 10);
    // 1,000 requests and 40 GB-seconds.
    expect(cost.lambda).toBeCloseTo(1_000 * listPrices.lambdaRequest + 40 * listPrices.lambdaGbSecond, 10);
    expect(cost.api).toBeCloseTo(0.001, 10);
    expect(cost.total).toBeCloseTo(cost.dynamo + cost.kms + cost.lambda + cost.api + cost.logs + cost.s3, 12);
  });

  it('assumes a run from the round trips in sequence; a bulk item shares its request', () => {
    expect(assumedRun('hit', 3, 1024).lambdaMs).toBe(3 * 5 + 15 + 10);
    expect(assumedRun('miss', 3, 1024).lambdaMs).toBe(3 * 5 + 15 + 10 + 500);
    expect(assumedRun('bulk-hit', 0, 1024).invocations).toBe(1 / 100);
  });

  it('prices the stack at rest and the records kept', () => {
    expect(monthlyAtRest({ kmsKeys: 5, secrets: 2, alarms: 71, dashboards: 1 })).toBeCloseTo(5 + 0.8 + 7.1 + 3, 10);
    // 1,000 records of 3 KiB: about 2.9 MB at $0.25 a GB-month.
    expect(storagePerThousandMonth(3 * 1024)).toBeCloseTo((3_072_000 / 1024 ** 3) * 0.25, 12);
  });

  it('prices the evidence of cache misses: its PUTs per verification and its storage per year', () => {
    const run = { lambdaMs: 0, memoryMb: 1024, invocations: 0, logBytes: 0, basis: 'test' };
    // Two responses stored per miss: 2,000 PUTs at $0.005 per 1,000.
    expect(costPerThousand({ readUnits: 0, writeUnits: 0, kmsSign: 0, s3Put: 2 }, run).s3).toBeCloseTo(0.01, 10);
    // 1,000 misses of 2 KiB gzip: about 2 MB at $0.023 a GB-month, twelve months.
    expect(evidenceStoragePerThousandYear(2 * 1024)).toBeCloseTo((2_048_000 / 1024 ** 3) * 0.023 * 12, 12);
  });
});
