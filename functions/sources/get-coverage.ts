import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { oigListId } from '#shared/domain/match-basis.ts';
import { coverageMatrix, federalSources } from '#shared/features/sources/boards/registry.ts';
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { sourceNames } from '#shared/features/sources/source-config.ts';

const body = {
  federal_sources: federalSources,
  sanctions_lists: [
    { list: oigListId, name: sourceNames.leie, scope: 'federal', searched_by: 'name', updated: 'scheduled', format_confidence: 'confirmed' },
    ...Object.values(listDefinitions).map((d) => ({
      list: d.id,
      name: d.displayName,
      scope: d.scope.kind,
      ...(d.scope.kind === 'state' ? { state: d.scope.state } : {}),
      searched_by: d.searchBy,
      updated: d.locate.kind === 'operator_file' ? 'operator_upload' : 'scheduled',
      format_confidence: d.formatConfidence,
    })),
  ],
  data: coverageMatrix(),
};

/** The coverage matrix: every supported state, its sources and the professions it verifies, and the sanctions lists every verification screens. */
export const handler = apiHandler('GetCoverage', {}, async () => json(200, body));
