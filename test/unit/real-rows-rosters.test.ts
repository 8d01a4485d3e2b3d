import { listDate } from '#shared/features/sources/lists/list-cells.ts';
import { type RosterDefinition, statusFrom } from '#shared/features/sources/rosters/roster-definition.ts';
import { RosterFormatError, rosterText, textChunks } from '#shared/features/sources/rosters/roster-file.ts';
import { preambleDate } from '#shared/features/sources/rosters/roster-ingest.ts';
import {
  type WyBoardSheet,
  wyActiveSheets,
  wyClassify,
  wyFullSheets,
  wyomingActive,
  wyomingBoards,
  wySheetOf,
} from '#shared/features/sources/rosters/states/wyoming.ts';
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
import { nevadaPharmacy, nvBopClassify, nvBopNotLicenses, nvBopStatuses } from '#shared/features/sources/rosters/states/nevada.ts';
import { southDakota } from '#shared/features/sources/boards/states/south-dakota.ts';
import { southDakotaBoards } from '#shared/features/sources/rosters/states/south-dakota.ts';
import { missouriMopro, moBoardOf, moClassify, moStatus } from '#shared/features/sources/rosters/states/missouri.ts';
import { arColumns, arkansasPodiatry, arRecord } from '#shared/features/sources/rosters/states/arkansas.ts';
import { laColumns, laRecord, laStatuses, louisianaMassage } from '#shared/features/sources/rosters/states/louisiana.ts';
import { akColumns, akOwnerName, akStatuses, alaskaCbpl } from '#shared/features/sources/rosters/states/alaska.ts';
import { caBbsClassify, caBbsStatuses, caBbsTypes, californiaBbs } from '#shared/features/sources/rosters/states/california.ts';

const fixtures = join(import.meta.dirname, '../fixtures/real');
/** The fixture folders, one per roster: test/fixtures/real/wy_boards/, wy_active/ and mo_pr/. */
const folders = { wy_boards: 'wy_boards', wy_active: 'wy_active', mo_pr: 'mo_pr' } as const;

interface Read {
  readonly records: Map<number, RosterRecord | 'skip' | null>;
  readonly asOf: string | null;
  readonly headerLine: number;
}

async function read(definition: RosterDefinition, file: string, as = file): Promise<Read> {
  const records = new Map<number, RosterRecord | 'skip' | null>();
  let headerLine = 0;
  const { preamble } = await eachRosterRow(
    definition,
    columnsOf(definition, as),
    rosterText(definition, join(fixtures, folders[definition.id as keyof typeof folders], file)),
    async (cells, line, header) => {
      headerLine ||= line - 1;
      records.set(line, cells ? definition.record(rowReader(header)(cells), as) : null);
    },
  );
  return { records, asOf: preambleDate(preamble, new Date('2026-11-28T00:00:00Z')), headerLine };
}

/** The pinned fields of the record at a line. */
function at(read: Read, line: number) {
  const r = read.records.get(line);
  if (!r || r === 'skip') throw new Error(`no license at line ${line}`);
  return {
    name: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
    number: r.licenseNumber,
    status: r.statusRecognised ? r.status : `unreadable:${r.rawStatus}`,
    expires: r.expiryDate,
    profession: r.classification.kind === 'profession' ? r.classification.profession : 'unclassified',
    disciplined: r.disciplinary,
  };
}

const license = (name: string, number: string, status: string, expires: string | null, profession: string, disciplined = false) => ({
  name,
  number,
  status,
  expires,
  profession,
  disciplined,
});

describe('Wyoming boards, active-and-expired lists (wy_boards), real rows of July 2026', () => {
  it('Chiropractic: one `First M. Last` NAME column, Suspended and Deceased, the discipline sentence', async () => {
    const chiro = await read(wyomingBoards, 'chiropractic.csv');
    expect(chiro.headerLine).toBe(4);
    expect(chiro.asOf).toBe('2026-07-09');
    expect(at(chiro, 6)).toEqual(license('Jill R. Althoff', '852', 'active', '2026-08-31', 'chiropractor'));
    expect(at(chiro, 7)).toEqual(license('Bret C. Brown', '701', 'expired', '2024-08-31', 'chiropractor', true));
    expect(at(chiro, 12)).toEqual(license('Stuart Hall Greene', '366', 'suspended', '2026-08-31', 'chiropractor', true));
    expect(at(chiro, 19)).toEqual(license('Bruce W. Weber', '638', 'inactive', '2025-08-31', 'chiropractor'));
    expect(at(chiro, 20)).toEqual(license('Clint C. Zimmerman', '87', 'expired', '1995-06-01', 'chiropractor'));
  });

  it('Dietetics: STANDING Good Standing, no discipline column, a preamble dated in the future not taken', async () => {
    const diet = await read(wyomingBoards, 'dietetics.csv');
    expect(diet.asOf).toBeNull();
    expect(at(diet, 5)).toEqual(license('Elizabeth P. Ackart', '238', 'active', '2028-06-30', 'dietitian'));
    expect(at(diet, 6)).toEqual(license('Carolyn S. Adkisson', '99', 'expired', '2014-06-30', 'dietitian'));
  });

  it('Optometry: Stat and Disciplinary Action Yes/None', async () => {
    const od = await read(wyomingBoards, 'optometry.csv');
    expect(at(od, 6)).toEqual(license('Jessica J. Albers', '339T', 'active', '2027-04-01', 'optometrist'));
    expect(at(od, 9)).toEqual(license('Governor G. Hamm', '69', 'expired', '1981-12-31', 'optometrist'));
    expect(at(od, 12)).toEqual(license('Joshua M. LaHiff', '313T', 'active', '2027-04-01', 'optometrist', true));
  });

  it('Occupational Therapy: header on the sixth line under the legend, a temporary and an active license of one person', async () => {
    const ot = await read(wyomingBoards, 'occupational_therapy.csv');
    expect(ot.headerLine).toBe(6);
    expect(ot.asOf).toBe('2026-07-08');
    expect(at(ot, 8)).toEqual(license('Ginette Aasby', 'OT-845', 'active', '2027-07-31', 'occupational_therapist'));
    expect(at(ot, 10)).toEqual(license('Kenzie Andrews', 'OTA-1628', 'active', '2027-07-31', 'occupational_therapy_assistant'));
    expect(at(ot, 13)).toEqual(license('Peggy Dunn', 'TPS-TPS', 'expired', '1995-12-31', 'unclassified'));
    expect(at(ot, 14)).toEqual(license('Lisa Faust', 'OT-1470T', 'expired', '2019-12-11', 'occupational_therapist', true));
    expect(at(ot, 15)).toEqual(license('Lisa Faust', 'OT-1470', 'active', '2027-07-31', 'occupational_therapist', true));
  });

  it('Podiatry: the codes A, E and I, discipline N, Y or blank, a row with no number kept', async () => {
    const dpm = await read(wyomingBoards, 'podiatry.csv');
    expect(dpm.asOf).toBe('2026-07-14');
    expect(at(dpm, 7)).toEqual(license('Walter Ludwig', '2', 'expired', null, 'podiatrist'));
    expect(at(dpm, 8)).toEqual(license('Casey C. Ebert', '', 'inactive', null, 'podiatrist'));
    expect(at(dpm, 15)).toEqual(license('Daniel S. Allen', '132', 'active', '2027-07-01', 'podiatrist'));
    expect(at(dpm, 19)).toEqual(license('Michael I. Thomas', '107', 'active', '2027-07-01', 'podiatrist', true));
  });

  it('Psychology: Active/Expired License, psychologists and behavior analysts, other certificates unclassified', async () => {
    const psy = await read(wyomingBoards, 'psychology.csv');
    expect(psy.asOf).toBe('2026-07-13');
    expect(at(psy, 5)).toEqual(license('Jennifer Abernathy-Smith', '890', 'active', '2027-06-30', 'psychologist'));
    expect(at(psy, 7)).toEqual(license('Erin L. Aihara', 'BA-073', 'active', '2027-06-30', 'behavior_analyst'));
    expect(at(psy, 11)).toEqual(license('Shannon L. Ash', '', 'expired', null, 'unclassified'));
    expect(at(psy, 13)).toEqual(license('Eric R. Askins', 'CPP-10', 'active', '2027-06-30', 'unclassified'));
    expect(at(psy, 16)).toEqual(license('Michael J. Bjornson', '465', 'active', '2027-06-30', 'psychologist', true));
    expect(at(psy, 20)).toEqual(license('Hildy P. Dinkins', 'T-175', 'active', '2027-03-15', 'psychologist'));
  });

  it('Physical Therapy: NAME merged over last, first and initial; the codes A, a and E', async () => {
    const pt = await read(wyomingBoards, 'physical_therapy.csv');
    expect(pt.asOf).toBe('2026-07-10');
    expect(at(pt, 5)).toEqual(license('Susan D. Abbott', 'PT-0319', 'active', '2026-10-01', 'physical_therapist'));
    expect(at(pt, 9)).toEqual(license('Claire D. Angele', 'PT-1070', 'expired', '2025-05-20', 'physical_therapist', true));
    expect(at(pt, 13)).toEqual(license('Sarah E. Erhart', 'PTA-1120', 'active', '2026-10-01', 'physical_therapist_assistant', true));
    expect(at(pt, 17)).toEqual(license('Tatum A. Lasorsa', 'PT-2340', 'active', '2026-10-01', 'physical_therapist'));
  });

  it('Respiratory Care: one `Last, First M.` Name column; a blank status is unreadable, never a guess', async () => {
    const rt = await read(wyomingBoards, 'respiratory_care.csv');
    expect(rt.headerLine).toBe(3);
    expect(at(rt, 5)).toEqual(license('Kevin M. Abdon', '1836', 'active', '2026-10-31', 'respiratory_therapist'));
    expect(at(rt, 8)).toEqual(license('Linda K. Frost', '288', 'active', '2026-10-31', 'respiratory_therapist', true));
    expect(at(rt, 15)).toEqual(license('Scott L. Raby', '305', 'unreadable:', '2009-11-11', 'respiratory_therapist'));
  });

  it('Speech-Language Pathology and Audiology: Profession Type, provisional SLPs, aides and assistants unclassified', async () => {
    const slp = await read(wyomingBoards, 'speech_audiology.csv');
    expect(slp.asOf).toBe('2026-07-02');
    expect(at(slp, 9)).toEqual(license('Cornisa M. Abeyta', 'SP-1350', 'active', '2026-12-31', 'speech_language_pathologist'));
    expect(at(slp, 10)).toEqual(license('Michele G. Alexander', 'A-1068', 'active', '2026-12-31', 'audiologist'));
    expect(at(slp, 21)).toEqual(license('Kenli M. Bauer', 'SP/CFY-1499', 'active', '2027-06-18', 'speech_language_pathologist'));
    expect(at(slp, 12)).toEqual(license('Mary K. Allen', 'SLPA-099', 'active', '2026-12-31', 'unclassified'));
  });

  it('an operator’s file stands for the sheet its name contains', async () => {
    const named = await read(wyomingBoards, 'podiatry.csv', 'WY podiatry 2026-07-14.csv');
    expect(at(named, 15).number).toBe('132');
    expect(wySheetOf(wyFullSheets, 'WY podiatry 2026-07-14.csv')?.file).toBe('podiatry.csv');
    expect(wySheetOf(wyFullSheets, 'dental.csv')).toBeUndefined();
  });
});

describe('Wyoming Dental and Mental Health active lists (wy_active), real rows of June and July 2026', () => {
  it('Dental: specialties are dentists; facility and sedation permits are not stored', async () => {
    const dds = await read(wyomingActive, 'dental.csv');
    expect(dds.headerLine).toBe(5);
    expect(dds.asOf).toBe('2026-07-15');
    expect(at(dds, 6)).toEqual(license('Larry D. Akin', '849', 'active', '2027-12-31', 'dentist'));
    expect(at(dds, 9)).toEqual(license('Mark J. Anderson', '990', 'active', '2027-12-31', 'dentist', true));
    expect(at(dds, 21)).toEqual(license('George R. Blum', '1701', 'active', '2027-12-31', 'dentist'));
    for (const line of [11, 12, 13, 15, 19, 22, 26, 27, 29]) expect(dds.records.get(line), `line ${line}`).toBe('skip');
  });

  it('Mental Health: the number’s prefix is the license type; the preamble’s quoted note spans lines', async () => {
    const mh = await read(wyomingActive, 'mental_health.csv');
    expect(mh.asOf).toBe('2026-06-12');
    expect(at(mh, 5)).toEqual(license('Matthew Abraham', 'LPC-2526', 'active', '2028-07-16', 'counselor'));
    expect(at(mh, 6)).toEqual(license('Michael E. Alles', 'CSW-018', 'active', '2026-10-12', 'social_worker', true));
    expect(at(mh, 7)).toEqual(license('Shaun R. Balch', 'LMFT-147', 'active', '2027-12-22', 'marriage_family_therapist', true));
    expect(at(mh, 14)).toEqual(license('Anahi Morillon-Jimenez', 'PCSW-1135', 'active', '2026-12-21', 'social_worker'));
  });
});

/** Every distinct raw status and license type of the whole real files (June–July 2026 exports). */
const realValues: Record<string, { statuses: readonly string[]; types?: readonly string[] }> = {
  'chiropractic.csv': { statuses: ['Expired', 'Active', 'Suspended', 'Deceased'] },
  'dietetics.csv': { statuses: ['Active', 'Expired'] },
  'optometry.csv': { statuses: ['Expired', 'Active'] },
  'occupational_therapy.csv': { statuses: ['Expired', 'Active'], types: ['Occupational Therapist', 'Occupational Therapy Assistant', ''] },
  'podiatry.csv': { statuses: ['E', 'A', 'I'] },
  'psychology.csv': {
    statuses: ['Expired License', 'Active License'],
    types: [
      'Psychologist',
      'Behavior Analyst',
      'Specialist in School Psychology',
      'Psychological Resident',
      'Psychological Practitioner',
      'Behavior Analysis',
      'Behavioral Analyst',
      '',
      'School Psychologist',
      'Pschological Practitioner',
      'Pyschologist',
      'Psychology',
      'Behavior analyst',
      'Assistant Behavior Analyst',
      'Psycholgist',
    ],
  },
  'physical_therapy.csv': { statuses: ['E', 'A', 'a'], types: ['Physical Therapist', 'Physical Therapist Assistant'] },
  // Two rows with a blank status: unreadable on purpose (below).
  'respiratory_care.csv': { statuses: ['Expired', 'Active'] },
  'speech_audiology.csv': {
    statuses: ['Expired', 'Active'],
    types: [
      'Speech-Language Pathologist',
      'Provisional Speech-Language Pathologist',
      'Audiologist',
      'Speech-Language Pathology Aide',
      'Speech-Language Pathology Assistant',
      'Audiometric Technician',
      '',
    ],
  },
  'dental.csv': {
    statuses: ['Active'],
    types: [
      'General Dentist',
      'Orthodontist',
      'Pediatric Dentist',
      'Oral Maxillofacial Surgeon',
      'Endodontist',
      'Periodontist',
      'Prosthodontist',
      'Dental Anesthesiologist',
      'Orthodontics',
      'Oral Maxilofacial Surgeon',
      'General dentist',
      'Endodontics',
      'Prosthodontics',
      'General Dentist-Military',
      'Periodontist and Dental Implant Surgeon',
      'Pediatric Dentist/Orthodontist',
      'Pediatric Dentistry',
      'Periodontics',
      'Dental Implant Specialist',
      // Permits, not stored.
      'Moderate Sedation',
      'Deep Sedation/General Anesthesia',
      'Deep Sedation -Summit Oral Surgery -Powell/Cody',
      'Facility Permit for Gillette Pediatric Dentistry, 530 Running W Dr #100, Gillette, WY',
      'Facility Permit at Diamond G Dental LLC, 1702 Antelope St., Kemmerer, WY',
    ],
  },
  // The July export's active sheet also held one Suspended.
  'mental_health.csv': { statuses: ['Active', 'Suspended'], types: ['LPC', 'LCSW', 'PPC', 'PCSW', 'LMFT', 'LAT', 'CAP', 'CSW', 'CMHW', 'CAPA', 'PMFT', 'PAT'] },
};

describe('every raw value of the real files maps', () => {
  const sheets: readonly WyBoardSheet[] = [...wyFullSheets, ...wyActiveSheets];

  it('names every sheet', () => {
    expect(Object.keys(realValues).sort()).toEqual(sheets.map((s) => s.file).sort());
  });

  for (const sheet of sheets) {
    it(`${sheet.file}: each status and license type explicitly`, () => {
      const values = realValues[sheet.file]!;
      for (const raw of values.statuses) expect(statusFrom(sheet.statuses, raw).recognised, `${sheet.file} status ${raw}`).toBe(true);
      for (const type of values.types ?? [sheet.licenseType(rowReader([])([]))]) {
        const classified = wyClassify(sheet, type);
        expect(classified === 'skip' || !('unknown' in classified), `${sheet.file} type ${JSON.stringify(type)}`).toBe(true);
      }
    });
  }

  it('a value outside the real files is unreadable, never a guess (a blank status, an unseen word, a code of another board)', () => {
    const rt = wySheetOf(wyFullSheets, 'respiratory_care.csv')!;
    const dpm = wySheetOf(wyFullSheets, 'podiatry.csv')!;
    expect(statusFrom(rt.statuses, '').recognised).toBe(false);
    expect(statusFrom(rt.statuses, 'Active - Probation').recognised).toBe(false);
    expect(statusFrom(dpm.statuses, 'Active').recognised).toBe(false);
    expect(wyClassify(rt, 'Respiratory Therapy Technician')).toEqual({ kind: 'unclassified', unknown: true });
  });

  it('refuses a sheet whose header lost a column (its format changed), naming it', async () => {
    const text =
      'Wyoming Board of Respiratory Care,,,\r\nName,Address,License No.,Issue Date,Status,Discipline\r\n"Abbott, Susan M.",,1367,6/16/2021,Expired,No\r\n';
    await expect(eachRosterRow(wyomingBoards, columnsOf(wyomingBoards, 'respiratory_care.csv'), textChunks(text), async () => {})).rejects.toThrow(
      RosterFormatError,
    );
    await expect(eachRosterRow(wyomingBoards, columnsOf(wyomingBoards, 'respiratory_care.csv'), textChunks(text), async () => {})).rejects.toThrow(
      /Expiry Date/,
    );
  });
});

const wvFixtures = join(import.meta.dirname, '../fixtures/real', 'wv_bom');

/** The fixture's cells: plain comma-separated, no quoting (no value holds a comma or a quote). */
function wvCells(board: 'MD' | 'PA' | 'DPM'): string[][] {
  const text = readFileSync(join(wvFixtures, `licenses-${board}.csv`), 'utf8');
  expect(text).not.toMatch(/"/);
  return text
    .split(/\r?\n/)
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

/** A workbook as the board's: sheet `Licenses` with a title row (its text was not captured: the link text stands in), the header and the rows. */
function wvWorkbook(board: 'MD' | 'PA' | 'DPM', title: string): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [[title], ...wvCells(board)];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((value) => (value === '' ? null : value)))), 'Licenses');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function readWv(board: (typeof wvBoards)[number]) {
  const records: RosterRecord[] = [];
  let malformed = 0;
  const { header, preamble } = await eachRosterRow(
    westVirginiaBom,
    columnsOf(westVirginiaBom, board.file),
    { workbook: wvWorkbook(board.board, board.link.source) },
    async (row, _line, head) => {
      const record = row ? westVirginiaBom.record(rowReader(head)(row), board.file) : null;
      if (record === null || record === 'skip') malformed++;
      else records.push(record);
    },
  );
  return { records, malformed, header, preamble };
}

describe('West Virginia Board of Medicine rosters (real rows)', () => {
  const read3 = {} as Record<'MD' | 'PA' | 'DPM', Awaited<ReturnType<typeof readWv>>>;
  beforeAll(async () => {
    for (const board of wvBoards) read3[board.board] = await readWv(board);
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
      for (const row of wvCells(board.board).slice(1)) {
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

const nvFixture = join(import.meta.dirname, '../fixtures/real', 'nv_bop', 'pharmacists.csv');

/** The fixture's cells: the capture's CSV (comma, minimal quoting: `"CASTRO, JR."`). */
function nvCells(): string[][] {
  const rows: string[][] = [];
  for (const line of readFileSync(nvFixture, 'utf8').split('\r\n')) {
    if (line === '') continue;
    const cells: string[] = [];
    for (const [, quoted, plain] of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g))
      cells.push(quoted !== undefined ? quoted.replace(/""/g, '"') : plain!);
    rows.push(cells);
  }
  return rows;
}

/** A workbook of the board's export from the captured cells: one sheet (its name not recorded), `above` rows over the header. */
function nvWorkbook(options: { above?: string[][]; sheet?: string; extraSheet?: string; cells?: string[][] } = {}): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [...(options.above ?? []), ...(options.cells ?? nvCells())];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((value) => (value === '' ? null : value)))), options.sheet ?? 'Sheet1');
  if (options.extraSheet) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Last Name', 'First Name']]), options.extraSheet);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

async function readNv(workbook: Buffer) {
  const records: RosterRecord[] = [];
  const skipped: string[] = [];
  let malformed = 0;
  const { header, preamble } = await eachRosterRow(nevadaPharmacy, nevadaPharmacy.columns, { workbook }, async (row, _line, head) => {
    const record = row ? nevadaPharmacy.record(rowReader(head)(row), 'export.xlsx') : null;
    if (record === 'skip') skipped.push(rowReader(head)(row!).get('Status'));
    else if (record === null) malformed++;
    else records.push(record);
  });
  return { records, skipped, malformed, header, preamble };
}

/** Every Status and Type value of the whole export of 18 July 2026 (20,190 rows), with its count. */
const nvRealStatuses = {
  Active: 9_449,
  'Non Renewed': 4_760,
  Expired: 1_922,
  Closed: 1_784,
  'Deceased (Individual)': 769,
  Retired: 499,
  Inactive: 455,
  'Application in Process': 296,
  'Pending Renewal Inactive': 100,
  Revoked: 74,
  Probation: 24,
  'Voluntary Surrender': 14,
  Temporary: 13,
  'Application Denied': 9,
  Suspended: 8,
  'Application Withdrawn': 4,
  Deleted: 4,
  Error: 4,
  'Voluntary Surrender resulting in discipline': 2,
} as const;

describe('Nevada State Board of Pharmacy, every pharmacist record (real rows of July 2026)', () => {
  let nv: Awaited<ReturnType<typeof readNv>>;
  beforeAll(async () => {
    nv = await readNv(nvWorkbook());
  });
  const pinned = (r: RosterRecord) => ({
    name: [r.firstName, r.lastName, r.suffix].filter(Boolean).join(' '),
    number: r.licenseNumber,
    status: r.statusRecognised ? r.status : `unreadable:${r.rawStatus}`,
    expires: r.expiryDate,
    profession: r.classification.kind === 'profession' ? r.classification.profession : 'unclassified',
    disciplined: r.disciplinary,
  });
  const byName = (last: string, first: string) => nv.records.filter((r) => r.lastName === last && r.firstName === first).map(pinned);

  it('reads the export: the header found by its columns, applications and voided records not stored, none malformed', () => {
    expect(nv.header).toEqual(nvCells()[0]);
    expect(nv.preamble).toEqual([]);
    expect(nv.malformed).toBe(0);
    expect(nv.skipped.sort()).toEqual(['Application Denied', 'Application Withdrawn', 'Application in Process', 'Deleted', 'Error']);
    expect(nv.records).toHaveLength(34 - 5);
    expect(nv.records.every((r) => r.statusRecognised && r.licenseType === 'Pharmacist' && r.file === 'pharmacists')).toBe(true);
  });

  it('maps named real rows: name, number as published, status, expiry, profession, the discipline flag', () => {
    expect(byName('Ortega', 'Dominic')).toEqual([license('Dominic Ortega', '16810', 'active', '2027-10-31', 'pharmacist')]);
    expect(byName('Dewa', 'Saphia')).toEqual([license('Saphia Dewa', '12342', 'active', '2027-10-31', 'pharmacist', true)]);
    expect(byName('YEP', 'RICHARD')).toEqual([license('RICHARD YEP', '09596', 'active', '2027-10-31', 'pharmacist', true)]);
    expect(byName('Telada', 'Daniella')).toEqual([license('Daniella Telada', '25209', 'active', '2027-01-15', 'pharmacist')]);
    expect(byName('Cohen', 'Wayne')).toEqual([license('Wayne Cohen', '16758', 'expired', '2016-10-31', 'pharmacist')]);
    expect(byName('Campion', 'Edwin')).toEqual([license('Edwin Campion Jr', '05403', 'expired', '2019-10-31', 'pharmacist')]);
    expect(byName('BRITT', 'JUDY')).toEqual([license('JUDY BRITT', '05599', 'inactive', '2027-10-31', 'pharmacist')]);
    expect(byName('Louie', 'Ronald')).toEqual([license('Ronald Louie', '05692', 'inactive', '2027-10-31', 'pharmacist')]);
    expect(byName('DePinto', 'Joseph')).toEqual([license('Joseph DePinto', '12509', 'inactive', '2013-10-31', 'pharmacist')]);
    expect(byName('Kujawa', 'Bruce')).toEqual([license('Bruce Kujawa', '05882', 'inactive', '2010-10-31', 'pharmacist', true)]);
    expect(byName('Martin', 'Robert')).toEqual([license('Robert Martin', '01320', 'inactive', null, 'pharmacist', true)]);
    expect(byName('Caoile', 'Lolita')).toEqual([license('Lolita Caoile', '12687', 'suspended', '2025-10-31', 'pharmacist', true)]);
    expect(byName('Gravel', 'Bernard')).toEqual([license('Bernard Gravel', '03331', 'revoked', null, 'pharmacist', true)]);
    expect(byName('NGUYEN', 'JESSICA')).toEqual([license('JESSICA NGUYEN', '15397', 'revoked', '2017-10-31', 'pharmacist', true)]);
    expect(byName('LY', 'ROGER')).toEqual([license('ROGER LY', '15333', 'revoked', '2019-10-31', 'pharmacist', true)]);
    expect(nv.records.find((r) => r.licenseNumber === '16810')).toMatchObject({ issueDate: '2005-10-06', middleName: '', rawStatus: 'Active' });
  });

  it('reads the number forms, the suffix typed into the surname, and a record with no number', () => {
    expect(byName('Pederson', 'Norman')).toEqual([license('Norman Pederson', '05966-B', 'expired', '1982-10-31', 'pharmacist')]);
    expect(byName('Uemura', 'Charlene')).toEqual([license('Charlene Uemura', '09331A', 'expired', '2025-10-31', 'pharmacist')]);
    // A temporary license, closed when the permanent one was issued: two licenses of one person.
    expect(byName('Adams', 'Neil')).toEqual([
      license('Neil Adams', '24765Temp', 'inactive', '2026-03-10', 'pharmacist'),
      license('Neil Adams', '24765', 'active', '2027-10-31', 'pharmacist'),
    ]);
    expect(byName('CASTRO', 'JASON')).toEqual([license('JASON CASTRO JR.', '18120', 'active', '2027-10-31', 'pharmacist')]);
    expect(byName('Shanahan', 'Thomas')).toEqual([license('Thomas Shanahan III', '15025', 'inactive', '2027-10-31', 'pharmacist')]);
    expect(byName('BOISSELLE', 'CHARLES')).toEqual([license('CHARLES BOISSELLE JR', '12486', 'expired', '2017-10-31', 'pharmacist', true)]);
    expect(byName('Teng', 'Gary')).toEqual([license('Gary Teng', '', 'expired', null, 'pharmacist')]);
  });

  it('merges a license exported twice into one', () => {
    const pang = nv.records.filter((r) => r.licenseNumber === '16406');
    expect(pang).toHaveLength(2);
    expect(licensesFromRecords(nevadaPharmacy, pang)).toHaveLength(1);
  });

  it('maps every status of the whole export exactly, or leaves it out as no license; and its one license type', () => {
    const fixture = new Set(
      nvCells()
        .slice(1)
        .map((row) => row[7]!),
    );
    expect([...fixture].sort()).toEqual(Object.keys(nvRealStatuses).sort());
    for (const raw of Object.keys(nvRealStatuses)) {
      const notLicense = nvBopNotLicenses.test(raw.toUpperCase());
      expect(notLicense || statusFrom(nvBopStatuses, raw).recognised, raw).toBe(true);
      expect(notLicense && statusFrom(nvBopStatuses, raw).recognised, `${raw}: both a license and not`).toBe(false);
    }
    expect(Object.values(nvRealStatuses).reduce((a, b) => a + b, 0)).toBe(20_190);
    expect(nvBopClassify('Pharmacist')).toEqual({ kind: 'profession', profession: 'pharmacist' });
  });

  it('a value outside the real export is unreadable, never a guess (a blank status, an unseen word, an unseen discipline or type)', async () => {
    const [head, ortega] = nvCells();
    const withCell = (column: string, value: string) => ortega!.map((cell, i) => (head![i] === column ? value : cell));
    const { records } = await readNv(
      nvWorkbook({
        cells: [
          head!,
          withCell('Status', ''),
          withCell('Status', 'Active - Probation'),
          withCell('Discipline', 'Pending'),
          withCell('Type', 'Pharmacist Intern'),
        ],
      }),
    );
    expect(records.slice(0, 3).map((r) => [r.statusRecognised, r.status, r.rawStatus])).toEqual([
      [false, 'inactive', ''],
      [false, 'inactive', 'Active - Probation'],
      [false, 'inactive', 'Active (Discipline: Pending)'],
    ]);
    expect(records[3]!.classification).toEqual({ kind: 'unclassified', unknown: true });
  });

  it('finds the header under a title row on a sheet of any name; refuses a second sheet and a header that lost a column', async () => {
    const titled = await readNv(nvWorkbook({ above: [['License Verification Export'], []], sheet: 'Export' }));
    expect(titled.records).toHaveLength(29);
    expect(titled.preamble).toEqual(['License Verification Export']);
    await expect(readNv(nvWorkbook({ extraSheet: 'Sheet2' }))).rejects.toThrow(/a sheet nobody reads: "Sheet2"/);
    const cells = nvCells().map((row) => row.filter((_, i) => i !== 10));
    await expect(readNv(nvWorkbook({ cells }))).rejects.toThrow(/Expiration Date/);
  });
});

const sdFixtures = join(import.meta.dirname, '../fixtures/real', 'sd_boards');

/** A South Dakota list read through the connector as ingest reads the downloaded file. */
async function readSd(file: 'chiropractic.csv' | 'optometry.csv') {
  const records: RosterRecord[] = [];
  let malformed = 0;
  const { header, preamble } = await eachRosterRow(
    southDakotaBoards,
    columnsOf(southDakotaBoards, file),
    rosterText(southDakotaBoards, join(sdFixtures, file)),
    async (cells, _line, head) => {
      const record = cells ? southDakotaBoards.record(rowReader(head)(cells), file) : null;
      if (record === null || record === 'skip') malformed++;
      else records.push(record);
    },
  );
  return { records, malformed, header, preamble };
}

/** A fixture's data rows as cells (every field quoted, no quote or comma inside a value but the Title's and the names'). */
function sdCells(file: 'chiropractic.csv' | 'optometry.csv'): string[][] {
  return readFileSync(join(sdFixtures, file), 'utf8')
    .split('\r\n')
    .slice(1, -1)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
}

describe('South Dakota chiropractic and optometry verification lists (sd_boards), real rows of June 2026', () => {
  const read2 = {} as Record<'chiropractic.csv' | 'optometry.csv', Awaited<ReturnType<typeof readSd>>>;
  beforeAll(async () => {
    read2['chiropractic.csv'] = await readSd('chiropractic.csv');
    read2['optometry.csv'] = await readSd('optometry.csv');
  });
  const pinned = (file: 'chiropractic.csv' | 'optometry.csv', number: string) => {
    const r = read2[file].records.find((x) => x.licenseNumber === number);
    if (!r) throw new Error(`no license ${number} in ${file}`);
    return {
      name: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ') + (r.suffix ? ` ${r.suffix}` : ''),
      number: r.licenseNumber,
      status: r.statusRecognised ? r.status : `unreadable:${r.rawStatus}`,
      expires: r.expiryDate,
      profession: r.classification.kind === 'profession' ? r.classification.profession : 'unclassified',
      disciplined: r.disciplinary,
    };
  };

  it('reads the unquoted header and every quoted row of both files, CRLF, no preamble', () => {
    expect(read2['chiropractic.csv'].header).toEqual([
      'Name',
      'Title',
      'LicenseNumber',
      'Effective',
      'Status',
      'Expiration',
      'GoodStanding',
      'GoodStandingIcon',
      'DisciplinaryAction',
      'DisciplinaryActionIcon',
      'Acupuncture',
      'AcupunctureIcon',
      'TotalPageCount',
    ]);
    expect(read2['optometry.csv'].header[0]).toBe('LastName');
    for (const file of ['chiropractic.csv', 'optometry.csv'] as const) {
      expect(read2[file].preamble, file).toEqual([]);
      expect(read2[file].malformed, file).toBe(0);
    }
    expect(read2['chiropractic.csv'].records).toHaveLength(41);
    expect(read2['optometry.csv'].records).toHaveLength(25);
  });

  it('maps named chiropractors: the one-column name by its slots, Active, the expiry, the discipline flag', () => {
    expect(pinned('chiropractic.csv', '1281')).toEqual(license('Kristen D Ahlers', '1281', 'active', '2026-12-31', 'chiropractor'));
    expect(pinned('chiropractic.csv', '898')).toEqual(license('Josh G Biberdorf', '898', 'active', '2026-12-31', 'chiropractor', true));
    expect(pinned('chiropractic.csv', '930')).toEqual(license('Shannon L DeBoer', '930', 'active', '2026-12-31', 'chiropractor', true));
    expect(pinned('chiropractic.csv', '704')).toEqual(license('Wayne H Carr', '704', 'active', '2026-12-31', 'chiropractor'));
    const by = (number: string) => read2['chiropractic.csv'].records.find((r) => r.licenseNumber === number)!;
    // Two spaces: an empty middle; the given name before, the surname after, each possibly of several words.
    expect(by('855')).toMatchObject({ firstName: 'Ryan', middleName: '', lastName: 'Bales', suffix: '' });
    expect(by('934')).toMatchObject({ firstName: 'P. Myles', middleName: '', lastName: 'Dixon' });
    expect(by('1039')).toMatchObject({ firstName: 'Melanie', middleName: '', lastName: 'Puetz Mullenmeister' });
    // One initial in the middle slot: the rest is the surname, never a middle name guessed out of it.
    expect(by('1262')).toMatchObject({ firstName: 'Brittany', middleName: 'A', lastName: 'Jackson Grueb' });
    expect(by('797')).toMatchObject({ firstName: 'Lyle', middleName: 'R', lastName: 'Van Hemert' });
    expect(by('743')).toMatchObject({ firstName: 'Roger', middleName: 'D', lastName: 'Prill', suffix: 'Jr.', licenseType: 'DC, DABCI' });
    expect(by('1468')).toMatchObject({ lastName: 'Kovacs', suffix: 'Jr' });
    expect(by('1494')).toMatchObject({ lastName: 'Stepp', suffix: 'IV' });
    expect(by('1281')).toMatchObject({ issueDate: '2016-01-04', file: 'chiropractic', licenseType: 'DC' });
  });

  it('maps named optometrists: two name columns with a suffix in the surname, TPA, Discipline Yes', () => {
    expect(pinned('optometry.csv', '633')).toEqual(license('Ryan Ackerman', '633', 'active', '2026-09-30', 'optometrist'));
    expect(pinned('optometry.csv', '475')).toEqual(license('Jeffrey Browen', '475', 'active', '2026-09-30', 'optometrist', true));
    expect(pinned('optometry.csv', '573')).toEqual(license('M. Scott Ellender', '573', 'active', '2026-09-30', 'optometrist', true));
    expect(pinned('optometry.csv', '611')).toEqual(license('James Barnett Jr.', '611', 'active', '2026-09-30', 'optometrist'));
    expect(pinned('optometry.csv', '742')).toEqual(license('Phillip Becker II', '742', 'active', '2026-09-30', 'optometrist'));
    const by = (number: string) => read2['optometry.csv'].records.find((r) => r.licenseNumber === number)!;
    expect(by('800')).toMatchObject({
      firstName: 'Sarah',
      lastName: 'Behles Hanson',
      suffix: '',
      licenseType: 'TPA',
      issueDate: '2023-07-12',
      file: 'optometry',
    });
  });

  it('every raw status, flag, title and type of the real files maps; the discipline rows are the flagged ones', () => {
    const chiro = sdCells('chiropractic.csv');
    const opt = sdCells('optometry.csv');
    // Column positions of the published headers.
    expect(new Set(chiro.map((r) => r[4]))).toEqual(new Set(['Active']));
    expect(new Set(chiro.map((r) => `${r[6]}/${r[7]}`))).toEqual(new Set(['True/Yes']));
    expect(new Set(chiro.map((r) => `${r[8]}/${r[9]}`))).toEqual(new Set(['False/No', 'True/Yes']));
    expect(new Set(chiro.map((r) => r[1])).size).toBe(17);
    expect(new Set(opt.map((r) => r[5]))).toEqual(new Set(['Active']));
    expect(new Set(opt.map((r) => r[6]))).toEqual(new Set(['None', 'Yes']));
    expect(new Set(opt.map((r) => r[7]))).toEqual(new Set(['TPA']));
    for (const file of ['chiropractic.csv', 'optometry.csv'] as const) {
      for (const r of read2[file].records) {
        expect(r.statusRecognised && r.status === 'active', `${file} ${r.licenseNumber} ${r.rawStatus}`).toBe(true);
        expect(r.classification, `${file} ${r.licenseType}`).toEqual({
          kind: 'profession',
          profession: file === 'chiropractic.csv' ? 'chiropractor' : 'optometrist',
        });
      }
    }
    const flagged = (file: 'chiropractic.csv' | 'optometry.csv') => read2[file].records.filter((r) => r.disciplinary).map((r) => r.licenseNumber);
    expect(flagged('chiropractic.csv')).toEqual(chiro.filter((r) => r[8] === 'True').map((r) => r[2]));
    expect(flagged('chiropractic.csv')).toEqual(['898', '930', '744', '837']);
    expect(flagged('optometry.csv')).toEqual(['475', '573', '655', '555']);
  });

  it('a status or flag outside the real files is unreadable, never a guess; an unknown title or type is unclassified and reported', async () => {
    const text = readFileSync(join(sdFixtures, 'chiropractic.csv'), 'utf8').split('\r\n');
    const header = text[0]!;
    const ahlers = text[1]!;
    const variants = [
      ahlers.replace('"Active"', '"Inactive"'),
      ahlers.replace('"Active"', '""'),
      ahlers.replace('"True","Yes","False","No"', '"False","No","False","No"'),
      ahlers.replace('"True","Yes","False","No"', '"True","Yes","Pending","No"'),
      ahlers.replace('"True","Yes","False","No"', '"True","Yes","False","Yes"'),
    ];
    const records: RosterRecord[] = [];
    await eachRosterRow(
      southDakotaBoards,
      columnsOf(southDakotaBoards, 'chiropractic.csv'),
      textChunks(`${[header, ...variants].join('\r\n')}\r\n`),
      async (cells, _l, head) => {
        records.push(southDakotaBoards.record(rowReader(head)(cells!), 'chiropractic.csv') as RosterRecord);
      },
    );
    expect(records.map((r) => [r.statusRecognised, r.status])).toEqual(variants.map(() => [false, 'inactive']));
    expect(records[2]!.rawStatus).toBe('Active (GoodStanding False/No)');
    expect(records[3]!.rawStatus).toBe('Active (DisciplinaryAction Pending/No)');
    const opt = readFileSync(join(sdFixtures, 'optometry.csv'), 'utf8').split('\r\n');
    const optRecords: RosterRecord[] = [];
    const optRows = [opt[1]!.replace('"None"', '"Pending"'), opt[1]!.replace('"TPA"', '"DPA"')];
    await eachRosterRow(
      southDakotaBoards,
      columnsOf(southDakotaBoards, 'optometry.csv'),
      textChunks(`${[opt[0], ...optRows].join('\r\n')}\r\n`),
      async (cells, _l, head) => {
        optRecords.push(southDakotaBoards.record(rowReader(head)(cells!), 'optometry.csv') as RosterRecord);
      },
    );
    expect(optRecords[0]).toMatchObject({ statusRecognised: false, rawStatus: 'Active (Discipline Pending)' });
    expect(optRecords[1]).toMatchObject({ statusRecognised: true, classification: { kind: 'unclassified', unknown: true }, licenseType: 'DPA' });
  });

  it('keeps the same number on the two boards as two licenses (chiropractic 611 and optometry 611)', async () => {
    const chiro611 = read2['chiropractic.csv'].records.find((r) => r.licenseNumber === '611')!;
    const opt611 = read2['optometry.csv'].records.find((r) => r.licenseNumber === '611')!;
    expect(chiro611).toMatchObject({ firstName: 'David', lastName: 'Dobson' });
    const licenses = licensesFromRecords(southDakotaBoards, [chiro611, opt611]);
    expect(licenses).toHaveLength(2);
    const scope = licenseNumberScopeOf(southDakota);
    expect(scope(licenses[0]!)).not.toBe(scope(licenses[1]!));
  });
});

describe('Missouri MOPRO downloads (mo_pr), real rows of 25 June 2026 as re-serialised by the capture', () => {
  it('Chiropractic: the record broken over three lines by backslashes is read whole, in its columns', async () => {
    const dc = await read(missouriMopro, 'chiropractic.txt');
    expect(dc.headerLine).toBe(1);
    expect([...dc.records.values()].filter((r) => r === null || r === 'skip')).toEqual([]);
    expect(dc.records.size).toBe(19);
    expect(at(dc, 2)).toEqual(license('Delia R Smith', '2023046993', 'active', '2027-02-28', 'chiropractor'));
    expect(at(dc, 3)).toEqual(license('Beverly J. Miles', '002607', 'active', '2027-02-28', 'chiropractor'));
    // Lines 7–9: `PO Box 306\`, `\`, then the rest: one license, never `Insurance Consultant` as its status.
    expect(dc.records.has(7)).toBe(false);
    expect(at(dc, 9)).toEqual(license('Guy B Smith', '004209', 'active', '2027-02-28', 'chiropractor'));
    expect(at(dc, 10)).toEqual(license('Kristina Lynn Brazier', '2011012127', 'active', '2027-02-28', 'chiropractor'));
  });

  it('Dental: dentists, specialists, hygienists, expanded-functions permits by holder; sedation and site permits not stored', async () => {
    const dds = await read(missouriMopro, 'dental.txt', 'MO_DENTAL_20260625_1327.txt');
    expect(at(dds, 2)).toEqual(license('Sarah Beth Barbernitz', '2011033998', 'active', '2026-11-30', 'dental_hygienist'));
    expect(at(dds, 10)).toEqual(license('AnnaKate Milburn Tatum', '2011025512', 'active', '2026-11-30', 'dentist'));
    expect(at(dds, 17)).toEqual(license('Richard J Joseph', '009507', 'active', '2026-11-30', 'dentist'));
    expect(at(dds, 27)).toEqual(license('Dawn Rachael Roberts', '2018011963', 'active', '2028-02-29', 'dental_assistant'));
    expect(at(dds, 26)).toEqual(license('Randee Shaniece Benson', '2015014659', 'active', '2028-02-29', 'unclassified'));
    expect(dds.records.get(24)).toBe('skip');
    expect(dds.records.get(25)).toBe('skip');
    expect([...dds.records.values()].filter((r) => r === null)).toEqual([]);
  });

  it('Optometry and Psychologists: numbers with their letters and leading zeros, the temporary license unclassified', async () => {
    const od = await read(missouriMopro, 'optometry.txt');
    expect(at(od, 4)).toEqual(license('Raymond J Brill', 'D02482', 'active', '2026-10-31', 'optometrist'));
    const psy = await read(missouriMopro, 'psychologists.txt');
    expect(at(psy, 3)).toEqual(license('Niels C Beck', '00091', 'active', '2028-01-31', 'psychologist'));
    expect(at(psy, 21)).toEqual(license('Susan Cherie Sult', '2022036208', 'active', '2026-09-14', 'unclassified'));
  });

  /** Every distinct code × class of the whole real files (2,884 + 18,754 + 1,539 + 1,813 rows). */
  const moValues: Record<string, readonly (readonly [string, string])[]> = {
    'chiropractic.txt': [
      ['DRC', ''],
      ['DRC', 'MTAA'],
      ['DRC', 'MTAA/INSC'],
      ['DRC', 'Insurance Consultant'],
      ['DRC', 'Preceptor'],
    ],
    'dental.txt': [
      ...['DEN', 'DTS', 'DSS', 'DSG', 'ECS', 'PSS', 'PSE', 'ESS', 'PED', 'TLD', 'PDS', 'VDL', 'VDH'].map((c) => [c, ''] as const),
      ...['DHY', 'EFR', 'EFF', 'EFP', 'EFO', 'EFT'].flatMap((c) => [[c, ''] as const, [c, 'Dental Assistant'] as const, [c, 'Dental Hygienist'] as const]),
    ],
    'optometry.txt': [
      ['OPT', 'TPA'],
      ['OPT', ''],
      ['OPT', 'DPA'],
    ],
    'psychologists.txt': [
      ['PSY', ''],
      ['PSY', 'HSP'],
      ['TPS', ''],
    ],
  };

  it('every status and code of the whole files maps; anything else is unreadable or unknown, never a guess', () => {
    const reader = rowReader(['lst_description', 'les_description']);
    expect(moStatus(reader(['Active', 'Not Expired']))).toEqual({ status: 'active', raw: 'Active / Not Expired', recognised: true });
    expect(moStatus(reader(['Insurance Consultant', '2027-02-28'])).recognised).toBe(false);
    expect(moStatus(reader(['', ''])).recognised).toBe(false);
    for (const [file, values] of Object.entries(moValues)) {
      for (const [code, holder] of values) {
        const classified = moClassify(moBoardOf(file)!, code, holder);
        expect(classified === 'skip' || !('unknown' in classified), `${file} ${code} ${holder}`).toBe(true);
      }
    }
    expect(moClassify(moBoardOf('psychologists.txt')!, 'DEN', '')).toEqual({ kind: 'unclassified', unknown: true });
  });
});

describe('Arkansas State Board of Podiatric Medicine, License Verification PDF (the real file of 12 June 2026)', () => {
  const arFixture = join(fixtures, 'ar_bopm', 'BoPM_LicenseVerification_20260612.pdf');
  /** The day of the file: its one licence past its date is expired, every other active. */
  const fileDay = new Date('2026-06-12T00:00:00Z');
  let rows: { line: number; record: RosterRecord | null }[];
  let today: (RosterRecord | 'skip' | null)[];
  let read3: { header: readonly string[]; preamble: readonly string[] };

  beforeAll(async () => {
    rows = [];
    today = [];
    read3 = await eachRosterRow(arkansasPodiatry, arkansasPodiatry.columns, rosterText(arkansasPodiatry, arFixture), async (cells, line, header) => {
      rows.push({ line, record: cells ? arRecord(rowReader(header)(cells), fileDay) : null });
      today.push(cells ? arkansasPodiatry.record(rowReader(header)(cells), 'BoPM_LicenseVerification_20260612.pdf') : null);
    });
  });
  const by = (number: string) => rows.find((r) => r.record?.licenseNumber === number)!.record!;

  it('finds the header on both pages by its names (Disciplinary above Action), skips titles and footers, and dates the file by its Last Updated line', () => {
    expect(read3.header).toEqual(['Last Name', 'First Name', 'License #', 'Issued', 'Valid Thru', 'Disciplinary Action']);
    expect(read3.preamble).toEqual(['Last Updated: 6-12-2026']);
    expect(preambleDate(read3.preamble, new Date('2026-11-28T00:00:00Z'))).toBe('2026-06-12');
    expect(rows).toHaveLength(103);
    expect(rows.filter((r) => r.record === null)).toEqual([]);
    expect(today.filter((r) => r === null || r === 'skip')).toEqual([]);
    expect(new Set(rows.map((r) => r.record!.licenseNumber)).size).toBe(103);
    // Page 1 holds Adams to Lall (53 rows), page 2 Laster to Zimmerman: the second header and the footers are no rows.
    expect(rows.map((r) => r.record!.lastName).slice(51, 54)).toEqual(['LaCava', 'Lall', 'Laster']);
    expect(rows.at(-1)!.record).toMatchObject({ lastName: 'Zimmerman', firstName: 'Stephen', licenseNumber: '120' });
  });

  it('maps named rows: names, numbers, issue and Valid Thru dates, podiatrist, no discipline', () => {
    expect(by('280')).toMatchObject({
      lastName: 'Adams',
      firstName: 'Melissa',
      middleName: '',
      suffix: '',
      issueDate: '2017-11-05',
      expiryDate: '2025-06-30',
      licenseType: 'Podiatrist',
      classification: { kind: 'profession', profession: 'podiatrist' },
      disciplinary: false,
      statusRecognised: true,
    });
    expect(by('85')).toMatchObject({ lastName: 'Bronfman', firstName: 'Richard', issueDate: '1980-06-30', expiryDate: '2027-06-30' });
    expect(by('73')).toMatchObject({ lastName: 'Naples', firstName: 'James', issueDate: '1974-06-22' });
    expect(by('141')).toMatchObject({ lastName: 'Aquilar', firstName: 'Danny', issueDate: '1994-06-06' });
    expect(by('311')).toMatchObject({ lastName: 'Barnes', firstName: 'Emily', issueDate: '2026-01-23', expiryDate: '2027-06-30' });
  });

  it('on the file’s day, the one licence past its Valid Thru is expired and every other active; read today, by the same rule', () => {
    const expired = rows.filter((r) => r.record!.status === 'expired').map((r) => r.record!.licenseNumber);
    expect(expired).toEqual(['280']);
    expect(rows.filter((r) => r.record!.status === 'active')).toHaveLength(102);
    const day = new Date().toISOString().slice(0, 10);
    for (const r of today as RosterRecord[]) expect(r.status, r.licenseNumber).toBe(r.expiryDate! < day ? 'expired' : 'active');
    expect(new Set(rows.map((r) => r.record!.expiryDate))).toEqual(new Set(['2025-06-30', '2026-06-30', '2027-06-30']));
  });

  it('reads the suffix after a comma, a curly apostrophe, an accent and two-word given names', () => {
    expect(by('147')).toMatchObject({ lastName: 'Day', suffix: 'III', firstName: 'Frederick' });
    expect(by('287')).toMatchObject({ lastName: 'O’Connor', firstName: 'Cornelius Neil', expiryDate: '2027-06-30' });
    expect(by('248')).toMatchObject({ lastName: 'Pierce', firstName: 'Jamé' });
    expect(by('299')).toMatchObject({ lastName: 'Price', firstName: 'Lauren Nicole' });
    expect(by('217')).toMatchObject({ lastName: 'LaCava', firstName: 'Joseph' });
  });

  it('every Disciplinary Action of the real file is NO; YES would be discipline, any other value unreadable, never a guess', () => {
    expect(rows.every((r) => !r.record!.disciplinary && r.record!.statusRecognised)).toBe(true);
    const row = (discipline: string) => arRecord(rowReader([...arColumns])(['Day, III', 'Frederick', '147', '6/6/1994', '6/30/2027', discipline]), fileDay);
    expect(row('YES')).toMatchObject({ status: 'active', disciplinary: true, statusRecognised: true });
    expect(row('Pending')).toMatchObject({ status: 'inactive', statusRecognised: false, rawStatus: 'Disciplinary Action: Pending' });
    expect(row('')).toMatchObject({ statusRecognised: false, rawStatus: 'Disciplinary Action: ' });
  });

  it('one licence number names one podiatrist: the state is the number’s scope', () => {
    expect(licensesFromRecords(arkansasPodiatry, [by('147')])).toHaveLength(1);
    expect(arkansasPodiatry.formatConfidence).toBe('confirmed');
  });
});

describe('Louisiana Board of Massage Therapy, active massage therapists PDF (five pages of the real file of 16 June 2026)', () => {
  const laFixture = join(fixtures, 'la_lbmt', 'Active-LMT-6-16-2026-pages-1-23-30-44-53.pdf');
  let rows: { line: number; cells: readonly string[]; record: RosterRecord | 'skip' | null }[];
  let read5: { header: readonly string[]; preamble: readonly string[] };

  beforeAll(async () => {
    rows = [];
    read5 = await eachRosterRow(louisianaMassage, louisianaMassage.columns, rosterText(louisianaMassage, laFixture), async (cells, line, header) => {
      rows.push({ line, cells: cells ?? [], record: cells ? louisianaMassage.record(rowReader(header)(cells), 'Active-LMT.pdf') : null });
    });
  });
  const records = () => rows.map((r) => r.record as RosterRecord);
  const by = (number: string) => records().filter((r) => r.licenseNumber === number);

  it('reads the header printed on the first page only, and every later page under it: 238 rows, none refused', () => {
    expect(read5.header).toEqual([...laColumns]);
    expect(read5.preamble).toEqual([]);
    expect(rows).toHaveLength(238);
    expect(rows.filter((r) => r.record === null || r.record === 'skip')).toEqual([]);
    // Page 1 is 50 rows under the header, pages 23, 30 and 44 are 51 each, page 53 (the last) 35.
    expect(records()[0]).toMatchObject({ firstName: 'AARON', lastName: 'COLLINS', licenseNumber: 'LA8358' });
    expect(records().at(-1)).toMatchObject({ firstName: 'ZUNHUA', lastName: 'DUAN', licenseNumber: 'LA9807' });
    expect(rows.map((r) => r.cells.length).every((n) => n === 6)).toBe(true);
  });

  it('maps named rows: the given name, the surname, the number as printed, first licensed, expiry, massage therapist, no discipline', () => {
    expect(by('LA8358')).toEqual([
      expect.objectContaining({
        firstName: 'AARON',
        middleName: '',
        lastName: 'COLLINS',
        suffix: '',
        licenseType: 'Licensed Massage Therapist',
        classification: { kind: 'profession', profession: 'massage_therapist' },
        status: 'active',
        rawStatus: 'ACTIVE',
        statusRecognised: true,
        issueDate: '2016-06-10',
        expiryDate: '2027-03-31',
        disciplinary: false,
      }),
    ]);
    expect(by('LA9391')[0]).toMatchObject({ firstName: 'ALEX', lastName: 'PICOU', suffix: 'JR' });
    expect(by('LA5986')[0]).toMatchObject({ firstName: 'JEREMEAH', lastName: 'REED', suffix: 'III' });
    expect(by('LA5367').map((r) => [r.firstName, r.lastName])).toEqual([
      ['KRISTIN', "O'DELL"],
      ['KRISTIN', "O'DELL"],
    ]);
  });

  it('a licence printed twice (once with its new Issue Date) is one licence', () => {
    expect(by('LA10514')).toHaveLength(2);
    expect(rows.filter((r) => r.cells[1] === 'LA10514').map((r) => r.cells[3])).toEqual(['4/1/2026', '6/8/2026']);
    expect(licensesFromRecords(louisianaMassage, by('LA10514'))).toEqual([
      expect.objectContaining({ licenseNumber: 'LA10514', rowCount: 2, status: 'active' }),
    ]);
    expect(new Set(records().map((r) => r.licenseNumber)).size).toBe(236);
  });

  it('every raw status is ACTIVE and recognised; doubly mis-encoded names are decoded back, the one that cannot be is unreadable, never a guess', () => {
    expect(new Set(rows.map((r) => r.cells[5]))).toEqual(new Set(Object.keys(laStatuses)));
    expect(by('LA10263')[0]).toMatchObject({ firstName: 'LA’SHUN', lastName: 'RICHARDSON', status: 'active', statusRecognised: true });
    expect(by('LA5428')[0]).toMatchObject({ firstName: 'LADONYA', lastName: 'HONORÉ', status: 'active', statusRecognised: true });
    const goitia = by('LA10044')[0]!;
    expect(goitia).toMatchObject({ firstName: 'SARAH', status: 'inactive', statusRecognised: false });
    expect(goitia.rawStatus).toMatch(/^Name SARAH /);
    // Still found by its readable surname.
    expect(goitia.lastName.split(' ')).toContain('GOITIA');
    expect(
      records()
        .filter((r) => !r.statusRecognised)
        .map((r) => r.licenseNumber),
    ).toEqual(['LA10044']);
    const row = (status: string) => laRecord(rowReader([...laColumns])(['AARON COLLINS', 'LA8358', '6/10/2016', '4/1/2026', '3/31/2027', status]));
    expect(row('INACTIVE')).toMatchObject({ status: 'inactive', statusRecognised: false, rawStatus: 'Status INACTIVE' });
    expect(row('')).toMatchObject({ status: 'inactive', statusRecognised: false });
    expect(louisianaMassage.formatConfidence).toBe('confirmed');
  });
});

describe('Alaska CBPL Professional License Download (ak_cbpl), real rows of August 2025 as re-serialised by the capture (JSON)', () => {
  type AkJsonRow = Record<(typeof akColumns)[number], string | number | null>;
  const captured = JSON.parse(readFileSync(join(fixtures, 'ak_cbpl', 'alaskaVets.json'), 'utf8')) as { results: AkJsonRow[] };
  const rows = captured.results;
  /** An ISO timestamp of the capture back to the date form the connector expects (`M/D/YYYY 12:00:00 AM`, inferred). */
  const date = (iso: string | number | null) => {
    if (typeof iso !== 'string' || !iso) return '';
    const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
    return `${m}/${d}/${y} 12:00:00 AM`;
  };
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  /** The rows written back as the CSV (header, minimal quoting, CRLF): the values as captured, the framing inferred. */
  const csvText = () =>
    `${[
      akColumns.join(','),
      ...rows.map((r) =>
        akColumns
          .map((c) =>
            c.startsWith('Date') ? date(r[c]) : c === 'ZIP' ? (typeof r.ZIP === 'number' ? String(r.ZIP).padStart(5, '0') : '') : String(r[c] ?? ''),
          )
          .map(cell)
          .join(','),
      ),
    ].join('\r\n')}\r\n`;

  it('reads every captured row under the real header: none malformed, each skipped (veterinary is no program read)', async () => {
    expect(Object.keys(rows[0]!)).toEqual([...akColumns]);
    const outcomes: (string | null)[] = [];
    const { header } = await eachRosterRow(
      alaskaCbpl,
      columnsOf(alaskaCbpl, 'ProfessionalLicenseDownload.CSV'),
      textChunks(csvText()),
      async (cells, _line, head) => {
        const record = cells ? alaskaCbpl.record(rowReader(head)(cells), 'ProfessionalLicenseDownload.CSV') : null;
        outcomes.push(record === null ? null : record === 'skip' ? 'skip' : 'record');
      },
    );
    expect(header).toEqual([...akColumns]);
    expect(outcomes).toHaveLength(38);
    expect(outcomes.every((o) => o === 'skip')).toBe(true);
  });

  it('recognises every status of the real rows, Suspended as suspended', () => {
    const statuses = [...new Set(rows.map((r) => String(r.Status)))].sort();
    expect(statuses).toEqual(['Active', 'Suspended']);
    for (const s of statuses) expect(statusFrom(akStatuses, s).recognised, s).toBe(true);
    expect(statusFrom(akStatuses, 'Suspended').status).toBe('suspended');
    // The suspended license stays on the file years after its expiry; nothing lapsed is listed.
    expect(rows.filter((r) => r.Status === 'Suspended').map((r) => [r.LicenseNum, r.DateExpired])).toEqual([['100663', '2018-12-31T00:00:00.000Z']]);
  });

  it('splits every captured name by its slots, and reads the numbers as published', () => {
    const split = (owners: string) => {
      const n = akOwnerName(owners);
      return `${n.firstName} | ${n.lastName}${n.suffix ? ` | ${n.suffix}` : ''}`;
    };
    expect(split('FREDERICK CONNIFF')).toBe('FREDERICK | CONNIFF');
    expect(split('Samantha  Johnson')).toBe('Samantha | Johnson');
    expect(split('Susan  Shaffer Sookram')).toBe('Susan | Shaffer Sookram');
    expect(split('John Van Sciver')).toBe('John | Van Sciver');
    expect(split('Alexandra Van Den Heuvel')).toBe('Alexandra | Van Den Heuvel');
    expect(split("TODD O'HARA")).toBe("TODD | O'HARA");
    expect(split('Natalie Drozdowski ')).toBe('Natalie | Drozdowski');
    // A two-word given name with no slot to tell it by: the surname keeps the second word.
    expect(split('MARY ANN HOLLICK')).toBe('MARY | ANN HOLLICK');
    for (const r of rows) {
      const n = akOwnerName(String(r.Owners));
      expect(n.firstName && n.lastName, String(r.Owners)).toBeTruthy();
      expect(String(r.LicenseNum)).toMatch(/^(VETV\d+|\d{6})$/);
      expect(listDate(date(r.DateExpired)), String(r.LicenseNum)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});

describe('California Board of Behavioral Sciences licensee file (ca_bbs): the value profile of the whole real file of August 2026', () => {
  const profile = JSON.parse(readFileSync(join(fixtures, 'ca_bbs', 'dca_stats_profile.json'), 'utf8')) as {
    BY_TYPE: Record<string, number>;
    BY_STATUS: Record<string, number>;
  };

  it('counts the whole file: 165,235 records by type and by status', () => {
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(sum(profile.BY_TYPE)).toBe(165_235);
    expect(sum(profile.BY_STATUS)).toBe(165_235);
  });

  it('recognises every status of the real file, exactly these three', () => {
    expect(Object.keys(profile.BY_STATUS).sort()).toEqual(['Current', 'CurrentInactive', 'Delinquent']);
    const mapped = Object.fromEntries(Object.keys(profile.BY_STATUS).map((s) => [s, statusFrom(caBbsStatuses, s)]));
    for (const [s, m] of Object.entries(mapped)) expect(m.recognised, s).toBe(true);
    expect(mapped.Current!.status).toBe('active');
    expect(mapped.CurrentInactive!.status).toBe('inactive');
    expect(mapped.Delinquent!.status).toBe('expired');
    // The spelling with a space is not the file's: unrecognised, never active.
    expect(statusFrom(caBbsStatuses, 'Current Inactive').recognised).toBe(false);
  });

  it('classifies every license type of the real file, and knows no other', () => {
    expect(Object.keys(caBbsTypes).sort()).toEqual(Object.keys(profile.BY_TYPE).sort());
    for (const type of Object.keys(profile.BY_TYPE)) expect(caBbsClassify(type).kind === 'unclassified' && 'unknown' in caBbsClassify(type), type).toBe(false);
    const professionOf = (type: string) => {
      const c = caBbsClassify(type);
      return c.kind === 'profession' ? c.profession : c.kind;
    };
    expect(professionOf('Licensed Marriage and Family Therapist')).toBe('marriage_family_therapist');
    expect(professionOf('Associate Marriage & Family Therapist')).toBe('marriage_family_therapist');
    expect(professionOf('Licensed Clinical Social Worker')).toBe('social_worker');
    expect(professionOf('Associate Clinical Social Worker')).toBe('social_worker');
    expect(professionOf('Temp MSP Assoc. Clinical Social Worker')).toBe('social_worker');
    expect(professionOf('Licensed Professional Clinical Counselor')).toBe('counselor');
    expect(professionOf('Assoc. Professional Clinical Counselor')).toBe('counselor');
    expect(professionOf('Licensed Educational Psychologist')).toBe('unclassified');
    expect(professionOf('Temp 30Day Practice Allow(OOS Lic Only)')).toBe('unclassified');
    expect(professionOf('MRF')).toBe('unclassified');
    expect(caBbsClassify('Licensed Psychologist')).toEqual({ kind: 'unclassified', unknown: true });
    expect([...californiaBbs.professions].sort()).toEqual(['counselor', 'marriage_family_therapist', 'social_worker']);
  });
});
