/**
 * The Illinois HFS OIG sanctions list (`il-hfs/active-sanctions.csv`: the rows as text, header first;
 * the simulator serves them as the portal's workbook, il-hfs-portal.ts), about 3,229 rows:
 * - an IL provider listed by name only (no license, no NPI): a name-only match;
 * - an IL provider listed with the NPI (and a DBA name): a match by NPI;
 * - an IL provider listed with the IDFPR license number the board holds (9 digits, no NPI, no
 *   provider type): a match by license;
 * - a person with an IL provider's name and another NPI: a different person, no match;
 * - an IL organisation of the sample (GROUP or PHARMACY) with its NPI;
 * - unrelated people and organisations avoiding the sample's names, with the list's action types,
 *   provider types and ZIP code spellings (`60118 - 1529`, `604732258`, `60101`).
 */
import { TODAY } from './dates.ts';
import { unrelatedRows } from './leie-file.ts';
import { csvLine, type ListDraw, ListPeople, startListDraw } from './medicaid-list-people.ts';
import type { Person } from './model.ts';
import { randomAddress } from './places.ts';
import type { Rng } from './prng.ts';
import type { Notable } from './scenarios.ts';

export const ilHfsSampleFile = 'il-hfs/active-sanctions.csv';
export const ilHfsRowCount = 3229;

/** The header of the portal's `Active Sanctions` sheet (the June 2026 download). */
const columns = [
  'Provider Name',
  'License #',
  'NPI',
  'Provider Type',
  'Affiliation',
  'Action Date',
  'Action Type',
  'Address',
  'Address 2',
  'City',
  'State',
  'Zip Code',
] as const;

type Column = (typeof columns)[number];
type Row = Partial<Record<Column, string>>;

const actionTypes: readonly (readonly [string, number])[] = [
  ['Terminated', 2439],
  ['Barred', 507],
  ['Voluntary Withdrawal', 174],
  ['Exclusion', 62],
  ['Suspended', 47],
];
const personTypes: readonly (readonly [string, number])[] = [
  ['PHYSICIAN', 883],
  ['WAIVER SERVICE PROVIDER', 600],
  ['', 500],
  ['MEDICAR PROVIDER', 164],
  ['DENTIST', 95],
  ['NURSE', 80],
  ['CHIROPRACTOR', 20],
];
const organisationTypes: readonly (readonly [string, number])[] = [
  ['GROUP', 120],
  ['PHARMACY', 162],
  ['WAIVER SERVICE PROVIDER', 256],
  ['', 115],
  ['TRANSPORTATION', 40],
];

/** 1899-12-30 is day 0 of Excel's serial dates; day 0 here is 1970-01-01. */
const excelSerial = (day: number): string => String(day + 25569);

/** The ZIP code as the list types it: `60118 - 1529`, `604732258` or `60101`. */
function zipSpelling(rng: Rng, zip: string, zip4: string): string {
  const pick = rng.float();
  return pick < 0.3 ? `${zip} - ${zip4}` : pick < 0.55 ? `${zip}${zip4}` : zip;
}

const personName = (p: Person): string => [p.name.last, p.name.first, p.name.middle.slice(0, 1)].filter(Boolean).join(' ');

function providerType(p: Person): string {
  if (p.profession === 'physician') return 'PHYSICIAN';
  if (p.profession === 'dentist') return 'DENTIST';
  return p.profession === 'registered_nurse' || p.profession === 'practical_nurse' ? 'NURSE' : (p.profession ?? '').toUpperCase().replaceAll('_', ' ');
}

function place(rng: Rng, address: { line1: string; line2: string; city: string; state: string; zip: string; zip4: string }): Row {
  return {
    Address: address.line1,
    'Address 2': address.line2,
    City: address.city,
    State: address.state,
    'Zip Code': zipSpelling(rng, address.zip, address.zip4),
  };
}

function sampleRow(rng: Rng, p: Person, values: Row): Row {
  return {
    'Provider Name': personName(p),
    'Provider Type': providerType(p),
    'Action Date': excelSerial(TODAY - rng.int(60, 2000)),
    'Action Type': 'Terminated',
    ...place(rng, p.address),
    ...values,
  };
}

export interface IlHfsFile {
  readonly csv: string;
  readonly rows: number;
  readonly notables: Notable[];
}

export function ilHfsFile(draw: ListDraw): IlHfsFile {
  const { rng, organizations, names, avoidNames } = draw;
  const { pick, npis } = startListDraw(draw);
  const nameOnly = pick.take('name-only', 'IL');
  const byNpi = pick.take('npi', 'IL', (p) => p.nppes !== null);
  const byLicense = pick.take('license', 'IL', (p) => p.profession === 'physician');
  const namesake = pick.take('namesake', 'IL', (p) => p.nppes !== null);
  const org = rng.fork('pick:org').pick(organizations.filter((o) => o.state === 'IL' && o.npi !== null));
  const r = (label: string) => rng.fork(label);

  const rows: Row[] = [
    sampleRow(r('name-only'), nameOnly, { 'Action Type': 'Barred' }),
    sampleRow(r('npi'), byNpi, {
      'Provider Name': `${personName(byNpi)} DBA ${byNpi.name.last} FAMILY PRACTICE`,
      NPI: byNpi.nppes!.npi,
      'Action Type': 'Terminated',
    }),
    sampleRow(r('license'), byLicense, { 'License #': ListPeople.license(byLicense, 'IL')!.number, 'Provider Type': '', 'Action Type': 'Suspended' }),
    sampleRow(r('namesake'), namesake, { NPI: npis.next(), 'Action Type': 'Exclusion' }),
    {
      'Provider Name': org.name,
      NPI: org.npi!,
      'Provider Type': org.kind === 'pharmacy' ? 'PHARMACY' : 'GROUP',
      'Action Date': excelSerial(TODAY - 400),
      'Action Type': 'Voluntary Withdrawal',
      ...place(r('org'), org.address),
    },
  ];
  unrelatedRows(r('unrelated'), names, npis, ilHfsRowCount - rows.length, avoidNames).forEach((u, i) => {
    const rr = r(`row:${i}`);
    const address = randomAddress(rr, 'IL');
    const firm = u.busName !== '';
    rows.push({
      'Provider Name': firm ? u.busName : [u.lastName, u.firstName, u.midName.slice(0, 1)].filter(Boolean).join(' '),
      'License #': !firm && rr.chance(0.4) ? `${rr.pick(['036', '041', '043', '019'])}${rr.digits(6)}` : '',
      NPI: u.npi ?? (rr.chance(0.12) ? npis.next() : ''),
      'Provider Type': rr.weighted(firm ? organisationTypes : personTypes),
      Affiliation: !firm && rr.chance(0.08) ? `${names.surname(rr)} HOME CARE INC` : '',
      'Action Date': excelSerial(u.excluded),
      'Action Type': rr.weighted(actionTypes),
      ...place(rr, address),
    });
  });
  const key = (row: Row) => row['Provider Name'] ?? '';
  rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const csv = csvLine(columns) + rows.map((row) => csvLine(columns.map((c) => row[c] ?? ''))).join('');

  const notables: Notable[] = [
    {
      title: 'Illinois HFS OIG sanction by name only',
      note: 'On the IL HFS OIG list (Barred) with no license and no NPI: a name-only match.',
      people: [nameOnly],
    },
    {
      title: 'Illinois HFS OIG sanction by NPI',
      note: 'On the IL HFS OIG list (Terminated) with the NPI, under a name with a DBA alias.',
      people: [byNpi],
    },
    {
      title: 'Illinois HFS OIG sanction by license number',
      note: 'On the IL HFS OIG list (Suspended) with the IDFPR license number the board holds, no NPI and no provider type.',
      people: [byLicense],
    },
    {
      title: 'Illinois HFS OIG namesake with a different NPI',
      note: 'An IL HFS OIG row with the same name carries another (valid) NPI: a different person.',
      people: [namesake],
    },
    {
      title: 'Illinois HFS OIG organisation',
      note: 'On the IL HFS OIG list (Voluntary Withdrawal) as an organisation with its NPI.',
      people: [],
      organizations: [org],
    },
  ];
  return { csv, rows: rows.length, notables };
}
