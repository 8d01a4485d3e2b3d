/**
 * The Colorado HCPF terminated provider list (`lists/co-hcpf.csv`, sheet `Termination List`, about 318
 * rows in termination-date order) and its `Reinstated Providers` sheet (`lists/co-hcpf-reinstated.csv`);
 * the simulator builds the XLSX.
 *
 * Sample CO providers: one terminated by name only (`N/A` for the NPI), one by NPI (their NPI and a
 * Colorado Medicaid id `9000…` in one cell, joined by ` & `), a namesake of another with a different
 * NPI (no match), and one reinstated (on the reinstated sheet only: no match). The list publishes no
 * license number, so no row matches on one. Unrelated rows fill the rest: people `LAST[ CRED], FIRST M`
 * (the credential inside the surname part), businesses (`… LLC`, `… INC`, some with a DBA name), NPIs
 * as text (`N/A`, several joined by `; `, ` & `, `, `), the citations HCPF writes (`10 CCR …`,
 * `10 C.C.R. …`, `42 CFR 455.416(c) `).
 */
import { isoDate, TODAY } from './dates.ts';
import { unrelatedRows } from './leie-file.ts';
import { credentialOf, csvLine, type ListDraw, startListDraw } from './medicaid-list-people.ts';
import type { Person } from './model.ts';
import type { Rng } from './prng.ts';
import type { Notable } from './scenarios.ts';

export const coHcpfSampleFile = 'lists/co-hcpf.csv';
export const coHcpfReinstatedSampleFile = 'lists/co-hcpf-reinstated.csv';
export const coHcpfRowCount = 318;

/** The header HCPF writes on row 1 of `Termination List` (the June 2026 workbook). */
const columns = ['Provider Name', '"Doing Business As" Name', 'NPI', 'Termination Authority', 'Termination Effective Date'] as const;

const citations: readonly (readonly [string, number])[] = [
  ['10 CCR 2505-10, Section 8.076.1.7.e', 88],
  ['10 C.C.R. 2505-10, Section 8.076.1.7.e', 86],
  ['10 C.C.R. 2505-10, Section 8.076.1.7.f', 36],
  ['10 CCR 2505-10, Section 8.076.1.7.f', 22],
  ['10 CCR 2505-10, Section 8.076.5.A', 13],
  ['10 C.C.R. 2505-10, Section 8.076.1.7.h', 13],
  ['10 CCR 2505-10, Section 8.076.1.7.j', 9],
  ['10 CCR 2505-10, Section 8.076.1.7.h', 9],
  ['10 C.C.R. 2505-10, Section 8.076.1.7.b', 5],
  ['42 CFR 455.416(c) ', 3],
  ['10 CCR 2505-10, Section 8.076.1.7.c, e, f', 3],
  ['10 C.C.R. 2505-10, Sections 8.076.1.7.b, 8.076.1.7.c, 8.076.1.7.i', 1],
];

const personCredentials: readonly (readonly [string, number])[] = [
  ['', 50],
  ['MD', 30],
  ['DO', 5],
  ['DDS', 3],
  ['RN', 2],
  ['LPC', 2],
  ['PHD', 2],
  ['CRNA', 1],
];

const businesses = [
  '{SURNAME} HOME HEALTH CARE INC',
  '{SURNAME} MEDICAL SUPPLY LLC',
  'FRONT RANGE {SURNAME} THERAPY, LLC',
  '{SURNAME} TRANSPORTATION LLC',
  '{SURNAME} FAMILY DENTAL PC',
  'ROCKY MOUNTAIN {SURNAME} SERVICES INC',
];

type Row = readonly [name: string, dba: string, npi: string, authority: string, date: string];

/** HCPF's name form: `LAST[ CRED], FIRST M`. */
const hcpfName = (first: string, middle: string, last: string, credential: string) =>
  `${last}${credential ? ` ${credential}` : ''}, ${first}${middle ? ` ${middle.slice(0, 1)}` : ''}`;

const sampleName = (p: Person) => hcpfName(p.name.first, p.name.middle, p.name.last, credentialOf(p, 'CO'));

/** A Colorado Medicaid provider id: ten digits starting 9000, never an NPI. */
const medicaidId = (rng: Rng) => `9000${rng.digits(6)}`;

export interface CoHcpfFiles {
  readonly csv: string;
  readonly reinstatedCsv: string;
  readonly rows: number;
  readonly reinstatedRows: number;
  readonly notables: Notable[];
}

export function coHcpfFiles(draw: ListDraw): CoHcpfFiles {
  const { rng, names, avoidNames } = draw;
  const r = (label: string) => rng.fork(label);
  const { pick, npis } = startListDraw(draw);
  const nameOnly = pick.take('co-hcpf-name-only', 'CO');
  const byNpi = pick.take('co-hcpf-npi', 'CO', (p) => p.nppes !== null);
  const namesake = pick.take('co-hcpf-namesake', 'CO', (p) => p.nppes !== null);
  const reinstated = pick.take('co-hcpf-reinstated', 'CO', (p) => p.nppes !== null);
  // Unrelated people's names (no sample person's), as the LEIE's unrelated rows draw them.
  const others = unrelatedRows(r('unrelated'), names, npis, 2 * coHcpfRowCount, avoidNames).filter((u) => u.lastName !== '');
  const other = (i: number) => ({ first: others[i]!.firstName, middle: others[i]!.midName, last: others[i]!.lastName });

  const sample: Row[] = [
    [sampleName(nameOnly), ' ', 'N/A', '10 C.C.R. 2505-10, Section 8.076.1.7.f', isoDate(TODAY - 640)],
    [sampleName(byNpi), '', `${byNpi.nppes!.npi} & ${medicaidId(r('m1'))}`, '10 CCR 2505-10, Section 8.076.1.7.e', isoDate(TODAY - 150)],
    [sampleName(namesake), ' ', npis.next(), '42 CFR 455.416(c) ', isoDate(TODAY - 900)],
  ];

  const unrelated: Row[] = [];
  for (let i = 0; sample.length + unrelated.length < coHcpfRowCount; i++) {
    const rr = r(`row:${i}`);
    const authority = rr.weighted(citations);
    const date = isoDate(rr.int(TODAY - 15 * 365, TODAY - 20));
    const ids = rr.float();
    const npi =
      ids < 0.07
        ? 'N/A'
        : ids < 0.9
          ? npis.next()
          : ids < 0.93
            ? `${npis.next()} `
            : ids < 0.96
              ? `${npis.next()} & ${npis.next()}`
              : ids < 0.98
                ? `${npis.next()}; ${npis.next()}`
                : `${npis.next()}, ${medicaidId(rr)}`;
    if (rr.chance(0.37)) {
      const surname = names.surname(rr);
      const name = rr.pick(businesses).replace('{SURNAME}', surname);
      unrelated.push([name, rr.chance(0.15) ? `${surname} CARE` : rr.chance(0.3) ? ' ' : '', npi, authority, date]);
      continue;
    }
    const person = other(i);
    unrelated.push([hcpfName(person.first, person.middle, person.last, rr.weighted(personCredentials)), rr.chance(0.2) ? ' ' : '', npi, authority, date]);
  }
  const rows = [...sample, ...unrelated].sort((a, b) => (a[4] < b[4] ? -1 : a[4] > b[4] ? 1 : a[0] < b[0] ? -1 : 1));

  const reinstatedRows: (readonly string[])[] = [
    [sampleName(reinstated), ' ', reinstated.nppes!.npi, '10 CCR 2505-10, Section 8.076.1.7.e', isoDate(TODAY - 1500), isoDate(TODAY - 700)],
  ];
  for (let i = 0; i < 11; i++) {
    const rr = r(`reinstated:${i}`);
    const person = other(others.length - 1 - i);
    const terminated = rr.int(TODAY - 12 * 365, TODAY - 400);
    reinstatedRows.push([
      hcpfName(person.first, person.middle, person.last, rr.weighted(personCredentials)),
      '',
      npis.next(),
      rr.weighted(citations),
      isoDate(terminated),
      isoDate(rr.int(terminated + 60, TODAY - 30)),
    ]);
  }

  const notables: Notable[] = [
    {
      title: 'CO HCPF termination list: name only',
      note: 'On the Colorado HCPF terminated provider list as `LAST[ CRED], FIRST M` with `N/A` for the NPI: matched by name only.',
      people: [nameOnly],
    },
    {
      title: 'CO HCPF termination list: by NPI',
      note: 'On the CO HCPF list with their NPI and a Colorado Medicaid id (`9000…`, not an NPI) in one cell: matched by NPI.',
      people: [byNpi],
    },
    {
      title: 'CO HCPF termination list: namesake with another NPI',
      note: 'A CO HCPF termination row with the same name carries another NPI: a different person, no match.',
      people: [namesake],
    },
    {
      title: 'CO HCPF reinstated provider',
      note: 'On the `Reinstated Providers` sheet only (terminated, then reinstated): not on the termination list, no match.',
      people: [reinstated],
    },
  ];
  return {
    csv: [columns, ...rows].map(csvLine).join(''),
    reinstatedCsv: [[...columns, 'Reinstatement Effective Date'], ...reinstatedRows].map(csvLine).join(''),
    rows: rows.length,
    reinstatedRows: reinstatedRows.length,
    notables,
  };
}
