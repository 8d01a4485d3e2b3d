import { containerValue } from '#shared/platform/container.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { DynamoSourceHealthRecords } from '#shared/features/sources/health/adapters/dynamo-source-health-records.ts';
import { type SourcesReport, sourcesReport } from '#shared/features/sources/health/source-health.ts';
import { sourcesQuerySchema } from '#shared/features/sources/health/sources-schema.ts';

/** The report as this container last built it: sources change state at most once a minute. */
const remembered = containerValue(() => ({ report: undefined as Promise<SourcesReport> | undefined, at: 0 }));
/** This function's dependencies, made once per container. */
const records = containerValue(() => new DynamoSourceHealthRecords());
const rememberMs = 60_000;

function report(now: Date): Promise<SourcesReport> {
  const cache = remembered();
  if (!cache.report || now.getTime() - cache.at >= rememberMs || now.getTime() < cache.at) {
    const building = sourcesReport(now, records());
    building.catch(() => {
      if (cache.report === building) cache.report = undefined;
    });
    cache.report = building;
    cache.at = now.getTime();
  }
  return cache.report;
}

/** GET /v1/sources: every source's freshness and last 24 hours; the same for every account. */
export const handler = apiHandler('GetSources', { query: sourcesQuerySchema }, async (req) => {
  const { generated_at, data } = await report(req.clock.now());
  return json(200, { generated_at, data: req.query.kind ? data.filter((s) => s.kind === req.query.kind) : data });
});
