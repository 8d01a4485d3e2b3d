/**
 * Source files are parsed within limits: archive bombs (honest or lying directories), workbooks of many
 * or huge sheets, members named outside the archive and endless rows are refused within the worker's
 * memory and in linear time, as a classified error (UnsafeFileError, which the ingests turn into an
 * IngestRefusal) and never an unclassified one.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOptOut } from '#shared/features/sources/lists/cms-opt-out.ts';
import { CsvParser } from '#shared/features/sources/lists/csv-parser.ts';
import { jsonRows } from '#shared/features/sources/lists/data-api.ts';
import { nppesDeactivatedLimits } from '#shared/features/sources/lists/nppes-deactivated.ts';
import { samLimits } from '#shared/features/sources/lists/sam-exclusions.ts';
import { sheetRows } from '#shared/features/sources/lists/sheet-reader.ts';
import { textLines } from '#shared/features/sources/lists/text-lines.ts';
import { zipCsvText, zipMemberBytes } from '#shared/features/sources/lists/zip-member.ts';
import { defaultParseLimits, parseLimits } from '#shared/features/sources/parse-limits.ts';
import { eachRosterRow, textChunks } from '#shared/features/sources/rosters/roster-file.ts';
import { flHeader, floridaMqa } from '#shared/features/sources/rosters/states/florida.ts';
import { bombMember, member, peakRssMb, workbookMembers, zipArchive } from '../support/hostile-files.ts';

const MiB = 1024 * 1024;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'parse-limits-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function fileOf(name: string, bytes: Buffer): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, bytes);
  return file;
}

async function drain(chunks: AsyncIterable<string>): Promise<number> {
  let n = 0;
  for await (const chunk of chunks) n += chunk.length;
  return n;
}

/** The least of a few runs' milliseconds (the machine is shared: the least is the least disturbed). */
function fastest(runs: number, run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('a long CSV row', () => {
  /** Parses one row of `mb` MB (one field, quoted or not, fed in 64 KB chunks, as files are read), limits raised out of the way. */
  const parseRow = (mb: number, quoted: boolean) => {
    const field = 'x'.repeat(mb * MiB);
    const text = quoted ? `"${field}","b"\r\n` : `${field},b\r\n`;
    return () => {
      const parser = new CsvParser({ maxRowChars: 64 * MiB, maxFieldChars: 64 * MiB });
      const rows: string[][] = [];
      for (let i = 0; i < text.length; i += 64 * 1024) parser.push(text.slice(i, i + 64 * 1024), (row) => rows.push(row));
      parser.end((row) => rows.push(row));
      expect(rows).toHaveLength(1);
      expect(rows[0]![0]!.length).toBe(mb * MiB);
    };
  };

  it.each([
    ['quoted', true],
    ['unquoted', false],
  ])('is parsed in linear time (%s field): four times the row, about four times the time, never sixteen', (_kind, quoted) => {
    const small = fastest(3, parseRow(4, quoted));
    const large = fastest(3, parseRow(16, quoted));
    // Linear: about 4. Quadratic (every chunk re-scanning the open row): about 16.
    expect(large / Math.max(small, 1)).toBeLessThan(8);
    expect(large).toBeLessThan(5_000);
  });

  it('is refused past the row or field limit as soon as it is seen, a limit refusal, not a format error', () => {
    const parser = new CsvParser();
    const started = performance.now();
    const chunk = 'x'.repeat(64 * 1024);
    expect(() => {
      for (let i = 0; i < 1024; i++) parser.push(chunk, () => undefined);
    }).toThrow(
      expect.objectContaining({ name: 'UnsafeFileError', kind: 'limit', message: expect.stringMatching(/field on line 1 is longer than 65536 characters/) }),
    );
    expect(performance.now() - started).toBeLessThan(1_000);

    const wide = new CsvParser({ maxFieldChars: 1_000_000 });
    expect(() => wide.push(`"${'y'.repeat(300 * 1024)}"`, () => undefined)).toThrow(/row on line 1 is longer than 262144 characters/);
    expect(() => new CsvParser().push(`${','.repeat(300)}\n`, () => undefined)).toThrow(/more than 256 fields/);
  });

  it('is refused past the row count', () => {
    const parser = new CsvParser({ maxRows: 10 });
    const rows: string[][] = [];
    expect(() => parser.push('a,b\n'.repeat(11), (row) => rows.push(row))).toThrow(
      expect.objectContaining({ kind: 'limit', message: expect.stringMatching(/more than 10 rows/) }),
    );
    expect(rows).toHaveLength(10);
  });

  it('of a pipe-delimited roster is refused past the line limit, in linear time', async () => {
    const line = `${flHeader.join('|')}|\n${'z'.repeat(2 * MiB)}`;
    const chunks = Array.from({ length: Math.ceil(line.length / 65536) }, (_, i) => line.slice(i * 65536, (i + 1) * 65536));
    await expect(eachRosterRow(floridaMqa, floridaMqa.columns, textChunks(...chunks), async () => {})).rejects.toMatchObject({
      name: 'UnsafeFileError',
      kind: 'limit',
    });
    const long = (mb: number) => 'q'.repeat(mb * MiB);
    const lineTime = async (mb: number) => {
      const text = `${long(mb)}\n`;
      const started = performance.now();
      const pieces = Array.from({ length: Math.ceil(text.length / 65536) }, (_, i) => text.slice(i * 65536, (i + 1) * 65536));
      for await (const got of textLines(textChunks(...pieces), 64 * MiB)) expect(got.length).toBe(mb * MiB);
      return performance.now() - started;
    };
    const small = Math.min(await lineTime(4), await lineTime(4));
    const large = Math.min(await lineTime(16), await lineTime(16));
    expect(large / Math.max(small, 1)).toBeLessThan(8);
  });
});

describe('a long JSON Lines row', () => {
  it('is refused past the row limit, a limit refusal', async () => {
    const row = (npi: string, name: string) =>
      `${JSON.stringify({ NPI: npi, 'First Name': name, 'Last Name': 'X', 'Optout Effective Date': '01/01/2026', 'Optout End Date': '' })}\n`;
    const file = await fileOf('opt-out.jsonl', Buffer.from(row('1234567893', 'A') + row('1234567893', 'B'.repeat(2 * MiB))));
    const read = async () => {
      for await (const _row of jsonRows(cmsOptOut, file)) void _row;
    };
    await expect(read()).rejects.toMatchObject({
      name: 'UnsafeFileError',
      kind: 'limit',
      message: expect.stringMatching(/line 2 is longer than 262144 characters/),
    });
  });
});

describe('a zip bomb', () => {
  it('is refused from its directory, by its compression ratio, before anything is inflated', async () => {
    const bomb = await bombMember('SAM_Exclusions_Public_Extract_V2_26279.CSV', 512 * MiB, '0', '"Classification","Name"\r\n');
    const file = await fileOf('bomb.zip', zipArchive([bomb]));
    expect(bomb.data.length).toBeLessThan(1 * MiB);
    const before = peakRssMb();
    await expect(drain(zipCsvText(file, parseLimits(samLimits)))).rejects.toMatchObject({
      name: 'UnsafeFileError',
      kind: 'limit',
      message: expect.stringMatching(/inflates \d+ times its compressed size, over the limit of 100/),
    });
    expect(peakRssMb() - before).toBeLessThan(64);
  });

  it('that lies about its size in its directory stops inflating at the size declared', async () => {
    const liar = await bombMember('extract.csv', 512 * MiB, '0', '"a"\r\n', 1000);
    const file = await fileOf('liar.zip', zipArchive([liar]));
    const before = peakRssMb();
    await expect(drain(zipCsvText(file, parseLimits(samLimits)))).rejects.toMatchObject({ name: 'UnsafeFileError', kind: 'malformed_archive' });
    expect(peakRssMb() - before).toBeLessThan(64);
  });

  it('is refused past the inflated size of a member, even at a plausible ratio', async () => {
    const file = await fileOf('big.zip', zipArchive([member('a.csv', 'a,b\n'.repeat(400_000))]));
    await expect(drain(zipCsvText(file, parseLimits({ maxMemberBytes: 1 * MiB, maxRatio: 10_000 })))).rejects.toMatchObject({
      kind: 'limit',
      message: expect.stringMatching(/inflates to 1\.5 MiB, over the limit of 1\.0 MiB/),
    });
  });

  it('of many members is refused by their number', async () => {
    const many = Array.from({ length: 300 }, (_, i) => member(`part${i}.txt`, 'x'));
    const file = await fileOf('many.zip', zipArchive([...many, member('list.csv', 'a\n')]));
    await expect(drain(zipCsvText(file))).rejects.toMatchObject({ kind: 'limit', message: expect.stringMatching(/more than 256 members/) });
  });
});

describe('an archive member named outside the archive', () => {
  it.each(['../evil.csv', '../../etc/cron.d/x.csv', '/etc/passwd.csv', 'a/../../b.csv', '..\\windows\\x.csv'])(
    '%s is a malformed archive, refused before anything is read',
    async (name) => {
      const file = await fileOf('traversal.zip', zipArchive([member(name, 'a,b\n1,2\n')]));
      await expect(drain(zipCsvText(file))).rejects.toMatchObject({ name: 'UnsafeFileError', kind: 'malformed_archive' });
      await expect(zipMemberBytes(file, { pattern: /\.csv$/i, label: 'CSV' })).rejects.toMatchObject({ kind: 'malformed_archive' });
    },
  );

  it('is quoted in the refusal when it reads as a name, else described by its length', async () => {
    const named = await fileOf('named.zip', zipArchive([member('../../etc/cron.d/x.csv', 'a,b\n')]));
    await expect(drain(zipCsvText(named))).rejects.toMatchObject({ message: 'the archive names a member outside itself: "../../etc/cron.d/x.csv"' });
    // A name built to carry text (markup, a sentence past a name's length) is never quoted.
    for (const name of ['../<script>alert(document.cookie)</script>.csv', `../${'Your session has expired, please sign in again '.repeat(3)}.csv`]) {
      const file = await fileOf('text.zip', zipArchive([member(name, 'a,b\n')]));
      const error = await drain(zipCsvText(file)).catch((e: Error) => e);
      expect(error).toMatchObject({
        kind: 'malformed_archive',
        message: `the archive names a member outside itself: no member name (${name.length} characters, not quoted)`,
      });
      expect((error as Error).message).not.toMatch(/script|session/);
    }
  });

  it('and a truncated archive are malformed archives too', async () => {
    const whole = zipArchive([member('a.csv', 'a,b\n1,2\n')]);
    const file = await fileOf('cut.zip', whole.subarray(0, whole.length - 30));
    await expect(drain(zipCsvText(file))).rejects.toMatchObject({ kind: 'malformed_archive', message: expect.stringMatching(/not a readable ZIP archive/) });
  });
});

describe('an XLSX bomb', () => {
  const list = [
    ['NPI', 'Date'],
    ['1234567893', '2026-01-01'],
  ];

  it('with a huge sheet beside the one read is refused from the directory, within memory', async () => {
    const bomb = await bombMember(
      'x',
      256 * MiB,
      ' ',
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    );
    const xlsx = zipArchive(
      workbookMembers([
        { name: 'List', part: list },
        { name: 'Notes', part: bomb },
      ]),
    );
    expect(xlsx.length).toBeLessThan(1 * MiB);
    const before = peakRssMb();
    await expect(sheetRows(xlsx, /^List$/)).rejects.toMatchObject({ name: 'UnsafeFileError', kind: 'limit' });
    expect(peakRssMb() - before).toBeLessThan(64);
  });

  it('with a huge sheet that lies about its size stops inflating at the size declared', async () => {
    const bomb = await bombMember('x', 256 * MiB, ' ', '<?xml version="1.0"?><worksheet><sheetData>', 2000);
    const xlsx = zipArchive(workbookMembers([{ name: 'List', part: bomb }]));
    const before = peakRssMb();
    await expect(sheetRows(xlsx, /^List$/)).rejects.toMatchObject({ name: 'UnsafeFileError', kind: 'malformed_archive' });
    expect(peakRssMb() - before).toBeLessThan(64);
  });

  it('of many sheets is refused by their number, before any sheet is inflated', async () => {
    const sheets = Array.from({ length: 40 }, (_, i) => ({ name: `Sheet${i + 1}`, part: list }));
    await expect(sheetRows(zipArchive(workbookMembers(sheets)), undefined)).rejects.toMatchObject({
      kind: 'limit',
      message: expect.stringMatching(/40 sheets, over the limit of 32/),
    });
  });

  it('never inflates the sheets it does not read: only the chosen one counts against the limits', async () => {
    const other = Array.from({ length: 20_000 }, (_, i) => [`row ${i}`, 'x'.repeat(50)]);
    const xlsx = zipArchive(
      workbookMembers([
        { name: 'Other', part: other },
        { name: 'List', part: list },
      ]),
    );
    const limits = parseLimits({ maxInflatedBytes: 64 * 1024, maxRatio: 10_000 });
    expect(await sheetRows(xlsx, /^List$/, undefined, limits)).toEqual(list);
    await expect(sheetRows(xlsx, /^Other$/, undefined, limits)).rejects.toMatchObject({ kind: 'limit' });
  });

  it('of too many cells is refused before the sheet is parsed; too many rows, columns or too long a cell when read', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => [String(i), 'a', 'b']);
    const xlsx = zipArchive(workbookMembers([{ name: 'List', part: rows }]));
    await expect(sheetRows(xlsx, undefined, undefined, parseLimits({ maxCells: 5_000 }))).rejects.toMatchObject({
      kind: 'limit',
      message: expect.stringMatching(/more than 5000 cells/),
    });
    await expect(sheetRows(xlsx, undefined, undefined, parseLimits({ maxRows: 1_000 }))).rejects.toMatchObject({
      kind: 'limit',
      message: expect.stringMatching(/more than 1000 rows/),
    });
    const wide = zipArchive(workbookMembers([{ name: 'List', part: [Array.from({ length: 300 }, () => 'c')] }]));
    await expect(sheetRows(wide, undefined)).rejects.toMatchObject({ kind: 'limit', message: expect.stringMatching(/more than 256 columns/) });
    const longCell = zipArchive(workbookMembers([{ name: 'List', part: [['z'.repeat(70_000)]] }]));
    await expect(sheetRows(longCell, undefined)).rejects.toMatchObject({ kind: 'limit', message: expect.stringMatching(/longer than 65536 characters/) });
  });
});

describe('names a file gives its parts, in errors', () => {
  const list = [['NPI'], ['1234567893']];
  const text = '<html><body>Access denied: contact the administrator at admin@example.org</body></html>';

  it('quote a sheet name that reads as one, and describe any other by its length, never quoting it', async () => {
    const extra = zipArchive(
      workbookMembers([
        { name: 'List', part: list },
        { name: 'Notes 2026', part: list },
      ]),
    );
    await expect(sheetRows(extra, /^List$/, /^$/)).rejects.toThrow('the workbook has a sheet nobody reads: "Notes 2026" (sheets: "List", "Notes 2026")');
    const odd = zipArchive(
      workbookMembers([
        { name: 'List', part: list },
        { name: text.slice(0, 31), part: list },
      ]),
    );
    const error = await sheetRows(odd, /^List$/, /^$/).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'the workbook has a sheet nobody reads: no sheet name (31 characters, not quoted) (sheets: "List", no sheet name (31 characters, not quoted))',
    );
    expect((error as Error).message).not.toMatch(/<html|<body|Access denied/);
    const missing = await sheetRows(odd, /^Licenses$/).catch((e: Error) => e);
    expect((missing as Error).message).toMatch(/^the workbook has no sheet named like .* \(sheets: "List", no sheet name \(31 characters, not quoted\)\)$/);
  });

  it('quote an archive member that reads as a name, and describe any other by its length', async () => {
    const two = await fileOf('two.zip', zipArchive([member('a.csv', 'a\n'), member(`${text.slice(0, 40)}.csv`, 'a\n')]));
    const error = await zipMemberBytes(two, { pattern: /\.csv$/i, label: 'CSV' }).catch((e: Error) => e);
    expect((error as Error).message).toBe('the archive holds 2 CSV members ("a.csv", no member name (44 characters, not quoted)), not one');
  });
});

describe('the limits', () => {
  it('of the large sources are above their real files, and their own where they differ from the defaults', () => {
    // SAM: a 12 MB ZIP of 168,328 rows; NPPES deactivations: 355,330 rows of two cells.
    expect(parseLimits(samLimits)).toMatchObject({ maxFileBytes: 128 * MiB, maxRows: 1_000_000 });
    expect(parseLimits(nppesDeactivatedLimits).maxRows).toBeGreaterThan(2 * 355_330);
    expect(parseLimits(nppesDeactivatedLimits).maxCells).toBeGreaterThan(2 * 2 * 355_330);
    expect(defaultParseLimits.maxRows).toBeGreaterThan(100_000);
  });
});
