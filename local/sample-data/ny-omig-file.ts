/**
 * The New York OMIG Medicaid exclusion list (`lists/ny-omig.csv`, sheet `Exclusions`; the simulator
 * builds the XLSX): the header on row 1, about 8,931 rows in name order, every cell text.
 *
 * There is no New York board in the sample, so a NY row shows against a provider verified in another
 * state with their NPI supplied (the list is screened by that NPI there): a sample provider is on it
 * with their NPI, and a namesake of another with a different NPI (no match). A provider whose NPPES
 * record lists a New York license, where one exists, is on it by name with that license in OMIG's
 * zero-padded form and no NPI (a match by name only, for a verification in NY; the row needs the NPI to
 * show elsewhere).
 *
 * Unrelated rows fill the rest, in the proportions of the real list: people `LAST FIRST M [SUFFIX]
 * [CRED]` (no comma on all but a few; spaces padding before the credential on some; `AKA/DBA` names),
 * businesses under their provider types, 8-digit zero-padded license numbers and other shapes, an NPI
 * on about a quarter of the rows, dates `MM/DD/YYYY`.
 */
import { mmddyyyy, TODAY } from './dates.ts';
import { unrelatedRows } from './leie-file.ts';
import { credentialOf, csvLine, type ListDraw, startListDraw } from './medicaid-list-people.ts';
import type { Person } from './model.ts';
import { launchStates } from './places.ts';
import type { Rng } from './prng.ts';
import type { Notable } from './scenarios.ts';

export const nyOmigSampleFile = 'lists/ny-omig.csv';
export const nyOmigRowCount = 8931;

/** The header OMIG writes on row 1 of `Exclusions` (already snake_case). */
const columns = ['provider_name', 'license_num', 'npi_num', 'provider_type', 'exclusion_effective_date'] as const;

/** Provider types of people, by how often the list has them: [type, credential written after the name, share with an NPI, share with a license]. */
const personTypes: readonly (readonly [readonly [string, string, number, number], number])[] = [
  [['Physician', 'MD', 0.55, 0.92], 2126],
  [['Registered Nurse', '', 0.05, 0.85], 900],
  [['Licensed Practical Nurse', 'LPN', 0.03, 0.85], 756],
  [['Other', '', 0.02, 0.05], 657],
  [['Certified Nurse Assistant', '', 0.01, 0.1], 313],
  [['Pharmacist', '', 0.2, 0.9], 276],
  [['Dentist', 'DDS', 0.4, 0.9], 230],
  [['Chiropractor', '', 0.3, 0.9], 140],
  [['Podiatrist', '', 0.4, 0.9], 131],
  [['Owner', '', 0.01, 0], 130],
  [['Home Health Aide', '', 0, 0], 124],
  [['Physician Assistant', 'RPA', 0.4, 0.9], 95],
  [['Massage Therapist', '', 0.05, 0.8], 85],
  [['Direct Support Professional', '', 0, 0], 81],
  [['Owner-Transportation Company', '', 0, 0], 70],
  [['Owner-Pharmacy', '', 0, 0], 69],
  [['Licensed Clinical Social Worker', '', 0.2, 0.9], 64],
  [['Psychologist', '', 0.3, 0.9], 60],
  [['Physical Therapist', '', 0.3, 0.9], 59],
  [['Personal Care Aide', '', 0, 0], 52],
  [['Employee', '', 0, 0], 34],
  [['Pharmacy Employee', '', 0, 0.1], 22],
  [['Nurse Practitioner-Family Health', '', 0.5, 0.9], 14],
];

/** Provider types of businesses, with the name patterns they go by and the share with an NPI. */
const businessTypes: readonly (readonly [readonly [string, readonly string[], number], number])[] = [
  [['Pharmacy', ['{SURNAME} PHARMACY INC', '{N} {SURNAME} AVE PHARMACY CORP', '{SURNAME} DRUGS         INC', '{SURNAME} CHEMISTS CORP'], 0.6], 322],
  [['Physician Practice', ['{SURNAME} MEDICAL PC', '{SURNAME} FAMILY MEDICINE, P.C.', 'DR {SURNAME} MEDICAL CARE PLLC'], 0.5], 236],
  [['Transportation Company', ['{SURNAME} TRANSPORTATION INC', '{SURNAME} AMBULETTE SERVICE INC', '{N} STAR MEDICAL TRANSPORT CORP'], 0.4], 142],
  [['Durable Medical Equipment Business', ['{SURNAME} MEDICAL SUPPLIES CORP', '{SURNAME} SURGICAL SUPPLY INC'], 0.7], 124],
  [['Business', ['{SURNAME} MANAGEMENT, INC.', '{SURNAME} BILLING SERVICES LLC', '{SURNAME} ENTERPRISES INC'], 0.1], 124],
  [['Medical Practice', ['{SURNAME} MEDICAL SERVICES PC'], 0.5], 54],
  [['Dental Practice', ['{SURNAME} DENTAL PC', '{SURNAME} DENTAL CARE, PLLC'], 0.5], 36],
  [['Physical Therapy Practice', ['{SURNAME} PHYSICAL THERAPY PC'], 0.5], 28],
  [['Laboratory', ['{SURNAME} LABORATORY LLC', '{SURNAME} DIAGNOSTIC LAB INC'], 0.6], 23],
  [['Home Health Care Business', ['{SURNAME} HOME CARE AGENCY INC'], 0.5], 22],
];

type Row = readonly [name: string, license: string, npi: string, type: string, date: string];

/** OMIG's name form: `LAST FIRST M [SUFFIX]`, and the credential after spaces that pad the name out on some rows. */
function omigName(rng: Rng, first: string, middle: string, last: string, credential: string, suffix = ''): string {
  const name = [last, first, middle.slice(0, rng.chance(0.7) ? 1 : undefined), suffix].filter(Boolean).join(' ');
  if (!credential) return name;
  return `${name}${rng.chance(0.4) ? ' '.repeat(Math.max(1, 24 - name.length)) : ' '}${credential}`;
}

/** NYSED's six digits (or fewer) zero-padded to eight, as OMIG writes them. */
const padded = (number: string) => number.padStart(8, '0');

const personType = (p: Person): string =>
  ({ physician: 'Physician', registered_nurse: 'Registered Nurse', practical_nurse: 'Licensed Practical Nurse', dentist: 'Dentist', pharmacist: 'Pharmacist' })[
    p.profession as string
  ] ?? 'Other';

export interface NyOmigFile {
  readonly csv: string;
  readonly rows: number;
  readonly notables: Notable[];
}

export function nyOmigFile(draw: ListDraw): NyOmigFile {
  const { rng, names, avoidNames } = draw;
  const r = (label: string) => rng.fork(label);
  const { pick, npis } = startListDraw(draw);
  // A physician of another state with an NPI (Texas where the population has one).
  const physicianWithNpi = (p: Person) => p.nppes !== null && p.profession === 'physician';
  let found = pick.tryTake('ny-omig-npi', 'TX', physicianWithNpi);
  for (const state of launchStates) found ??= pick.tryTake(`ny-omig-npi:${state}`, state, physicianWithNpi);
  const byNpi = found ?? pick.take('ny-omig-npi:any', 'TX', (p) => p.nppes !== null);
  const namesake = pick.take('ny-omig-namesake', 'IL', (p) => p.nppes !== null);
  const nyLicensed = (p: Person) => p.nppes?.elsewhere.find((e) => e.state === 'NY');
  let withNyLicense: Person | undefined;
  for (const state of launchStates) withNyLicense ??= pick.tryTake(`ny-omig-ny-license:${state}`, state, (p) => nyLicensed(p) !== undefined);
  // Unrelated people's names (no sample person's), as the LEIE's unrelated rows draw them.
  const others = unrelatedRows(r('unrelated'), names, npis, nyOmigRowCount, avoidNames).filter((u) => u.lastName !== '');

  const sample: Row[] = [
    [
      omigName(r('n1'), byNpi.name.first, byNpi.name.middle, byNpi.name.last, credentialOf(byNpi, 'NY')),
      padded(nyLicensed(byNpi)?.number ?? String(r('l1').int(100000, 299999))),
      byNpi.nppes!.npi,
      personType(byNpi),
      mmddyyyy(TODAY - 330),
    ],
    [
      omigName(r('n2'), namesake.name.first, namesake.name.middle, namesake.name.last, credentialOf(namesake, 'NY')),
      '',
      npis.next(),
      personType(namesake),
      mmddyyyy(TODAY - 2200),
    ],
  ];
  if (withNyLicense) {
    sample.push([
      omigName(r('n3'), withNyLicense.name.first, withNyLicense.name.middle, withNyLicense.name.last, credentialOf(withNyLicense, 'NY')),
      padded(nyLicensed(withNyLicense)!.number),
      '',
      personType(withNyLicense),
      mmddyyyy(TODAY - 800),
    ]);
  }

  const unrelated: Row[] = [];
  for (let i = 0; sample.length + unrelated.length < nyOmigRowCount; i++) {
    const rr = r(`row:${i}`);
    const date = mmddyyyy(TODAY - Math.floor(rr.float() ** 1.5 * 38 * 365) - 20);
    if (rr.chance(0.15)) {
      const [type, patterns, withNpi] = rr.weighted(businessTypes);
      const name = rr
        .pick(patterns)
        .replace('{SURNAME}', names.surname(rr))
        .replace('{N}', String(rr.int(1, 2400)));
      const license = type === 'Pharmacy' && rr.chance(0.8) ? `000${rr.digits(5)}` : '';
      unrelated.push([name, license, rr.chance(withNpi) ? npis.next() : '', type, date]);
      continue;
    }
    const [type, credential, withNpi, withLicense] = rr.weighted(personTypes);
    const u = others[i % others.length]!;
    const person = { first: u.firstName, middle: u.midName, last: u.lastName };
    const suffix = rr.chance(0.02) ? rr.pick(['JR', 'SR', 'III']) : '';
    // OMIG writes the LPN credential on a few rows only.
    const written = type === 'Licensed Practical Nurse' && !rr.chance(0.15) ? '' : credential;
    let name = omigName(rr, person.first, person.middle, person.last, written, suffix);
    if (rr.chance(0.003)) name = `${person.last}, ${person.first}${person.middle ? ` ${person.middle.slice(0, 1)}.` : ''}`;
    if (rr.chance(0.04)) name = `${name} ${rr.pick(['AKA/DBA', 'A/K/A'])} ${names.surname(rr)} ${person.first}`;
    const shape = rr.float();
    const license = !rr.chance(withLicense)
      ? ''
      : shape < 0.95
        ? padded(String(rr.int(100000, 299999)))
        : shape < 0.98
          ? `${rr.digits(12)}E`
          : `P${rr.digits(7)}`;
    unrelated.push([name, license, rr.chance(withNpi) ? npis.next() : '', type, date]);
  }
  const rows = [...sample, ...unrelated].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

  const notables: Notable[] = [
    {
      title: 'NY OMIG exclusion list: by NPI, for a provider verified in another state',
      note: 'On the New York OMIG Medicaid exclusion list as `LAST FIRST M   MD` with their NPI and an 8-digit NY license number: verified in their own state with the NPI supplied, the NY list matches by NPI; without the NPI it is not screened.',
      people: [byNpi],
    },
    {
      title: 'NY OMIG exclusion list: namesake with another NPI',
      note: 'A NY OMIG row with the same name carries another NPI: a different person, no match (the NY list is screened by the NPI supplied).',
      people: [namesake],
    },
    ...(withNyLicense
      ? [
          {
            title: 'NY OMIG exclusion list: a New York license in OMIG’s zero-padded form',
            note: 'NPPES lists a New York license for them; the NY OMIG row carries it zero-padded to 8 digits and no NPI: found by name only, for a verification in NY.',
            people: [withNyLicense],
          },
        ]
      : []),
  ];
  return { csv: [columns, ...rows].map(csvLine).join(''), rows: rows.length, notables };
}
