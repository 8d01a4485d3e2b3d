import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachEntry } from '#shared/features/sources/lists/list-ingest.ts';
import type { ListEntry } from '#shared/features/sources/lists/list-entry.ts';
import {
  deactivatedNpi,
  nppesDeactivated,
  nppesDeactivatedColumns,
  nppesDeactivatedEntry,
  nppesDeactivatedFileDate,
  nppesDeactivatedRank,
  nppesDeactivatedTitleDate,
} from '#shared/features/sources/lists/nppes-deactivated.ts';
import { fileNameOf, linkMatches, readPage } from '#shared/features/sources/lists/page-links.ts';
import { sheetRows } from '#shared/features/sources/lists/sheet-reader.ts';
import { zipMemberBytes } from '#shared/features/sources/lists/zip-member.ts';
import { matchSanctions } from '#shared/features/verification/sanctions-match.ts';
import { NppesFiles, reportZip } from '../../local/simulator/nppes-files.ts';
import { xlsxOf, zipOf } from '../../local/simulator/xlsx-writer.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nppes-deactivated-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The entries of a report ZIP written to a file, as the ingest reads them. */
async function entriesOf(zip: Buffer, name = 'report.zip'): Promise<{ entry: ListEntry | null; line: number }[]> {
  const file = join(dir, name);
  await writeFile(file, zip);
  const out: { entry: ListEntry | null; line: number }[] = [];
  await eachEntry(nppesDeactivated, file, async (entry, line) => {
    out.push({ entry, line });
  });
  return out;
}

describe('the report’s file names', () => {
  it('reads the date (MMDDYY) of a name with or without _V2, and refuses other files and impossible dates', () => {
    expect(nppesDeactivatedFileDate('NPPES_Deactivated_NPI_Report_091426_V2.zip')).toBe('2026-09-14');
    expect(nppesDeactivatedFileDate('nppes_deactivated_npi_report_101226_v2.ZIP')).toBe('2026-10-12');
    // Named without _V2 until 2025.
    expect(nppesDeactivatedFileDate('NPPES_Deactivated_NPI_Report_041023.zip')).toBe('2023-04-10');
    expect(nppesDeactivatedFileDate('NPPES_Deactivated_NPI_Report_121024.zip')).toBe('2024-12-10');
    for (const name of [
      'NPPES_Deactivated_NPI_Report_091426_V2.csv',
      'NPPES_Deactivated_NPI_Report_091426_V1.zip',
      'NPPES_Data_Dissemination_October_2026_V2.zip',
      'NPPES_Deactivated_NPI_Report_133126_V2.zip',
      'NPPES_Deactivated_NPI_Report_023026_V2.zip',
    ]) {
      expect(nppesDeactivatedFileDate(name), name).toBeNull();
      expect(nppesDeactivatedRank(name), name).toBeNull();
    }
  });

  it('ranks both namings by their date across years, the _V2 name first of one date', () => {
    const names = [
      'NPPES_Deactivated_NPI_Report_121225_V2.zip',
      'NPPES_Deactivated_NPI_Report_101226_V2.zip',
      'NPPES_Deactivated_NPI_Report_091426.zip',
      'NPPES_Deactivated_NPI_Report_091426_V2.zip',
      'NPPES_Deactivated_NPI_Report_121024.zip',
      'NPPES_Deactivated_NPI_Report_011226_V2.zip',
    ];
    const ranked = names
      .map((name) => ({ name, rank: nppesDeactivatedRank(name) }))
      .filter((n) => n.rank !== null)
      .sort((a, b) => b.rank! - a.rank!)
      .map((n) => n.name);
    expect(ranked).toEqual([
      'NPPES_Deactivated_NPI_Report_101226_V2.zip',
      'NPPES_Deactivated_NPI_Report_091426_V2.zip',
      'NPPES_Deactivated_NPI_Report_091426.zip',
      'NPPES_Deactivated_NPI_Report_011226_V2.zip',
      'NPPES_Deactivated_NPI_Report_121225_V2.zip',
      'NPPES_Deactivated_NPI_Report_121024.zip',
    ]);
    // The newest is read whatever its naming.
    expect(nppesDeactivatedRank('NPPES_Deactivated_NPI_Report_011325.zip')!).toBeGreaterThan(
      nppesDeactivatedRank('NPPES_Deactivated_NPI_Report_121024_V2.zip')!,
    );
    expect(nppesDeactivated.asOf!('NPPES_Deactivated_NPI_Report_101226_V2.zip')).toBe('2026-10-12');
  });

  it('finds the report’s links on the downloads page among the other NPPES files (single-quoted relative hrefs)', async () => {
    await writeFile(join(dir, 'NPPES_Deactivated_NPI_Report_091426_V2.csv'), 'NPI,NPPES Deactivation Date\n');
    await writeFile(join(dir, 'NPPES_Deactivated_NPI_Report_101226_V2.csv'), 'NPI,NPPES Deactivation Date\n');
    const html = await new NppesFiles(dir).page();
    expect(html).toContain("href='./NPPES_Deactivated_NPI_Report_101226_V2.zip'");
    const page = readPage(html, 'https://download.cms.gov/nppes/NPI_Files.html');
    const locate = nppesDeactivated.locate as Extract<typeof nppesDeactivated.locate, { kind: 'page_links' }>;
    expect(locate.pageUrl('https://download.cms.gov')).toBe('https://download.cms.gov/nppes/NPI_Files.html');
    const reports = page.links.filter((link) => /Deactivated/.test(link.href));
    // The last report named without _V2 is a link of the list too, ranked after the newer ones.
    expect(reports.map((l) => fileNameOf(l.href))).toContain('NPPES_Deactivated_NPI_Report_121024.zip');
    const candidates = page.links
      .filter((link) => linkMatches(link, locate.hops[0]!))
      .map((link) => ({ href: link.href, rank: locate.pick!(fileNameOf(link.href)) }))
      .sort((a, b) => b.rank! - a.rank!);
    expect(candidates.map((c) => c.href)).toEqual([
      'https://download.cms.gov/nppes/NPPES_Deactivated_NPI_Report_101226_V2.zip',
      'https://download.cms.gov/nppes/NPPES_Deactivated_NPI_Report_091426_V2.zip',
      'https://download.cms.gov/nppes/NPPES_Deactivated_NPI_Report_121024.zip',
    ]);
  });
});

describe('a row of the report', () => {
  it('is an NPI with its deactivation date, naming nobody, in force from that date with no end', () => {
    const entry = nppesDeactivatedEntry(['1234567893', '10/06/2026']);
    expect(entry).toEqual({
      kind: 'individual',
      lastName: '',
      firstName: '',
      middleName: '',
      entityName: '',
      npi: '1234567893',
      dob: null,
      licenses: [],
      reference: null,
      identifiers: {},
      aliases: [],
      city: '',
      state: '',
      zip: '',
      country: '',
      action: {
        agency: 'CMS NPPES',
        type: 'NPI deactivated',
        program: '',
        code: '',
        startDate: '2026-10-06',
        endDate: null,
        indefinite: false,
        reinstatedDate: null,
        comments: '',
      },
    });
    expect(nppesDeactivated.keys(entry!)).toEqual(['N#1234567893']);
    // Found by the NPI alone, and matched on it alone: the row names nobody.
    expect(matchSanctions({ firstName: 'ANY', lastName: 'ONE', npi: '1234567893' }, [entry!], '2026-11-01').map((m) => m.basis)).toEqual(['npi']);
    expect(matchSanctions({ firstName: 'ANY', lastName: 'ONE', npi: '1689872012' }, [entry!], '2026-11-01')).toEqual([]);
    expect(matchSanctions({ firstName: 'ANY', lastName: 'ONE' }, [entry!], '2026-11-01')).toEqual([]);
  });

  it('reads the NPI from text, a number or a float-formatted cell, and refuses an invalid one', () => {
    expect(deactivatedNpi('1234567893')).toBe('1234567893');
    expect(deactivatedNpi(' 1234567893.0 ')).toBe('1234567893');
    expect(deactivatedNpi('1234567893.00')).toBe('1234567893');
    for (const bad of ['1234567890', '123456789', '12345678930', '1234567893.5', 'N/A', '', '0000000000']) {
      expect(deactivatedNpi(bad), bad).toBeNull();
      expect(nppesDeactivatedEntry([bad, '01/02/2020']), bad).toBeNull();
    }
  });

  it('is malformed without a readable date, or with another number of cells', () => {
    for (const bad of ['', '13/40/2020', '2/30/2020', 'Deactivated']) expect(nppesDeactivatedEntry(['1234567893', bad]), bad).toBeNull();
    expect(nppesDeactivatedEntry(['1234567893'])).toBeNull();
    expect(nppesDeactivatedEntry(['1234567893', '01/02/2020', 'extra'])).toBeNull();
    // A date cell (read as ISO) or a serial left unformatted still reads.
    expect(nppesDeactivatedEntry(['1234567893', '2020-01-02'])?.action.startDate).toBe('2020-01-02');
    expect(nppesDeactivatedEntry(['1234567893', '43832'])?.action.startDate).toBe('2020-01-02');
  });
});

describe('the report’s workbook, as the ingest reads it', () => {
  const csv = [
    'NPI,NPPES Deactivation Date',
    '1234567893,10/06/2026',
    '1689872012,01/02/2015',
    '1457485542,03/04/2020',
    '1851713903,05/06/2021',
    '1234567890,05/06/2021',
    '1111111112,',
    '1861594319,13/40/2020',
    '1306849450,05/06/2021',
    '1497758742,07/08/2009',
    '1245319599,07/08/2009',
    '',
  ].join('\n');

  it('skips the title row, reads text and number NPI cells, and leaves a bad date or NPI unread', async () => {
    const zip = await reportZip(csv, 'NPPES_Deactivated_NPI_Report_101226_V2.zip');
    const rows = await entriesOf(zip);
    // The title (row 1) and the header (row 2) are not data; the first row is row 3.
    expect(rows.map((r) => [r.line, r.entry?.npi ?? null, r.entry?.action.startDate ?? null])).toEqual([
      [3, '1234567893', '2026-10-06'],
      [4, '1689872012', '2015-01-02'],
      [5, '1457485542', '2020-03-04'],
      [6, '1851713903', '2021-05-06'],
      [7, null, null], // check digit wrong
      [8, null, null], // no date
      [9, null, null], // impossible date
      [10, '1306849450', '2021-05-06'],
      [11, '1497758742', '2009-07-08'],
      [12, '1245319599', '2009-07-08'], // written as a number cell
    ]);
  });

  it('reads a sheet whose NPI cells are numbers, its header under a title and a blank row', async () => {
    const workbook = await xlsxOf([
      ['NPPES Deactivated NPI Report'],
      [],
      ['NPI', 'NPPES Deactivation Date'],
      [1457485542, '03/04/2020'],
      [1851713903, '5/6/2021'],
    ]);
    expect((await sheetRows(workbook, undefined))[3]).toEqual(['1457485542', '03/04/2020']);
    const rows = await entriesOf(await zipOf(new Map([['NPPES Deactivated NPI Report 20261012.xlsx', workbook]])), 'numbers.zip');
    expect(rows.map((r) => [r.line, r.entry?.npi, r.entry?.action.startDate])).toEqual([
      [4, '1457485542', '2020-03-04'],
      [5, '1851713903', '2021-05-06'],
    ]);
  });

  it('reads the date the content stands for from the title row, NPPES Deactivated Records as of <Mon DD YYYY>', async () => {
    expect(nppesDeactivatedTitleDate([['NPPES Deactivated Records as of Oct 12 2026']])).toBe('2026-10-12');
    expect(nppesDeactivatedTitleDate([['NPPES Deactivated Records as of Apr 13 2026'], []])).toBe('2026-04-13');
    // Titles public readers of the real reports quote: a zero-padded day, the reports of 2024 and 2025.
    expect(nppesDeactivatedTitleDate([['NPPES Deactivated Records as of Jul 08 2024']])).toBe('2024-07-08');
    expect(nppesDeactivatedTitleDate([['NPPES Deactivated Records as of Apr 14 2025', '']])).toBe('2025-04-14');
    expect(nppesDeactivatedTitleDate([['NPPES Deactivated Records as of September 8, 2025']])).toBe('2025-09-08');
    expect(nppesDeactivatedTitleDate([['NPPES Deactivated Records as of Feb 30 2026']])).toBeNull();
    expect(nppesDeactivatedTitleDate([['NPPES Deactivated Records']])).toBeNull();
    const file = join(dir, 'titled.zip');
    await writeFile(file, await reportZip(csv, 'NPPES_Deactivated_NPI_Report_101226_V2.zip'));
    const asOf = await eachEntry(nppesDeactivated, file, async () => {});
    expect(asOf).toBe('2026-10-12');
  });

  it('is served as the report is published: sheet DeactivatedNPIs, the title row above the header', async () => {
    const zip = await reportZip(csv, 'NPPES_Deactivated_NPI_Report_101226_V2.zip');
    const file = join(dir, 'served.zip');
    await writeFile(file, zip);
    const workbook = await zipMemberBytes(file, { pattern: /\.xlsx$/i, label: 'workbook' });
    const rows = await sheetRows(workbook, /^DeactivatedNPIs$/);
    expect(rows[0]).toEqual(['NPPES Deactivated Records as of Oct 12 2026']);
    expect(rows[1]).toEqual(['NPI', 'NPPES Deactivation Date']);
  });

  it('refuses a changed header, and an archive without a workbook', async () => {
    const renamed = await reportZip(csv.replace('NPPES Deactivation Date', 'Deactivation Date'), 'NPPES_Deactivated_NPI_Report_101226_V2.zip');
    await expect(entriesOf(renamed, 'renamed.zip')).rejects.toThrow(/unexpected header .*column 2 is "Deactivation Date", expected "NPPES Deactivation Date"/);
    const noWorkbook = await zipOf(new Map([['NPPES Deactivated NPI Report 20261012.csv', csv]]));
    await expect(entriesOf(noWorkbook, 'csv-only.zip')).rejects.toThrow(/the archive holds 0 workbook members/);
    expect([...nppesDeactivatedColumns]).toEqual(['NPI', 'NPPES Deactivation Date']);
  });
});
