/**
 * The California Medi-Cal Suspended and Ineligible Provider List (`ca-medi-cal/suspall.csv`, served
 * byte for byte), about 23,120 rows, in its real layout: a UTF-8 BOM, LF line ends, RFC 4180 quoting,
 * 11 fields per row with an empty last header, the 4th header with a line break inside its quotes,
 * `N/A` for nothing, `Indefinitely effective` in every Active Period.
 * - a provider of another state with an NPI (no California license in the sample), listed with a
 *   Medi-Cal provider number and the NPI in one cell and on two rows (two addresses, one AKA list):
 *   caught by the NPI a request supplies;
 * - a person with another state's provider's name and another NPI: a different person, no match;
 * - unrelated people and organisations (First Name `N/A`, several NPIs in Provider Number), license
 *   cells with several numbers or spaces inside (` C 40851`, `A12345; G70081`).
 */
import { mmddyyyy, TODAY } from './dates.ts';
import { unrelatedRows } from './leie-file.ts';
import { csvLine, type ListDraw, startListDraw } from './medicaid-list-people.ts';
import type { Person } from './model.ts';
import { randomAddress } from './places.ts';
import type { Rng } from './prng.ts';
import type { Notable } from './scenarios.ts';

export const caMediCalSampleFile = 'ca-medi-cal/suspall.csv';
export const caMediCalRowCount = 23120;

/** The header DHCS writes (June 2026): the 4th with a line break inside, the 11th empty (every line ends with a comma). */
const columns = [
  'Last Name',
  'First Name',
  'Middle Name',
  'A/K/A-Also Known As\nD/B/A-Doing Business as',
  'Address(es)',
  'Provider Type',
  'License Number',
  'Provider Number',
  'Date of Suspension',
  'Active Period',
  '',
] as const;

type Column = (typeof columns)[number];
type Row = Partial<Record<Column, string>>;
const akaColumn = columns[3];

const providerTypes: readonly (readonly [string, number])[] = [
  ['Registered Nurse', 6327],
  ['Physician', 3299],
  ['Licensed Vocational Nurse', 1573],
  ['Certified Nurse Assistant', 1072],
  ['Chiropractor', 937],
  ['In-Home Supportive Services', 897],
  ['Pharmacist', 500],
  ['Physician; Surgeon', 80],
];
const entityTypes = ['Entity/Corporation', 'Pharmacy', 'Durable Medical Equipment', 'Clinic'];

/** `M/D/YYYY`, zero-padded or not (the file has both). */
const suspensionDate = (rng: Rng, day: number): string => (rng.chance(0.5) ? mmddyyyy(day) : mmddyyyy(day).replace(/^0/, '').replace(/\/0/, '/'));

function address(rng: Rng): string {
  const a = randomAddress(rng, 'CA');
  return `${a.line1}, ${a.city}, CA, ${a.zip}`;
}

const mediCalNumber = (rng: Rng): string => (rng.chance(0.5) ? `00A${rng.digits(6)}` : `${rng.pick(['PHA', 'GRP', 'ZZA'])}${rng.digits(6)}`);

function licenseCell(rng: Rng): string {
  const one = () => `${rng.pick(['A', 'C', 'G'])}${rng.digits(5)}`;
  const shape = rng.float();
  if (shape < 0.25) return 'N/A';
  if (shape < 0.3) return ` ${one().slice(0, 1)} ${one().slice(1)}`;
  if (shape < 0.35) return `${one()}; ${one()}`;
  if (shape < 0.38) return `${one()}, ${String(rng.int(100000, 999999))}`;
  return rng.chance(0.5) ? one() : String(rng.int(100000, 999999));
}

export interface CaMediCalFile {
  readonly csv: string;
  readonly rows: number;
  readonly notables: Notable[];
}

export function caMediCalFile(draw: ListDraw): CaMediCalFile {
  const { rng, names, avoidNames } = draw;
  const { pick, npis } = startListDraw(draw);
  const byNpi = pick.take('npi', 'WA', (p) => p.nppes !== null);
  const namesake = pick.take('namesake', 'CO', (p) => p.nppes !== null);
  const r = (label: string) => rng.fork(label);
  const person = (p: Person, values: Row): Row => ({
    'Last Name': p.name.last,
    'First Name': p.name.first,
    'Middle Name': p.name.middle || 'N/A',
    [akaColumn]: 'N/A',
    'Provider Type': 'Physician',
    'License Number': 'N/A',
    'Active Period': 'Indefinitely effective',
    ...values,
  });
  const suspended = TODAY - 700;
  const npiProviderNumber = `${mediCalNumber(r('npi:number'))}, ${byNpi.nppes!.npi}`;
  const rows: Row[] = [
    person(byNpi, {
      'Address(es)': address(r('npi:address:1')),
      'License Number': ' C 40851',
      'Provider Number': npiProviderNumber,
      'Date of Suspension': mmddyyyy(suspended),
    }),
    // The same person again: another address and an AKA list, the same suspension and identifiers.
    person(byNpi, {
      [akaColumn]: `${byNpi.name.first} ${byNpi.name.last}-${names.surname(r('npi:aka'))}`,
      'Address(es)': address(r('npi:address:2')),
      'License Number': 'C40851',
      'Provider Number': npiProviderNumber,
      'Date of Suspension': mmddyyyy(suspended).replace(/^0/, ''),
    }),
    person(namesake, {
      'Address(es)': address(r('namesake:address')),
      'Provider Number': npis.next(),
      'Date of Suspension': mmddyyyy(TODAY - 300),
    }),
  ];
  unrelatedRows(r('unrelated'), names, npis, caMediCalRowCount - rows.length, avoidNames).forEach((u, i) => {
    const rr = r(`row:${i}`);
    const firm = u.busName !== '';
    const ids = firm
      ? [mediCalNumber(rr), ...Array.from({ length: rr.int(0, 3) }, () => npis.next())]
      : [rr.chance(0.7) ? mediCalNumber(rr) : '', u.npi ?? (rr.chance(0.2) ? npis.next() : '')].filter(Boolean);
    rows.push({
      'Last Name': firm ? u.busName : u.lastName,
      'First Name': firm ? 'N/A' : u.firstName,
      'Middle Name': firm ? 'N/A' : u.midName || 'N/A',
      [akaColumn]: rr.chance(0.06)
        ? `${names.surname(rr)} ${firm ? 'MEDICAL SUPPLY' : u.firstName}\n${names.surname(rr)} ${firm ? 'HEALTH' : u.firstName}`
        : 'N/A',
      'Address(es)': address(rr),
      'Provider Type': firm ? rr.pick(entityTypes) : rr.weighted(providerTypes),
      'License Number': firm ? 'N/A' : licenseCell(rr),
      'Provider Number': ids.length > 0 ? ids.join(', ') : 'N/A',
      'Date of Suspension': suspensionDate(rr, u.excluded),
      'Active Period': 'Indefinitely effective',
    });
  });
  const key = (row: Row) => `${row['Last Name'] ?? ''}|${row['First Name'] ?? ''}`;
  const order = rows.map((row, i) => [row, i] as const).sort((a, b) => (key(a[0]) < key(b[0]) ? -1 : key(a[0]) > key(b[0]) ? 1 : a[1] - b[1]));
  const csv = `\uFEFF${csvLine(columns)}${order.map(([row]) => csvLine(columns.map((c) => row[c] ?? ''))).join('')}`;

  const notables: Notable[] = [
    {
      title: 'California Medi-Cal suspension caught by the NPI supplied',
      note: 'A WA provider (no CA license in the sample) on the Medi-Cal Suspended and Ineligible list on two rows (two addresses, an AKA), the NPI in Provider Number beside a Medi-Cal number: a verification in WA that supplies the NPI matches by NPI, once.',
      people: [byNpi],
    },
    {
      title: 'California Medi-Cal namesake with a different NPI',
      note: 'A Medi-Cal row with the name of a CO provider carries another (valid) NPI: a different person.',
      people: [namesake],
    },
  ];
  return { csv, rows: rows.length, notables };
}
