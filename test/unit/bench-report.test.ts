import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { summarise } from '../bench/harness.ts';
import { mergeSections, readResults, renderMarkdown, writeResults, type Section } from '../bench/report.ts';

function section(id: string, figures: Section['figures'], extra: Partial<Section> = {}): Section {
  return {
    id,
    title: `Section ${id}`,
    measured_at: '2026-11-22T10:00:00.000Z',
    machine: 'test machine',
    load_average: [0.5, 0.4, 0.3],
    run: 'full',
    seconds: 3,
    figures,
    ...extra,
  };
}

describe('bench report', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-report-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('re-measured sections replace theirs, the others are kept, in report order', async () => {
    const json = join(dir, 'results.json');
    const md = join(dir, 'BENCHMARKS.md');
    const old = [section('a', [summarise('A', 'ms', [1, 2, 3])]), section('b', [summarise('B', 'ms', [4, 5, 6])])];
    await writeResults(old, md, json);
    const fresh = section('b', [summarise('B', 'ms', [7, 8, 9])], { run: 'only', measured_at: '2026-11-23T10:00:00.000Z' });
    const merged = mergeSections(await readResults(json), [fresh], ['b', 'a', 'c']);
    expect(merged.map((s) => [s.id, s.figures[0]!.median])).toEqual([
      ['b', 8],
      ['a', 2],
    ]);
    await writeResults(merged, md, json);
    const text = await readFile(md, 'utf8');
    expect(text).toContain('`npm run bench -- --only b`');
    expect(text).toContain('Measured 2026-11-22 10:00 UTC by `npm run bench`');
  });

  it("renders a section's further tables under their headings, after its own, and keeps them in the JSON", async () => {
    const json = join(dir, 'results.json');
    const md = join(dir, 'BENCHMARKS.md');
    const withMore = section('calls', [summarise('C', 'calls', [5])], {
      table: { columns: ['Kind', 'Calls'], rows: [['hit', '5']] },
      more: [{ heading: 'What it costs', intro: 'Per 1,000.', table: { columns: ['Kind', 'USD'], rows: [['hit', '$0.021']] } }],
    });
    await writeResults([withMore], md, json);
    const text = await readFile(md, 'utf8');
    expect(text.indexOf('| hit | 5 |')).toBeLessThan(text.indexOf('### What it costs'));
    expect(text).toContain('### What it costs\n\nPer 1,000.\n\n| Kind | USD |\n|---|---|\n| hit | $0.021 |');
    expect((await readResults(json))[0]?.more?.[0]?.heading).toBe('What it costs');
  });

  it('ignores sections without their date and load (an older results file)', async () => {
    const json = join(dir, 'results.json');
    await writeFile(json, JSON.stringify({ machine: 'm', results: [{ id: 'a', figures: [] }] }));
    expect(await readResults(json)).toEqual([]);
    expect(await readResults(join(dir, 'missing.json'))).toEqual([]);
  });

  it('summarises targets: missed ones with their reason, a target group as one line', () => {
    const targeted = section(
      'cold',
      [
        summarise('F1: init ratio', '×', [2, 2.5, 2.8], { target: { op: '<=', value: 3 }, group: 'init', note: 'F1 reason' }),
        summarise('F2: init ratio', '×', [4, 5, 6], { target: { op: '<=', value: 3 }, group: 'init', note: 'F2 reason' }),
        summarise('Rate', 'rows/s', [50, 60, 70], { target: { op: '>=', value: 100 }, note: 'the emulator is slow' }),
      ],
      { groups: [{ id: 'init', label: 'Each function init <= 3×', note: 'the shared pipeline' }] },
    );
    const text = renderMarkdown({ machine: 'test machine', results: [targeted] });
    expect(text).toContain('| [cold](#cold) | Rate >= 100 rows/s | 60.00 rows/s | **no** | the emulator is slow |');
    expect(text).toContain('| [cold](#cold) | Each function init <= 3× | met by 1 of 2; worst F2 5.00 × | **no** | missed by F2: the shared pipeline |');
    expect(text).toContain('- **Missed:** F2: init ratio: F2 reason');
  });
});

describe('CPU profile summary', () => {
  it('groups a source by package, scoped or not, and by area of the service', async () => {
    const { sourceGroup } = await import('../bench/cpu-profile-summary.ts');
    expect(sourceGroup('../../../@smithy/core/dist-es/submodules/schema/NormalizedSchema.js')).toBe('@smithy/core');
    expect(sourceGroup('../../node_modules/zod/v4/core/util.js')).toBe('zod');
    expect(sourceGroup('/work/repo/node_modules/@aws-sdk/client-s3/dist-es/S3Client.js')).toBe('@aws-sdk/client-s3');
    expect(sourceGroup('../../shared/features/verification/verification-engine.ts')).toBe('shared/features/verification');
    expect(sourceGroup('../../shared/domain/names/typo-rules.ts')).toBe('shared/domain');
    expect(sourceGroup('functions/verification/post-verify.ts')).toBe('functions/verification');
  });
});
