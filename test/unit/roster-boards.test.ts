/**
 * The roster connectors, each over text in its publisher's format: headers found past preambles and
 * matched case-insensitively (a BOM ignored), Florida's pipes, trailing `|`, stray quotes and latin-1,
 * rows of the wrong width, statuses with negative terms tested first, professions, discipline, license
 * numbers as NPPES writes them, and a changed header refused.
 */
import { freshnessPolicies } from '#shared/features/sources/freshness.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { givenNameForms } from '#shared/domain/names/given-name-forms.ts';
import { licenseNumbersAgree } from '#shared/domain/license-numbers.ts';
import { rosterDefinitions } from '#shared/features/sources/rosters/definitions.ts';
import {
  columnsOf,
  disciplineOnRecord,
  type RosterDefinition,
  type RosterRecord,
  rosterFileUrl,
  rosterHosts,
  rowReader,
  statusFrom,
} from '#shared/features/sources/rosters/roster-definition.ts';
import { eachRosterRow, pipeCells, RosterFormatError, type RosterInput, rosterText, textChunks } from '#shared/features/sources/rosters/roster-file.ts';
import { preambleDate } from '#shared/features/sources/rosters/roster-ingest.ts';
import { givenNameWithin, licensesFromRecords } from '#shared/features/sources/rosters/roster-search.ts';
import { alabamaBme, alColumns } from '#shared/features/sources/rosters/states/alabama.ts';
import { flHeader, flLicenseNumber, floridaMqa, flStatuses } from '#shared/features/sources/rosters/states/florida.ts';
import { marylandPhysicians, mdStatuses } from '#shared/features/sources/rosters/states/maryland.ts';
import { missouriMopro, moBoardOf, moClassify, moColumns } from '#shared/features/sources/rosters/states/missouri.ts';
import { txBhec, txBhecClassification, txBhecColumns, txBhecStatuses } from '#shared/features/sources/rosters/states/tx-bhec.ts';
import { firstMiddleLast, lastCommaFirst, wyomingActive, wyomingBoards } from '#shared/features/sources/rosters/states/wyoming.ts';
import { westVirginiaBom, wvColumns } from '#shared/features/sources/rosters/states/west-virginia.ts';
import { nevadaPharmacy, nvBopStatuses, nvSurname } from '#shared/features/sources/rosters/states/nevada.ts';
import { sdBoardOf, sdChiroName, southDakotaBoards } from '#shared/features/sources/rosters/states/south-dakota.ts';
import * as XLSX from '@e965/xlsx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { arColumns, arkansasPodiatry, arRecord, arSurname } from '#shared/features/sources/rosters/states/arkansas.ts';
import { akClassify, akColumns, akOwnerName, alaskaCbpl } from '#shared/features/sources/rosters/states/alaska.ts';
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { laColumns, laName, laRecord, louisianaMassage, undoMisencoding } from '#shared/features/sources/rosters/states/louisiana.ts';
import { caBbsColumns, caBbsDate, californiaBbs, californiaBbsLimits } from '#shared/features/sources/rosters/states/california.ts';
import { parseLimits } from '#shared/features/sources/parse-limits.ts';

/** The records a roster reads from `text` (one file named `file`), and the malformed and skipped counts. */
async function read(definition: RosterDefinition, file: string, text: RosterInput) {
  const records: RosterRecord[] = [];
  let malformed = 0;
  let skipped = 0;
  const { preamble } = await eachRosterRow(definition, columnsOf(definition, file), text, async (cells, _line, header) => {
    const record = cells ? definition.record(rowReader(header)(cells), file) : null;
    if (record === null) malformed++;
    else if (record === 'skip') skipped++;
    else records.push(record);
  });
  return { records, malformed, skipped, preamble };
}

/** Maryland's seven lines above the header: a title, the report date, notes and blank lines. */
const mdPreambleLines = [
  'Maryland Board of Physicians',
  'Licensed Physicians',
  'Report Date: 10/01/2026',
  'This list contains licensees with a status of Active or Probation.',
  'One row per practice area.',
  '',
  '',
];

const csv = (...rows: string[][]) => `${rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\r\n')}\r\n`;

describe('Texas BHEC', () => {
  const header = [...txBhecColumns];
  const row = (file: string, rank: string, n: string, last: string, first: string, status: string, discipline: string) => [
    file,
    rank,
    n,
    '900001',
    last,
    first,
    '',
    '',
    status,
    '12/31/2027',
    '01/15/2015',
    discipline,
  ];

  it('reads a BOM-led file whose header is in mixed case, each board file to its profession', async () => {
    const text = `\uFEFF${csv(
      header.map((h) => h.charAt(0) + h.slice(1).toLowerCase()),
      row('LPC', 'LPC', '70001', 'ACHTERBERG', 'MARGARET', 'Active', 'N'),
      row('LPC', 'LPC Associate', '70002', 'RENWICK', 'TOBIAS', 'Active', 'N'),
      row('PSY', 'Licensed Psychological Associate', '70003', 'DOE', 'JANE', 'Active', 'N'),
    )}`;
    const { records, malformed } = await read(txBhec, 'LPC', textChunks(text));
    expect(malformed).toBe(0);
    expect(records[0]).toMatchObject({
      file: 'LPC',
      licenseNumber: '70001',
      lastName: 'ACHTERBERG',
      classification: { kind: 'profession', profession: 'counselor' },
      status: 'active',
      expiryDate: '2027-12-31',
      issueDate: '2015-01-15',
      disciplinary: false,
    });
    // An LPC Associate counsels under supervision; a psychological associate has no profession value of the spec.
    expect(records[1]!.classification).toEqual({ kind: 'profession', profession: 'counselor' });
    expect(records[2]!.classification).toEqual({ kind: 'unclassified' });
  });

  it.each([
    ['SW', 'LCSW', 'social_worker'],
    ['MFT', 'LMFT', 'marriage_family_therapist'],
    ['PSY', 'Psychologist', 'psychologist'],
  ] as const)('%s files are %s → %s', async (file, rank, profession) => {
    const { records } = await read(txBhec, file, textChunks(csv(header, row(file, rank, '1', 'DOE', 'JANE', 'Active', 'N'))));
    expect(records[0]!.classification).toEqual({ kind: 'profession', profession });
  });

  it('reads the published codes: a numeric LIC_TYPE, a RANK code, DISCPL_ACTN Yes/No', async () => {
    const text = `\uFEFF${csv(
      header,
      row('5261', 'LPC', '70001', 'ACHTERBERG', 'MARGARET', 'Active', 'No'),
      row('5261', 'LPCA', '70002', 'RENWICK', 'TOBIAS', 'Probated/Suspended', 'Yes'),
      row('5261', 'LPC', '70003', 'DOE', 'JANE', 'Delinquent', 'Yes'),
    )}`;
    const { records, malformed } = await read(txBhec, 'LPC', textChunks(text));
    expect(malformed).toBe(0);
    expect(records.map((r) => [r.licenseType, r.classification, r.status, r.statusRecognised, r.disciplinary])).toEqual([
      ['5261 - LPC', { kind: 'profession', profession: 'counselor' }, 'active', true, false],
      ['5261 - LPCA', { kind: 'profession', profession: 'counselor' }, 'suspended', true, true],
      ['5261 - LPC', { kind: 'profession', profession: 'counselor' }, 'expired', true, true],
    ]);
  });

  it.each([
    ['MFT', '5262', 'LMFT', { kind: 'profession', profession: 'marriage_family_therapist' }],
    ['MFT', '5262', 'LMFTA', { kind: 'profession', profession: 'marriage_family_therapist' }],
    ['SW', '5272', 'LCSW', { kind: 'profession', profession: 'social_worker' }],
    ['SW', '5273', 'LMSW', { kind: 'profession', profession: 'social_worker' }],
    ['PSY', '5201', 'LP', { kind: 'profession', profession: 'psychologist' }],
    ['PSY', '5201', 'LPA', { kind: 'unclassified' }],
    ['PSY', '5202', 'LSSP', { kind: 'unclassified' }],
    // A code whose meaning is not recorded is never the file's profession.
    ['PSY', '5202', 'LSP', { kind: 'unclassified' }],
    ['LPC', '5261', 'LPC-X', { kind: 'unclassified' }],
    // A license-type code outside BHEC's list, or of another board than the file.
    ['LPC', '9999', 'LPC', { kind: 'unclassified' }],
    ['SW', '5261', 'LPC', { kind: 'unclassified' }],
    ['SW', '5272', 'LPC', { kind: 'unclassified' }],
  ] as const)('%s file, LIC_TYPE %s, RANK %s', (file, type, rank, classification) => {
    expect(txBhecClassification(file, type, rank)).toEqual(classification);
  });

  it('recognises every status value recorded from the published files', () => {
    const recorded = ['Active', 'Inactive', 'Expired', 'Delinquent', 'Suspended', 'Probated/Suspended'];
    expect(recorded.map((raw) => statusFrom(txBhecStatuses, raw))).toEqual([
      { status: 'active', recognised: true },
      { status: 'inactive', recognised: true },
      { status: 'expired', recognised: true },
      { status: 'expired', recognised: true },
      { status: 'suspended', recognised: true },
      { status: 'suspended', recognised: true },
    ]);
  });

  it('tests negative status terms first and never reads an unknown status as active', () => {
    expect(statusFrom(txBhecStatuses, 'Active')).toEqual({ status: 'active', recognised: true });
    expect(statusFrom(txBhecStatuses, 'Probated')).toEqual({ status: 'active', recognised: true });
    expect(statusFrom(txBhecStatuses, 'Not Active')).toEqual({ status: 'inactive', recognised: true });
    expect(statusFrom(txBhecStatuses, 'Active - Suspended').status).toBe('suspended');
    expect(statusFrom(txBhecStatuses, 'Revoked').status).toBe('revoked');
    expect(statusFrom(txBhecStatuses, 'Surrendered').status).toBe('revoked');
    expect(statusFrom(txBhecStatuses, 'Resigned in Lieu of Adjudication').status).toBe('revoked');
    expect(statusFrom(txBhecStatuses, 'Resigned')).toEqual({ status: 'inactive', recognised: true });
    expect(statusFrom(txBhecStatuses, 'Expired').status).toBe('expired');
    expect(statusFrom(txBhecStatuses, 'Active Pending Review')).toEqual({ status: 'inactive', recognised: true });
    expect(statusFrom(txBhecStatuses, 'Something New')).toEqual({ status: 'inactive', recognised: false });
  });

  it('reads the discipline flag, and discipline implied by a suspension', async () => {
    const { records } = await read(
      txBhec,
      'SW',
      textChunks(
        csv(
          header,
          row('SW', 'LCSW', '1', 'A', 'B', 'Active', 'Y'),
          row('SW', 'LCSW', '2', 'C', 'D', 'Suspended', ''),
          row('SW', 'LCSW', '3', 'E', 'F', 'Active', 'No'),
        ),
      ),
    );
    expect(records.map((r) => r.disciplinary)).toEqual([true, true, false]);
    expect(disciplineOnRecord('None')).toBe(false);
    expect(disciplineOnRecord('Board order 2024-11')).toBe(true);
  });

  it('refuses a file whose header lost a column, naming it', async () => {
    const text = csv(
      header.filter((h) => h !== 'LIC_STATUS'),
      ['LPC'],
    );
    await expect(read(txBhec, 'LPC', textChunks(text))).rejects.toThrow(/lacks the column\(s\) LIC_STATUS/);
    await expect(read(txBhec, 'LPC', textChunks(''))).rejects.toBeInstanceOf(RosterFormatError);
  });

  it('keeps a number apart per board file (the same number on two boards is two licenses)', () => {
    const base = {
      firstName: 'A',
      middleName: '',
      lastName: 'B',
      suffix: '',
      licenseType: 'X',
      status: 'active',
      rawStatus: 'Active',
      statusRecognised: true,
    } as const;
    const licenses = licensesFromRecords(txBhec, [
      { ...base, file: 'LPC', licenseNumber: '70001', classification: { kind: 'unclassified' }, expiryDate: null, issueDate: null, disciplinary: false },
      { ...base, file: 'SW', licenseNumber: '70001', classification: { kind: 'unclassified' }, expiryDate: null, issueDate: null, disciplinary: false },
    ]);
    expect(licenses.map((l) => l.datasetId)).toEqual(['tx_bhec/LPC', 'tx_bhec/SW']);
  });
});

describe('Maryland Board of Physicians', () => {
  const physicians = ['License #', 'Last Name', 'First Name', 'License Status', 'Expiration Date', 'Discipline'];
  const allied = ['Profession', 'License #', 'Last Name', 'First Name', 'Status', 'Expire Date', 'Discipline'];
  const plain = (...rows: string[][]) => `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;

  it('finds the header past the seven preamble lines and dates the file from them', async () => {
    const text = `${mdPreambleLines.join('\r\n')}\r\n${plain(physicians, ['D0067123', 'BRIGHTWATER', 'ELEANOR', 'Active', '03/31/2028', 'No'])}`;
    const { records, preamble } = await read(marylandPhysicians, 'doctor_list_revised.csv', textChunks(text));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ licenseNumber: 'D0067123', classification: { kind: 'profession', profession: 'physician' }, status: 'active' });
    expect(preambleDate(preamble, new Date('2026-11-01T00:00:00Z'))).toBe('2026-10-01');
    // A date in the future is not the file's date.
    expect(preambleDate(['Report Date: 10/01/2099'], new Date('2026-11-01T00:00:00Z'))).toBeNull();
  });

  it('reads the allied file by its own columns, and Probation as active with discipline', async () => {
    const text = `${mdPreambleLines.join('\r\n')}\r\n${plain(
      allied,
      ['Physician Assistant', 'C05512', 'PETTIGREW', 'LORRAINE', 'Active', '06/30/2027', 'No'],
      ['Polysomnographic Technologist', 'P00001', 'DOE', 'JANE', 'Probation', '06/30/2027', ''],
    )}`;
    const { records } = await read(marylandPhysicians, 'allied_health_list.csv', textChunks(text));
    expect(records[0]).toMatchObject({ classification: { kind: 'profession', profession: 'physician_assistant' }, status: 'active', disciplinary: false });
    expect(records[1]).toMatchObject({ classification: { kind: 'unclassified' }, status: 'active', disciplinary: true });
  });

  it('does not find a header beyond the preamble window (a changed layout)', async () => {
    const text = `${Array.from({ length: 14 }, (_, i) => `line ${i}`).join('\r\n')}\r\n${plain(physicians)}`;
    await expect(read(marylandPhysicians, 'doctor_list_revised.csv', textChunks(text))).rejects.toThrow(/no header within the first 12 lines/);
  });

  it('maps the terms the roster could carry, negative first', () => {
    expect(statusFrom(mdStatuses, 'Probation').status).toBe('active');
    expect(statusFrom(mdStatuses, 'Inactive').status).toBe('inactive');
    expect(statusFrom(mdStatuses, 'Suspended').status).toBe('suspended');
    expect(statusFrom(mdStatuses, 'Revoked').status).toBe('revoked');
    expect(statusFrom(mdStatuses, 'Non-Renewed').status).toBe('expired');
  });

  it('recognises both status values the published roster was reported to hold, and every status the Board profiles name', () => {
    expect(['Active', 'Probation'].map((raw) => statusFrom(mdStatuses, raw))).toEqual([
      { status: 'active', recognised: true },
      { status: 'active', recognised: true },
    ]);
    const profiled = ['Inactive', 'Expired', 'Suspension', 'Revoked', 'Deceased', 'Surrendered'];
    expect(profiled.map((raw) => statusFrom(mdStatuses, raw))).toEqual([
      { status: 'inactive', recognised: true },
      { status: 'expired', recognised: true },
      { status: 'suspended', recognised: true },
      { status: 'revoked', recognised: true },
      { status: 'inactive', recognised: true },
      { status: 'revoked', recognised: true },
    ]);
  });

  it('merges a license listed once per practice area, discipline on any row counting', () => {
    const r = {
      file: 'doctor_list_revised',
      licenseNumber: 'D0071450',
      firstName: 'FREDERICK',
      middleName: '',
      lastName: 'ASHCOMBE',
      suffix: '',
      licenseType: 'Physician',
      classification: { kind: 'profession', profession: 'physician' },
      status: 'active',
      rawStatus: 'Probation',
      statusRecognised: true,
      expiryDate: null,
      issueDate: null,
      disciplinary: false,
    } as const;
    const [license, ...rest] = licensesFromRecords(marylandPhysicians, [r, { ...r, disciplinary: true }]);
    expect(rest).toHaveLength(0);
    expect(license).toMatchObject({ rowCount: 2, disciplinary: true, name: 'Frederick Ashcombe', source: 'Maryland Board of Physicians' });
  });
});

describe('Florida MQA', () => {
  const line = (values: Record<string, string>) => `${flHeader.map((h) => values[h] ?? '').join('|')}|`;
  const headerLine = `${flHeader.join('|')}|`;
  const physician = {
    pro_cde: '1501',
    'Profession-Name': 'Medical Doctor',
    'Rank-Code': 'ME',
    'License-Number': '12345',
    'License-Status-Description': 'CLEAR',
    'License-Active-Status-Description': 'Active',
    'Board-Action-Indicator': 'N',
    'Last-Name': 'EXAMPLE',
    'First-Name': 'ALEX',
    'Expire-Date': '01/31/2028',
    'Original-Date': '05/16/1979',
  };

  it('reads the pipe file with its trailing pipe (the header’s `Other-License ` included) and gives the number NPPES holds', async () => {
    const { records, malformed } = await read(floridaMqa, 'LIC_ALL.txt', textChunks(`${headerLine}\n${line(physician)}\n`));
    expect(malformed).toBe(0);
    expect(records[0]).toMatchObject({
      licenseNumber: 'ME12345',
      classification: { kind: 'profession', profession: 'physician' },
      status: 'active',
      expiryDate: '2028-01-31',
      issueDate: '1979-05-16',
      disciplinary: false,
    });
    expect(pipeCells('a|b|')).toEqual(['a', 'b']);
    // NPPES's `ME12345` and a provider's `12345` both name the license.
    expect(licenseNumbersAgree('ME12345', records[0]!.licenseNumber, floridaMqa.licenseNumberPrefix)).toBe(true);
    expect(licenseNumbersAgree('12345', records[0]!.licenseNumber, floridaMqa.licenseNumberPrefix)).toBe(true);
    expect(licenseNumbersAgree('RN12345', records[0]!.licenseNumber, floridaMqa.licenseNumberPrefix)).toBe(false);
    expect(flLicenseNumber('ME', 'ME12345')).toBe('ME12345');
  });

  it('reads stray quotes as apostrophes, and a row widened by a pipe in its email as malformed', async () => {
    const text = [
      headerLine,
      line({ ...physician, 'Last-Name': 'O"BRIEN', 'Mailing-Address-Line1': '"12 MAIN' }),
      line({ ...physician, 'Last-Name': 'SMITH', Email: 'a|b@example.com' }),
      '',
    ].join('\r\n');
    const { records, malformed } = await read(floridaMqa, 'LIC_ALL.txt', textChunks(text));
    expect(records.map((r) => r.lastName)).toEqual(["O'BRIEN"]);
    expect(malformed).toBe(1);
  });

  it('decodes latin-1 (an accented surname is one byte)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fl-latin1-'));
    try {
      const file = join(dir, 'LIC_ALL.txt');
      await writeFile(file, Buffer.from(`${headerLine}\n${line({ ...physician, 'Last-Name': 'PEÑA' })}\n`, 'latin1'));
      const { records } = await read(floridaMqa, 'LIC_ALL.txt', rosterText(floridaMqa, file));
      expect(records[0]!.lastName).toBe('PEÑA');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('recognises every License-Status-Description value recorded from loaders of the real file', () => {
    const recorded = ['CLEAR', 'REVOKED', 'DECEASED', 'VOL RELINQ', 'NULL AND VOID', 'DISCP RELINQ', 'RETIRED', 'VOLUN WITHDRAW', 'EMERG SUSPENS', 'SUSPENDED'];
    const mixedCase = ['Clear', 'Null And Void', 'Inactive', 'Deceased'];
    for (const raw of [...recorded, ...mixedCase]) expect(statusFrom(flStatuses, raw).recognised, raw).toBe(true);
  });

  it('maps the status pair, negative terms first; CLEAR but inactive is inactive', async () => {
    expect(statusFrom(flStatuses, 'DISCP RELINQ').status).toBe('revoked');
    expect(statusFrom(flStatuses, 'EMERG SUSPENS').status).toBe('suspended');
    expect(statusFrom(flStatuses, 'NULL AND VOID').status).toBe('inactive');
    expect(statusFrom(flStatuses, 'Null And Void').status).toBe('inactive');
    expect(statusFrom(flStatuses, 'VOL RELINQ').status).toBe('inactive');
    expect(statusFrom(flStatuses, 'Clear').status).toBe('active');
    const text = [
      headerLine,
      line({ ...physician, 'License-Active-Status-Description': 'Inactive' }),
      line({ ...physician, 'License-Number': '2', 'License-Status-Description': 'REVOKED', 'License-Active-Status-Description': 'Inactive' }),
      line({ ...physician, 'License-Number': '3', 'Board-Action-Indicator': 'Y' }),
      '',
    ].join('\n');
    const { records } = await read(floridaMqa, 'LIC_ALL.txt', textChunks(text));
    expect(records.map((r) => [r.status, r.disciplinary])).toEqual([
      ['inactive', false],
      ['revoked', true],
      ['active', true],
    ]);
  });

  it('keeps unmapped professions unclassified and leaves non-healthcare ones out', async () => {
    const text = [
      headerLine,
      line({ ...physician, pro_cde: '2601', 'Profession-Name': 'Dentist', 'Rank-Code': 'DN' }),
      line({ ...physician, pro_cde: '2501', 'Profession-Name': 'Veterinarian', 'Rank-Code': 'VM' }),
      line({ ...physician, pro_cde: '1711', 'Profession-Name': 'Advanced Practice Registered Nurse', 'Rank-Code': 'APRN' }),
      '',
    ].join('\n');
    const { records, skipped } = await read(floridaMqa, 'LIC_ALL.txt', textChunks(text));
    expect(skipped).toBe(1);
    expect(records.map((r) => [r.classification.kind, r.licenseNumber])).toEqual([
      ['unclassified', 'DN12345'],
      ['unclassified', 'APRN12345'],
    ]);
    expect(floridaMqa.professions).toEqual(expect.arrayContaining(['physician', 'registered_nurse', 'pharmacist', 'nursing_assistant']));
  });
});

describe('Alabama BME', () => {
  it('reads the recorded columns, the PUBLIC ACTIONS? flag, and leaves controlled-substance certificates out', async () => {
    const row = (type: string, status: string, actions: string) =>
      ['MD.1', 'ELEANOR', 'M', 'CULPEPPER', '', type, 'Full', '', status, '01/01/2010', '12/31/2027', 'IM', 'UAB', actions, ''].join(',');
    const text = `${[alColumns.join(','), row('MD', 'Active', 'No'), row('PA', 'Active', 'Yes'), row('ACSC', 'Active', 'No')].join('\r\n')}\r\n`;
    const { records, skipped } = await read(alabamaBme, 'roster.csv', textChunks(text));
    expect(skipped).toBe(1);
    expect(records.map((r) => [r.classification, r.disciplinary])).toEqual([
      [{ kind: 'profession', profession: 'physician' }, false],
      [{ kind: 'profession', profession: 'physician_assistant' }, true],
    ]);
  });
});

describe('Wyoming boards (the real sheets are read in real-rows-rosters.test.ts)', () => {
  it('finds each sheet’s header by its own columns past its own preamble, wherever it moved', async () => {
    const header = 'Name,Address,City,State ,Zip,License No.,Issue Date,Expiry Date,Status,Discipline';
    const row = '"Frost, Linda K.",,Cheyenne,WY,82009,288,1/14/2005,10/31/2026,Active,Yes';
    for (const preamble of [
      ['Wyoming Board of Respiratory Care,,,,,,,,,'],
      ['Wyoming Board of Respiratory Care,,,,,,,,,', ',,,,,,,,,', 'Date of Last Update,,,"July 10, 2026",,,,,,'],
    ]) {
      const { records, preamble: lines } = await read(
        wyomingBoards,
        'WY respiratory_care export.csv',
        textChunks(`${[...preamble, header, row].join('\r\n')}\r\n`),
      );
      expect(records.map((r) => [r.lastName, r.firstName, r.middleName, r.licenseNumber, r.status, r.disciplinary, r.file])).toEqual([
        ['Frost', 'Linda', 'K.', '288', 'active', true, 'respiratory_care'],
      ]);
      expect(lines).toHaveLength(preamble.length);
    }
  });

  it('reads a header cell merged over three columns (PT’s NAME) by the cells after it', async () => {
    const header =
      'NAME ,,,EMPLOYER,Mailing Address ,,,,PHONE NO.,EMAIL ADDRESS,PROFESSION,LICENSE / CERTIFICATION,LICENSE #,ISSUE DATE,EXPIRATION DATE,DISCIPLINED,STATUS';
    const row = 'Mohr,Martin,D.,,,Casper,WY,82601,,,Physical Therapist,License,PT-0751,6/9/1997,10/1/2026 12:00:00 AM,No,A';
    const { records } = await read(wyomingBoards, 'physical_therapy.csv', textChunks(`${header}\r\n${row}\r\n`));
    expect(records.map((r) => [r.firstName, r.middleName, r.lastName, r.expiryDate, r.classification])).toEqual([
      ['Martin', 'D.', 'Mohr', '2026-10-01', { kind: 'profession', profession: 'physical_therapist' }],
    ]);
  });

  it('checks each declared sheet for its own columns, an operator’s file by the name it contains', () => {
    expect(columnsOf(wyomingActive, 'WY_dental_2026-07-15.csv')).toContain('CATEGORY');
    expect(columnsOf(wyomingActive, 'mental_health.csv')).toContain('License Number');
    expect(columnsOf(wyomingBoards, 'psychology.csv')).toContain('License no.');
  });

  it('splits the one-cell names of Chiropractic and Respiratory Care', () => {
    expect(firstMiddleLast('Stuart Hall Greene')).toEqual({ firstName: 'Stuart', middleName: 'Hall', lastName: 'Greene', suffix: '' });
    expect(firstMiddleLast('John A. Smith Jr.')).toEqual({ firstName: 'John', middleName: 'A.', lastName: 'Smith', suffix: 'Jr.' });
    expect(lastCommaFirst('Abbott, Susan M.')).toEqual({ firstName: 'Susan', middleName: 'M.', lastName: 'Abbott', suffix: '' });
  });

  it('dates a sheet from a preamble that names the month, never from a date still to come', () => {
    const today = new Date('2026-11-28T00:00:00Z');
    expect(preambleDate(['"Last update: July 9, 2026",,,'], today)).toBe('2026-07-09');
    expect(preambleDate(['Last updated June 12, 2026 4:13 PM,,'], today)).toBe('2026-06-12');
    expect(preambleDate(['"Last update: July 9, 2027",,,'], today)).toBeNull();
  });
});

describe('West Virginia Board of Medicine', () => {
  /** A workbook of sheets (name → rows of cells; a number or a Date written as such a cell). */
  const book = (sheets: Record<string, (string | number | Date | null)[][]>) => {
    const wb = XLSX.utils.book_new();
    for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name);
    return { workbook: XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer };
  };
  const header = [...wvColumns];
  const title = ['Roster of Medical Doctors'];

  it('reads the Licenses sheet past its title, a row ending at its last written cell, numeric and date cells', async () => {
    const input = book({
      Licenses: [title, header, ['Ada', null, 'Lovelace', null, 12345, '6/30/2027'], ['Ada', 'B', 'Byron', null, 23456, new Date(Date.UTC(2028, 5, 30))]],
      'Special Licenses': [['Special'], ['First Name', 'Last Name', 'Permit Number']],
      'Interstate Telehealth Reg.': [['Telehealth']],
    });
    const { records, malformed, preamble } = await read(westVirginiaBom, 'medical-doctors.xlsx', input);
    expect(malformed).toBe(0);
    expect(preamble).toEqual(['Roster of Medical Doctors']);
    expect(records.map((r) => [r.licenseNumber, r.middleName, r.expiryDate, r.status, r.disciplinary])).toEqual([
      ['12345', '', '2027-06-30', 'active', false],
      ['23456', 'B', '2028-06-30', 'active', false],
    ]);
  });

  it('counts a row without a readable expiry or number, or from an undeclared file, as unreadable, never a guess', async () => {
    const input = book({ Licenses: [title, header, ['Ada', '', 'Lovelace', '', '12345', 'June 2027'], ['Ada', '', 'Lovelace', '', 'MD-1', '6/30/2027']] });
    expect((await read(westVirginiaBom, 'medical-doctors.xlsx', input)).malformed).toBe(2);
    const good = book({ Licenses: [title, header, ['Ada', '', 'Lovelace', '', '12345', '6/30/2027']] });
    expect((await read(westVirginiaBom, 'roster.xlsx', good)).malformed).toBe(1);
  });

  it('refuses a changed header, a workbook without the Licenses sheet, one with a sheet nobody reads, and a file that is no workbook', async () => {
    const renamed = book({ Licenses: [title, ['First', 'Middle', 'Last', 'Suffix', 'License #', 'Expires'], ['Ada', '', 'Lovelace', '', '1', '6/30/2027']] });
    await expect(read(westVirginiaBom, 'medical-doctors.xlsx', renamed)).rejects.toThrow(RosterFormatError);
    await expect(read(westVirginiaBom, 'medical-doctors.xlsx', book({ Sheet1: [title, header] }))).rejects.toThrow(RosterFormatError);
    const extra = book({ Licenses: [title, header], 'Retired Licenses': [header] });
    await expect(read(westVirginiaBom, 'medical-doctors.xlsx', extra)).rejects.toThrow(/a sheet nobody reads: "Retired Licenses"/);
    await expect(read(westVirginiaBom, 'medical-doctors.xlsx', { workbook: Buffer.from(csv(header)) })).rejects.toThrow(RosterFormatError);
  });

  it('is current-only, covers MD, PA and podiatrists (not DOs), and finds each workbook by its link text on Rosters.asp', () => {
    expect(westVirginiaBom.currentOnly).toBe(true);
    expect(westVirginiaBom.professions).toEqual(['physician', 'physician_assistant', 'podiatrist']);
    expect(westVirginiaBom.locate.kind === 'fixed' && westVirginiaBom.locate.files.map((f) => [f.path, f.linkText?.source])).toEqual([
      ['/Rosters.asp', 'Roster of Medical Doctors'],
      ['/Rosters.asp', 'Roster of Physician Assistants'],
      ['/Rosters.asp', 'Roster of Podiatric Physicians'],
    ]);
  });
});

describe('Nevada State Board of Pharmacy', () => {
  const book = (sheets: Record<string, (string | number | Date | null)[][]>) => {
    const wb = XLSX.utils.book_new();
    for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name);
    return { workbook: XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer };
  };
  const header = [
    'Last Name',
    'First Name',
    'City',
    'State',
    'Zip',
    'Country',
    'License Date',
    'Status',
    'Registration Number',
    'Type',
    'Expiration Date',
    'Discipline',
  ];
  const row = (last: string, first: string, status: string, number: string | number, expires: string | Date, discipline = 'No') => [
    last,
    first,
    null,
    null,
    null,
    null,
    '01/02/2003',
    status,
    number,
    'Pharmacist',
    expires,
    discipline,
  ];

  it('reads the first sheet, whatever its name, the header in any case; numeric and date cells; applications and voided records not stored', async () => {
    const input = book({
      Export: [
        ['LAST NAME', 'first name', ...header.slice(2)],
        row('Lovelace', 'Ada', 'Active', '01234', '10/31/2027'),
        row('Byron', 'Ada', 'Active', 23456, new Date(Date.UTC(2027, 9, 31))),
        row('Babbage', 'Charles', 'Application in Process', '', ''),
        row('Babbage', 'Charles', 'Error', '', ''),
      ],
    });
    const { records, malformed, skipped } = await read(nevadaPharmacy, 'export.xlsx', input);
    expect([malformed, skipped]).toEqual([0, 2]);
    expect(records.map((r) => [r.lastName, r.licenseNumber, r.expiryDate, r.issueDate, r.status, r.classification])).toEqual([
      ['Lovelace', '01234', '2027-10-31', '2003-01-02', 'active', { kind: 'profession', profession: 'pharmacist' }],
      ['Byron', '23456', '2027-10-31', '2003-01-02', 'active', { kind: 'profession', profession: 'pharmacist' }],
    ]);
  });

  it('maps each status exactly, negative terms first; an unknown one, or an unknown discipline value, is never active', () => {
    const read = (raw: string) => statusFrom(nvBopStatuses, raw);
    expect(read('Voluntary Surrender resulting in discipline')).toEqual({ status: 'revoked', recognised: true });
    expect(read('Pending Renewal Inactive')).toEqual({ status: 'inactive', recognised: true });
    expect(read('Non Renewed')).toEqual({ status: 'expired', recognised: true });
    expect(read('DECEASED (INDIVIDUAL)')).toEqual({ status: 'inactive', recognised: true });
    expect(read('Probation')).toEqual({ status: 'active', recognised: true });
    for (const raw of ['', 'Active Pending', 'Not Active', 'Deceased', 'Application Approved'])
      expect(read(raw), raw).toEqual({ status: 'inactive', recognised: false });
    const reader = rowReader(header);
    const unknownDiscipline = nevadaPharmacy.record(
      reader(row('Lovelace', 'Ada', 'Active', '01234', '10/31/2027', 'Pending').map((c) => String(c ?? ''))),
      'x.xlsx',
    );
    expect(unknownDiscipline).toMatchObject({ status: 'inactive', statusRecognised: false, rawStatus: 'Active (Discipline: Pending)' });
  });

  it('flags discipline from the Discipline column and from suspension, revocation and probation', () => {
    const reader = rowReader(header);
    const flag = (status: string, discipline: string) => {
      const r = nevadaPharmacy.record(reader(row('Lovelace', 'Ada', status, '01234', '10/31/2027', discipline).map((c) => String(c ?? ''))), 'x.xlsx');
      return r !== null && r !== 'skip' && r.disciplinary;
    };
    expect([
      flag('Active', 'No'),
      flag('Active', 'Yes'),
      flag('Closed', 'YES'),
      flag('Suspended', 'No'),
      flag('Probation', 'No'),
      flag('Retired', 'No'),
    ]).toEqual([false, true, true, true, true, false]);
  });

  it('takes a generational suffix typed after the surname apart', () => {
    expect(nvSurname('Campion Jr')).toEqual({ lastName: 'Campion', suffix: 'Jr' });
    expect(nvSurname('CASTRO, JR.')).toEqual({ lastName: 'CASTRO', suffix: 'JR.' });
    expect(nvSurname('Shanahan III')).toEqual({ lastName: 'Shanahan', suffix: 'III' });
    expect(nvSurname('St. Germain')).toEqual({ lastName: 'St. Germain', suffix: '' });
    expect(nvSurname('Van Buskirk')).toEqual({ lastName: 'Van Buskirk', suffix: '' });
    expect(nvSurname('Jr')).toEqual({ lastName: 'Jr', suffix: '' });
  });

  it('refuses a header that lost a column, a second sheet, and a file that is no workbook', async () => {
    const renamed = book({ Sheet1: [[...header.slice(0, 8), 'License #', ...header.slice(9)], row('Lovelace', 'Ada', 'Active', '1', '10/31/2027')] });
    await expect(read(nevadaPharmacy, 'x.xlsx', renamed)).rejects.toThrow(/Registration Number/);
    await expect(read(nevadaPharmacy, 'x.xlsx', book({ Sheet1: [header], Sheet2: [header] }))).rejects.toThrow(/a sheet nobody reads: "Sheet2"/);
    await expect(read(nevadaPharmacy, 'x.xlsx', { workbook: Buffer.from(csv(header)) })).rejects.toThrow(RosterFormatError);
  });

  it('keeps every record of every status (absence: never registered), covers pharmacists, and is loaded by the operator', () => {
    expect(nevadaPharmacy.currentOnly).toBe(false);
    expect(nevadaPharmacy.professions).toEqual(['pharmacist']);
    expect(nevadaPharmacy.locate.kind).toBe('operator_file');
    expect(nevadaPharmacy.locate.kind === 'operator_file' && nevadaPharmacy.locate.howToObtain).toMatch(/Export To Excel.*ingest-roster nv_bop --file/);
    expect(nevadaPharmacy.formatNotes).toMatch(/never held a Nevada pharmacist license/);
  });
});

describe('Missouri MOPRO downloads (the real files are read in real-rows-rosters.test.ts)', () => {
  const headerLine = moColumns.join('\t');
  const row = (values: Partial<Record<(typeof moColumns)[number], string>>) => moColumns.map((c) => values[c] ?? '').join('\t');
  const chiro = {
    prc_first_name: 'Alex',
    prc_middle_name: 'Q',
    prc_last_name: 'Example',
    prc_suffix: 'DC',
    ba_address: '1 Main St',
    ba_city: 'Salem',
    lic_profession: 'DRC',
    lic_number: '004209',
    lst_description: 'Active',
    les_description: 'Not Expired',
    lic_orig_issue_date: '1977-12-27',
    lic_exp_date: '2027-02-28',
  } as const;

  it('reads the tab-delimited TXT as published: latin-1, the header the first line, numbers with their leading zeros', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mo-'));
    try {
      const file = join(dir, 'MO_CHIROPRACTIC_20260625.txt');
      await writeFile(file, Buffer.from(`${headerLine}\r\n${row({ ...chiro, prc_last_name: 'Peña' })}\r\n`, 'latin1'));
      const { records, malformed } = await read(missouriMopro, 'MO_CHIROPRACTIC_20260625.txt', rosterText(missouriMopro, file));
      expect(malformed).toBe(0);
      expect(records[0]).toMatchObject({
        file: 'chiropractic',
        licenseNumber: '004209',
        lastName: 'Peña',
        suffix: 'DC',
        licenseType: 'DRC',
        classification: { kind: 'profession', profession: 'chiropractor' },
        status: 'active',
        statusRecognised: true,
        expiryDate: '2027-02-28',
        issueDate: '1977-12-27',
        disciplinary: false,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('joins a record whose address runs over lines after a backslash, and refuses one that then does not make 22 columns', async () => {
    const broken = row(chiro).replace('1 Main St', 'PO Box 306\\\r\\\n118 South Main St');
    const { records, malformed } = await read(
      missouriMopro,
      'chiropractic.txt',
      textChunks(`${headerLine}\r\n${broken}\r\n${row({ ...chiro, lic_number: '2023046993' })}\r\n`),
    );
    expect(malformed).toBe(0);
    expect(records.map((r) => [r.licenseNumber, r.status, r.expiryDate])).toEqual([
      ['004209', 'active', '2027-02-28'],
      ['2023046993', 'active', '2027-02-28'],
    ]);
    // A continued record with a cell too many (a tab inside the value): its columns cannot be told apart.
    const shifted = row(chiro).replace('1 Main St', 'PO Box 306\\\n118\tSouth Main St');
    await expect(read(missouriMopro, 'chiropractic.txt', textChunks(`${headerLine}\n${shifted}\n`))).rejects.toThrow(RosterFormatError);
    await expect(read(missouriMopro, 'chiropractic.txt', textChunks(`${headerLine}\n${shifted}\n`))).rejects.toThrow(/23 fields against the header's 22/);
    // A file that ends inside a continued record is cut short.
    await expect(read(missouriMopro, 'chiropractic.txt', textChunks(`${headerLine}\nAlex\tQ\tExample\t\tPO Box 306\\\n`))).rejects.toThrow(/cut short/);
  });

  it('reads Active / Not Expired only; any other status (a shifted cell included) is unrecognised, never active', async () => {
    const rows = [
      row({ ...chiro, lst_description: 'Insurance Consultant', les_description: '2027-02-28' }),
      row({ ...chiro, les_description: 'Expired' }),
      row({ ...chiro, lst_description: '' }),
    ];
    const { records } = await read(missouriMopro, 'chiropractic.txt', textChunks(`${headerLine}\n${rows.join('\n')}\n`));
    expect(records.map((r) => [r.status, r.statusRecognised, r.rawStatus])).toEqual([
      ['inactive', false, 'Insurance Consultant / 2027-02-28'],
      ['inactive', false, 'Active / Expired'],
      ['inactive', false, ' / Not Expired'],
    ]);
  });

  it('classifies by lic_profession within the file’s board: permits skipped, expanded functions by holder, a code of another board unknown', () => {
    const dental = moBoardOf('MO_DENTAL_20260625.txt')!;
    expect(moClassify(dental, 'DEN', '')).toEqual({ kind: 'profession', profession: 'dentist' });
    expect(moClassify(dental, 'DHY', 'Dental Assistant')).toEqual({ kind: 'profession', profession: 'dental_hygienist' });
    expect(moClassify(dental, 'EFR', 'Dental Assistant')).toEqual({ kind: 'profession', profession: 'dental_assistant' });
    expect(moClassify(dental, 'EFR', 'Dental Hygienist')).toEqual({ kind: 'unclassified' });
    expect(moClassify(dental, 'EFR', 'Dental Therapist')).toEqual({ kind: 'unclassified', unknown: true });
    expect(moClassify(dental, 'DSS', '')).toBe('skip');
    expect(moClassify(dental, 'DRC', '')).toEqual({ kind: 'unclassified', unknown: true });
    expect(moBoardOf('healing_arts.txt')).toBeUndefined();
    expect(missouriMopro.professions).toEqual(['chiropractor', 'dentist', 'dental_hygienist', 'dental_assistant', 'optometrist', 'psychologist']);
    expect(columnsOf(missouriMopro, 'MO_PSYCHOLOGISTS_x.txt')).toEqual(moColumns);
  });

  it('refuses a file whose header lost a column', async () => {
    const header = moColumns.filter((c) => c !== 'lic_exp_date').join('\t');
    await expect(read(missouriMopro, 'optometry.txt', textChunks(`${header}\nA\n`))).rejects.toThrow(/lic_exp_date/);
  });
});

describe('every roster', () => {
  it('has an id of its own (roster and list ids share the store), and a current-only roster says so', () => {
    for (const id of Object.keys(rosterDefinitions)) expect(Object.keys(listDefinitions)).not.toContain(id);
    expect(marylandPhysicians.currentOnly).toBe(true);
    expect(alabamaBme.currentOnly).toBe(true);
    expect(txBhec.currentOnly).toBe(false);
    expect(wyomingActive.currentOnly).toBe(true);
    expect(wyomingBoards.currentOnly).toBe(false);
    expect(nevadaPharmacy.currentOnly).toBe(false);
    expect(missouriMopro.currentOnly).toBe(true);
    expect(arkansasPodiatry.currentOnly).toBe(false);
  });

  it('narrows by the given-name prefixes the board queries use', () => {
    const query = { surnames: ['SMITH'], givenNames: givenNameForms('Margaret') };
    expect(givenNameWithin({ firstName: 'MARGARET' }, query)).toBe(true);
    expect(givenNameWithin({ firstName: 'Peggy' }, query)).toBe(true);
    expect(givenNameWithin({ firstName: 'ELEANOR' }, query)).toBe(false);
  });
});

describe('South Dakota chiropractic and optometry verification lists (sd_boards)', () => {
  const chiroHeader =
    'Name,Title,LicenseNumber,Effective,Status,Expiration,GoodStanding,GoodStandingIcon,DisciplinaryAction,DisciplinaryActionIcon,Acupuncture,AcupunctureIcon,TotalPageCount';

  it('splits the one-column chiropractic name by its slots: two spaces for an empty middle, else one middle word, a suffix apart', () => {
    expect(sdChiroName('Kristen D Ahlers')).toEqual({ firstName: 'Kristen', middleName: 'D', lastName: 'Ahlers', suffix: '' });
    expect(sdChiroName('A. Kent  Sifford')).toEqual({ firstName: 'A. Kent', middleName: '', lastName: 'Sifford', suffix: '' });
    expect(sdChiroName('Melanie  Puetz Mullenmeister')).toEqual({ firstName: 'Melanie', middleName: '', lastName: 'Puetz Mullenmeister', suffix: '' });
    expect(sdChiroName('Lyle R Van Hemert')).toEqual({ firstName: 'Lyle', middleName: 'R', lastName: 'Van Hemert', suffix: '' });
    expect(sdChiroName('Roger D Prill, Jr.')).toEqual({ firstName: 'Roger', middleName: 'D', lastName: 'Prill', suffix: 'Jr.' });
    // Shapes not in the real file: a three-word name fills each slot; two words are given name and surname.
    expect(sdChiroName('Mary Ann Smith')).toEqual({ firstName: 'Mary', middleName: 'Ann', lastName: 'Smith', suffix: '' });
    expect(sdChiroName('Ryan Bales')).toEqual({ firstName: 'Ryan', middleName: '', lastName: 'Bales', suffix: '' });
  });

  it('reads a row as the list writes it, and refuses a file whose header lost a column', async () => {
    const row = '"Ryan  Bales","DC","855","12/7/1996 12:00:00 AM","Active","12/31/2026 12:00:00 AM","True","Yes","True","Yes","False","No","1"';
    const { records, malformed } = await read(southDakotaBoards, 'chiropractic.csv', textChunks(`${chiroHeader}\r\n${row}\r\n`));
    expect(malformed).toBe(0);
    expect(records[0]).toMatchObject({
      lastName: 'Bales',
      licenseNumber: '855',
      status: 'active',
      statusRecognised: true,
      disciplinary: true,
      expiryDate: '2026-12-31',
    });
    await expect(read(southDakotaBoards, 'chiropractic.csv', textChunks(`${chiroHeader.replace('DisciplinaryAction,', '')}\r\n`))).rejects.toThrow(
      RosterFormatError,
    );
    // An operator's file stands for the list its name contains.
    expect(sdBoardOf('2026-06-25 optometry list.csv')?.board).toBe('optometry');
    expect(sdBoardOf('roster.csv')).toBeUndefined();
  });

  it('is current-only, downloads each list from its own host, and only from those two hosts', () => {
    expect(southDakotaBoards.currentOnly).toBe(true);
    expect(southDakotaBoards.professions).toEqual(['chiropractor', 'optometrist']);
    expect(southDakotaBoards.formatNotes).toMatch(/active licensees only/);
    const files = southDakotaBoards.locate.kind === 'fixed' ? southDakotaBoards.locate.files : [];
    expect(files.map((f) => rosterFileUrl(southDakotaBoards, f))).toEqual([
      'https://bocelicensing.appssd.sd.gov/Downloads/DownloadVerificationList',
      'https://optometry.appssd.sd.gov/Downloads/DownloadVerificationList',
    ]);
    for (const f of files) expect(southDakotaBoards.allowedHosts).toContain(f.host);
    expect([...rosterHosts(southDakotaBoards).origins].sort()).toEqual(['https://bocelicensing.appssd.sd.gov', 'https://optometry.appssd.sd.gov']);
  });

  it('under an overridden base URL (the simulator) each file sits under its host', () => {
    vi.stubEnv('SD_BOARDS_BASE_URL', 'http://127.0.0.1:9999/rosters/sd_boards/');
    try {
      const files = southDakotaBoards.locate.kind === 'fixed' ? southDakotaBoards.locate.files : [];
      expect(rosterFileUrl(southDakotaBoards, files[1]!)).toBe(
        'http://127.0.0.1:9999/rosters/sd_boards/optometry.appssd.sd.gov/Downloads/DownloadVerificationList',
      );
      // A file without a host of its own stays under the base URL.
      expect(rosterFileUrl(southDakotaBoards, { path: '/x.csv' })).toBe('http://127.0.0.1:9999/rosters/sd_boards/x.csv');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('Arkansas podiatry PDF (the real file is read in real-rows-rosters.test.ts)', () => {
  /** A text placed on a page: its text, x and y. */
  type Placed = readonly [string, number, number];
  /** A PDF of pages of placed texts, Helvetica 12 pt; a page of none has no text layer. */
  const pdf = async (...pages: Placed[][]): Promise<RosterInput> => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const texts of pages) {
      const page = doc.addPage([612, 1008]);
      for (const [text, x, y] of texts) page.drawText(text, { x, y, size: 12, font });
      if (texts.length === 0) page.drawRectangle({ x: 20, y: 20, width: 500, height: 900 });
    }
    return { pdf: Buffer.from(await doc.save()) };
  };
  const title: Placed = ['Arkansas Board of Podiatric Medicine', 21.6, 977];
  const titleRight: Placed = ['License Verification', 262.85, 977];
  const header = (y = 927.66): Placed[] => [
    ['Last Name', 20.32, y],
    ['First Name', 96.02, y],
    ['License #', 181.77, y],
    ['Issued', 255.16, y],
    ['Valid Thru', 315.41, y],
    ['Disciplinary', 387.25, y + 14.65],
    ['Action', 401.93, y],
    ['Last Updated:', 461.41, y],
    ['6-12-2026', 539.54, y],
  ];
  const row = (y: number, last: string, first: string, number: string, issued: string, valid: string, discipline: string): Placed[] => [
    [last, 20.32, y],
    [first, 96.02, y],
    [number, 194.9, y],
    [issued, 249.46, y],
    [valid, 322.85, y],
    [discipline, 409.66, y],
  ];
  const footer = (page: number): Placed[] => [
    ['6/12/2026', 21.6, 22.2],
    ['Updated ONLY when data changes.', 227.6, 22.2],
    [String(page), 584.18, 22.2],
  ];
  const page1 = [title, titleRight, ...header(), ...row(911, 'Adams', 'Melissa', '280', '11/5/2017', '6/30/2025', 'NO'), ...footer(1)];
  const page2 = [
    title,
    titleRight,
    ...header(),
    ...row(911, 'Day, III', 'Frederick', '147', '6/6/1994', '6/30/2099', 'YES'),
    ...row(895, 'O’Connor', 'Cornelius Neil', '287', '8/22/2019', '6/30/2099', 'NO'),
    ...footer(2),
  ];

  it('reads every page under its own header (a name stacked over two lines), skipping title, header and footer, the Last Updated date as preamble', async () => {
    const { records, malformed, preamble } = await read(arkansasPodiatry, 'LicenseVerification.pdf', await pdf(page1, page2));
    expect(malformed).toBe(0);
    expect(preamble).toEqual(['Last Updated: 6-12-2026']);
    expect(preambleDate(preamble, new Date('2026-11-28T00:00:00Z'))).toBe('2026-06-12');
    expect(records.map((r) => [r.lastName, r.suffix, r.firstName, r.licenseNumber, r.issueDate, r.expiryDate, r.status, r.disciplinary])).toEqual([
      ['Adams', '', 'Melissa', '280', '2017-11-05', '2025-06-30', 'expired', false],
      ['Day', 'III', 'Frederick', '147', '1994-06-06', '2099-06-30', 'active', true],
      ['O’Connor', '', 'Cornelius Neil', '287', '2019-08-22', '2099-06-30', 'active', false],
    ]);
  });

  it('finds a header that moved down the page, by its names, never by a position', async () => {
    const moved = [title, titleRight, ...header(880), ...row(860, 'Adams', 'Melissa', '280', '11/5/2017', '6/30/2025', 'NO'), ...footer(1)];
    expect((await read(arkansasPodiatry, 'LicenseVerification.pdf', await pdf(moved))).records.map((r) => r.licenseNumber)).toEqual(['280']);
  });

  it('refuses a page without a header, a changed header, text under no column or under two, other text beside the header, a page with no text layer, and a file that is no PDF', async () => {
    const refused = async (input: RosterInput, message: RegExp) => {
      const error = await read(arkansasPodiatry, 'LicenseVerification.pdf', input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RosterFormatError);
      expect((error as Error).message).toMatch(message);
    };
    const noHeader = [title, titleRight, ...row(911, 'Day, III', 'Frederick', '147', '6/6/1994', '6/30/2099', 'NO'), ...footer(2)];
    await refused(await pdf(page1, noHeader), /page 2 has no header within its first 4 lines/);
    const renamed = page1.map((p): Placed => (p[0] === 'Valid Thru' ? ['Expires', p[1], p[2]] : p));
    await refused(await pdf(renamed), /no line holds the column\(s\) Valid Thru/);
    await refused(await pdf([...page1, ['Retired', 480, 911]]), /"Retired" lies under no column of the header/);
    await refused(await pdf([...page1, ['Christopher Alexander', 60, 895]]), /"Christopher Alexander" lies under several columns/);
    await refused(await pdf(page1.map((p): Placed => (p[0] === 'Last Updated:' ? ['Printed:', p[1], p[2]] : p))), /on the header's line is under no column/);
    await refused(await pdf(page1, []), /page 2 has no text: no text layer/);
    await refused({ pdf: Buffer.from('<html><body>Not found</body></html>') }, /no PDF/);
    await refused({ pdf: Buffer.from('%PDF-1.4\n% damaged') }, /the PDF cannot be read/);
  });

  it('is downloaded through the "Verification Document" link of the board page; keeps an expired licence; covers podiatrists', () => {
    expect(arkansasPodiatry.locate.kind === 'fixed' && arkansasPodiatry.locate.files.map((f) => [rosterFileUrl(arkansasPodiatry, f), f.name])).toEqual([
      ['https://healthy.arkansas.gov/boards-commissions/boards/podiatric-medicine-board/', 'LicenseVerification.pdf'],
    ]);
    const link = arkansasPodiatry.locate.kind === 'fixed' ? arkansasPodiatry.locate.files[0]!.linkText! : /(?!)/;
    expect(link.test('Verification Document')).toBe(true);
    expect(link.test('Application for Licensure')).toBe(false);
    expect(arkansasPodiatry.currentOnly).toBe(false);
    expect(arkansasPodiatry.professions).toEqual(['podiatrist']);
    expect(arkansasPodiatry.formatNotes).toMatch(/Valid Thru/);
    expect(arkansasPodiatry.formatNotes).toMatch(/inferred/);
    expect([...rosterHosts(arkansasPodiatry).origins].sort()).toEqual(['https://healthy.arkansas.gov', 'https://www.healthy.arkansas.gov']);
  });

  it('reads a record by the licence’s Valid Thru on the day it is read; an unreadable date or number is no licence', () => {
    const reader = rowReader([...arColumns]);
    const on = new Date('2026-06-30T12:00:00Z');
    expect(arRecord(reader(['Adams', 'Melissa', '280', '11/5/2017', '6/30/2026', 'NO']), on)?.status).toBe('active');
    expect(arRecord(reader(['Adams', 'Melissa', '280', '11/5/2017', '6/29/2026', 'NO']), on)?.status).toBe('expired');
    expect(arRecord(reader(['Adams', 'Melissa', '280', '11/5/2017', 'June 2027', 'NO']), on)).toBeNull();
    expect(arRecord(reader(['Adams', 'Melissa', 'DPM-280', '11/5/2017', '6/30/2027', 'NO']), on)).toBeNull();
    expect(arSurname('Smith, Jr.')).toEqual({ lastName: 'Smith', suffix: 'Jr.' });
    expect(arSurname('Van Buren')).toEqual({ lastName: 'Van Buren', suffix: '' });
  });
});

describe('Louisiana massage therapists PDF (the real pages are read in real-rows-rosters.test.ts)', () => {
  /** A text placed on a page: its text, x and y. */
  type Placed = readonly [string, number, number];
  /** A PDF of letter pages of placed texts, Helvetica 10.08 pt (the real file's size). */
  const pdf = async (...pages: Placed[][]): Promise<RosterInput> => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const texts of pages) {
      const page = doc.addPage([612, 792]);
      for (const [text, x, y] of texts) page.drawText(text, { x, y, size: 10.08, font });
    }
    return { pdf: Buffer.from(await doc.save()) };
  };
  const xs = [52.68, 243.29, 301.85, 386.35, 450.82, 514.54];
  const line = (y: number, ...cells: string[]): Placed[] => cells.map((text, i) => [text, xs[i]!, y] as const);
  const header = line(727.42, ...laColumns);
  const row = (y: number, name: string, number: string) => line(y, name, number, '6/10/2016', '4/1/2026', '3/31/2027', 'ACTIVE');

  it('reads the header on the first page and the later pages, which print none, under it', async () => {
    const { records, malformed, preamble } = await read(
      louisianaMassage,
      'Active-LMT.pdf',
      await pdf(
        [...header, ...row(714.1, 'AARON COLLINS', 'LA8358')],
        [...row(727.42, 'LEA ANN HAWKINS-FISHER', 'LA4410'), ...row(714.1, 'ALEX PICOU JR', 'LA9391')],
      ),
    );
    expect(malformed).toBe(0);
    expect(preamble).toEqual([]);
    expect(records.map((r) => [r.firstName, r.lastName, r.suffix, r.licenseNumber, r.status, r.issueDate, r.expiryDate])).toEqual([
      ['AARON', 'COLLINS', '', 'LA8358', 'active', '2016-06-10', '2027-03-31'],
      ['LEA', 'ANN HAWKINS-FISHER', '', 'LA4410', 'active', '2016-06-10', '2027-03-31'],
      ['ALEX', 'PICOU', 'JR', 'LA9391', 'active', '2016-06-10', '2027-03-31'],
    ]);
  });

  it('a later page that does print the header is read under its own; the header only on the first page is still refused for Arkansas', async () => {
    const moved = line(700, ...laColumns).map(([t, x, y]): Placed => [t, x + 5, y]);
    const { records } = await read(
      louisianaMassage,
      'Active-LMT.pdf',
      await pdf([...header, ...row(714.1, 'AARON COLLINS', 'LA8358')], [...moved, ...row(680, 'ABBY MULLETT', 'LA8348')]),
    );
    expect(records.map((r) => r.licenseNumber)).toEqual(['LA8358', 'LA8348']);
    expect(arkansasPodiatry.format.kind === 'pdf' && arkansasPodiatry.format.headerOn).toBeUndefined();
  });

  it('refuses a first page without the header, and text on a later page under no column of the first page’s header', async () => {
    const refused = async (input: RosterInput, message: RegExp) => {
      const error = await read(louisianaMassage, 'Active-LMT.pdf', input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RosterFormatError);
      expect((error as Error).message).toMatch(message);
    };
    await refused(await pdf(row(714.1, 'AARON COLLINS', 'LA8358')), /page 1 has no header within its first 2 lines/);
    await refused(
      await pdf([...header, ...row(714.1, 'AARON COLLINS', 'LA8358')], [...row(727.42, 'ABBY MULLETT', 'LA8348'), ['Page 2', 560, 30]]),
      /page 2: "Page 2" lies under no column/,
    );
  });

  it('splits the one name column: the first word the given name, the rest the surname, a suffix apart', () => {
    expect(laName('AARON COLLINS')).toEqual({ firstName: 'AARON', lastName: 'COLLINS', suffix: '', readable: true });
    expect(laName('ANA GROSS COUTURE')).toEqual({ firstName: 'ANA', lastName: 'GROSS COUTURE', suffix: '', readable: true });
    expect(laName('MICHELLE CAVALIER - LABORDE')).toMatchObject({ firstName: 'MICHELLE', lastName: 'CAVALIER - LABORDE' });
    expect(laName('ARISTEDE CRAIG JR.')).toMatchObject({ firstName: 'ARISTEDE', lastName: 'CRAIG', suffix: 'JR.' });
    expect(laName('M. JACQUELINE DEROUEN')).toMatchObject({ firstName: 'M.', lastName: 'JACQUELINE DEROUEN' });
    // Two words are a name and a surname, even when the second reads like a suffix.
    expect(laName('JOHN II')).toMatchObject({ firstName: 'JOHN', lastName: 'II', suffix: '' });
  });

  it('decodes a doubly mis-encoded run back exactly; a run that does not decode, or a character outside a name, leaves the name unreadable', () => {
    expect(undoMisencoding('Ã¢â‚¬â„¢')).toBe('’');
    expect(undoMisencoding('ÃƒÂ©')).toBe('é');
    expect(undoMisencoding('Ã¢â‚¬Å“')).toBe('“');
    expect(undoMisencoding('Ã¢â‚¬Â•')).toBeUndefined();
    expect(undoMisencoding('É')).toBe('É');
    expect(laName('BRYÃ¢â‚¬â„¢AN STORKS')).toEqual({ firstName: 'BRY’AN', lastName: 'STORKS', suffix: '', readable: true });
    expect(laName('LADONYA HONORÃƒÂ©')).toMatchObject({ lastName: 'HONORÉ', readable: true });
    expect(laName('SARAH Ã¢â‚¬Å“SAMÃ¢â‚¬Â•GOITIA')).toMatchObject({ firstName: 'SARAH', lastName: '“SAM GOITIA', readable: false });
    expect(laName('AARON COLLINS 2')).toMatchObject({ readable: false });
    expect(laName('COLLINS, AARON')).toMatchObject({ readable: false });
  });

  it('a row is unreadable, never active, for an unknown status, an unreadable name or expiry; no licence without two names or an LA number', () => {
    const reader = rowReader([...laColumns]);
    const rec = (...cells: string[]) => laRecord(reader(cells));
    expect(rec('AARON COLLINS', 'LA8358', '6/10/2016', '4/1/2026', '3/31/2027', 'ACTIVE')).toMatchObject({ status: 'active', statusRecognised: true });
    expect(rec('AARON COLLINS', 'LA8358', '6/10/2016', '4/1/2026', '3/31/2027', 'EXPIRED')).toMatchObject({
      status: 'inactive',
      statusRecognised: false,
      rawStatus: 'Status EXPIRED',
    });
    expect(rec('AARON COLLINS', 'LA8358', '6/10/2016', '4/1/2026', 'March 2027', 'ACTIVE')).toMatchObject({
      statusRecognised: false,
      rawStatus: 'Expiration March 2027',
    });
    expect(rec('AARON', 'LA8358', '6/10/2016', '4/1/2026', '3/31/2027', 'ACTIVE')).toBeNull();
    expect(rec('AARON COLLINS', '8358', '6/10/2016', '4/1/2026', '3/31/2027', 'ACTIVE')).toBeNull();
  });

  it('is downloaded through the "PROFESSIONAL LICENSE SEARCH" link of the search page; active licensees only; numbers as NPPES may write them', () => {
    expect(louisianaMassage.locate.kind === 'fixed' && louisianaMassage.locate.files.map((f) => [rosterFileUrl(louisianaMassage, f), f.name])).toEqual([
      ['https://www.labmt.org/search/', 'Active-LMT.pdf'],
    ]);
    const link = louisianaMassage.locate.kind === 'fixed' ? louisianaMassage.locate.files[0]!.linkText! : /(?!)/;
    expect(link.test('PROFESSIONAL LICENSE SEARCH')).toBe(true);
    expect(link.test('ESTABLISHMENT LICENSE SEARCH')).toBe(false);
    expect(louisianaMassage.currentOnly).toBe(true);
    expect(louisianaMassage.professions).toEqual(['massage_therapist']);
    expect(louisianaMassage.formatNotes).toMatch(/no discipline flag is claimed/);
    expect(louisianaMassage.formatNotes).toMatch(/never "never licensed"/);
    expect([...rosterHosts(louisianaMassage).origins].sort()).toEqual(['https://labmt.org', 'https://www.labmt.org']);
    expect(licenseNumbersAgree('8358', 'LA8358')).toBe(true);
    expect(licenseNumbersAgree('LA 8358', 'LA8358')).toBe(true);
    expect(licenseNumbersAgree('LA0958', 'LA958')).toBe(true);
    expect(licenseNumbersAgree('LA8359', 'LA8358')).toBe(false);
  });
});

describe('Alaska CBPL Professional License Download (ak_cbpl)', () => {
  const header = akColumns.join(',');
  /** A row in the file's 14 columns (the framing, minimal quoting and CRLF, is inferred). */
  const line = (program: string, type: string, number: string, owners: string, status: string, expires = '12/31/2026 12:00:00 AM') =>
    [program, type, number, '', owners, status, '8/27/2003 12:00:00 AM', '12/18/2024 12:00:00 AM', expires, 'PO BOX 1 ', '', 'WRANGELL', 'AK', '99929']
      .map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
      .join(',');
  const file = (...rows: string[]) => textChunks(`${[header, ...rows].join('\r\n')}\r\n`);

  it('reads the statuses exactly: Suspended before Active, any other value unrecognised and never active', async () => {
    const { records, skipped, malformed } = await read(
      alaskaCbpl,
      'ProfessionalLicenseDownload.CSV',
      file(
        line('Medical', 'Physician', 'MEDS1234', 'FREDERICK CONNIFF', 'Active'),
        line('Medical', 'Physician', '100663', 'William Meyers', 'Suspended', '12/31/2018 12:00:00 AM'),
        line('Nursing', 'Registered Nurse', '193626', 'Annie  Hollick', 'Lapsed'),
        line('Nursing', 'Registered Nurse', '193627', 'Annie Hollack', 'Inactive Active'),
        line('Nursing', 'Registered Nurse', '193628', 'Annie Hollock', ''),
      ),
    );
    expect(malformed).toBe(0);
    expect(skipped).toBe(0);
    expect(records.map((r) => [r.licenseNumber, r.status, r.statusRecognised, r.disciplinary])).toEqual([
      ['MEDS1234', 'active', true, false],
      ['100663', 'suspended', true, true],
      ['193626', 'inactive', false, false],
      ['193627', 'inactive', false, false],
      ['193628', 'inactive', false, false],
    ]);
    expect(records[0]).toMatchObject({ firstName: 'FREDERICK', lastName: 'CONNIFF', expiryDate: '2026-12-31', issueDate: '2003-08-27' });
    expect(records[0]!.classification).toEqual({ kind: 'profession', profession: 'physician' });
    expect(records[1]!.expiryDate).toBe('2018-12-31');
  });

  it('reads the health programs only: a known type classified, an unseen one unclassified and reported, other programs skipped', () => {
    expect(akClassify('Medical', 'Osteopathic Physician')).toEqual({ kind: 'profession', profession: 'physician' });
    expect(akClassify('Nursing', 'Registered Nurse')).toEqual({ kind: 'profession', profession: 'registered_nurse' });
    expect(akClassify('Pharmacy', 'Pharmacist')).toEqual({ kind: 'profession', profession: 'pharmacist' });
    expect(akClassify('Dental', 'Dentist')).toEqual({ kind: 'profession', profession: 'dentist' });
    // An APRN may hold any advanced practice role: kept, no profession claimed, not reported.
    expect(akClassify('Nursing', 'Advanced Practice Registered Nurse')).toEqual({ kind: 'unclassified' });
    // Unseen wordings of a read program: unclassified and reported, never a guess from a word in them.
    expect(akClassify('Medical', 'Physician Temporary Permit')).toEqual({ kind: 'unclassified', unknown: true });
    expect(akClassify('Dental', 'Dentist Courtesy License')).toEqual({ kind: 'unclassified', unknown: true });
    // A program not read whose name speaks of health care: kept and reported, never skipped unseen.
    expect(akClassify('Speech-Language Pathology and Audiology', 'Speech-Language Pathologist')).toEqual({ kind: 'unclassified', unknown: true });
    expect(akClassify('Psychologist and Psychological Associate', 'Psychologist')).toEqual({ kind: 'unclassified', unknown: true });
    // Not healthcare: skipped, a word inside another (resiDENTial) included.
    for (const program of [
      'Veterinary',
      'Collaborative Plan',
      'Real Estate',
      'Collection Agencies',
      'Residential Contractor Endorsement',
      'Big Game Guides and Transporters',
    ])
      expect(akClassify(program, 'x'), program).toBe('skip');
  });

  it('splits Owners by its slots: two spaces mark the empty middle, else the first word is the given name and the rest the surname', () => {
    expect(akOwnerName('FREDERICK CONNIFF')).toEqual({ firstName: 'FREDERICK', lastName: 'CONNIFF', suffix: '' });
    expect(akOwnerName('Samantha  Johnson')).toEqual({ firstName: 'Samantha', lastName: 'Johnson', suffix: '' });
    expect(akOwnerName('Susan  Shaffer Sookram')).toEqual({ firstName: 'Susan', lastName: 'Shaffer Sookram', suffix: '' });
    expect(akOwnerName('John Van Sciver')).toEqual({ firstName: 'John', lastName: 'Van Sciver', suffix: '' });
    expect(akOwnerName('Natalie Drozdowski ')).toEqual({ firstName: 'Natalie', lastName: 'Drozdowski', suffix: '' });
    // Shapes not in the real rows: a suffix after the surname, one word.
    expect(akOwnerName('JOHN SMITH JR')).toEqual({ firstName: 'JOHN', lastName: 'SMITH', suffix: 'JR' });
    expect(akOwnerName('SMITH')).toEqual({ firstName: '', lastName: 'SMITH', suffix: '' });
  });

  it('skips rows naming no licensee and non-health rows, counts a row without a number malformed, and refuses a changed header', async () => {
    const { records, skipped, malformed } = await read(
      alaskaCbpl,
      'ProfessionalLicenseDownload.CSV',
      file(
        line('Pharmacy', 'Pharmacist', '104257', '', 'Active'),
        line('Veterinary', 'Veterinarian', 'VETV512', 'FREDERICK CONNIFF', 'Active'),
        line('Medical', 'Physician', '', 'ALEX BECK', 'Active'),
        line('Real Estate', 'Salesperson', '187097', 'JULIA "JULES" SMITH, BROKER', 'Active'),
      ),
    );
    expect([records.length, skipped, malformed]).toEqual([0, 3, 1]);
    await expect(read(alaskaCbpl, 'ProfessionalLicenseDownload.CSV', textChunks(`${header.replace('Owners', 'Owner')}\r\n`))).rejects.toThrow(
      RosterFormatError,
    );
    await expect(read(alaskaCbpl, 'ProfessionalLicenseDownload.CSV', textChunks('<html><body>Please enable JS</body></html>\r\n'))).rejects.toThrow(
      RosterFormatError,
    );
  });

  it('is one file an operator saves from a browser (never fetched: robots.txt disallows /cbp/), current licenses and suspended ones, license numbers as published', () => {
    expect(alaskaCbpl.currentOnly).toBe(true);
    expect(alaskaCbpl.absentMeans).toMatch(/no current license/);
    expect(alaskaCbpl.formatConfidence).toBe('observed');
    expect(alaskaCbpl.locate.kind).toBe('operator_file');
    expect(alaskaCbpl.locate.kind === 'operator_file' && alaskaCbpl.locate.howToObtain).toMatch(/ingest-roster ak_cbpl --file/);
    expect(freshnessPolicies.ak_cbpl).toMatchObject({ measuredFrom: 'as_of', updated: 'operator_upload', staleAfterDays: 21 });
    // Older numbers carry a program prefix that a provider may leave out; newer ones are digits.
    expect(licenseNumbersAgree('MEDS1234', '1234')).toBe(true);
    expect(licenseNumbersAgree('148700', '148700')).toBe(true);
    expect(licenseNumbersAgree('MEDS1234', 'NURR1234')).toBe(false);
  });
});

describe('California Board of Behavioral Sciences licensee file (ca_bbs; its value profile is read in real-rows-rosters.test.ts)', () => {
  /** A header as the file may write it: beginning `Agency Code`, other columns among the declared ones, in an order of their own. */
  const header = [
    'Agency Code',
    'License Type',
    'License Number',
    'Indiv/Org (I/O)',
    'Org/Last Name',
    'First Name',
    'Middle Name',
    'Suffix',
    'Address Line 1',
    'Address Line 2',
    'City',
    'County',
    'State',
    'Zip',
    'Original Issue Date',
    'Expiration Date',
    'License Status',
  ] as const;
  type Column = (typeof header)[number];
  const base: Partial<Record<Column, string>> = {
    'Agency Code': 'BBS',
    'License Type': 'Licensed Marriage and Family Therapist',
    'License Number': '58204',
    'Indiv/Org (I/O)': 'I',
    'Org/Last Name': 'EXAMPLE',
    'First Name': 'ALEX',
    'Middle Name': 'Q',
    City: 'LOS ANGELES',
    State: 'CA',
    'Original Issue Date': '05-07-2018',
    'Expiration Date': '12-31-2027',
    'License Status': 'Current',
  };
  const row = (values: Partial<Record<Column, string>> = {}, columns: readonly Column[] = header) =>
    columns.map((c) => ({ ...base, ...values })[c] ?? '').join('\t');
  const file = (...rows: string[]) => textChunks(`${header.join('\t')}\r\n${rows.join('\r\n')}\r\n`);

  it('reads the tab-delimited text named .xls: UTF-8, no quoting, the header beginning Agency Code, dates MM-DD-YYYY', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ca-'));
    try {
      const path = join(dir, 'BBS_Data1.xls');
      await writeFile(path, Buffer.from(`${header.join('\t')}\r\n${row({ 'Org/Last Name': 'PEÑA', 'First Name': '"JO" ANN', Suffix: 'JR' })}\r\n`, 'utf8'));
      const { records, malformed } = await read(californiaBbs, 'BBS_Data1.xls', rosterText(californiaBbs, path));
      expect(malformed).toBe(0);
      expect(records).toEqual([
        {
          file: 'bbs',
          licenseNumber: '58204',
          firstName: '"JO" ANN',
          middleName: 'Q',
          lastName: 'PEÑA',
          suffix: 'JR',
          licenseType: 'Licensed Marriage and Family Therapist',
          classification: { kind: 'profession', profession: 'marriage_family_therapist' },
          status: 'active',
          rawStatus: 'Current',
          statusRecognised: true,
          expiryDate: '2027-12-31',
          // Original Issue Date does not mean the date of issue: not read.
          issueDate: null,
          disciplinary: false,
        },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('finds the header by the declared columns, whatever the order and the other columns', async () => {
    const reordered: Column[] = [
      'License Status',
      'Zip',
      'Org/Last Name',
      'First Name',
      'Middle Name',
      'Suffix',
      'Agency Code',
      'Expiration Date',
      'License Number',
      'License Type',
    ];
    const { records } = await read(californiaBbs, 'x.xls', textChunks(`${reordered.join('\t')}\n${row({}, reordered)}\n`));
    expect(records.map((r) => [r.lastName, r.licenseNumber, r.status, r.expiryDate])).toEqual([['EXAMPLE', '58204', 'active', '2027-12-31']]);
  });

  it('maps Delinquent to expired and CurrentInactive to inactive; any other status, a blank or a spaced one, is unrecognised, never active', async () => {
    const { records } = await read(
      californiaBbs,
      'x.xls',
      file(
        row({ 'License Status': 'Delinquent', 'Expiration Date': '09-30-2025' }),
        row({ 'License Status': 'CurrentInactive' }),
        row({ 'License Status': 'Current Inactive' }),
        row({ 'License Status': 'Revoked' }),
        row({ 'License Status': 'Active' }),
        row({ 'License Status': '' }),
      ),
    );
    expect(records.map((r) => [r.status, r.statusRecognised, r.rawStatus])).toEqual([
      ['expired', true, 'Delinquent'],
      ['inactive', true, 'CurrentInactive'],
      ['inactive', false, 'Current Inactive'],
      ['inactive', false, 'Revoked'],
      ['inactive', false, 'Active'],
      ['inactive', false, ''],
    ]);
  });

  it('does not read an expiration written otherwise than MM-DD-YYYY: the license is unreadable, not dated wrongly', async () => {
    expect(caBbsDate('02-29-2028')).toBe('2028-02-29');
    expect(caBbsDate('')).toBeNull();
    expect(caBbsDate('02-30-2027')).toBeUndefined();
    expect(caBbsDate('12/31/2027')).toBeUndefined();
    expect(caBbsDate('2027-12-31')).toBeUndefined();
    const { records } = await read(californiaBbs, 'x.xls', file(row({ 'Expiration Date': '2027-12-31' }), row({ 'Expiration Date': '' })));
    expect(records.map((r) => [r.status, r.statusRecognised, r.rawStatus, r.expiryDate])).toEqual([
      ['inactive', false, 'Current (Expiration Date: 2027-12-31)', null],
      ['active', true, 'Current', null],
    ]);
  });

  it('keeps an associate registration’s wording as its license type; an unseen type is unclassified and reported', async () => {
    const { records } = await read(
      californiaBbs,
      'x.xls',
      file(
        row({ 'License Type': 'Associate Marriage & Family Therapist', 'License Number': '31477' }),
        row({ 'License Type': 'Assoc. Professional Clinical Counselor' }),
        row({ 'License Type': 'Licensed Educational Psychologist' }),
        row({ 'License Type': 'Licensed Psychologist' }),
      ),
    );
    expect(records.map((r) => [r.licenseType, r.classification])).toEqual([
      ['Associate Marriage & Family Therapist', { kind: 'profession', profession: 'marriage_family_therapist' }],
      ['Assoc. Professional Clinical Counselor', { kind: 'profession', profession: 'counselor' }],
      ['Licensed Educational Psychologist', { kind: 'unclassified' }],
      ['Licensed Psychologist', { kind: 'unclassified', unknown: true }],
    ]);
  });

  it('counts a row naming nobody or no license as malformed', async () => {
    const { records, malformed } = await read(californiaBbs, 'x.xls', file(row({ 'Org/Last Name': '' }), row({ 'License Number': '' }), row()));
    expect([records.length, malformed]).toEqual([1, 2]);
  });

  it('refuses a file missing a declared column, or one that is not the tab-delimited text (an HTML page in its place)', async () => {
    for (const missing of caBbsColumns) {
      const columns = header.filter((c) => c !== missing);
      await expect(read(californiaBbs, 'x.xls', textChunks(`${columns.join('\t')}\n${row({}, columns)}\n`)), missing).rejects.toThrow(RosterFormatError);
    }
    await expect(read(californiaBbs, 'x.xls', textChunks('<!DOCTYPE html><html><body>Sign in</body></html>\n'))).rejects.toThrow(RosterFormatError);
  });

  it('is an operator upload of a file that keeps inactive and delinquent licenses, with room for the real 35 MB file', () => {
    expect(californiaBbs.locate.kind).toBe('operator_file');
    expect(californiaBbs.currentOnly).toBe(false);
    expect(californiaBbs.absentMeans).toMatch(/leaves out revoked, cancelled and surrendered/);
    expect(parseLimits(californiaBbsLimits).maxFileBytes).toBeGreaterThan(35_000_000 * 2);
    expect(parseLimits(californiaBbsLimits).maxRows).toBeGreaterThan(165_235 * 2);
  });
});
