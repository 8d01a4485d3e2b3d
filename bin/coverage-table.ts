/**
 * `npm run coverage-table`: rewrites the README's coverage table from the state definitions (the matrix
 * `GET /v1/coverage` serves) and the real-row folders under test/fixtures/real/. `--check` only says
 * whether the README is current (exit 1 when stale).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { coverageTable, withCoverageTable } from '#shared/features/sources/boards/coverage-table.ts';
import { coverageMatrix, stateBoards } from '#shared/features/sources/boards/registry.ts';

const root = join(import.meta.dirname, '..');
export const readmePath = join(root, 'README.md');

/** The README with its coverage table as the definitions and the real-row folders give it today. */
export function currentReadme(readme = readFileSync(readmePath, 'utf8')): string {
  const withRealRows = new Set(
    readdirSync(join(root, 'test', 'fixtures', 'real'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name),
  );
  const rosterIds = new Map(
    Object.values(stateBoards)
      .flatMap((b) => b?.rosters ?? [])
      .map((r) => [r.displayName, r.id] as const),
  );
  return withCoverageTable(
    readme,
    coverageTable(coverageMatrix(), withRealRows, (name) => rosterIds.get(name)),
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === import.meta.filename) {
  const readme = readFileSync(readmePath, 'utf8');
  const next = currentReadme(readme);
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md: the coverage table is stale; run `npm run coverage-table`.');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(readmePath, next);
    console.log('README.md: coverage table rewritten.');
  } else console.log('README.md: coverage table already current.');
}
