/**
 * The Washington HCA Provider Termination and Exclusion List (`lists/wa-hca.csv`, the sheet's cells;
 * the simulator builds the XLSX): a title, `Updated <M/D/YYYY>` and a blank row above the header, about
 * 234 rows in name order.
 *
 * Sample WA providers: one on the list by name only (no license, a ProviderOne id where the NPI goes),
 * one by NPI (a multi-line cell: their denture or dental business first, then them; the business's NPI
 * and theirs on two lines), one by license number (their WA credential number, a ProviderOne id), and a
 * namesake of another with a different NPI and credential number (no match). Unrelated rows (names no
 * sample person has) fill the rest: people `LAST, FIRST [M.] CRED` with a credential number of their
 * profession, businesses without a comma, NPIs as numbers, ProviderOne ids, `None`, two NPIs on two
 * lines, the `Action` wording as HCA types it, typos included.
 */
import { type Day, isoDate, TODAY } from './dates.ts';
import { unrelatedRows } from './leie-file.ts';
import { credentialOf, csvLine, type ListDraw, ListPeople, startListDraw } from './medicaid-list-people.ts';
import type { Person } from './model.ts';
import type { Rng } from './prng.ts';
import type { Notable } from './scenarios.ts';

export const waHcaSampleFile = 'lists/wa-hca.csv';

/** The header HCA writes under the preamble (the June 2026 workbook's row 4). */
const columns = ['Name', 'License #', 'NPI # or P1 #', 'Date of Exclusion', 'Action'] as const;
export const waHcaRowCount = 234;

/** The `Action` wordings with how often HCA writes them (its typos and stray spaces included). */
const actions: readonly (readonly [string, number])[] = [
  ['License Suspended', 75],
  ['Terminate Medicaid Authority', 55],
  ['License Surrendered', 39],
  ['License Revoked', 25],
  ['OIG Exclusion', 19],
  ['License Expired', 2],
  ['License Suspended ', 2],
  ['Expired License', 2],
  ['Voluntary License Surrender', 2],
  ['License Voluntarily Surrendered', 2],
  ['License Expired/Suspended', 1],
  ['expired License', 1],
  ['Medicaid Fraud Conviction', 1],
  ['License Suspened ', 1],
  ['Manditory Exclusion from Medicaid', 1],
  ['License Permanently Revoked', 1],
  ['Terminated by CMS', 1],
  ['Licenses Suspension', 1],
];

/** Credential prefixes of unrelated rows, by how often the list has them, with the credential written after the name. */
const credentials: readonly (readonly [readonly [string, string], number])[] = [
  [['MD', 'MD'], 99],
  [['DE', 'DDS'], 30],
  [['AP', 'ARNP'], 19],
  [['OP', 'DO'], 17],
  [['PA', 'PA-C'], 8],
  [['PY', 'PHD'], 7],
  [['LH', 'LMHC'], 6],
  [['DN', 'LD'], 5],
  [['CG', 'AAC'], 4],
  [['RN', 'RN'], 2],
  [['PT', 'PT'], 2],
];

const businesses = [
  '{SURNAME} Dentures NW',
  '{SURNAME} Family Dental',
  'Evergreen {SURNAME} Clinic LLC',
  '{SURNAME} Medical Transport',
  'Cascade Ambulance Service',
];

type Row = readonly [name: string, license: string, npi: string, date: string, action: string];

const credentialNumber = (rng: Rng, prefix: string) => `${prefix}${rng.chance(0.5) ? '60' : '00'}${rng.digits(6)}`;
const providerOne = (rng: Rng) => `P1 - ${rng.int(1_020_000, 2_060_000)}`;
const day = (rng: Rng, from: Day, to: Day) => isoDate(rng.int(from, to));

function personName(first: string, middle: string, last: string, credential: string, rng: Rng): string {
  const initial = middle ? ` ${middle.length === 1 && rng.chance(0.6) ? `${middle}.` : middle}` : '';
  return `${last}, ${first}${initial}${credential ? ` ${credential}` : ''}`.replace(/\b([A-Z])([A-Z]+)\b/g, (_, a: string, b: string) =>
    // HCA writes names in title case; credentials stay upper case.
    credential.split(/[ -]/).includes(a + b) ? a + b : a + b.toLowerCase(),
  );
}

const sampleName = (p: Person, rng: Rng) => personName(p.name.first, p.name.middle, p.name.last, credentialOf(p, 'WA'), rng);

export interface WaHcaFile {
  readonly csv: string;
  readonly rows: number;
  readonly notables: Notable[];
}

export function waHcaFile(draw: ListDraw): WaHcaFile {
  const { rng, names, avoidNames } = draw;
  const r = (label: string) => rng.fork(label);
  const { pick, npis } = startListDraw(draw);
  const wa = (p: Person) => ListPeople.license(p, 'WA')!;
  const nameOnly = pick.take('wa-hca-name-only', 'WA');
  const byNpi = pick.take('wa-hca-npi', 'WA', (p) => p.nppes !== null);
  const byLicense = pick.take('wa-hca-license', 'WA');
  const namesake = pick.take('wa-hca-namesake', 'WA', (p) => p.nppes !== null);
  const business = businesses[0]!.replace('{SURNAME}', byNpi.name.last.charAt(0) + byNpi.name.last.slice(1).toLowerCase());
  const otherLicense = (p: Person) => {
    const own = wa(p).number;
    let number = own;
    while (number === own) number = credentialNumber(r('wa-hca-namesake-license'), own.slice(0, 2));
    return number;
  };

  const sample: Row[] = [
    [sampleName(nameOnly, r('n1')), 'None', providerOne(r('p1a')), isoDate(TODAY - 420), 'License Suspended'],
    [
      `${business}\n${sampleName(byNpi, r('n2'))}`,
      wa(byNpi).number,
      `${npis.next()}\n${byNpi.nppes!.npi}`,
      isoDate(TODAY - 210),
      'Terminate Medicaid Authority',
    ],
    [sampleName(byLicense, r('n3')), wa(byLicense).number, providerOne(r('p1b')), isoDate(TODAY - 95), 'License Suspened '],
    [sampleName(namesake, r('n4')), otherLicense(namesake), npis.next(), isoDate(TODAY - 1300), 'OIG Exclusion'],
  ];

  // Unrelated people's names (no sample person's), as the LEIE's unrelated rows draw them.
  const others = unrelatedRows(r('unrelated'), names, npis, 2 * waHcaRowCount, avoidNames).filter((u) => u.lastName !== '');
  const unrelated: Row[] = [];
  for (let i = 0; sample.length + unrelated.length < waHcaRowCount; i++) {
    const rr = r(`row:${i}`);
    const date = day(rr, TODAY - 21 * 365, TODAY - 20);
    const action = rr.weighted(actions);
    if (rr.chance(0.03)) {
      const name = rr.pick(businesses).replace('{SURNAME}', ((s) => s.charAt(0) + s.slice(1).toLowerCase())(names.surname(rr)));
      unrelated.push([name, rr.pick(['NA', 'N/A', 'None']), npis.next(), date, 'Terminate Medicaid Authority']);
      continue;
    }
    const u = others[i]!;
    const person = { first: u.firstName, middle: u.midName, last: u.lastName };
    const [prefix, credential] = rr.weighted(credentials);
    const ids = rr.float();
    const npi =
      ids < 0.72 ? npis.next() : ids < 0.86 ? providerOne(rr) : ids < 0.96 ? `${npis.next()}\n${npis.next()}` : ids < 0.98 ? 'None' : `${npis.next()}  `;
    let name = personName(person.first, person.middle, person.last, credential, rr);
    // A few name cells carry the business the person ran, on a line of its own.
    if (npi.includes('\n') && rr.chance(0.5))
      name = `${name}\ndba: ${rr.pick(businesses).replace('{SURNAME}', person.last.charAt(0) + person.last.slice(1).toLowerCase())}`;
    unrelated.push([name, credentialNumber(rr, prefix), npi, date, action]);
  }

  const rows = [...sample, ...unrelated].sort((a, b) => (a[0].toUpperCase() < b[0].toUpperCase() ? -1 : a[0].toUpperCase() > b[0].toUpperCase() ? 1 : 0));
  const [y, m, d] = isoDate(TODAY - 9)
    .split('-')
    .map(Number);
  // The preamble: a title, the `Updated` line and a blank row (a row of empty cells), then the header.
  const preamble = [['Provider Termination and Exclusion List'], [`Updated ${m}/${d}/${y}`], ['', '', '', '', ''], columns];
  const csv = [...preamble, ...rows].map(csvLine).join('');

  const notables: Notable[] = [
    {
      title: 'WA HCA termination list: name only',
      note: 'On the Washington HCA Provider Termination and Exclusion List with no license number (`None`) and a ProviderOne id where the NPI goes: matched by name only.',
      people: [nameOnly],
    },
    {
      title: 'WA HCA termination list: by NPI, in a multi-line cell',
      note: 'On the WA HCA list under their business (first line) and their own name (second line), with the business NPI and theirs on two lines and their WA credential number: matched by NPI.',
      people: [byNpi],
    },
    {
      title: 'WA HCA termination list: by license number',
      note: 'On the WA HCA list with their WA credential number and a ProviderOne id (no NPI), action `License Suspened ` as typed: matched by license number.',
      people: [byLicense],
    },
    {
      title: 'WA HCA termination list: namesake with another NPI',
      note: 'A WA HCA row with the same name carries another NPI and another credential number: a different person, no match.',
      people: [namesake],
    },
  ];
  return { csv, rows: rows.length, notables };
}
