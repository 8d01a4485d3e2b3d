/**
 * The states covered at launch and the coverage matrix. `professions_covered` is derived from each
 * state's profession rules, never kept as a second list.
 */
import { professions as allProfessions, type Profession } from '../../../domain/professions.ts';
import { stateName, type StateCode } from '../../../domain/us-states.ts';
import { sourceNames } from '../source-config.ts';
import type { FormatConfidence, SourceRefresh } from '../source-publication.ts';
import type { StateBoardDefinition } from './board-definition.ts';
import { declaredFiles } from '../rosters/roster-definition.ts';
import { alabama } from './states/alabama.ts';
import { alaska } from './states/alaska.ts';
import { arkansas } from './states/arkansas.ts';
import { california } from './states/california.ts';
import { colorado } from './states/colorado.ts';
import { connecticut } from './states/connecticut.ts';
import { delaware } from './states/delaware.ts';
import { florida } from './states/florida.ts';
import { illinois } from './states/illinois.ts';
import { louisiana } from './states/louisiana.ts';
import { kansas } from './states/kansas.ts';
import { maryland } from './states/maryland.ts';
import { massachusetts } from './states/massachusetts.ts';
import { nevada } from './states/nevada.ts';
import { southDakota } from './states/south-dakota.ts';
import { missouri } from './states/missouri.ts';
import { texas } from './states/texas.ts';
import { vermont } from './states/vermont.ts';
import { washington } from './states/washington.ts';
import { westVirginia } from './states/west-virginia.ts';
import { wyoming } from './states/wyoming.ts';

export const stateBoards: Readonly<Partial<Record<StateCode, StateBoardDefinition>>> = {
  AL: alabama,
  AK: alaska,
  AR: arkansas,
  CA: california,
  CO: colorado,
  CT: connecticut,
  DE: delaware,
  FL: florida,
  IL: illinois,
  LA: louisiana,
  KS: kansas,
  MD: maryland,
  MA: massachusetts,
  NV: nevada,
  SD: southDakota,
  MO: missouri,
  TX: texas,
  VT: vermont,
  WA: washington,
  WV: westVirginia,
  WY: wyoming,
};

export function boardFor(state: StateCode): StateBoardDefinition | undefined {
  return stateBoards[state];
}

/** True when the board is searched one license type at a time (a JSON lookup): a query then names the requested profession. */
export function searchedByType(board: StateBoardDefinition): boolean {
  return board.lookup?.format === 'json';
}

/** Professions a state verifies, in the order of `professions` (domain/professions.ts). */
export function professionsCovered(board: StateBoardDefinition): Profession[] {
  const covered = new Set<Profession>([...board.datasets.flatMap((d) => d.professions), ...(board.rosters ?? []).flatMap((r) => r.professions)]);
  return allProfessions.filter((p) => covered.has(p));
}

/** One source of a state's coverage: what it is, how it is read and how fresh it is. */
export interface CoverageSource {
  readonly name: string;
  readonly datasets: readonly string[];
  /**
   * `open_data_query`: queried live per verification; `board_lookup`: the board's own web search, looked up
   * live per verification (html-lookup.ts); `roster_file`: a published file ingested into the service's store.
   */
  readonly kind: 'open_data_query' | 'board_lookup' | 'roster_file';
  /** How the service gets it: `live` per request, `scheduled` download, or `operator_upload` (a sign-in portal). */
  readonly updated: 'live' | 'scheduled' | 'operator_upload';
  readonly refresh: SourceRefresh;
  /** The source lists current licenses only: absence is `not_found`, never "no discipline". */
  readonly current_only: boolean;
  /** What a provider's absence from it means, in words. */
  readonly absent_means: string;
  readonly format_confidence: FormatConfidence;
}

export interface CoverageEntry {
  readonly state: StateCode;
  readonly name: string;
  readonly sources: readonly CoverageSource[];
  readonly professions_covered: readonly Profession[];
  readonly uncovered_profession: 'rejected_before_lookup' | 'looked_up';
  readonly refresh: SourceRefresh;
  readonly format_confidence: FormatConfidence;
  readonly format_notes: string;
}

export function coverageMatrix(): CoverageEntry[] {
  return (Object.keys(stateBoards) as StateCode[]).sort().map((state) => {
    const board = stateBoards[state]!;
    return {
      state,
      name: stateName(state),
      sources: [
        ...(board.datasets.length > 0
          ? [
              {
                name: board.sourceName,
                datasets: [...board.datasets.map((d) => d.id), ...(board.disciplineDataset ? [board.disciplineDataset.id] : [])],
                kind: board.lookup ? ('board_lookup' as const) : ('open_data_query' as const),
                updated: 'live' as const,
                refresh: board.refresh,
                current_only: false,
                absent_means: absentMeans(false),
                format_confidence: board.format.confidence,
              },
            ]
          : []),
        ...(board.rosters ?? []).map((r) => ({
          name: r.displayName,
          datasets: declaredFiles(r).length > 0 ? declaredFiles(r).map((f) => f.name) : [r.id],
          kind: 'roster_file' as const,
          updated: r.locate.kind === 'fixed' ? ('scheduled' as const) : ('operator_upload' as const),
          refresh: r.refresh,
          current_only: r.currentOnly,
          absent_means: r.absentMeans ?? absentMeans(r.currentOnly),
          format_confidence: r.formatConfidence,
        })),
      ],
      professions_covered: professionsCovered(board),
      uncovered_profession: board.uncoveredProfession === 'look_up' ? 'looked_up' : 'rejected_before_lookup',
      refresh: board.refresh,
      format_confidence: board.format.confidence,
      format_notes: board.format.notes,
    };
  });
}

/** What a provider's absence from a source means, as `current_only` says it. */
function absentMeans(currentOnly: boolean): string {
  return currentOnly ? 'no current license (current licenses only)' : 'no license, current or past';
}

export const federalSources = [sourceNames.nppes, sourceNames.leie] as const;
