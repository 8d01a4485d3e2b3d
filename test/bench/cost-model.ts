/**
 * What a verification costs on AWS, from the calls and capacity units the dynamo-calls benchmark
 * measures through the real handlers and the list prices below (us-east-1, on-demand, in USD), with
 * every assumption the measurement cannot make here (how long a function runs on AWS, log volume)
 * stated beside its number. The README's cost section and BENCHMARKS.md are written from this.
 */

/** List prices, us-east-1, as published for 2026 (on-demand; no free tier counted). */
export const listPrices = {
  /** DynamoDB on-demand: per write request unit (1 KB) and per read request unit (4 KB, strongly consistent). */
  dynamoWriteUnit: 0.625 / 1_000_000,
  dynamoReadUnit: 0.125 / 1_000_000,
  /** KMS: asymmetric requests other than RSA 2048 (the certificate key is ECC P-256), per request. */
  kmsAsymmetricRequest: 0.15 / 10_000,
  /** Lambda on arm64: per request and per GB-second. */
  lambdaRequest: 0.2 / 1_000_000,
  lambdaGbSecond: 0.0000133334,
  /** API Gateway HTTP API: per request (first 300 million a month). */
  httpApiRequest: 1.0 / 1_000_000,
  /** CloudWatch Logs ingestion, per GB. */
  logIngestGb: 0.5,
  /** S3 Standard: per PUT and per GB-month. */
  s3Put: 0.005 / 1_000,
  s3GbMonth: 0.023,
  /** DynamoDB storage, per GB-month (standard table class). */
  dynamoGbMonth: 0.25,
  /** A customer managed KMS key, per month. */
  kmsKeyMonth: 1.0,
  /** A Secrets Manager secret, per month. */
  secretMonth: 0.4,
  /** A CloudWatch standard alarm and a dashboard, per month. */
  alarmMonth: 0.1,
  dashboardMonth: 3.0,
} as const;

/** What the measurement cannot see here, per kind of verification: the function's run time on AWS and its log volume. */
export interface RunAssumption {
  /** Billed duration of the function on AWS, ms (for a bulk item: its share of the request). */
  readonly lambdaMs: number;
  readonly memoryMb: number;
  /** Lambda invocations and API requests per verification (1, or 1/100 for an item of a bulk of 100). */
  readonly invocations: number;
  /** Log bytes written per verification (request log line and metrics). */
  readonly logBytes: number;
  /** Why these numbers. */
  readonly basis: string;
}

/** Measured per verification by the benchmark. */
export interface MeasuredUse {
  readonly readUnits: number;
  readonly writeUnits: number;
  readonly kmsSign: number;
  readonly s3Put: number;
}

export interface CostLine {
  readonly dynamo: number;
  readonly kms: number;
  readonly lambda: number;
  readonly api: number;
  readonly logs: number;
  readonly s3: number;
  readonly total: number;
}

/** USD per 1,000 verifications. */
export function costPerThousand(use: MeasuredUse, run: RunAssumption): CostLine {
  const p = listPrices;
  const n = 1_000;
  const dynamo = n * (use.readUnits * p.dynamoReadUnit + use.writeUnits * p.dynamoWriteUnit);
  const kms = n * use.kmsSign * p.kmsAsymmetricRequest;
  const lambda = n * run.invocations * p.lambdaRequest + n * (run.lambdaMs / 1000) * (run.memoryMb / 1024) * p.lambdaGbSecond;
  const api = n * run.invocations * p.httpApiRequest;
  const logs = (n * run.logBytes * p.logIngestGb) / 1024 ** 3;
  const s3 = n * use.s3Put * p.s3Put;
  return { dynamo, kms, lambda, api, logs, s3, total: dynamo + kms + lambda + api + logs + s3 };
}

/**
 * The AWS run time of each kind, from the measured sequential DynamoDB round trips (5 ms each on AWS),
 * one KMS Sign (15 ms: an asymmetric signature in KMS, in the same region), the function's own work
 * (10 ms at 1,024 MB) and, for a miss, the sources (the board, the registry and the exclusion list at
 * once: 500 ms, a typical state open-data API answer).
 */
export const awsRoundTripMs = { dynamo: 5, kmsSign: 15, ownWork: 10, sources: 500 } as const;

export function assumedRun(kind: 'hit' | 'miss' | 'bulk-hit' | 'bulk-miss', sequentialDynamo: number, memoryMb: number): RunAssumption {
  const t = awsRoundTripMs;
  const logBytes = 2_048;
  switch (kind) {
    case 'hit':
      return {
        lambdaMs: sequentialDynamo * t.dynamo + t.kmsSign + t.ownWork,
        memoryMb,
        invocations: 1,
        logBytes,
        basis: `${sequentialDynamo} DynamoDB round trips in sequence × ${t.dynamo} ms + KMS Sign ${t.kmsSign} ms + ${t.ownWork} ms of the function's own work`,
      };
    case 'miss':
      return {
        lambdaMs: sequentialDynamo * t.dynamo + t.kmsSign + t.ownWork + t.sources,
        memoryMb,
        invocations: 1,
        logBytes,
        basis: `as a hit, plus ${t.sources} ms waiting for the sources`,
      };
    case 'bulk-hit':
      // 32 providers at a time: the signatures and writes of one provider overlap those of the others.
      return {
        lambdaMs: (t.kmsSign + t.ownWork) / 4,
        memoryMb,
        invocations: 1 / 100,
        logBytes: logBytes / 10,
        basis: `one request for 100; its providers' signatures and writes overlap, 32 at a time: about a quarter of a single hit's KMS and own work per item`,
      };
    case 'bulk-miss':
      return {
        lambdaMs: (t.kmsSign + t.ownWork) / 4 + t.sources / 32,
        memoryMb,
        invocations: 1 / 100,
        logBytes: logBytes / 10,
        basis: `as a bulk hit, plus the ${t.sources} ms source wait shared by the 32 providers in flight`,
      };
  }
}

/** What the stack costs a month before any verification (the keys, secrets, alarms and dashboard it declares). */
export interface AtRest {
  readonly kmsKeys: number;
  readonly secrets: number;
  readonly alarms: number;
  readonly dashboards: number;
}

export function monthlyAtRest(r: AtRest): number {
  const p = listPrices;
  return r.kmsKeys * p.kmsKeyMonth + r.secrets * p.secretMonth + r.alarms * p.alarmMonth + r.dashboards * p.dashboardMonth;
}

/**
 * S3 Standard storage of the evidence of 1,000 cache misses, per year it is kept: the gzip bytes of the
 * board and registry responses a miss stores (evidence-store.ts). Kept eight years (Object Lock), so
 * every certificate naming them keeps them seven; a hit stores nothing.
 */
export function evidenceStoragePerThousandYear(gzipBytesPerMiss: number): number {
  return (1_000 * gzipBytesPerMiss * listPrices.s3GbMonth * 12) / 1024 ** 3;
}

/** Years evidence is kept (the evidence bucket's Object Lock retention). */
export const evidenceRetentionYears = 8;

/** Storage a month per 1,000 verifications kept (the record in DynamoDB; certificates are kept seven years). */
export function storagePerThousandMonth(recordBytes: number): number {
  return (1_000 * recordBytes * listPrices.dynamoGbMonth) / 1024 ** 3;
}
