/**
 * A refusal of a source file or fetch by the ingestion rules: a file that is not plausibly the next
 * version of its source, an archive or sheet past the parsing limits, a malformed archive, a link or
 * redirect off the source's hosts. A refusal is final for that file: retrying cannot change it, so the
 * ingest workers do not retry it (it would only run into the dead-letter queue). It is logged, counted
 * (the `IngestRefusals` metric by source and kind) and alarmed (`SourceIngestRefused`); the current
 * version keeps answering. A refusal of an operator's load (the admin CLI, no Lambda invocation) is
 * counted the same, through a `MetricSink` (`countOperatorIngestRefusal`).
 *
 * Its message is written for operators and never contains fetched bytes.
 */
import { logger } from '../../platform/observability/logger.ts';
import { type MetricDatum, type MetricSink, metricDatum } from '../../platform/observability/metric-sink.ts';
import { recordMetricDatum } from '../../platform/observability/metrics.ts';

export const ingestRefusalKinds = [
  /** A limit of parsing: compressed or decompressed size, compression ratio, rows, row or field length, sheets. */
  'limit',
  /** An archive or workbook that cannot be read safely (a member path outside the archive, a truncated archive). */
  'malformed_archive',
  /** A link or redirect to a host the source does not name, or to an address that is not public. */
  'off_host',
  /** A file that is not plausibly the next version: older, beyond its change budget, a declared file missing. */
  'implausible',
] as const;
export type IngestRefusalKind = (typeof ingestRefusalKinds)[number];

export class IngestRefusal extends Error {
  readonly source: string;
  readonly kind: IngestRefusalKind;
  /** The refused load is recorded already (by the plausibility rules, load-review.ts). */
  readonly recorded: boolean;

  constructor(source: string, kind: IngestRefusalKind, message: string, options: { readonly recorded?: boolean } = {}) {
    super(`${source}: ${message}`);
    this.name = 'IngestRefusal';
    this.source = source;
    this.kind = kind;
    this.recorded = options.recorded === true;
  }
}

export function isIngestRefusal(error: unknown): error is IngestRefusal {
  return error instanceof IngestRefusal;
}

/** The counts of one refusal: `IngestRefusals` by source and kind, and over every source (the alarm's). */
function refusalCounts(refusal: IngestRefusal): MetricDatum[] {
  return [metricDatum('ingestRefusals', 1, { source: refusal.source, kind: refusal.kind }), metricDatum('ingestRefusalsAll', 1, {})];
}

/** Logs and counts a refusal (the worker then acknowledges the message instead of retrying it). */
export function reportIngestRefusal(refusal: IngestRefusal): void {
  for (const datum of refusalCounts(refusal)) recordMetricDatum(datum);
  logger.error('Source file refused by the ingestion rules', { source: refusal.source, kind: refusal.kind, reason: refusal.message });
}

/**
 * Counts a refusal of an operator's load (the admin CLI prints it to the operator): with the same
 * counts as a worker's, so `SourceIngestRefused` fires for it too. The CLI is no Lambda invocation, so
 * the counts go through `sink` (CloudWatch PutMetricData against a deployed stack) rather than EMF. A
 * count that could not be sent does not hide the refusal: the reason is returned, for the operator.
 */
export async function countOperatorIngestRefusal(
  refusal: IngestRefusal,
  sink: MetricSink,
): Promise<{ readonly counted: true } | { readonly counted: false; readonly reason: string }> {
  try {
    await sink.put(refusalCounts(refusal));
    return { counted: true };
  } catch (error) {
    return { counted: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A source's scheduled check, then the renewal of its current version's rows (when they are due),
 * whether the check succeeded or not. A refusal by either (IngestRefusal) is final: reported, not thrown,
 * so the worker acknowledges the message instead of retrying it. Any other failure is thrown, the
 * check's before the renewal's, so the message is retried. A check that stopped for lack of time
 * (`outOfTime`) leaves the renewal to the next invocation, which has its whole time for it.
 */
export async function checkThenRenew(
  check: (() => Promise<void>) | null,
  renew: () => Promise<unknown>,
  outOfTime: (error: unknown) => boolean = () => false,
): Promise<void> {
  let failure: { error: unknown } | undefined;
  try {
    if (check) await check();
  } catch (error) {
    if (isIngestRefusal(error)) reportIngestRefusal(error);
    else failure = { error };
  }
  if (!failure || !outOfTime(failure.error)) {
    try {
      await renew();
    } catch (error) {
      if (isIngestRefusal(error)) reportIngestRefusal(error);
      else if (failure) logger.error('Renewal of the current version failed too', { reason: error instanceof Error ? error.message : String(error) });
      else failure = { error };
    }
  }
  if (failure) throw failure.error;
}
