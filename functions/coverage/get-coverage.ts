import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { coverageMatrix, federalSources } from '#shared/sources/boards/registry.ts';

const body = { federal_sources: federalSources, data: coverageMatrix() };

/** The coverage matrix: every supported state, its sources and the professions it verifies. */
export const handler = apiHandler('GetCoverage', {}, async () => json(200, body));
