/**
 * The roster connectors read on rows the boards really published (test/fixtures/real/<roster id>/, each
 * with a SOURCE.md naming where the rows were found).
 *
 * West Virginia (`wv_bom`): the fixture holds the cell values of the `Licenses` sheet of the board's three
 * XLSX workbooks as captured (the capture kept the values, not the bytes). Each workbook is built here
 * from them as the board lays it out (a title row, the header, the rows, every cell text, on a sheet
 * `Licenses`) and read through the connector exactly as ingest reads a downloaded workbook.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { licenseNumberScopeOf } from '#shared/features/sources/boards/board-definition.ts';
import { westVirginia } from '#shared/features/sources/boards/states/west-virginia.ts';
import { columnsOf, type RosterRecord, rowReader } from '#shared/features/sources/rosters/roster-definition.ts';
import { eachRosterRow } from '#shared/features/sources/rosters/roster-file.ts';
import { licensesFromRecords } from '#shared/features/sources/rosters/roster-search.ts';
import { westVirginiaBom, wvBoards } from '#shared/features/sources/rosters/states/west-virginia.ts';

const fixtures = join(import.meta.dirname, '../fixtures/real', 'wv_bom');

/** The fixture's cells: plain comma-separated, no quoting (no value holds a comma or a quote). */
function cells(board: 'MD' | 'PA' | 'DPM'): string[][] {
  const text = readFileSync(join(fixtures, `licenses-${board}.csv`), 'utf8');
  expect(text).not.toMatch(/"/);
  return text
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

/** A workbook as the board's: sheet `Licenses` with a title row (its text was not captured: the link text stands in), the header and the rows. */
function workbook(board: 'MD' | 'PA' | 'DPM', title: string): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [[title], ...cells(board)];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((value) => (value === '' ? null : value)))), 'Licenses');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function read(board: (typeof wvBoards)[number]) {
  const records: RosterRecord[] = [];
  let malformed = 0;
  const { header, preamble } = await eachRosterRow(
    westVirginiaBom,
    columnsOf(westVirginiaBom, board.file),
    { workbook: workbook(board.board, board.link.source) },
    async (row, _line, head) => {
      const record = row ? westVirginiaBom.record(rowReader(head)(row), board.file) : null;
      if (record === null || record === 'skip') malformed++;
      else records.push(record);
    },
  );
  return { records, malformed, header, preamble };
}

describe('West Virginia Board of Medicine rosters (real rows)', () => {
  const read3 = {} as Record<'MD' | 'PA' | 'DPM', Awaited<ReturnType<typeof read>>>;
  beforeAll(async () => {
    for (const board of wvBoards) read3[board.board] = await read(board);
  });
  const byNumber = (board: 'MD' | 'PA' | 'DPM', number: string) => read3[board].records.find((r) => r.licenseNumber === number);

  it('finds the header under the title row and reads every row of the three workbooks', () => {
    for (const board of wvBoards) {
      const { records, malformed, header, preamble } = read3[board.board];
      expect(header).toEqual(['First Name', 'Middle Name', 'Last Name', 'Suffix', 'License Number', 'License Expiration Date']);
      expect(preamble).toHaveLength(1);
      expect(malformed, board.board).toBe(0);
      expect(records, board.board).toHaveLength(20);
    }
  });

  it('maps named real rows: name, number, active, the expiry in either date form, the profession, no discipline claimed', () => {
    expect(byNumber('MD', '32908')).toMatchObject({
      firstName: 'Houston',
      middleName: 'Michael',
      lastName: 'Aaron',
      suffix: 'II',
      licenseType: 'Medical Doctor',
      classification: { kind: 'profession', profession: 'physician' },
      status: 'active',
      statusRecognised: true,
      expiryDate: '2026-06-30',
      disciplinary: false,
      file: 'MD',
    });
    expect(byNumber('MD', '16132')).toMatchObject({ firstName: 'Farouk', lastName: 'Abadir', expiryDate: '2028-06-30', suffix: '' });
    expect(byNumber('MD', '35574')).toMatchObject({ firstName: 'Paul', middleName: '', lastName: 'Berman', expiryDate: '2028-06-30' });
    expect(byNumber('MD', '34601')).toMatchObject({ firstName: 'Kevin', lastName: 'Stephens', suffix: 'Jr', expiryDate: '2027-06-30' });
    expect(byNumber('MD', '27665')).toMatchObject({ middleName: 'Dale Johnson', lastName: 'Francke', suffix: 'Sr.' });
    expect(byNumber('PA', '866')).toMatchObject({
      firstName: 'Jaclyn',
      middleName: 'Lea',
      lastName: 'Adkins',
      licenseType: 'Physician Assistant',
      classification: { kind: 'profession', profession: 'physician_assistant' },
      status: 'active',
      expiryDate: '2027-03-31',
      disciplinary: false,
    });
    expect(byNumber('PA', '1636')).toMatchObject({ firstName: 'Lawrence', middleName: 'W.', lastName: 'Witzberger', suffix: 'IV' });
    expect(byNumber('DPM', '276')).toMatchObject({
      firstName: 'Anthony',
      middleName: '',
      lastName: 'Catania',
      suffix: 'Jr.',
      licenseType: 'Podiatric Physician',
      classification: { kind: 'profession', profession: 'podiatrist' },
      status: 'active',
      expiryDate: '2027-06-30',
      disciplinary: false,
    });
    expect(byNumber('DPM', '10499')).toMatchObject({ firstName: 'Crystal-Dawn', lastName: 'Bradshaw' });
  });

  it('reads every distinct expiry value, and each board file is one license type and profession', () => {
    const expiries = new Map<string, string | null>();
    for (const board of wvBoards) {
      for (const row of cells(board.board).slice(1)) {
        const record = byNumber(board.board, row[4]!);
        expiries.set(row[5]!, record?.expiryDate ?? null);
      }
      expect(
        new Set(read3[board.board].records.map((r) => `${r.licenseType}|${r.classification.kind === 'profession' ? r.classification.profession : ''}`)),
      ).toEqual(new Set([`${board.licenseType}|${board.profession}`]));
      expect(read3[board.board].records.every((r) => r.statusRecognised && r.status === 'active')).toBe(true);
    }
    expect(Object.fromEntries(expiries)).toEqual({
      '06/30/2026': '2026-06-30',
      '6/30/2026': '2026-06-30',
      '6/30/2028': '2028-06-30',
      '06/30/2028': '2028-06-30',
      '06/30/2027': '2027-06-30',
      '6/30/2027': '2027-06-30',
      '3/31/2027': '2027-03-31',
      '03/31/2027': '2027-03-31',
    });
  });

  it('keeps the same number on two boards as two licenses (a license is the board and the number)', () => {
    const md = byNumber('MD', '32908')!;
    const pa = { ...byNumber('PA', '2866')!, licenseNumber: '32908' };
    const licenses = licensesFromRecords(westVirginiaBom, [md, pa]);
    expect(licenses).toHaveLength(2);
    const scope = licenseNumberScopeOf(westVirginia);
    expect(scope(licenses[0]!)).not.toBe(scope(licenses[1]!));
  });
});
