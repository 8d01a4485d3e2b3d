/**
 * The OIG LEIE full file (UPDATED.csv) in its real format: the 18-column header unquoted, every data
 * field in double quotes, CRLF line ends, dates YYYYMMDD with "00000000" for none (an unknown DOB is empty, as on the
 * business rows of the live file), NPI "0000000000" when unknown. Rows are sorted by last name, first
 * name, middle name and business name, so business rows (no person name) come first. The full file
 * lists current exclusions only, so REINDATE is always "00000000".
 *
 * Also produces an N-row file of unrelated people and businesses in the same format, written as a
 * stream, for benchmarks (e.g. 85,000 rows, about the live file's size).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { type Day, dayOf, TODAY, yyyymmdd } from './dates.ts';
import type { Profession } from './license-catalog.ts';
import type { LeieListing, Organization, Person } from './model.ts';
import { NameTables, type Sex } from './name-tables.ts';
import { stripAccents } from './name-variants.ts';
import { NpiIssuer } from './npi.ts';
import { type Address, leieStates, randomAddress } from './places.ts';
import { Rng } from './prng.ts';
import { specialtyText } from './specialties.ts';

export interface LeieRow {
  readonly lastName: string;
  readonly firstName: string;
  readonly midName: string;
  readonly busName: string;
  readonly general: string;
  readonly specialty: string;
  readonly upin: string;
  readonly npi: string | null;
  readonly dob: Day | null;
  readonly address: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly exclusionType: string;
  readonly excluded: Day;
  readonly waiver: { readonly day: Day; readonly state: string } | null;
}

/** Exclusion authorities by how often they occur (1128b4 license revocation and 1128a1 dominate). */
export const exclusionTypeWeights: readonly (readonly [string, number])[] = [
  ['1128b4', 380],
  ['1128a1', 180],
  ['1128a2', 80],
  ['1128a3', 50],
  ['1128a4', 50],
  ['1128b14', 55],
  ['1128b5', 40],
  ['1128b7', 30],
  ['1128b8', 18],
  ['1128b1', 20],
  ['1128Aa', 10],
  ['1128b2', 4],
  ['1128b3', 4],
  ['1128b6', 4],
  ['1128b15', 4],
  ['1128b16', 3],
  ['1128b8A', 2],
  ['1128b9', 1],
  ['1128b11', 1],
  ['1128b12', 1],
  ['1128b13', 1],
  ['1156', 2],
  ['1160', 1],
  ['BRCH CIA', 2],
  ['BRCH SA', 2],
];

const individualCategories: readonly (readonly [readonly [string, string], number])[] = [
  [['IND- LIC HC SERV PRO', 'NURSE/NURSES AIDE'], 30],
  [['NURSING PROFESSION', 'NURSE/NURSES AIDE'], 10],
  [['NURSING PROFESSION', 'REGISTERED NURSE'], 6],
  [['NURSING PROFESSION', 'LICENSED PRACTICAL NURSE'], 5],
  [['EMPLOYEE - PRIVATE SECTOR', 'HOME HEALTH AIDE'], 8],
  [['BUSINESS OWNER/EXEC', 'DME'], 4],
  [['BUSINESS OWNER/EXEC', 'HOME HEALTH AGENCY'], 3],
  [['MEDICAL PRACTICE, MD', 'FAMILY PRACTICE'], 4],
  [['MEDICAL PRACTICE, MD', 'INTERNAL MEDICINE'], 3],
  [['MEDICAL PRACTICE, MD', 'PSYCHIATRY'], 1],
  [['IND- LIC HC SERV PRO', 'PHARMACIST'], 3],
  [['IND- LIC HC SERV PRO', 'PHYSICIAN ASSISTANT'], 1],
  [['IND- LIC HC SERV PRO', 'NURSE PRACTITIONER'], 1],
  [['IND- LIC HC SERV PRO', 'DENTIST'], 1],
  [['IND- LIC HC SERV PRO', 'CHIROPRACTIC PRACTICE'], 1],
  [['IND- LIC HC SERV PRO', 'PHYSICAL THERAPIST'], 1],
  [['IND- LIC HC SERV PRO', 'SOCIAL WORKER'], 1],
  [['OTHER', 'OTHER'], 4],
];

const businessCategories: readonly (readonly [readonly [string, string, string], number])[] = [
  [['OTHER BUSINESS', 'SOBER HOME', '{SURNAME} RECOVERY HOUSE LLC'], 3],
  [['OTHER BUSINESS', 'MARKETING', '{SURNAME} MARKETING SERVICES, INC'], 2],
  [['OTHER BUSINESS', 'TRANSPORTATION', '#1 {CITY} MEDICAL TRANSPORT LLC'], 1],
  [['DME COMPANY', 'DME - MEDICAL SUPPLY', '{CITY} MEDICAL SUPPLY, INC'], 4],
  [['PHARMACY', 'PHARMACY', '{SURNAME} DISCOUNT PHARMACY INC'], 4],
  [['HOME HEALTH AGENCY', 'HOME HEALTH AGENCY', '{SURNAME} HOME HEALTH SERVICES LLC'], 4],
  [['AMBULANCE SERVICE', 'AMBULANCE COMPANY', '{CITY} AMBULANCE SERVICE INC'], 2],
  [['CLINIC', 'CLINIC', '{SURNAME} MEDICAL CLINIC PC'], 3],
  [['OTHER BUSINESS', 'LABORATORY', '{CITY} DIAGNOSTIC LAB LLC'], 2],
];

const professionCategory: Readonly<Record<Profession, readonly [string, string]>> = {
  physician: ['MEDICAL PRACTICE, MD', ''],
  physician_assistant: ['IND- LIC HC SERV PRO', 'PHYSICIAN ASSISTANT'],
  nurse_practitioner: ['NURSING PROFESSION', 'NURSE PRACTITIONER'],
  nurse_anesthetist: ['NURSING PROFESSION', 'NURSE ANESTHETIST'],
  nurse_midwife: ['NURSING PROFESSION', 'NURSE MIDWIFE'],
  clinical_nurse_specialist: ['NURSING PROFESSION', 'REGISTERED NURSE'],
  registered_nurse: ['NURSING PROFESSION', 'REGISTERED NURSE'],
  practical_nurse: ['NURSING PROFESSION', 'LICENSED PRACTICAL NURSE'],
  pharmacist: ['IND- LIC HC SERV PRO', 'PHARMACIST'],
  dentist: ['IND- LIC HC SERV PRO', 'DENTIST'],
  physical_therapist: ['IND- LIC HC SERV PRO', 'PHYSICAL THERAPIST'],
  athletic_trainer: ['IND- LIC HC SERV PRO', 'OTHER'],
  psychologist: ['IND- LIC HC SERV PRO', 'PSYCHOLOGIST'],
  counselor: ['IND- LIC HC SERV PRO', 'COUNSELOR'],
  social_worker: ['IND- LIC HC SERV PRO', 'SOCIAL WORKER'],
  massage_therapist: ['IND- LIC HC SERV PRO', 'MASSAGE THERAPIST'],
  acupuncturist: ['IND- LIC HC SERV PRO', 'ACUPUNCTURIST'],
};

const EARLIEST_EXCLUSION = dayOf('1987-01-01');

function excludedDay(rng: Rng): Day {
  // Recent years dominate: most older exclusions have ended and left the file.
  return TODAY - 20 - Math.floor(rng.float() ** 1.35 * (TODAY - 20 - EARLIEST_EXCLUSION));
}

function upin(rng: Rng, excluded: Day): string {
  return excluded < dayOf('2007-05-23') && rng.chance(0.3) ? `${String.fromCharCode(65 + rng.int(0, 25))}${rng.digits(5)}` : '';
}

function addressFields(a: Address): Pick<LeieRow, 'address' | 'city' | 'state' | 'zip'> {
  return { address: a.line2 ? `${a.line1} ${a.line2}` : a.line1, city: a.city, state: a.state, zip: a.zip };
}

function waiverFor(rng: Rng, excluded: Day, state: string | null): LeieRow['waiver'] {
  return state ? { day: Math.min(TODAY - 5, excluded + rng.int(30, 700)), state } : null;
}

/** A person or business unrelated to the sample population. */
export function unrelatedRow(rng: Rng, names: NameTables, npis: NpiIssuer): LeieRow {
  const excluded = excludedDay(rng);
  const state = rng.weighted(leieStates);
  const address = addressFields(randomAddress(rng, state));
  const exclusionType = rng.weighted(exclusionTypeWeights);
  const waiver = rng.chance(0.01) ? waiverFor(rng, excluded, state) : null;
  if (rng.chance(0.14)) {
    const [general, specialty, pattern] = rng.weighted(businessCategories);
    return {
      lastName: '',
      firstName: '',
      midName: '',
      busName: pattern.replace('{SURNAME}', names.surname(rng)).replace('{CITY}', address.city),
      general,
      specialty,
      upin: '',
      npi: rng.chance(0.25) ? npis.next() : null,
      dob: null,
      ...address,
      exclusionType: exclusionType === '1128b4' ? '1128b8' : exclusionType,
      excluded,
      waiver,
    };
  }
  const sex: Sex = rng.chance(0.62) ? 'F' : 'M';
  const [general, specialty] = rng.weighted(individualCategories);
  const middle = rng.chance(0.45) ? names.givenName(rng, sex) : '';
  return {
    lastName: names.surname(rng),
    firstName: names.givenName(rng, sex),
    midName: middle && rng.chance(0.5) ? middle.slice(0, 1) : middle,
    busName: '',
    general,
    specialty,
    upin: upin(rng, excluded),
    npi: rng.chance(0.1) ? npis.next() : null,
    dob: rng.chance(0.93) ? excluded - rng.int(22 * 365, 70 * 365) : null,
    ...address,
    exclusionType,
    excluded,
    waiver,
  };
}

/** The exclusion date for a sample person: after the board acted on their license, if it did. */
function personExcluded(rng: Rng, person: Person): Day {
  const acted = person.licenses.flatMap((l) => l.cases.filter((c) => c.end === null).map((c) => c.start));
  if (acted.length > 0) return Math.min(TODAY - 5, Math.max(...acted) + rng.int(60, 400));
  return TODAY - rng.int(100, 3000);
}

function personRow(rng: Rng, person: Person, listing: LeieListing): LeieRow {
  const name = person.name;
  const [general, specialty] = professionCategory[person.profession!];
  const excluded = personExcluded(rng, person);
  return {
    lastName: stripAccents(name.last),
    firstName: name.first,
    midName: name.middle && rng.chance(0.6) ? (rng.chance(0.5) ? name.middle.slice(0, 1) : name.middle) : '',
    busName: '',
    general,
    specialty: specialty || specialtyText(person).toUpperCase(),
    upin: '',
    npi: listing.withNpi && person.nppes ? person.nppes.npi : null,
    dob: listing.withDob ? person.birth : null,
    ...addressFields(person.address),
    exclusionType: listing.exclusionType,
    excluded,
    waiver: waiverFor(rng, excluded, listing.waiverState),
  };
}

function organizationRow(rng: Rng, org: Organization, listing: LeieListing): LeieRow {
  const excluded = TODAY - rng.int(60, 1500);
  return {
    lastName: '',
    firstName: '',
    midName: '',
    busName: org.name,
    general: org.kind === 'pharmacy' ? 'PHARMACY' : 'OTHER BUSINESS',
    specialty: org.kind === 'pharmacy' ? 'PHARMACY' : 'CLINIC',
    upin: '',
    npi: listing.withNpi ? org.npi : null,
    dob: null,
    ...addressFields(org.address),
    exclusionType: listing.exclusionType,
    excluded,
    waiver: waiverFor(rng, excluded, listing.waiverState),
  };
}

/**
 * Picks more excluded people from the population: some whose license was revoked or suspended
 * (1128b4) and a few others, then returns the rows for every listed person, namesake and organisation.
 */
export function sampleRows(rng: Rng, people: readonly Person[], organizations: readonly Organization[]): LeieRow[] {
  for (const person of people) {
    if (person.leie || person.tags.length > 0 || !person.profession) continue;
    const r = rng.fork(`leie:${person.id}`);
    const actedOn = person.licenses.some((l) => l.status.meaning === 'revoked' || l.status.meaning === 'suspended');
    if ((actedOn && r.chance(0.3)) || r.chance(0.002)) {
      person.leie = {
        exclusionType: actedOn ? '1128b4' : r.weighted(exclusionTypeWeights.filter(([t]) => t !== '1128b4')),
        withNpi: person.nppes !== null && r.chance(0.6),
        withDob: r.chance(0.85),
        waiverState: null,
      };
    }
  }
  const rows: LeieRow[] = [];
  for (const person of people) {
    const r = rng.fork(`leie-row:${person.id}`);
    if (person.leie) rows.push(personRow(r, person, person.leie));
    for (const namesake of person.leieNamesakes) {
      const base = personRow(r, person, { exclusionType: namesake.exclusionType, withNpi: false, withDob: false, waiverState: null });
      rows.push({
        ...base,
        midName: '',
        npi: namesake.differs === 'npi' ? namesake.npi : null,
        dob:
          namesake.differs === 'dob'
            ? person.birth + (r.chance(0.5) ? 1 : -1) * (11 * 365 + r.int(0, 200))
            : r.chance(0.5)
              ? person.birth - r.int(3, 20) * 365
              : null,
        ...addressFields(randomAddress(r, r.weighted(leieStates))),
        excluded: TODAY - r.int(200, 5000),
      });
    }
  }
  for (const org of organizations) if (org.leie) rows.push(organizationRow(rng.fork(`leie-org:${org.id}`), org, org.leie));
  return rows;
}

// --- formatting -------------------------------------------------------------------------------------

const quote = (value: string): string => `"${value.replaceAll('"', '""')}"`;

export function leieLine(row: LeieRow): string {
  const fields = [
    row.lastName,
    row.firstName,
    row.midName,
    row.busName,
    row.general,
    row.specialty,
    row.upin,
    row.npi ?? '0000000000',
    row.dob === null ? '' : yyyymmdd(row.dob),
    row.address,
    row.city,
    row.state,
    row.zip,
    row.exclusionType,
    yyyymmdd(row.excluded),
    '00000000',
    row.waiver ? yyyymmdd(row.waiver.day) : '00000000',
    row.waiver ? row.waiver.state : '',
  ];
  return `${fields.map(quote).join(',')}\r\n`;
}

/** The published header row, written as OIG writes it: unquoted. */
export const leieHeaderLine =
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE\r\n';

function compare(a: LeieRow, b: LeieRow): number {
  for (const key of ['lastName', 'firstName', 'midName', 'busName'] as const) {
    if (a[key] < b[key]) return -1;
    if (a[key] > b[key]) return 1;
  }
  return a.excluded - b.excluded;
}

export function leieCsv(rows: readonly LeieRow[]): string {
  return leieHeaderLine + [...rows].sort(compare).map(leieLine).join('');
}

/** Unrelated rows (avoiding the given "FIRST|LAST" names, so no accidental name-only match). */
export function unrelatedRows(rng: Rng, names: NameTables, npis: NpiIssuer, count: number, avoid: ReadonlySet<string> = new Set()): LeieRow[] {
  const rows: LeieRow[] = [];
  for (let i = 0; rows.length < count; i++) {
    const row = unrelatedRow(rng.fork(`unrelated:${i}`), names, npis);
    if (row.lastName && avoid.has(`${row.firstName}|${row.lastName}`)) continue;
    rows.push(row);
  }
  return rows;
}

/**
 * Writes an N-row LEIE file of unrelated people and businesses (same format as UPDATED.csv), streamed
 * to disk; for load tests of the LEIE ingest, e.g. `writeLeieBenchmarkFile(path, 85_000)`.
 */
export async function writeLeieBenchmarkFile(path: string, rows: number, seed = '42'): Promise<void> {
  const rng = new Rng(`leie-benchmark:${seed}`);
  const all = unrelatedRows(rng, NameTables.load(), new NpiIssuer(rng.fork('npi')), rows).sort(compare);
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(leieHeaderLine);
  for (const row of all) await write(leieLine(row));
  out.end();
  await once(out, 'finish');
}
