import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSample, defaultProviders, generateSampleData } from '../../local/sample-data/generate.ts';
import { writeLeieBenchmarkFile } from '../../local/sample-data/leie-file.ts';
import { samSampleFile, writeSamBenchmark } from '../../local/sample-data/sam-file.ts';
import { CsvParser } from '#shared/features/sources/lists/csv-parser.ts';
import { samEntry, samExtractColumns } from '#shared/features/sources/lists/sam-exclusions.ts';
import { isValidNpi, npiCheckDigit } from '../../local/sample-data/npi.ts';
import { documentedStatuses } from '../fixtures/documented-statuses.ts';

const root = resolve(import.meta.dirname, '../..');
const sampleDir = join(root, 'sample-data');

type Row = Record<string, unknown>;

function read(relative: string): string {
  return readFileSync(join(sampleDir, relative), 'utf8');
}

function rows(datasetId: string): Row[] {
  return JSON.parse(read(`boards/${datasetId}.json`)) as Row[];
}

const text = (row: Row, field: string): string => (typeof row[field] === 'string' ? (row[field] as string) : '');

// Status spellings exactly as data-sources.md lists them (an independent copy, not the generator's).
const waStatuses = documentedStatuses['qxh8-f4bd']!;
const coStatuses = documentedStatuses['7s5z-vewr']!;
const ilStatuses = documentedStatuses['pzzh-kp68']!;
const txNursingStatuses = documentedStatuses['tgb2-j935']!;
const deStatuses = documentedStatuses['pjnv-eaih']!;
const tmbDisciplinaryStatuses = [
  'NONE',
  'SUSPENDED BY BOARD',
  'REVOKED',
  'UNDER BOARD ORDER',
  'AUTOMATIC LICENSURE CANCELLED',
  'CLEARED',
  'COMPLAINT DISMISSED',
];

// API field names per dataset, in the order the notes list them (rows may leave empty fields out).
const fields: Record<string, string[]> = {
  'qxh8-f4bd': [
    'credentialnumber',
    'lastname',
    'firstname',
    'middlename',
    'credentialtype',
    'status',
    'birthyear',
    'ceduedate',
    'firstissuedate',
    'lastissuedate',
    'expirationdate',
    'actiontaken',
  ],
  '7s5z-vewr': [
    'lastname',
    'firstname',
    'middlename',
    'suffix',
    'entityname',
    'city',
    'state',
    'mailzipcode',
    'licensetype',
    'subcategory',
    'licensenumber',
    'licensefirstissuedate',
    'licenselastreneweddate',
    'licenseexpirationdate',
    'licensestatusdescription',
    'specialty',
    'title',
    'degrees',
    'casenumber',
    'programaction',
    'disciplineeffectivedate',
    'disciplinecompletedate',
    'linktoverifylicense',
  ],
  'pzzh-kp68': [
    'license_type',
    'description',
    'license_number',
    'license_status',
    'business',
    'title',
    'first_name',
    'middle',
    'last_name',
    'prefix',
    'suffix',
    'business_name',
    'businessdba',
    'original_issue_date',
    'effective_date',
    'expiration_date',
    'city',
    'state',
    'zip',
    'county',
    'specialty_qualifier',
    'controlled_substance_schedule',
    'delegated_controlled_substance_schedule',
    'ever_disciplined',
    'lastmodifieddate',
    'case_number',
    'action',
    'discipline_start_date',
    'discipline_end_date',
    'discipline_reason',
  ],
  'tm3v-pfq9': [
    'license_type',
    'license_number',
    'first_name',
    'last_name',
    'license_issue_date',
    'license_expiration_date',
    'registration_status',
    'registration_status_date',
    'disciplinary_status',
    'current_board_action_date',
    'current_board_action_description',
    'license_status',
    'currently_licensed',
    'degree',
    'specialties',
    'practice_address',
    'practice_city',
    'practice_state',
    'practice_zip',
  ],
  'tgb2-j935': [
    'license_number',
    'last_name',
    'first_name',
    'middle_name',
    'license_status',
    'lincense_status_date',
    'lincense_expiration_date',
    'texas_license_issuance_date',
    'current_board_action',
    'date_of_board_action_imposed',
  ],
  'yjie-tuwv': [
    'license_number',
    'last_name',
    'first_name',
    'middle_name',
    'license_status',
    'lincense_status_date',
    'lincense_expiration_date',
    'texas_license_issuance_date',
  ],
  'jnzg-cr4w': [
    'license_number',
    'last_name',
    'first_name',
    'middle_name',
    'apn_category',
    'license_status',
    'lincense_expiration_date',
    'texas_license_issuance_date',
    'apn_prescriptive_authority_status',
  ],
  'pjnv-eaih': [
    'last_name',
    'first_name',
    'combined_name',
    'license_no',
    'profession_id',
    'license_type',
    'city',
    'state',
    'zip_code',
    'country',
    'issue_date',
    'expiration_date',
    'disciplinary_action',
    'license_status',
  ],
  'dz6p-akeq': ['license_id_l', 'last_name', 'first_name', 'license_type', 'disp_start', 'item_text'],
};

function validDate(y: string, m: string, d: string): boolean {
  const iso = `${y}-${m}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
}
const isYyyymmdd = (v: string): boolean => /^\d{8}$/.test(v) && validDate(v.slice(0, 4), v.slice(4, 6), v.slice(6, 8));
const isMmddyyyy = (v: string): boolean => /^\d{2}\/\d{2}\/\d{4}$/.test(v) && validDate(v.slice(6), v.slice(0, 2), v.slice(3, 5));
const isFloating = (v: string): boolean => /^\d{4}-\d{2}-\d{2}T00:00:00\.000$/.test(v) && validDate(v.slice(0, 4), v.slice(5, 7), v.slice(8, 10));

async function filesUnder(dir: string, prefix = ''): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of await filesUnder(join(dir, entry.name), rel)) out.set(k, v);
    else out.set(rel, await readFile(join(dir, entry.name)));
  }
  return out;
}

const temporary: string[] = [];
afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

describe('generator', () => {
  it('is deterministic: the same seed writes byte-identical files, another seed does not', async () => {
    const a = await mkdtemp(join(tmpdir(), 'sample-a-'));
    const b = await mkdtemp(join(tmpdir(), 'sample-b-'));
    temporary.push(a, b);
    await generateSampleData(a, { seed: '7', providers: 250 });
    await generateSampleData(b, { seed: '7', providers: 250 });
    const filesA = await filesUnder(a);
    const filesB = await filesUnder(b);
    expect([...filesA.keys()].sort()).toEqual([...filesB.keys()].sort());
    expect(filesA.size).toBeGreaterThanOrEqual(17);
    for (const [name, bytes] of filesA) expect(bytes.equals(filesB.get(name)!), name).toBe(true);

    const other = await buildSample({ seed: '8', providers: 250 });
    expect(other.files.get('boards/qxh8-f4bd.json')).not.toBe(filesA.get('boards/qxh8-f4bd.json')!.toString('utf8'));
  });

  it('the committed sample is exactly what seed 42 with the default population produces', async () => {
    const sample = await buildSample({ seed: '42', providers: defaultProviders });
    const committed = await filesUnder(sampleDir);
    expect([...committed.keys()].sort()).toEqual([...sample.files.keys()].sort());
    for (const [name, content] of sample.files) expect(committed.get(name)!.equals(Buffer.from(content)), name).toBe(true);
  });

  it('keeps the committed sample modest in size', async () => {
    const committed = await filesUnder(sampleDir);
    const bytes = [...committed.values()].reduce((n, b) => n + b.length, 0);
    // About 4.8 MB of it are the Illinois, Texas and California Medicaid lists at their real row counts
    // (3,229, 13,344 and 23,120 rows), so their ingests are exercised at the size they run at.
    expect(bytes).toBeLessThan(12 * 1024 * 1024);
  });
});

describe('NPI check digit', () => {
  it('accepts known valid NPIs and rejects a changed digit', () => {
    for (const npi of ['1234567893', '1689872012', '1457485542', '1851713903']) expect(isValidNpi(npi), npi).toBe(true);
    expect(isValidNpi('1234567890')).toBe(false);
    expect(isValidNpi('1689872013')).toBe(false);
    expect(npiCheckDigit('123456789')).toBe(3);
  });
});

describe('board datasets (committed sample)', () => {
  it.each([
    ['qxh8-f4bd', 'status', waStatuses],
    ['7s5z-vewr', 'licensestatusdescription', coStatuses],
    ['pzzh-kp68', 'license_status', ilStatuses],
    ['tgb2-j935', 'license_status', txNursingStatuses],
    ['yjie-tuwv', 'license_status', txNursingStatuses],
    ['pjnv-eaih', 'license_status', deStatuses],
    ['tm3v-pfq9', 'disciplinary_status', tmbDisciplinaryStatuses],
  ])('%s has every listed spelling of %s', (id, field, expected) => {
    const seen = new Set(rows(id).map((r) => text(r, field)));
    expect(expected.filter((s) => !seen.has(s))).toEqual([]);
  });

  it('keeps a realistic majority of licenses current', () => {
    const wa = rows('qxh8-f4bd');
    expect(wa.filter((r) => r.status === 'ACTIVE').length / wa.length).toBeGreaterThan(0.65);
    const tx = rows('tgb2-j935');
    expect(tx.filter((r) => r.license_status === 'CURRENT (C)').length / tx.length).toBeGreaterThan(0.65);
  });

  it.each(Object.keys(fields))("%s rows use only the API field names, in the notes' order", (id) => {
    const list = fields[id]!;
    for (const row of rows(id)) {
      const keys = Object.keys(row);
      const positions = keys.map((k) => list.indexOf(k));
      expect(
        positions.every((p) => p >= 0),
        JSON.stringify(keys),
      ).toBe(true);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    }
  });

  it('holds a few thousand licenses across the five states', () => {
    const count = ['qxh8-f4bd', 'pzzh-kp68', 'tm3v-pfq9', 'tgb2-j935', 'yjie-tuwv', 'jnzg-cr4w', 'pjnv-eaih'].reduce((n, id) => n + rows(id).length, 0);
    const coLicenses = new Set(
      rows('7s5z-vewr').map((r) => `${text(r, 'licensetype')}#${text(r, 'licensenumber')}#${text(r, 'lastname')}${text(r, 'entityname')}`),
    ).size;
    expect(count - rows('pzzh-kp68').length + new Set(rows('pzzh-kp68').map((r) => r.license_number)).size + coLicenses).toBeGreaterThan(3000);
  });

  it('WA: credential prefixes match the type, dates are YYYYMMDD, actiontaken is No/Yes/Pending', () => {
    const prefixes: Record<string, string> = {
      'Registered Nurse License': 'RN',
      'Registered Nurse Temporary Practice Permit': 'N2',
      'Advanced Registered Nurse Practitioner License': 'AP',
      'Advanced Registered Nurse Practitioner Temporary Practice Permit': 'N3',
      'Physician And Surgeon License': 'MD',
    };
    const wa = rows('qxh8-f4bd');
    for (const row of wa) {
      const prefix = prefixes[text(row, 'credentialtype')];
      if (prefix) expect(text(row, 'credentialnumber').startsWith(prefix), text(row, 'credentialnumber')).toBe(true);
      expect(text(row, 'credentialnumber')).toMatch(/^[A-Z][A-Z0-9]\d{8}$/);
      for (const f of ['ceduedate', 'firstissuedate', 'lastissuedate', 'expirationdate'])
        if (f in row) expect(isYyyymmdd(text(row, f)), `${f}=${text(row, f)}`).toBe(true);
      expect(['No', 'Yes', 'Pending']).toContain(row.actiontaken);
      expect(text(row, 'birthyear')).toMatch(/^(19|20)\d{2}$/);
    }
    const types = new Set(wa.map((r) => r.credentialtype));
    for (const t of Object.keys(prefixes)) expect(types.has(t), t).toBe(true);
    expect(new Set(wa.map((r) => r.actiontaken))).toEqual(new Set(['No', 'Yes', 'Pending']));
  });

  it('WA: expiring within 30, 60 and 90 days of 2026-11-01, and expired, licenses occur', () => {
    const today = Date.parse('2026-11-01T00:00:00Z');
    const days = rows('qxh8-f4bd')
      .filter((r) => r.status === 'ACTIVE' && typeof r.expirationdate === 'string')
      .map((r) => {
        const v = text(r, 'expirationdate');
        return (Date.parse(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6)}T00:00:00Z`) - today) / 86_400_000;
      });
    expect(days.some((d) => d > 0 && d <= 30)).toBe(true);
    expect(days.some((d) => d > 30 && d <= 60)).toBe(true);
    expect(days.some((d) => d > 60 && d <= 90)).toBe(true);
    expect(rows('qxh8-f4bd').some((r) => r.status === 'EXPIRED' && text(r, 'expirationdate') < '20261101')).toBe(true);
  });

  it('WA: same-name people in one state are told apart by birthyear', () => {
    const byName = new Map<string, Set<string>>();
    for (const r of rows('qxh8-f4bd')) {
      const key = `${text(r, 'firstname').toUpperCase()}|${text(r, 'lastname').toUpperCase()}`;
      byName.set(key, (byName.get(key) ?? new Set()).add(text(r, 'birthyear')));
    }
    expect([...byName.values()].some((years) => years.size > 1)).toBe(true);
    expect(byName.get('DAVID|NGUYEN')).toEqual(new Set(['1968', '1990']));
  });

  it('WA: names are in Mixed Case as entered, as the real rows are', () => {
    const wa = rows('qxh8-f4bd');
    for (const r of wa) expect(text(r, 'lastname'), text(r, 'lastname')).not.toBe(text(r, 'lastname').toUpperCase());
    expect(wa.some((r) => /^Mc[A-Z]/.test(text(r, 'lastname')))).toBe(true);
    expect(wa.some((r) => text(r, 'lastname').includes('-'))).toBe(true);
  });

  it('CO: codes, unpadded numbers shared across types, floating timestamps, a link object, one row per case', () => {
    const co = rows('7s5z-vewr');
    for (const row of co) {
      expect(text(row, 'licensenumber')).toMatch(/^[1-9]\d{0,8}$/);
      for (const f of ['licensefirstissuedate', 'licenselastreneweddate', 'licenseexpirationdate', 'disciplineeffectivedate', 'disciplinecompletedate']) {
        if (f in row) expect(isFloating(text(row, f)), `${f}=${text(row, f)}`).toBe(true);
      }
      expect(row.linktoverifylicense).toEqual({ url: expect.stringMatching(/^https:\/\//) });
      expect(text(row, 'licensetype')).toMatch(/^[A-Z]{2,4}$/);
    }
    const codes = new Set(co.map((r) => r.licensetype));
    for (const code of ['COS', 'PDO', 'APN', 'RXN', 'EC', 'PC', 'RN', 'PN', 'DR', 'PA']) expect(codes.has(code), code).toBe(true);
    expect(co.some((r) => r.licensetype === 'APN' && r.subcategory === 'CNM')).toBe(true);

    const perLicense = new Map<string, Row[]>();
    for (const row of co) {
      const key = `${text(row, 'licensetype')}#${text(row, 'licensenumber')}#${text(row, 'lastname')}`;
      perLicense.set(key, [...(perLicense.get(key) ?? []), row]);
    }
    const twoCases = [...perLicense.values()].filter((list) => list.length >= 2);
    expect(twoCases.length).toBeGreaterThan(0);
    for (const list of twoCases) expect(new Set(list.map((r) => r.casenumber)).size).toBe(list.length);

    const typesByNumber = new Map<string, Set<string>>();
    for (const row of co)
      typesByNumber.set(text(row, 'licensenumber'), (typesByNumber.get(text(row, 'licensenumber')) ?? new Set()).add(text(row, 'licensetype')));
    expect([...typesByNumber.values()].some((types) => types.size > 1)).toBe(true);
    expect(co.some((r) => r.lastname === 'Peña' && r.firstname === 'José')).toBe(true);
  });

  it('IL: 9-digit numbers coded by profession, MM/DD/YYYY or "None", non-healthcare licenses held by healthcare people too', () => {
    const il = rows('pzzh-kp68');
    for (const row of il) {
      expect(Object.keys(row)).toHaveLength(fields['pzzh-kp68']!.length);
      expect(text(row, 'license_number')).toMatch(/^\d{9}$/);
      if (row.description === 'LICENSED PHYSICIAN AND SURGEON') expect(text(row, 'license_number').startsWith('036')).toBe(true);
      if (row.description === 'PERMANENT EMPLOYEE REGISTRATION') expect(text(row, 'license_number').startsWith('129')).toBe(true);
      for (const f of ['original_issue_date', 'effective_date', 'expiration_date', 'lastmodifieddate', 'discipline_start_date', 'discipline_end_date']) {
        expect(text(row, f) === 'None' || isMmddyyyy(text(row, f)), `${f}=${text(row, f)}`).toBe(true);
      }
      expect(['Y', 'N']).toContain(row.business);
      expect(['Y', 'N']).toContain(row.ever_disciplined);
    }
    // Many people's first_name carries their middle initial (CHARLES S) with middle "None"; others have a middle name.
    expect(il.some((r) => /^[A-Z'-]+ [A-Z]$/.test(text(r, 'first_name')) && r.middle === 'None')).toBe(true);
    expect(il.some((r) => r.business === 'N' && r.middle !== 'None')).toBe(true);
    const healthcareBoards = new Set(['MEDICAL BOARD', 'NURSING BOARD', 'PHARMACY BOARD', 'DENTAL BOARD']);
    const nonHealthcare = il.filter((r) =>
      ['DETECTIVE BOARD', 'PUBLIC ACCOUNTANCY BOARD', 'REAL ESTATE', 'BARBER COSMETOLOGY ESTHETICS', 'VETERINARY'].includes(text(r, 'license_type')),
    );
    expect(nonHealthcare.length).toBeGreaterThan(50);
    expect(il.some((r) => r.description === 'LICENSED CERTIFIED PUBLIC ACCOUNTANT')).toBe(true);
    const person = (r: Row) => `${text(r, 'first_name')}|${text(r, 'middle')}|${text(r, 'last_name')}`;
    const healthcarePeople = new Set(il.filter((r) => healthcareBoards.has(text(r, 'license_type')) && r.business === 'N').map(person));
    expect(nonHealthcare.some((r) => healthcarePeople.has(person(r)))).toBe(true);
    expect(il.some((r) => r.business === 'Y' && r.business_name !== 'None' && r.last_name === 'None')).toBe(true);
    // Repeated rows for additional disciplinary actions.
    const counts = new Map<string, number>();
    for (const r of il) counts.set(text(r, 'license_number'), (counts.get(text(r, 'license_number')) ?? 0) + 1);
    expect([...counts.values()].some((n) => n > 1)).toBe(true);
  });

  it('TX: BON dates YYYYMMDD, RN/VN numbers collide, RN board action is a boolean, all APRN categories occur', () => {
    const rn = rows('tgb2-j935');
    const vn = rows('yjie-tuwv');
    for (const row of [...rn, ...vn, ...rows('jnzg-cr4w')]) {
      expect(text(row, 'license_number')).toMatch(/^\d+$/);
      for (const f of ['lincense_status_date', 'lincense_expiration_date', 'texas_license_issuance_date', 'date_of_board_action_imposed']) {
        if (f in row) expect(isYyyymmdd(text(row, f)), `${f}=${text(row, f)}`).toBe(true);
      }
    }
    for (const row of rn) expect(typeof row.current_board_action).toBe('boolean');
    expect(rn.some((r) => r.current_board_action === true && 'date_of_board_action_imposed' in r)).toBe(true);
    const rnNumbers = new Set(rn.map((r) => r.license_number));
    expect(vn.some((r) => rnNumbers.has(r.license_number))).toBe(true);
    const garcias = rn.filter((r) => r.first_name === 'MARIA' && r.last_name === 'GARCIA');
    expect(new Set(garcias.map((r) => r.license_number)).size).toBeGreaterThanOrEqual(2);

    const aprn = rows('jnzg-cr4w');
    expect(new Set(aprn.map((r) => r.apn_category))).toEqual(
      new Set(['NURSE PRACTITIONER', 'NURSE MIDWIFE', 'CLINICAL NURSE SPECIALIST', 'NURSE ANESTHETIST']),
    );
    for (const row of aprn) expect(rnNumbers.has(row.license_number)).toBe(true);

    for (const row of rows('tm3v-pfq9')) {
      for (const f of ['license_issue_date', 'license_expiration_date', 'registration_status_date', 'current_board_action_date']) {
        if (f in row) expect(isFloating(text(row, f)), `${f}=${text(row, f)}`).toBe(true);
      }
      expect(['Y', 'N']).toContain(row.currently_licensed);
    }
  });

  it("DE: M9-0012482-style numbers, disciplinary_action always 'N', firms, discipline rows join on license number", () => {
    const de = rows('pjnv-eaih');
    for (const row of de) {
      expect(text(row, 'license_no')).toMatch(/^[A-Z0-9]{2}-\d{7}$/);
      expect(row.disciplinary_action).toBe('N');
      expect(row.combined_name).toBe(`${text(row, 'last_name')},${text(row, 'first_name')}`);
      for (const f of ['issue_date', 'expiration_date']) if (f in row) expect(isFloating(text(row, f))).toBe(true);
    }
    expect(de.some((r) => !('first_name' in r) && text(r, 'last_name').length > 0)).toBe(true);
    expect(de.some((r) => r.license_status === 'Revoked' || r.license_status === 'Suspended')).toBe(true);
    const professions = new Set(de.map((r) => r.profession_id));
    for (const p of ['Nursing', 'Medical Practice', 'Dentistry', 'Pharmacy', 'Psychology', 'Physical Therapy/Athletic Trg', 'Veterinary Medicine'])
      expect(professions.has(p), p).toBe(true);
    const numbers = new Set(de.map((r) => r.license_no));
    const discipline = rows('dz6p-akeq');
    expect(discipline.length).toBeGreaterThan(0);
    for (const row of discipline) {
      expect(numbers.has(row.license_id_l)).toBe(true);
      expect(isFloating(text(row, 'disp_start'))).toBe(true);
    }
  });

  it('names: hyphenated, two-part, apostrophe and accented surnames occur', () => {
    const lasts = [
      ...rows('qxh8-f4bd').map((r) => text(r, 'lastname')),
      ...rows('tgb2-j935').map((r) => text(r, 'last_name')),
      ...rows('yjie-tuwv').map((r) => text(r, 'last_name')),
    ];
    expect(lasts.some((l) => /^[A-Z]+-[A-Z]+$/.test(l))).toBe(true);
    expect(lasts.some((l) => /^(DE LA|DE LOS|VAN|DE) [A-Z]+/.test(l))).toBe(true);
    expect(lasts.some((l) => l.includes("'"))).toBe(true);
    expect(rows('7s5z-vewr').some((r) => /[À-ÿ]/.test(`${text(r, 'firstname')}${text(r, 'lastname')}`))).toBe(true);
  });
});

describe('NPPES records (committed sample)', () => {
  const files = ['WA', 'CO', 'IL', 'TX', 'DE'].map((s) => `nppes/${s}.json`).concat('nppes/organizations.json');
  const records = files.flatMap((f) => JSON.parse(read(f)) as Row[]);
  const single = JSON.parse(read('nppes/single-record.json')) as Row;
  const all = [...records, single];
  const individuals = all.filter((r) => r.enumeration_type === 'NPI-1');

  it('every NPI is unique and has a valid check digit', () => {
    const numbers = all.map((r) => String(r.number));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(isValidNpi(n), n).toBe(true);
    expect(all.some((r) => r.enumeration_type === 'NPI-2')).toBe(true);
    expect(Array.isArray(single)).toBe(false);
  });

  it('both response forms occur, each consistent in itself', () => {
    const older = all.filter((r) => typeof r.number === 'number');
    const newer = all.filter((r) => typeof r.number === 'string');
    expect(older.length).toBeGreaterThan(10);
    expect(newer.length).toBeGreaterThan(10);
    for (const r of older) {
      expect(Number.isInteger(r.created_epoch)).toBe(true);
      expect(Number.isInteger(r.last_updated_epoch)).toBe(true);
      const basic = r.basic as Row;
      if (r.enumeration_type === 'NPI-1') expect(['M', 'F']).toContain(basic.gender);
      expect(basic).not.toHaveProperty('certification_date');
    }
    for (const r of newer) {
      expect(r.created_epoch).toMatch(/^\d{13}$/);
      expect(r.last_updated_epoch).toMatch(/^\d{13}$/);
      const basic = r.basic as Row;
      if (r.enumeration_type === 'NPI-1') expect(['M', 'F']).toContain(basic.sex);
      expect(basic.certification_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Nothing is enumerated or updated after the reference date.
    for (const r of all) expect(Number(r.last_updated_epoch) * (typeof r.number === 'number' ? 1000 : 1)).toBeLessThan(Date.parse('2026-11-01T00:00:00Z'));
  });

  it('taxonomy license numbers in the five states link to board rows (after NPPES formatting quirks)', () => {
    const norm = (n: string) =>
      n
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '')
        .replace(/^0+/, '');
    const boardNumbers: Record<string, Set<string>> = {
      WA: new Set(rows('qxh8-f4bd').map((r) => norm(text(r, 'credentialnumber')))),
      CO: new Set(rows('7s5z-vewr').map((r) => norm(text(r, 'licensenumber')))),
      IL: new Set(rows('pzzh-kp68').map((r) => norm(text(r, 'license_number')))),
      TX: new Set([...rows('tm3v-pfq9'), ...rows('tgb2-j935'), ...rows('yjie-tuwv')].map((r) => norm(text(r, 'license_number')))),
      DE: new Set(rows('pjnv-eaih').map((r) => norm(text(r, 'license_no')))),
    };
    let linked = 0;
    const quirks = { dash: 0, dropped: 0 };
    for (const record of all) {
      for (const t of record.taxonomies as Row[]) {
        const state = t.state as string | null;
        const license = t.license as string | null;
        if (!state || !license || !(state in boardNumbers)) continue;
        expect(boardNumbers[state]!.has(norm(license)), `${record.number} ${state} ${license}`).toBe(true);
        linked++;
        if (state === 'IL' && /^\d{3}-\d{6}$/.test(license)) quirks.dash++;
        if (state === 'IL' && /^\d{8}$/.test(license)) quirks.dropped++;
      }
    }
    expect(linked).toBeGreaterThan(1000);
    expect(quirks.dash).toBeGreaterThan(0);
    expect(quirks.dropped).toBeGreaterThan(0);
    // Some providers are listed in two launch states.
    const launch = new Set(Object.keys(boardNumbers));
    expect(individuals.some((r) => new Set((r.taxonomies as Row[]).map((t) => t.state).filter((s) => launch.has(s as string))).size > 1)).toBe(true);
  });

  it('shows former names, "--" prefixes and suffixes, and names that differ from the board', () => {
    expect(individuals.some((r) => (r.other_names as Row[]).some((o) => o.type === 'Former Name' && o.code === '1'))).toBe(true);
    expect(individuals.filter((r) => (r.basic as Row).name_prefix === '--').length / individuals.length).toBeGreaterThan(0.5);
    const chris = individuals.find((r) => (r.basic as Row).first_name === 'CHRIS' && (r.basic as Row).last_name === 'ANDERSON');
    expect(chris).toBeDefined();
    const license = (chris!.taxonomies as Row[])[0]!.license;
    expect(rows('qxh8-f4bd').find((r) => r.credentialnumber === license)?.firstname).toBe('Christopher');
  });
});

describe('LEIE UPDATED.csv (committed sample)', () => {
  const raw = read('leie/UPDATED.csv');
  const lines = raw.split('\r\n');
  // As OIG publishes it: the header row unquoted, every data field quoted.
  const header = 'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';
  const data = lines.slice(1, -1).map((line) => line.slice(1, -1).split('","'));
  const knownTypes = /^(1128a[1-4]|1128b([1-9]|1[0-6])|1128b1[AB]|1128b8A|1128Aa|1156|1160|BRCH CIA|BRCH SA)$/;

  it('has the exact unquoted header, CRLF line ends and 18 quoted fields per data line', () => {
    expect(lines[0]).toBe(header);
    expect(raw.endsWith('\r\n')).toBe(true);
    expect(lines.at(-1)).toBe('');
    expect(raw.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^"[^"]*"(,"[^"]*"){17}$/);
    expect(data.length).toBeGreaterThan(300);
    expect(data.length).toBeLessThan(2500);
  });

  it('has valid dates, NPIs and exclusion types', () => {
    for (const f of data) {
      expect(isYyyymmdd(f[14]!)).toBe(true);
      expect(f[14]! <= '20261101').toBe(true);
      expect(f[15]).toBe('00000000');
      expect(f[8] === '' || isYyyymmdd(f[8]!)).toBe(true);
      expect(f[16] === '00000000' || (isYyyymmdd(f[16]!) && /^[A-Z]{2}$/.test(f[17]!))).toBe(true);
      expect(f[7] === '0000000000' || isValidNpi(f[7]!)).toBe(true);
      expect(f[13]).toMatch(knownTypes);
    }
  });

  it('mixes businesses, waivers, unrelated people and sample providers matched by NPI, DOB only or name only', () => {
    expect(data.some((f) => f[0] === '' && f[1] === '' && f[3] !== '' && f[8] === '')).toBe(true);
    expect(data.some((f) => f[16] !== '00000000')).toBe(true);
    const nppesNpis = new Set(
      ['WA', 'CO', 'IL', 'TX', 'DE']
        .flatMap((s) => (JSON.parse(read(`nppes/${s}.json`)) as Row[]).map((r) => String(r.number)))
        .concat((JSON.parse(read('nppes/organizations.json')) as Row[]).map((r) => String(r.number))),
    );
    expect(data.some((f) => nppesNpis.has(f[7]!))).toBe(true);
    const wa = rows('qxh8-f4bd');
    const waNames = new Map(wa.map((r) => [`${text(r, 'lastname').toUpperCase()}|${text(r, 'firstname').toUpperCase()}`, text(r, 'birthyear')]));
    // DOB only, same year as the WA birthyear.
    expect(data.some((f) => f[7] === '0000000000' && f[8] !== '' && waNames.get(`${f[0]}|${f[1]}`) === f[8]!.slice(0, 4))).toBe(true);
    // A namesake: same name as a WA provider, a different birth year.
    expect(data.some((f) => f[8] !== '' && waNames.has(`${f[0]}|${f[1]}`) && waNames.get(`${f[0]}|${f[1]}`) !== f[8]!.slice(0, 4))).toBe(true);
    // Name only: no NPI, no DOB, and a TX VN of that name.
    const vnNames = new Set(rows('yjie-tuwv').map((r) => `${text(r, 'last_name')}|${text(r, 'first_name')}`));
    expect(data.some((f) => f[7] === '0000000000' && f[8] === '' && vnNames.has(`${f[0]}|${f[1]}`))).toBe(true);
    // Sorted by last name, first name.
    const keys = data.map((f) => `${f[0]}\u0000${f[1]}`);
    expect([...keys].sort()).toEqual(keys);
  });

  it('the benchmark writer streams an N-row file in the same format', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'leie-bench-'));
    temporary.push(dir);
    const path = join(dir, 'UPDATED.csv');
    await writeLeieBenchmarkFile(path, 2000, '1');
    const out = await readFile(path, 'utf8');
    const outLines = out.split('\r\n');
    expect(outLines[0]).toBe(header);
    expect(outLines).toHaveLength(2002);
    for (const line of outLines.slice(1, -1)) expect(line).toMatch(/^"[^"]*"(,"[^"]*"){17}$/);
  });
});

describe('SAM extract CSV (committed sample)', () => {
  const raw = read(samSampleFile);
  const parse = (text: string) => {
    const parsed: string[][] = [];
    const parser = new CsvParser();
    parser.push(text.replace(/^\uFEFF/, ''), (r) => parsed.push(r));
    parser.end((r) => parsed.push(r));
    return parsed;
  };
  const [header, ...data] = parse(raw);
  const entries = data.map((r) => samEntry(r)!);

  it('has a BOM, the exact 31-column header, CRLF line ends and every field quoted', () => {
    expect(raw.startsWith('\uFEFF"Classification","Name",')).toBe(true);
    expect(header).toEqual([...samExtractColumns]);
    const lines = raw.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^"[^"]*"(,"[^"]*"){30}$/);
    expect(entries.every((e) => e !== null)).toBe(true);
  });

  it('exercises every matching rule: NPI on the row, same name with another NPI, name only, float NPIs, Indefinite, two agencies, firms', () => {
    const nppes = ['WA', 'CO', 'IL', 'TX', 'DE'].flatMap((s) => JSON.parse(read(`nppes/${s}.json`)) as Row[]);
    const npiOf = new Map(nppes.map((r) => [String(r.number), r]));
    const nameOf = (r: Row) => {
      const basic = r.basic as Record<string, string>;
      return `${basic.first_name}|${basic.last_name}`;
    };
    const people = entries.filter((e) => e.kind === 'individual');
    const byName = new Map<string, typeof people>();
    for (const e of people) byName.set(`${e.firstName}|${e.lastName}`, [...(byName.get(`${e.firstName}|${e.lastName}`) ?? []), e]);
    // An NPI on the row that is a sample provider's, excluded by HHS and OPM.
    const npiMatch = people.find((e) => e.npi && npiOf.has(e.npi) && nameOf(npiOf.get(e.npi)!) === `${e.firstName}|${e.lastName}`);
    expect(npiMatch).toBeDefined();
    expect(
      people
        .filter((e) => e.npi === npiMatch!.npi)
        .map((e) => e.action.agency)
        .sort(),
    ).toEqual(['HHS', 'OPM']);
    // Same name as a sample provider with an NPI, and another NPI on the row.
    expect(
      people.some((e) => e.npi && !npiOf.has(e.npi) && nppes.some((r) => nameOf(r) === `${e.firstName}|${e.lastName}` && String(r.number) !== e.npi)),
    ).toBe(true);
    // Name only: a sample provider's name, no NPI on the row.
    const vnNames = new Set(rows('yjie-tuwv').map((r) => `${text(r, 'first_name')}|${text(r, 'last_name')}`));
    expect(people.some((e) => !e.npi && vnNames.has(`${e.firstName}|${e.lastName}`))).toBe(true);
    expect(data.some((r) => /^\d{10}\.0$/.test(r[29]!))).toBe(true);
    expect(data.some((r) => /^\d{10}$/.test(r[29]!))).toBe(true);
    expect(entries.filter((e) => e.action.indefinite).length).toBeGreaterThan(entries.length / 2);
    expect(entries.some((e) => !e.action.indefinite && e.action.endDate! > '2026-11-01')).toBe(true);
    for (const classification of ['Firm', 'Vessel', 'Special Entity Designation'])
      expect(
        data.some((r) => r[0] === classification),
        classification,
      ).toBe(true);
    expect(entries.some((e) => e.aliases.length === 2)).toBe(true);
    // About 12% of the live rows carry an NPI.
    const withNpi = entries.filter((e) => e.npi).length / entries.length;
    expect(withNpi).toBeGreaterThan(0.05);
    expect(withNpi).toBeLessThan(0.25);
  });

  it('the benchmark writer streams an N-row extract in the same format, the same for the same seed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sam-bench-'));
    temporary.push(dir);
    await writeSamBenchmark(join(dir, 'a.csv'), 3000, '1');
    await writeSamBenchmark(join(dir, 'b.csv'), 3000, '1');
    const out = await readFile(join(dir, 'a.csv'), 'utf8');
    expect(out).toBe(await readFile(join(dir, 'b.csv'), 'utf8'));
    const lines = out.split('\r\n');
    expect(lines[0]).toBe(raw.split('\r\n')[0]);
    expect(lines).toHaveLength(3002);
    for (const line of lines.slice(1, -1)) expect(line).toMatch(/^"[^"]*"(,"[^"]*"){30}$/);
  });
});

describe('name tables', () => {
  it('given names carry SSA birth counts by sex (>= 1,000 births), surnames Census frequencies in rank order', () => {
    const given = JSON.parse(readFileSync(join(root, 'shared/domain/names/given-names.json'), 'utf8')) as {
      columns: string[];
      rows: [string, number, number][];
      minBirths: number;
    };
    expect(given.columns).toEqual(['name', 'male', 'female']);
    expect(given.rows.length).toBeGreaterThan(10_000);
    for (const [name, m, f] of given.rows) {
      expect(name).toMatch(/^[A-Z][a-z]+$/);
      expect(m + f).toBeGreaterThanOrEqual(given.minBirths);
    }
    const byName = new Map(given.rows.map(([n, m, f]) => [n, { m, f }]));
    expect(byName.get('James')!.m).toBeGreaterThan(byName.get('James')!.f * 50);
    expect(byName.get('Marion')!.f).toBeGreaterThan(byName.get('Marion')!.m);

    const surnames = JSON.parse(readFileSync(join(root, 'local/sample-data/surnames.json'), 'utf8')) as { rows: [string, number, number][] };
    expect(surnames.rows[0]).toEqual(['SMITH', 1, 1006]);
    surnames.rows.forEach(([, rank, per100k], i) => {
      expect(rank).toBe(i + 1);
      if (i > 0) expect(per100k).toBeLessThanOrEqual(surnames.rows[i - 1]![2]);
    });
  });
});
