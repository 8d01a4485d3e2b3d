/**
 * The README's coverage table, written from the same matrix `GET /v1/coverage` serves (registry.ts), so
 * the two cannot disagree: one row per state source, with the state's professions, the source's kind
 * and refresh, how sure its format is, what a provider's absence from it means, and its real rows.
 * `npm run coverage-table` rewrites the README between the markers; a unit test fails when it is stale.
 */
import { professionLabel } from '../../../domain/professions.ts';
import type { CoverageEntry } from './registry.ts';

export const coverageTableMarkers = {
  begin: '<!-- coverage table: generated from the state definitions by `npm run coverage-table` -->',
  end: '<!-- end of coverage table -->',
};

type Source = CoverageEntry['sources'][number];

function kindOf(source: Source): string {
  if (source.kind === 'open_data_query') return 'open data, queried live';
  if (source.kind === 'board_lookup') return "the board's web search, looked up live";
  return source.updated === 'scheduled' ? 'roster file, downloaded' : 'roster file, operator upload';
}

function realRows(source: Source, withRealRows: ReadonlySet<string>, rosterIds: readonly string[]): string {
  const ids = [...source.datasets, ...rosterIds].filter((id, i, all) => withRealRows.has(id) && all.indexOf(id) === i);
  return ids.length === 0 ? 'none found' : ids.map((id) => `[${id}](test/fixtures/real/${id}/)`).join(', ');
}

/**
 * The table's lines, markers included. `withRealRows` holds the folder names under test/fixtures/real/;
 * `rosterIdOf` gives the roster id of a roster source (by its display name), whose fixture folder is
 * named by it.
 */
export function coverageTable(matrix: readonly CoverageEntry[], withRealRows: ReadonlySet<string>, rosterIdOf: (name: string) => string | undefined): string {
  const rows = matrix.flatMap((entry) =>
    entry.sources.map((source, i) => {
      const professions = i === 0 ? entry.professions_covered.map(professionLabel).join(', ') : '″';
      const rosterId = source.kind === 'roster_file' ? rosterIdOf(source.name) : undefined;
      return `| ${i === 0 ? `${entry.name} (${entry.state})` : '″'} | ${source.name} | ${professions} | ${kindOf(source)}; ${source.refresh === 'unknown' ? 'no published cadence' : source.refresh} | ${source.format_confidence} | ${source.absent_means} | ${realRows(source, withRealRows, rosterId ? [rosterId] : [])} |`;
    }),
  );
  return [
    coverageTableMarkers.begin,
    '| State | Source | Professions | Kind, refresh | Format | Absent means | Real rows |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    coverageTableMarkers.end,
  ].join('\n');
}

/** `readme` with the text between the coverage markers replaced by `table`; throws when a marker is missing. */
export function withCoverageTable(readme: string, table: string): string {
  const begin = readme.indexOf(coverageTableMarkers.begin);
  const end = readme.indexOf(coverageTableMarkers.end);
  if (begin < 0 || end < begin) throw new Error('README.md has no coverage table markers');
  return readme.slice(0, begin) + table + readme.slice(end + coverageTableMarkers.end.length);
}
