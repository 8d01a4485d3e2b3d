/**
 * The states covered at launch and the coverage matrix. `professions_covered` is derived from each
 * state's profession rules, never kept as a second list.
 */
import { professions as allProfessions, type Profession } from '../../domain/professions.ts';
import { stateName, type StateCode } from '../../domain/us-states.ts';
import { sourceNames } from '../source-config.ts';
import type { FormatConfidence, SourceRefresh, StateBoardDefinition } from './board-definition.ts';
import { colorado } from './states/colorado.ts';
import { connecticut } from './states/connecticut.ts';
import { delaware } from './states/delaware.ts';
import { illinois } from './states/illinois.ts';
import { texas } from './states/texas.ts';
import { vermont } from './states/vermont.ts';
import { washington } from './states/washington.ts';

export const stateBoards: Readonly<Partial<Record<StateCode, StateBoardDefinition>>> = {
  CO: colorado,
  CT: connecticut,
  DE: delaware,
  IL: illinois,
  TX: texas,
  VT: vermont,
  WA: washington,
};

export function boardFor(state: StateCode): StateBoardDefinition | undefined {
  return stateBoards[state];
}

/** Professions a state verifies, in the spec's order. */
export function professionsCovered(board: StateBoardDefinition): Profession[] {
  const covered = new Set<Profession>(board.datasets.flatMap((d) => d.professions));
  return allProfessions.filter((p) => covered.has(p));
}

export interface CoverageEntry {
  readonly state: StateCode;
  readonly name: string;
  readonly sources: readonly { name: string; datasets: readonly string[] }[];
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
        {
          name: board.sourceName,
          datasets: [...board.datasets.map((d) => d.id), ...(board.disciplineDataset ? [board.disciplineDataset.id] : [])],
        },
      ],
      professions_covered: professionsCovered(board),
      uncovered_profession: board.uncoveredProfession === 'look_up' ? 'looked_up' : 'rejected_before_lookup',
      refresh: board.refresh,
      format_confidence: board.format.confidence,
      format_notes: board.format.notes,
    };
  });
}

export const federalSources = [sourceNames.nppes, sourceNames.leie] as const;
