/**
 * The Texas HHSC OIG exclusions list (`tx-hhsc/exclusions.csv`: the rows as text, header first; the
 * simulator serves them as the BIFF8 `.xls` its page posts back for, tx-hhsc-portal.ts), about 13,344 rows:
 * - a TX provider listed by name only (a full middle name in MidInitial): a name-only match;
 * - a TX provider listed with the NPI (Occupation a numeric provider-type code): a match by NPI;
 * - a TX physician listed with the Texas Medical Board number the board holds: a match by license;
 * - a person with a TX provider's name and another NPI: a different person, no match;
 * - a TX provider reinstated before the reference date (still on the file): no match;
 * - unrelated people and firms avoiding the sample's names, in the file's shapes: `CompanyName` a single
 *   space for people, `n/a` cells, license numbers `999999`, `A9999`, `A-9999` or blank, an NPI on 4%,
 *   start dates with a time of day, reinstatement dates `M/D/YYYY`, reapply dates `YYYY-MM-DD 00:00:00`.
 * Dates in StartDate and AddDate are written `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (date cells when served).
 */
import { isoDate, mmddyyyy, TODAY } from './dates.ts';
import { unrelatedRows } from './leie-file.ts';
import { csvLine, type ListDraw, ListPeople, startListDraw } from './medicaid-list-people.ts';
import type { Person } from './model.ts';
import type { Rng } from './prng.ts';
import type { Notable } from './scenarios.ts';

export const txHhscSampleFile = 'tx-hhsc/exclusions.csv';
export const txHhscRowCount = 13344;

/** The header HHSC OIG writes on row 1 of `EXCEL_Destination` (the 2026-06-15 file). */
const columns = [
  'CompanyName',
  'LastName',
  'FirstName',
  'MidInitial',
  'Occupation',
  'LicenseNumber',
  'NPI',
  'StartDate',
  'AddDate',
  'ReinstatedDate',
  'EligibleToReapplyDate',
  'Waiver',
  'WebComments',
] as const;

type Column = (typeof columns)[number];
type Row = Partial<Record<Column, string>>;

const occupations: readonly (readonly [string, number])[] = [
  ['RN', 3387],
  ['LVN', 2852],
  ['Registered Nurse', 582],
  ['MD', 509],
  ['Licensed Vocational Nurse', 326],
  ['Attendant', 900],
  ['CNA', 700],
  ['20', 120],
  ['104', 80],
  ['31', 60],
  ['n/a', 200],
];
const comments: readonly (readonly [string, number])[] = [
  ['Federal mandated exclusion', 2064],
  ['License or Certification revoked, suspended or otherwise terminated', 1244],
  ['License or Certification revoked, suspended,  Voluntary Surrender or otherwise terminated', 600],
  ['Conviction', 500],
  ['Board action', 300],
  ['MEDICARE EXCLUSION', 200],
  ['Lic Vol Surr in Lieu of Discp Action', 150],
  ['Fraud, waste or abuse', 300],
];

/** `YYYY-MM-DD`, with a time of day on some rows (the file's date cells carry one now and then). */
function cellDate(rng: Rng, day: number): string {
  return rng.chance(0.2) ? `${isoDate(day)}T${String(rng.int(8, 17)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}` : isoDate(day);
}

const unpadded = (day: number): string => mmddyyyy(day).replace(/^0/, '').replace(/\/0/, '/');

function occupationOf(p: Person): string {
  if (p.profession === 'physician') return 'MD';
  if (p.profession === 'practical_nurse') return 'LVN';
  return p.profession === 'registered_nurse' ? 'Registered Nurse' : (p.profession ?? '').replaceAll('_', ' ');
}

function sampleRow(rng: Rng, p: Person, values: Row): Row {
  const start = TODAY - rng.int(60, 2000);
  return {
    CompanyName: ' ',
    LastName: p.name.last,
    FirstName: p.name.first,
    MidInitial: p.name.middle.slice(0, 1),
    Occupation: occupationOf(p),
    StartDate: cellDate(rng, start),
    AddDate: isoDate(start + rng.int(0, 30)),
    Waiver: 'No',
    WebComments: 'License or Certification revoked, suspended or otherwise terminated',
    ...values,
  };
}

export interface TxHhscFile {
  readonly csv: string;
  readonly rows: number;
  readonly notables: Notable[];
}

export function txHhscFile(draw: ListDraw): TxHhscFile {
  const { rng, names, avoidNames } = draw;
  const { pick, npis } = startListDraw(draw);
  const nameOnly = pick.take('name-only', 'TX', (p) => p.name.middle.length > 1);
  const byNpi = pick.take('npi', 'TX', (p) => p.nppes !== null);
  const byLicense = pick.take('license', 'TX', (p) => p.profession === 'physician');
  const namesake = pick.take('namesake', 'TX', (p) => p.nppes !== null);
  const reinstated = pick.take('reinstated', 'TX');
  const r = (label: string) => rng.fork(label);

  const rows: Row[] = [
    sampleRow(r('name-only'), nameOnly, { MidInitial: nameOnly.name.middle, WebComments: 'Conviction' }),
    sampleRow(r('npi'), byNpi, { NPI: byNpi.nppes!.npi, Occupation: '20', WebComments: 'Federal mandated exclusion' }),
    sampleRow(r('license'), byLicense, { LicenseNumber: ListPeople.license(byLicense, 'TX')!.number, WebComments: 'Board action' }),
    sampleRow(r('namesake'), namesake, { NPI: npis.next(), WebComments: 'MEDICARE EXCLUSION' }),
    sampleRow(r('reinstated'), reinstated, {
      LicenseNumber: ListPeople.license(reinstated, 'TX')!.number,
      ReinstatedDate: unpadded(TODAY - 90),
      EligibleToReapplyDate: `${isoDate(TODAY - 120)} 00:00:00`,
      WebComments: `Reinstated ${unpadded(TODAY - 90)}`,
    }),
  ];
  unrelatedRows(r('unrelated'), names, npis, txHhscRowCount - rows.length, avoidNames).forEach((u, i) => {
    const rr = r(`row:${i}`);
    const firm = u.busName !== '';
    const start = u.excluded;
    const reinstatedRow = !firm && rr.chance(0.11);
    const shape = rr.float();
    const license = firm
      ? rr.chance(0.5)
        ? rr.digits(5)
        : ''
      : shape < 0.52
        ? String(rr.int(100000, 999999))
        : shape < 0.6
          ? `${rr.pick(['G', 'H', 'J', 'K', 'L', 'M', 'N', 'P'])}${rr.digits(4)}`
          : shape < 0.63
            ? `${rr.pick(['G', 'H', 'J', 'K'])}-${rr.digits(4)}`
            : shape < 0.7
              ? rr.digits(5)
              : '';
    rows.push({
      CompanyName: firm ? u.busName : rr.chance(0.9) ? ' ' : '',
      LastName: firm ? '' : u.lastName,
      FirstName: firm ? '' : u.firstName,
      MidInitial: firm ? '' : u.midName || (rr.chance(0.02) ? 'n/a' : ''),
      Occupation: firm ? rr.pick(['Pharmacy', 'Home Health Agency', 'DME Supplier', '100', '30']) : rr.weighted(occupations),
      LicenseNumber: license,
      NPI: rr.chance(0.04) ? (u.npi ?? npis.next()) : '',
      StartDate: cellDate(rr, start),
      AddDate: isoDate(Math.min(TODAY - 1, start + rr.int(0, 60))),
      ReinstatedDate: reinstatedRow ? unpadded(Math.min(TODAY - 1, start + rr.int(365, 3000))) : '',
      EligibleToReapplyDate: reinstatedRow || rr.chance(0.1) ? `${isoDate(start + 365 * rr.int(1, 5))} 00:00:00` : '',
      Waiver: 'No',
      WebComments: reinstatedRow ? rr.pick(['Reinstated', 'REINSTATED']) : rr.weighted(comments),
    });
  });
  const key = (row: Row) => `${row.LastName ?? ''}|${row.FirstName ?? ''}|${row.CompanyName ?? ''}`;
  rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const csv = csvLine(columns) + rows.map((row) => csvLine(columns.map((c) => row[c] ?? ''))).join('');

  const notables: Notable[] = [
    {
      title: 'Texas HHSC OIG exclusion by name only',
      note: 'On the TX HHSC OIG list (Conviction) with a full middle name in MidInitial, no license and no NPI: a name-only match.',
      people: [nameOnly],
    },
    {
      title: 'Texas HHSC OIG exclusion by NPI',
      note: 'On the TX HHSC OIG list (Federal mandated exclusion) with the NPI; Occupation is the numeric code 20.',
      people: [byNpi],
    },
    {
      title: 'Texas HHSC OIG exclusion by license number',
      note: 'On the TX HHSC OIG list (Board action) with the Texas Medical Board number the board holds, no NPI.',
      people: [byLicense],
    },
    {
      title: 'Texas HHSC OIG namesake with a different NPI',
      note: 'A TX HHSC OIG row with the same name carries another (valid) NPI: a different person.',
      people: [namesake],
    },
    {
      title: 'Texas HHSC OIG exclusion reinstated',
      note: 'Still on the TX HHSC OIG list with the board license, but reinstated 90 days before the reference date: no match.',
      people: [reinstated],
    },
  ];
  return { csv, rows: rows.length, notables };
}
