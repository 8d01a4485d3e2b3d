/**
 * How well each source's format is known (`format_confidence` in /v1/coverage) rests on committed real
 * rows: a source is `confirmed` only when real published rows of it are under test/fixtures/real/<id>/,
 * with a SOURCE.md saying where they were found, and a test reads them. Board datasets are named by
 * their Socrata id, lists and rosters by their id, the OIG list `oig_leie`, the NPPES API `nppes_api`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { currentReadme } from '../../bin/coverage-table.ts';

const root = join(import.meta.dirname, '..', '..');
const realDir = join(root, 'test', 'fixtures', 'real');
const withRows = new Set(
  readdirSync(realDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name),
);
const boards = Object.values(stateBoards).filter((b) => b !== undefined);
const rosters = boards.flatMap((b) => b.rosters ?? []);
const lists = Object.values(listDefinitions);
const testTexts = readdirSync(join(root, 'test', 'unit'))
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => readFileSync(join(root, 'test', 'unit', f), 'utf8'));

describe('real rows behind format confidence', () => {
  it('every folder of real rows names its repository, path and commit, and a test reads it', () => {
    expect(withRows.size).toBeGreaterThan(0);
    for (const id of withRows) {
      const sourceMd = join(realDir, id, 'SOURCE.md');
      expect(existsSync(sourceMd), `${id}/SOURCE.md`).toBe(true);
      const text = readFileSync(sourceMd, 'utf8');
      expect(text, id).toMatch(/[A-Za-z0-9-]+\/[A-Za-z0-9._-]+/);
      expect(text, id).toMatch(/\b[0-9a-f]{7,40}\b/);
      expect(
        testTexts.some((t) => t.includes(`'${id}'`) || t.includes(`${id}/`)),
        `a unit test reads test/fixtures/real/${id}`,
      ).toBe(true);
    }
  });

  it('every folder of real rows belongs to a source the service reads', () => {
    const known = new Set([
      ...boards.flatMap((b) => b.datasets.map((d) => d.id)),
      ...rosters.map((r) => r.id),
      ...lists.map((l) => l.id),
      'oig_leie',
      'nppes_api',
    ]);
    for (const id of withRows) expect(known.has(id), id).toBe(true);
  });

  it('a board is confirmed only when every dataset it queries has real rows', () => {
    for (const board of boards) {
      if (board.format.confidence !== 'confirmed' || board.datasets.length === 0) continue;
      for (const d of board.datasets) expect(withRows.has(d.id), `${board.state} ${d.id}`).toBe(true);
    }
  });

  it('a roster or a sanctions list is confirmed only when it has real rows', () => {
    for (const r of rosters) if (r.formatConfidence === 'confirmed') expect(withRows.has(r.id), r.id).toBe(true);
    for (const l of lists) if (l.formatConfidence === 'confirmed') expect(withRows.has(l.id), l.id).toBe(true);
  });

  it('the OIG list, which coverage states confirmed, has real rows', () => {
    expect(readFileSync(join(root, 'functions', 'sources', 'get-coverage.ts'), 'utf8')).toMatch(/oigListId[^}]*format_confidence: 'confirmed'/);
    expect(withRows.has('oig_leie')).toBe(true);
  });

  it('the README tables give every source its confidence and link its real rows', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    // The sources table starts a row with the source's name; the generated coverage table with its state.
    const rowOf = (name: string) => readme.split('\n').find((line) => line.startsWith(`| ${name} `) || line.includes(` | ${name} | `));
    const expectRow = (name: string, confidence: string, ids: readonly string[]) => {
      const row = rowOf(name);
      expect(row, name).toBeDefined();
      const cells = row!.split('|').map((c) => c.trim());
      expect(cells.includes(confidence), `${name}: ${confidence}`).toBe(true);
      for (const id of ids.filter((i) => withRows.has(i))) expect(row, name).toContain(`(test/fixtures/real/${id}/)`);
    };
    for (const l of lists) expectRow(l.displayName, l.formatConfidence, [l.id]);
    for (const r of rosters) expectRow(r.displayName, r.formatConfidence, [r.id]);
    for (const b of boards) {
      if (b.datasets.length > 0)
        expectRow(
          b.sourceName,
          b.format.confidence,
          b.datasets.map((d) => d.id),
        );
    }
  });

  it('the README has the coverage table the state definitions give (`npm run coverage-table` rewrites it)', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme, 'README.md: run `npm run coverage-table`').toBe(currentReadme(readme));
  });
});
