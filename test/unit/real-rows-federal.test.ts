/**
 * The federal connectors read on rows and answers the sources really published (test/fixtures/real/,
 * each folder's SOURCE.md names where they were found): the SAM extract, the head of the LEIE file and
 * NPPES registry answers of all three forms.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHeader, leieRecord, type LeieRecord } from '#shared/features/sources/leie/leie-record.ts';
import { eachCsvRow } from '#shared/features/sources/lists/ingest-steps.ts';
import type { ListEntry } from '#shared/features/sources/lists/list-entry.ts';
import { eachEntry } from '#shared/features/sources/lists/list-ingest.ts';
import { entryKeys } from '#shared/features/sources/lists/lookup-keys.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { type NppesIdentity, parseNppesResponse } from '#shared/features/sources/nppes/parse.ts';
import { zipOfCsv } from '../../local/simulator/sam-extract.ts';

const real = join(import.meta.dirname, '../fixtures/real');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'real-rows-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('SAM.gov Exclusions Public Extract V2: 16 real rows (Nov 2023)', () => {
  let entries: (ListEntry | null)[];
  beforeAll(async () => {
    // Zipped as the extract is published, and read as the ingest reads it (header checked exactly).
    const csv = await readFile(join(real, 'sam/exclusion_v2_2023-11.csv'));
    const file = join(dir, 'SAM_Exclusions_Public_Extract_V2_23326.ZIP');
    await writeFile(file, await zipOfCsv(csv, 'SAM_Exclusions_Public_Extract_V2_23326.CSV', new Date('2023-11-22T00:00:00Z')));
    entries = [];
    await eachEntry(samExclusions, file, async (entry) => {
      entries.push(entry);
    });
  });
  const named = (name: string) => entries.filter((e) => e?.entityName === name || `${e?.firstName} ${e?.lastName}` === name);

  it('reads every row, those without an excluding agency, CT code or record status included', () => {
    expect(entries).toHaveLength(16);
    expect(entries.every((e) => e !== null)).toBe(true);
    const noAgency = entries.filter((e) => e!.action.agency === '');
    expect(noAgency.map((e) => e!.entityName).sort()).toEqual([
      'ANTONIO FLORES',
      'MTZ ELECTRIC SERVICE LLC',
      'TERRA KLEAN SOLUTIONS INC.',
      'TERRA KLEAN SOLUTIONS INC.',
      'VICTOR MARTINEZ',
      'VICTOR TORRES',
    ]);
    expect(entries.every((e) => e!.action.code === '')).toBe(true);
  });

  it('keeps a firm name with a comma whole as an alias: (also PEANUT BUTTER, LLC)', () => {
    const [collins] = named('CASSIE COLLINS');
    expect(collins).toMatchObject({ kind: 'individual', firstName: 'CASSIE', lastName: 'COLLINS', aliases: ['PEANUT BUTTER, LLC'] });
    expect(collins!.action).toMatchObject({
      agency: 'DOL',
      type: 'Ineligible (Proceedings Completed)',
      program: 'Reciprocal',
      startDate: '2023-11-21',
      endDate: '2026-11-20',
      indefinite: false,
    });
    const [firm] = named('PEANUT BUTTER, LLC');
    expect(firm).toMatchObject({ kind: 'entity', lastName: '', aliases: ['CASSIE COLLINS'], identifiers: { uei: 'D7GNQG8Z26T3' }, reference: 'S4MRRFN2R' });
  });

  it('splits names between commas but keeps each legal form with its name, each alias once', () => {
    const [torres] = named('VICTOR TORRES');
    expect(torres!.aliases).toEqual(['VMC CONSTRUCTION, LLC', 'VMC CONSTRUCTION, LLC DBA VICTOR TORRES CONSTRUCTION']);
    const terra = named('TERRA KLEAN SOLUTIONS INC.');
    expect(terra).toHaveLength(2);
    expect(terra[0]!.aliases).toEqual(['ANTONIO FLORES', 'TERRA KLEAN SOLUTIONS INC.']);
    expect(terra[0]!.identifiers).toEqual({ uei: 'MQRCYCN81E24', cage: '6V6U5' });
    expect(named('ANTONIO FLORES')[0]!.aliases).toEqual(['TERRA KLEAN SOLUTIONS INC.']);
  });

  it('reads split names, prefixes and suffixes aside, the Indefinite termination, and countries abroad', () => {
    const [berzunza] = named('FRANCISCO BERZUNZA LARA');
    expect(berzunza).toMatchObject({
      kind: 'individual',
      firstName: 'FRANCISCO',
      middleName: 'ENRIQUE',
      lastName: 'BERZUNZA LARA',
      entityName: 'FRANCISCO ENRIQUE BERZUNZA LARA',
      city: 'MEXICO CITY',
      state: '',
      country: 'MEX',
      zip: '04010',
      aliases: ['IDRIS NAIM AC'],
    });
    const [flores] = named('ANTONIO FLORES');
    expect(flores).toMatchObject({ lastName: 'FLORES', middleName: '', state: 'TX' });
    expect(flores!.action).toMatchObject({ startDate: '2023-11-20', endDate: null, indefinite: true });
    const [zte] = named('ZTE CORPORATION');
    expect(zte).toMatchObject({ kind: 'entity', country: 'CHN', npi: null, aliases: [] });
    expect(zte!.action).toMatchObject({ agency: 'GSA', type: 'Prohibition/Restriction', startDate: '2019-12-13', indefinite: true });
    expect(zte!.action.comments).toMatch(/^Prohibition is limited to certain products and services\./);
  });

  it('reads special entities and OFAC rows, and finds rows by name (no NPI is published on these)', () => {
    const [idris] = named('IDRIS NAIM AC');
    expect(idris).toMatchObject({ kind: 'entity', entityName: 'IDRIS NAIM AC', aliases: ['FRANCISCO BERZUNZA LARA'] });
    const [jahandust] = named('MOJTABA JAHANDUST');
    expect(jahandust).toMatchObject({ kind: 'individual', country: 'IRN', identifiers: { uei: 'G1XMB5VWMSW8' } });
    expect(jahandust!.action).toMatchObject({ agency: 'TREAS-OFAC', comments: 'PII data has been masked from view' });
    expect(entries.every((e) => e!.npi === null)).toBe(true);
    expect(entries.every((e) => entryKeys(e!).length > 0)).toBe(true);
  });
});

describe('OIG LEIE UPDATED.csv: the real head of the file (Aug 2026)', () => {
  let records: (LeieRecord | null)[];
  beforeAll(async () => {
    records = [];
    await eachCsvRow('LEIE', createReadStream(join(real, 'oig_leie/UPDATED-head.csv'), { encoding: 'utf8' }), checkHeader, async (row) => {
      records.push(leieRecord(row));
    });
  });

  it('takes the unquoted header, and reads the quoted CRLF rows with commas inside names and addresses', async () => {
    const text = await readFile(join(real, 'oig_leie/UPDATED-head.csv'), 'utf8');
    expect(text.startsWith('LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,')).toBe(true);
    expect(text.split('\r\n')).toHaveLength(6);
    expect(records).toHaveLength(4);
    expect(records[0]).toEqual({
      kind: 'entity',
      lastName: '',
      firstName: '',
      middleName: '',
      businessName: '#1 MARKETING SERVICE, INC',
      general: 'OTHER BUSINESS',
      specialty: 'SOBER HOME',
      upin: null,
      npi: null,
      dob: null,
      address: '239 BRIGHTON BEACH AVENUE',
      city: 'BROOKLYN',
      state: 'NY',
      zip: '11235',
      exclusionType: '1128a1',
      exclusionDate: '2020-03-19',
      reinstatementDate: null,
      waiverDate: null,
      waiverState: null,
    });
  });

  it('reads a real NPI, the zero placeholders as none, and each exclusion type and date', () => {
    expect(records.map((r) => [r!.businessName, r!.npi, r!.exclusionType, r!.exclusionDate])).toEqual([
      ['#1 MARKETING SERVICE, INC', null, '1128a1', '2020-03-19'],
      ['1 BEST CARE, INC', null, '1128b5', '2023-05-18'],
      ['101 FIRST CARE PHARMACY INC', '1972902351', '1128b8', '2022-03-20'],
      ['14 LAWRENCE AVE PHARMACY', null, '1128a1', '1988-08-30'],
    ]);
    expect(records[2]).toMatchObject({ kind: 'entity', address: 'C/O 609 W 191ST STREET, APT D', city: 'NEW YORK', specialty: 'PHARMACY' });
    expect(records[3]).toMatchObject({ general: 'PHARMACY', specialty: '' });
    expect(records.every((r) => r!.dob === null && r!.reinstatementDate === null && r!.waiverState === null)).toBe(true);
  });
});

describe('NPPES NPI Registry API v2.1: real answers of all three forms', () => {
  const identity = async (file: string): Promise<NppesIdentity> => {
    const parsed = parseNppesResponse(await readFile(join(real, 'nppes_api', file), 'utf8'));
    if (!parsed.ok) throw new Error(`${file} is an error answer`);
    expect(parsed.identities).toHaveLength(1);
    return parsed.identities[0]!;
  };

  it('reads every committed answer', async () => {
    const files = (await readdir(join(real, 'nppes_api'))).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(7);
    for (const file of files) expect((await identity(file)).status).toBe('A');
  });

  it('the mixed form: string number and millisecond epochs with gender; prefix Dr., suffix --', async () => {
    expect(await identity('provider-api-3d40bf.json')).toEqual({
      npi: '1760485387',
      enumerationType: 'NPI-1',
      name: { firstName: 'PAUL', middleName: 'R.', lastName: 'DEWEY', prefix: 'Dr.', suffix: null, credential: 'M.D.' },
      organizationName: null,
      sex: 'M',
      status: 'A',
      enumerationDate: '2005-05-27',
      lastUpdated: '2012-12-04',
      createdAt: '2005-05-27T18:40:16.000Z',
      taxonomies: [
        { code: '207R00000X', description: 'Internal Medicine', licenseNumber: '43634', state: 'MN', primary: true },
        { code: '208000000X', description: 'Pediatrics', licenseNumber: '43634', state: 'MN', primary: false },
      ],
      formerNames: [],
      addressStates: ['MN'],
    });
  });

  it('the older form: integer number and integer-second epochs, three licenses in three states', async () => {
    const brij = await identity('karlis-readme-1689872012.json');
    expect(brij).toMatchObject({
      npi: '1689872012',
      name: { firstName: 'BRIJ', middleName: null, lastName: 'MOHAN', prefix: null, suffix: null, credential: 'M.D.' },
      sex: 'M',
      enumerationDate: '2007-07-06',
      createdAt: '2007-07-06T00:00:00.000Z',
      addressStates: ['NY', 'NJ'],
    });
    expect(brij.taxonomies.map((t) => [t.licenseNumber, t.state, t.primary])).toEqual([
      ['R8004', 'IA', false],
      ['MD438480', 'PA', false],
      ['255216-1', 'NY', true],
    ]);
  });

  it('the current form: sex, -- prefix and suffix, Mr./Jr., lowercase credentials', async () => {
    const patel = await identity('psv-1003495441.json');
    expect(patel).toMatchObject({
      npi: '1003495441',
      name: { firstName: 'JANKI', middleName: 'ASHISH', lastName: 'PATEL', prefix: null, suffix: null, credential: 'DPM' },
      sex: 'F',
      createdAt: '2021-04-05T12:56:45.000Z',
      addressStates: ['FL'],
    });
    expect(patel.taxonomies.map((t) => [t.code, t.primary])).toEqual([
      ['213ES0103X', true],
      ['213E00000X', false],
    ]);
    expect((await identity('psv-1063720530.json')).name).toEqual({
      firstName: 'RONALD',
      middleName: 'CLARK',
      lastName: 'SWITZER',
      prefix: 'Mr.',
      suffix: 'Jr.',
      credential: 'lcsw',
    });
  });

  it('an organisation: its name, no person, a taxonomy without license or state', async () => {
    expect(await identity('psv-1336011543.json')).toMatchObject({
      npi: '1336011543',
      enumerationType: 'NPI-2',
      name: null,
      organizationName: 'LILLY HARMONY ACUPUNCTURE LLC',
      sex: null,
      taxonomies: [{ code: '171100000X', licenseNumber: null, state: null, primary: true }],
    });
  });

  it('other names: a former name of SAME AS ABOVE is no name, an Other Name (code 5) is no former name', async () => {
    const adham = await identity('psv-1003488214.json');
    expect(adham.name).toMatchObject({ firstName: 'SHIVA', lastName: 'ADHAM' });
    expect(adham.formerNames).toEqual([]);
    const dorsett = await identity('psv-1033638820.json');
    expect(dorsett.name).toMatchObject({ firstName: 'BENJAMIN', lastName: 'DORSETT', credential: 'PA-C' });
    expect(dorsett.formerNames).toEqual([]);
  });
});
