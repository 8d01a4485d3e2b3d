import { describe, expect, it } from 'vitest';
import { coverageTable, coverageTableMarkers, withCoverageTable } from '#shared/features/sources/boards/coverage-table.ts';
import { coverageMatrix, type CoverageEntry } from '#shared/features/sources/boards/registry.ts';

const source = (over: Partial<CoverageEntry['sources'][number]>): CoverageEntry['sources'][number] => ({
  name: 'Board',
  datasets: [],
  kind: 'roster_file',
  updated: 'scheduled',
  refresh: 'monthly',
  current_only: false,
  absent_means: 'no license, current or past',
  format_confidence: 'observed',
  ...over,
});

describe('the README coverage table', () => {
  it('gives each state source its kind, refresh, confidence, what absence means and its real rows', () => {
    const [entry] = coverageMatrix().filter((e) => e.state === 'TX');
    const matrix: CoverageEntry[] = [
      {
        ...entry!,
        sources: [
          source({ name: 'Open data', datasets: ['abcd-1234'], kind: 'open_data_query', updated: 'live', refresh: 'daily' }),
          source({
            name: 'Roster',
            datasets: ['roster.csv'],
            updated: 'operator_upload',
            refresh: 'unknown',
            current_only: true,
            absent_means: 'no current license (current licenses only)',
            format_confidence: 'confirmed',
          }),
        ],
        professions_covered: ['physician', 'registered_nurse'],
      },
    ];
    const table = coverageTable(matrix, new Set(['abcd-1234', 'tx_roster']), (name) => (name === 'Roster' ? 'tx_roster' : undefined)).split('\n');
    expect(table[0]).toBe(coverageTableMarkers.begin);
    expect(table.at(-1)).toBe(coverageTableMarkers.end);
    expect(table[3]).toBe(
      '| Texas (TX) | Open data | Physician, Registered nurse | open data, queried live; daily | observed | no license, current or past | [abcd-1234](test/fixtures/real/abcd-1234/) |',
    );
    expect(table[4]).toBe(
      '| ″ | Roster | ″ | roster file, operator upload; no published cadence | confirmed | no current license (current licenses only) | [tx_roster](test/fixtures/real/tx_roster/) |',
    );
  });

  it('says what absence means as each source does: by current_only, or as a roster that is neither says it', () => {
    const absence = (state: string) =>
      coverageMatrix()
        .find((e) => e.state === state)!
        .sources.map((x) => [x.current_only, x.absent_means]);
    expect(absence('MD')).toEqual([[true, 'no current license (current licenses only)']]);
    expect(absence('CT')).toEqual([[false, 'no license, current or past']]);
    // Arkansas keeps current licenses and some lapsed ones: neither of the two.
    expect(absence('AR')).toEqual([[false, expect.stringContaining('not every license ever issued')]]);
  });

  it('replaces only what stands between its markers, and refuses a README without them', () => {
    const readme = `intro\n${coverageTableMarkers.begin}\nold\n${coverageTableMarkers.end}\noutro\n`;
    expect(withCoverageTable(readme, 'NEW')).toBe('intro\nNEW\noutro\n');
    expect(() => withCoverageTable('no markers', 'NEW')).toThrow(/markers/);
  });
});
