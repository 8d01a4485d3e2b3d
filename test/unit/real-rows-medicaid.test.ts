/**
 * The state Medicaid exclusion lists' connectors on rows the states really published (June 2026
 * editions, trimmed; origin and trimming in each fixture's SOURCE.md): each file is read the way ingest
 * reads it (sheet or CSV, header found and checked, each row through the connector's `entry`), and the
 * names, identifiers, dates and actions it yields are pinned. A header that differs from the real one
 * in any cell refuses the file.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caMediCalParty, caMediCalSuspended } from '#shared/features/sources/lists/ca-medi-cal.ts';
import { coHcpf } from '#shared/features/sources/lists/co-hcpf.ts';
import { ilHfsSanctions } from '#shared/features/sources/lists/il-hfs.ts';
import type { ListDefinition } from '#shared/features/sources/lists/list-definition.ts';
import type { ListEntry } from '#shared/features/sources/lists/list-entry.ts';
import { eachEntry } from '#shared/features/sources/lists/list-ingest.ts';
import { entryKeys } from '#shared/features/sources/lists/lookup-keys.ts';
import { nyOmig } from '#shared/features/sources/lists/ny-omig.ts';
import { sheetRows } from '#shared/features/sources/lists/sheet-reader.ts';
import { txHhscExclusions } from '#shared/features/sources/lists/tx-hhsc.ts';
import { waHca } from '#shared/features/sources/lists/wa-hca.ts';

const fixtures = join(import.meta.dirname, '../fixtures/real');
const files = {
  wa_hca: join(fixtures, 'wa_hca/termination-exclusion-list-2026-06-10.xlsx'),
  co_hcpf: join(fixtures, 'co_hcpf/terminated-provider-list-2026-03.xlsx'),
  ny_omig: join(fixtures, 'ny_omig/exclusions-2026-06.xlsx'),
  tx_hhsc: join(fixtures, 'tx_hhsc/TexasExclusionsData-2026-06-15.xls'),
  ca_medi_cal: join(fixtures, 'ca_medi_cal/suspended-ineligible-2026-06.csv'),
  il_hfs: join(fixtures, 'il_hfs/active-sanctions-2026-06.xlsx'),
};

interface Read {
  readonly asOf: string | null;
  /** Entry by row number (a sheet's row, a CSV's record counted from the header as 1). */
  readonly rows: Map<number, ListEntry | null>;
}

async function read(definition: ListDefinition, file: string): Promise<Read> {
  const rows = new Map<number, ListEntry | null>();
  const asOf = await eachEntry(definition, file, async (entry, line) => {
    rows.set(line, entry);
  });
  return { asOf, rows };
}

function at(read: Read, line: number): ListEntry {
  const entry = read.rows.get(line);
  if (!entry) throw new Error(`no entry at row ${line}`);
  return entry;
}

/** The header row of a fixture workbook, as the sheet reader gives it. */
async function sheetHeader(file: string, sheet: RegExp, row = 0): Promise<string[]> {
  return (await sheetRows(await readFile(file), sheet))[row]!;
}

describe('WA HCA Provider Termination and Exclusion List, real rows (HCA, 2026-06-10)', () => {
  let wa: Read;
  beforeAll(async () => {
    wa = await read(waHca, files.wa_hca);
  });

  it('finds the header under the title and Updated line, dates the list by that line and reads every row', async () => {
    expect(await sheetHeader(files.wa_hca, /termination and exclusion list/i, 3)).toEqual([...waHca.header]);
    expect(wa.asOf).toBe('2026-06-10');
    expect(wa.rows.size).toBe(17);
    expect([...wa.rows.values()].every((e) => e !== null)).toBe(true);
  });

  it('a row naming businesses and the person who ran them is the person, the businesses aliases, both NPIs kept', () => {
    expect(at(wa, 5)).toMatchObject({
      kind: 'individual',
      lastName: 'Hinkle',
      firstName: 'Svetlana',
      middleName: 'L.',
      aliases: ['Accurate Dentures NW', 'Omni Dental and Denture'],
      npi: '1093130247',
      npis: ['1093130247', '1033875703'],
      licenses: [{ state: 'WA', number: 'DN60406207' }],
      action: { type: 'Medicaid termination', startDate: '2023-09-21', endDate: null, comments: 'Terminate Medicaid Authority' },
    });
    expect(at(wa, 44)).toMatchObject({ lastName: 'Compagno', firstName: 'John', aliases: ['West Coast Pathology Labs'] });
    expect(at(wa, 142)).toMatchObject({ kind: 'individual', lastName: 'Mann', firstName: 'Michael', aliases: ['Wheelchairs Plus'], licenses: [] });
    expect(at(wa, 157)).toMatchObject({ lastName: 'Molnar', aliases: ['AA Adult Family Home'], licenses: [{ state: 'WA', number: 'NC10081526' }] });
  });

  it('reads a number-cell NPI, ProviderOne ids (never NPIs), None, N/A and an NPI typed into the license column', () => {
    expect(at(wa, 6)).toMatchObject({ lastName: 'Adams', firstName: 'Brandon', npi: '1295888063', licenses: [{ state: 'WA', number: 'MD00026765' }] });
    expect(at(wa, 7)).toMatchObject({ npi: null, identifiers: { providerone_id: '1027986' } });
    expect(at(wa, 29)).toMatchObject({ npi: '1952431546', identifiers: { providerone_id: '1038220' } });
    expect(at(wa, 98)).toMatchObject({ npi: null, identifiers: { providerone_id: '1035397, 1089795, 1029870' } });
    expect(at(wa, 137)).toMatchObject({ lastName: 'Luckey', npi: null });
    expect(at(wa, 182)).toMatchObject({ kind: 'entity', entityName: 'Prost Data Inc', npi: '1760461909', licenses: [] });
    expect(at(wa, 236)).toMatchObject({ kind: 'entity', entityName: 'Zain Medical Center', npi: '1427416437', licenses: [] });
  });

  it("keeps an out-of-state license under its state and reads the hand-typed actions' wording into types", () => {
    expect(at(wa, 43)).toMatchObject({ licenses: [{ state: 'OR', number: 'MD11722' }], action: { type: 'OIG exclusion' } });
    const types = Object.fromEntries([20, 33, 71, 85, 89, 142, 157, 182].map((line) => [line, at(wa, line).action.type]));
    expect(types).toEqual({
      20: 'License expired or suspended',
      33: 'License expired',
      71: 'Medicaid fraud conviction',
      85: 'Permit revoked',
      89: 'License suspended',
      142: 'Mandatory exclusion from Medicaid',
      157: 'License permanently revoked',
      182: 'Terminated by CMS',
    });
    expect(at(wa, 89).action.comments).toBe('License Suspened');
  });
});

describe('CO HCPF Terminated Provider List, real rows (HCPF, June 2026)', () => {
  let co: Read;
  beforeAll(async () => {
    co = await read(coHcpf, files.co_hcpf);
  });

  it('has the real header on row 1 and reads every row', async () => {
    expect(await sheetHeader(files.co_hcpf, /^termination list$/i)).toEqual([...coHcpf.header]);
    expect(co.rows.size).toBe(14);
    expect([...co.rows.values()].every((e) => e !== null)).toBe(true);
  });

  it('reads persons with the credential inside the surname part, businesses, and mixed-case First Last persons', () => {
    expect(at(co, 2)).toMatchObject({ kind: 'individual', lastName: 'BROWN', firstName: 'MARDEN', npi: null });
    expect(at(co, 4)).toMatchObject({ kind: 'individual', lastName: 'BERKE', firstName: 'SARAH', middleName: 'A', npi: '1154340917' });
    expect(at(co, 78)).toMatchObject({ kind: 'individual', lastName: 'JAHANI', firstName: 'SAM', npis: ['1306894118', '1326217266'] });
    expect(at(co, 8)).toMatchObject({ kind: 'entity', entityName: 'MICHAEL T PARRA MD PC', aliases: ['COLORADO HEMATOLOGY ONCOLOGY'] });
    expect(at(co, 3)).toMatchObject({ kind: 'entity', entityName: 'INNOVATIVE SEATING LLC', aliases: [] });
    expect(at(co, 24)).toMatchObject({ kind: 'entity', entityName: 'N & M INC', aliases: ['GRANDMAS MOUNTAIN HOME'] });
    expect(at(co, 205)).toMatchObject({ kind: 'individual', lastName: 'Tasew', firstName: 'Muluemebet', aliases: ['Arsema, Inc.'] });
    expect(entryKeys(at(co, 205))).toContain('I#TASEW');
    expect(at(co, 319)).toMatchObject({ kind: 'individual', lastName: 'Collins', firstName: 'David', npi: '1407459605' });
  });

  it('splits NPIs on `;` and `&`, and reads the citation as the code, C.C.R. as CCR', () => {
    expect(at(co, 250)).toMatchObject({ kind: 'entity', npis: ['1114525466', '1730628710', '1013193861'] });
    expect(at(co, 263).npis).toEqual(['1972744431', '1700208592']);
    expect(at(co, 26).action).toMatchObject({ type: 'Medicaid termination', code: '42 CFR 455.416(c)', startDate: '2012-09-10', endDate: null });
    expect(at(co, 158).action.code).toBe('10 CCR 2505-10, Section 8.076.1.7.f and 10 CCR 2505-10, Section 8.076.1.7.e');
    expect(at(co, 158).action.comments).toBe('10 C.C.R. 2505-10, Section 8.076.1.7.f and 10 C.C.R. 2505-10, Section 8.076.1.7.e');
    expect(at(co, 9)).toMatchObject({ entityName: 'PO TRANSPORTATION LLP', npi: null, action: { startDate: '2011-06-20' } });
  });
});

describe('NY OMIG Medicaid exclusion list, real rows (OMIG, June 2026)', () => {
  let ny: Read;
  beforeAll(async () => {
    ny = await read(nyOmig, files.ny_omig);
  });

  it('has the real snake_case header on row 1 and reads every row', async () => {
    expect(await sheetHeader(files.ny_omig, /^exclusions$/i)).toEqual([...nyOmig.header]);
    expect(ny.rows.size).toBe(18);
    expect([...ny.rows.values()].every((e) => e !== null)).toBe(true);
  });

  it('reads persons surname first, padded before the credential or with a comma, and their aliases', () => {
    expect(at(ny, 51)).toMatchObject({
      kind: 'individual',
      lastName: 'ABADI',
      firstName: 'JAMSHEED',
      middleName: 'S',
      npi: '1477537496',
      licenses: [{ state: 'NY', number: '00136045' }],
      action: { type: 'Medicaid exclusion', startDate: '2014-05-20', comments: 'Physician' },
    });
    expect(at(ny, 3799)).toMatchObject({ lastName: 'JACKSON', firstName: 'JEFFREY', middleName: 'A.' });
    expect(at(ny, 4869)).toMatchObject({ lastName: 'MACOMBER', firstName: 'ROBERT', middleName: '' });
    expect(at(ny, 8932)).toMatchObject({ lastName: 'ZYNDA', firstName: 'HEATHER', middleName: 'L', action: { startDate: '2017-04-30' } });
    expect(at(ny, 182)).toMatchObject({ lastName: 'AHMED', firstName: 'MIRZA', aliases: ['Mirza Ahmed'] });
    expect(at(ny, 242)).toMatchObject({ kind: 'individual', lastName: 'ALEKSIC', aliases: ['ALEKSIC S N MD PC'] });
    expect(at(ny, 64)).toMatchObject({ lastName: 'ABDINA', firstName: 'VALENTINA', aliases: ['VALENTINA SHTEINFAS', 'TINA THORNHILL'] });
  });

  it('tells businesses by their words or type, and keeps other license shapes as written', () => {
    expect(at(ny, 2)).toMatchObject({ kind: 'entity', entityName: '#1 MARKETING SERVICE, INC.', npi: null, licenses: [] });
    expect(at(ny, 5)).toMatchObject({ kind: 'entity', entityName: '101 FIRST CARE PHARMACY INC', aliases: ['MI CASA RX'], npi: '1972902351' });
    expect(at(ny, 8)).toMatchObject({ kind: 'entity', entityName: '149 EAST PHARMACY INC' });
    expect(at(ny, 87)).toMatchObject({ kind: 'entity', entityName: 'ABU MUHAMMAD M HAQUE MD PC' });
    expect(at(ny, 3854)).toMatchObject({ kind: 'entity', entityName: 'JBKM, LLC', aliases: ['STERLING OPTICAL'] });
    expect(at(ny, 24).licenses).toEqual([{ state: 'NY', number: 'OC021644' }]);
    expect(at(ny, 49)).toMatchObject({ kind: 'entity', licenses: [{ state: 'NY', number: '0000P11Q' }] });
    expect(at(ny, 95)).toMatchObject({ kind: 'individual', lastName: 'ACEVEDO', licenses: [{ state: 'NY', number: '340418940794E' }] });
  });
});

describe('TX HHSC OIG exclusions, real rows (HHSC OIG, 2026-06-15)', () => {
  let tx: Read;
  beforeAll(async () => {
    tx = await read(txHhscExclusions, files.tx_hhsc);
  });

  it('has the real header on row 1 of sheet EXCEL_Destination', async () => {
    expect(await sheetHeader(files.tx_hhsc, /^EXCEL_Destination$/)).toEqual([...txHhscExclusions.header]);
    expect(tx.rows.size).toBe(12);
  });

  it('reads a person (CompanyName a single space), date cells, and a text reinstatement date', () => {
    expect(at(tx, 2)).toMatchObject({
      kind: 'individual',
      lastName: 'Gordzelik',
      firstName: 'Theresa',
      middleName: 'J',
      aliases: [],
      licenses: [{ state: 'TX', number: '142862' }],
      action: { type: 'License or certification revoked, suspended or surrendered', startDate: '1996-11-15', reinstatedDate: null },
    });
    expect(at(tx, 3)).toMatchObject({ middleName: 'Gwen', licenses: [{ state: 'TX', number: 'H3249' }], action: { reinstatedDate: '2004-05-05' } });
    expect(at(tx, 10)).toMatchObject({
      npi: '1316139330',
      licenses: [{ state: 'TX', number: 'M-8428' }],
      action: { type: 'Federal mandated exclusion', startDate: '2022-06-20' },
    });
  });

  it('reads a date cell with a time of day, the YYYY-MM-DD 00:00:00 reapply date, and numeric occupation codes', () => {
    expect(at(tx, 7)).toMatchObject({ npi: '1497885099', action: { startDate: '2017-02-15' } });
    expect(at(tx, 8).action).toMatchObject({ reinstatedDate: '2023-08-16' });
    expect(at(tx, 8).action.comments).toBe('Reinstated; Occupation: Pharmacist; Eligible to reapply from 2021-11-01');
    expect(at(tx, 4).action.comments).toBe('RESIGNED; Occupation: provider type 31');
  });

  it('reads firms, a person who also names a firm, and counts a row that names nobody as unreadable', () => {
    expect(at(tx, 5)).toMatchObject({ kind: 'entity', entityName: 'Action Pharmacy', action: { startDate: '1988-05-02' } });
    expect(at(tx, 6)).toMatchObject({ kind: 'entity', entityName: 'Adaptive Living Ctr' });
    expect(tx.rows.get(11)).toBeNull();
    expect(at(tx, 12)).toMatchObject({
      kind: 'individual',
      lastName: 'Franklin Harris',
      firstName: 'Brenda',
      aliases: ['Health Universal Medical Services'],
      action: { startDate: null },
    });
    expect(at(tx, 13)).toMatchObject({ lastName: 'Nembu', licenses: [{ state: 'TX', number: '1021104' }], action: { startDate: '2026-04-20' } });
  });
});

describe('CA Medi-Cal Suspended and Ineligible Provider List, real records (DHCS, June 2026)', () => {
  let ca: Read;
  let dir: string;
  beforeAll(async () => {
    ca = await read(caMediCalSuspended, files.ca_medi_cal);
    dir = await mkdtemp(join(tmpdir(), 'real-ca-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the BOM, the header with a line break inside its quotes and the empty last header, and every record', () => {
    expect(ca.rows.size).toBe(16);
    expect([...ca.rows.values()].every((e) => e !== null)).toBe(true);
  });

  it('refuses the file when its header differs from the real one', async () => {
    const real = await readFile(files.ca_medi_cal, 'utf8');
    const changed = join(dir, 'changed.csv');
    await writeFile(changed, real.replace('"A/K/A-Also Known As\nD/B/A-Doing Business as"', 'A/K/A-Also Known As D/B/A-Doing Business as'));
    await expect(read(caMediCalSuspended, changed)).rejects.toThrow(/header/);
  });

  it('reads organisations (First Name N/A), their NPIs and Medi-Cal numbers, aliases and place', () => {
    expect(at(ca, 2)).toMatchObject({
      kind: 'entity',
      entityName: '111 Pharmacy',
      npi: '1821137118',
      identifiers: { medi_cal_provider_number: 'PHA410230, PHA393440' },
      licenses: [{ state: 'CA', number: '41023' }],
      city: 'Montebello',
      state: 'CA',
      zip: '90640',
      action: { type: 'Medi-Cal suspension', startDate: '2016-07-08', indefinite: true, endDate: null },
    });
    expect(at(ca, 3)).toMatchObject({ entityName: '2nd Chance for Recovery, Inc.', npis: ['1003077710', '1033522974', '1346589777', '1760751606'] });
    expect(at(ca, 5)).toMatchObject({
      npi: '1629112065',
      identifiers: { medi_cal_provider_number: 'MTN01203F' },
      aliases: ['Aghajanyan, Mike', 'Aghajanyan, Roland', 'Aghajanyan, George'],
    });
    expect(at(ca, 16)).toMatchObject({ entityName: 'Life Alert Homecare Supplies', action: { indefinite: false, endDate: null, startDate: '2013-03-20' } });
  });

  it('reads persons, licenses with spaces, aliases on lines and after markers, and a place without a city comma', () => {
    expect(at(ca, 7)).toMatchObject({
      kind: 'individual',
      lastName: 'Aaron',
      firstName: 'Rolanda',
      middleName: 'Renee',
      licenses: [{ state: 'CA', number: '95070136' }],
      action: { startDate: '2023-09-06' },
    });
    expect(at(ca, 9)).toMatchObject({ lastName: 'Abaya, Jr.', firstName: 'Romeo', npi: '1598053506', licenses: [{ state: 'CA', number: 'A129216' }] });
    expect(at(ca, 10)).toMatchObject({
      licenses: [{ state: 'CA', number: 'A137806' }],
      aliases: ['Abdelrahim, Mohammed Ali', 'Abdel Mohammed Ali', 'Rahim, Mohammed A'],
      city: '',
      state: 'CA',
      zip: '94807',
    });
    expect(at(ca, 11).aliases).toEqual(['Abercrombie, C B', 'Abercrombie, Cassidy']);
    expect(at(ca, 17)).toMatchObject({ lastName: 'Zysk', middleName: '', city: 'Perris', state: 'CA', zip: '', action: { startDate: '2012-06-07' } });
  });

  it("takes a person's repeated rows (another address, other alias lines) as one action", () => {
    expect(at(ca, 12)).toMatchObject({ state: 'CA', city: 'Merced' });
    expect(at(ca, 13)).toMatchObject({ state: 'SC', city: 'Lexington' });
    expect(caMediCalParty(at(ca, 12))).toBe(caMediCalParty(at(ca, 13)));
    expect(caMediCalParty(at(ca, 14))).toBe(caMediCalParty(at(ca, 15)));
    expect(at(ca, 15)).toMatchObject({ state: 'CA', zip: '92592-3811' });
  });
});

describe('IL HFS OIG sanctions list, real rows (portal download, June 2026)', () => {
  let il: Read;
  beforeAll(async () => {
    il = await read(ilHfsSanctions, files.il_hfs);
  });

  it('has the real header on row 1 of sheet Active Sanctions and reads every row, short rows included', async () => {
    expect(await sheetHeader(files.il_hfs, /^Active Sanctions$/)).toEqual([...ilHfsSanctions.header]);
    expect(il.rows.size).toBe(16);
    expect([...il.rows.values()].every((e) => e !== null)).toBe(true);
  });

  it('reads the row a third party quoted from a 2024 download as the connector expects it', () => {
    // opensanctions/opensanctions datasets/us/il/med_exclusions/crawler.py at 10d2bce951aeb25fddf491b76753616b49e3a767
    // (2024-12-31) quotes this row as read from the portal's own workbook: no license, NPI, type or address.
    expect(at(il, 3220)).toMatchObject({
      kind: 'individual',
      lastName: 'ZARLENGO',
      firstName: 'PHILIP',
      middleName: 'C',
      npi: null,
      licenses: [],
      city: '',
      state: '',
      zip: '',
      action: { agency: 'Illinois HFS OIG', type: 'Barred', startDate: '2007-11-02', endDate: null, comments: 'Affiliation: AUGUSTINE MEDICAL INC' },
    });
  });

  it('reads a plain-number action date and a date cell alike, ZIP spellings and IDFPR numbers', () => {
    expect(at(il, 2)).toMatchObject({
      kind: 'entity',
      entityName: '7 HILLS HEALTHCARE CENTER',
      npi: '1104075365',
      zip: '60118-1529',
      action: { startDate: '2025-06-18', type: 'Terminated' },
    });
    expect(at(il, 3).action.startDate).toBe('2025-06-18');
    expect(at(il, 4)).toMatchObject({ kind: 'entity', city: 'SOUTH HOLLAND', zip: '60473-2258' });
    expect(at(il, 6)).toMatchObject({ licenses: [{ state: 'IL', number: '053007436' }], zip: '60426' });
    expect(at(il, 3230)).toMatchObject({
      kind: 'individual',
      lastName: 'ZWOLINSKI',
      firstName: 'RUSSELL',
      licenses: [{ state: 'IL', number: '036092886' }],
      action: { type: 'Voluntary Withdrawal' },
    });
    expect(at(il, 548)).toMatchObject({ lastName: 'CHOUDHRY', licenses: [{ state: 'IL', number: '036.081407' }] });
    expect(at(il, 306)).toMatchObject({ lastName: 'BLEAK', state: 'WI', zip: '53545-4037' });
  });

  it('tells organisations by type or words where the type is neither, and reads DBA aliases', () => {
    expect(at(il, 24)).toMatchObject({
      kind: 'individual',
      lastName: 'ABUKHDAIR',
      firstName: 'ALI',
      action: { type: 'Barred', comments: 'Affiliation: ALFARO INC' },
    });
    expect(at(il, 107)).toMatchObject({ kind: 'entity', entityName: 'AMEGROW INCORPORATED' });
    expect(at(il, 2704)).toMatchObject({ kind: 'entity', entityName: 'SOUTHVIEW MANOR' });
    expect(at(il, 2735)).toMatchObject({ kind: 'entity', entityName: 'STARNES N H' });
    expect(at(il, 1391)).toMatchObject({ kind: 'entity', entityName: 'J&S KELLY GALESBURG LLC', aliases: ["KELLY'S MEDICAL EQUIPMENT AND SUPPLY"] });
    expect(at(il, 1684).aliases).toEqual(['PURPOSE DRIVING TRANSPORTATION']);
    expect(at(il, 163)).toMatchObject({ kind: 'individual', lastName: 'ASSIMACOPOULOS', firstName: 'AIKATERINA' });
  });
});

describe('a real workbook whose header differs in one cell is refused', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'real-header-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const cases: readonly (readonly [ListDefinition, string, number])[] = [
    [waHca, files.wa_hca, 3],
    [coHcpf, files.co_hcpf, 0],
    [nyOmig, files.ny_omig, 0],
    [txHhscExclusions, files.tx_hhsc, 0],
    [ilHfsSanctions, files.il_hfs, 0],
  ];
  for (const [definition, file, headerRow] of cases) {
    it(definition.id, async () => {
      const book = XLSX.read(await readFile(file), { type: 'buffer', cellNF: true });
      const sheet = book.Sheets[book.SheetNames[0]!]!;
      // The last header cell with one more space: the header a changed export would have.
      const last = XLSX.utils.encode_cell({ r: headerRow, c: definition.header.length - 1 });
      sheet[last] = { t: 's', v: `${definition.header.at(-1)} ` };
      const changed = join(dir, `${definition.id}.${file.endsWith('.xls') ? 'xls' : 'xlsx'}`);
      await writeFile(changed, XLSX.write(book, { type: 'buffer', bookType: file.endsWith('.xls') ? 'biff8' : 'xlsx' }));
      await expect(read(definition, changed)).rejects.toThrow(/header/);
      // The same workbook with the header as published reads.
      sheet[last] = { t: 's', v: definition.header.at(-1)! };
      await writeFile(changed, XLSX.write(book, { type: 'buffer', bookType: file.endsWith('.xls') ? 'biff8' : 'xlsx' }));
      expect((await read(definition, changed)).rows.size).toBeGreaterThan(10);
    });
  }
});

/** Column keys as OpenSanctions' crawlers derive them from the header (lower case, runs of anything else one `_`). */
function slug(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

describe("the real headers agree with the keys a third party's crawlers read", () => {
  // The keys each crawler pops from its rows: opensanctions/opensanctions datasets/us/<st>/med_exclusions/crawler.py
  // at f33cff233ff4393a8c71784cfe280275727b52ca (2026-08-22); IL at 10d2bce951aeb25fddf491b76753616b49e3a767
  // (2024-12-31, the row quoted in a comment there, keys in sheet order). CA is left out: its fourth header's
  // line break slugs differently there.
  const cases: readonly (readonly [ListDefinition, readonly string[]])[] = [
    [waHca, ['name', 'license', 'npi_or_p1', 'date_of_exclusion', 'action']],
    [coHcpf, ['provider_name', 'doing_business_as_name', 'npi', 'termination_authority', 'termination_effective_date']],
    [nyOmig, ['provider_name', 'license_num', 'npi_num', 'provider_type', 'exclusion_effective_date']],
    [
      txHhscExclusions,
      [
        'companyname',
        'lastname',
        'firstname',
        'midinitial',
        'occupation',
        'licensenumber',
        'npi',
        'startdate',
        'adddate',
        'reinstateddate',
        'eligibletoreapplydate',
        'waiver',
        'webcomments',
      ],
    ],
    [
      ilHfsSanctions,
      ['provider_name', 'license', 'npi', 'provider_type', 'affiliation', 'action_date', 'action_type', 'address', 'address_2', 'city', 'state', 'zip_code'],
    ],
  ];
  for (const [definition, keys] of cases) {
    it(definition.id, () => {
      expect(definition.header.map(slug)).toEqual([...keys]);
    });
  }
});
