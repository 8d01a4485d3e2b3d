/**
 * Kansas State Board of Healing Arts licensees, for the simulator's rendering of the board's Licensee &
 * Registrant Profile Search (local/simulator/ks-bha-search.ts serves its results page and profiles from
 * `lookups/ks_bha/licensees.json`). One record per license, in what the board's pages show: the results
 * row (name `LAST, FIRST M`, the profession wording in capitals cut at 30 characters, the number
 * `NN-NNNNN`, the city, the Status CURRENT, PREVIOUS or DENIED) and the profile (the profession in title
 * case, year of birth, License Type and License Status, the expiration or, for physician assistants and
 * chiropractors, cancellation date, the original license date, the board's actions). What the real pages
 * never showed is chosen and said so: the profile words of a PREVIOUS or DENIED license ("Cancelled",
 * "Denied"), an "Exempt" License Type, and how an action reads under KSBHA Actions.
 *
 * Scenario people (listed in the sample README) come first, then people drawn from the name tables.
 * Everything comes from the given stream: the same seed gives the same records.
 */
import { addYears, endOfMonth, mmddyyyy, TODAY } from './dates.ts';
import type { NameTables } from './name-tables.ts';
import type { Rng } from './prng.ts';

export const ksLicenseesFile = 'lookups/ks_bha/licensees.json';

export interface KsLicensee {
  /** The profile's id in its link (`details.html?id=`). */
  readonly id: number;
  readonly last: string;
  readonly first: string;
  readonly middle: string;
  /** The results page's Profession, as written there. */
  readonly profession: string;
  /** The profile's Profession. */
  readonly profileProfession: string;
  readonly number: string;
  readonly city: string;
  readonly status: 'CURRENT' | 'PREVIOUS' | 'DENIED';
  readonly birthYear: number;
  readonly licenseType: string;
  readonly licenseStatus: string;
  /** Physician assistants and chiropractors lapse on a cancellation date; the others on an expiration date. */
  readonly lapses: 'expiration' | 'cancellation';
  readonly lapseDate: string;
  readonly originalDate: string;
  /** What KSBHA Actions lists (empty: None Reported). */
  readonly actions: readonly string[];
}

export interface KsNotable {
  readonly state: 'KS';
  readonly name: string;
  readonly what: string;
}

/** The board's professions: results wording, profile wording, the number's two-digit code, how it lapses. */
const professions = {
  md: ['MEDICAL DOCTOR (MD)', 'Medical Doctor (MD)', '04', 'expiration'],
  do: ['DOCTOR OF OSTEOPATHY (DO)', 'Doctor of Osteopathy (DO)', '05', 'expiration'],
  pa: ['PHYSICIAN ASSISTANT (PA)', 'Physician Assistant (PA)', '15', 'cancellation'],
  dc: ['CHIROPRACTOR (DC)', 'Chiropractor (DC)', '01', 'cancellation'],
  pt: ['PHYSICAL THERAPIST (PT)', 'Physical Therapist (PT)', '11', 'expiration'],
  pta: ['PHYSICAL THERAPIST ASSISTANT (PTA)', 'Physical Therapist Assistant (PTA)', '14', 'expiration'],
  ot: ['OCCUPATIONAL THERAPIST (OT)', 'Occupational Therapist (OT)', '17', 'expiration'],
  ota: ['OCCUPATIONAL THERAPY ASSISTANT (OTA)', 'Occupational Therapy Assistant (OTA)', '18', 'expiration'],
  lrt: ['RADIOLOGIC TECHNOLOGIST (LRT)', 'Radiologic Technologist (LRT)', '22', 'expiration'],
  rt: ['RESPIRATORY THERAPIST (RT)', 'Respiratory Therapist (RT)', '12', 'expiration'],
  at: ['ATHLETIC TRAINER (AT)', 'Athletic Trainer (AT)', '24', 'expiration'],
} as const;

type ProfessionKey = keyof typeof professions;

const weights: readonly (readonly [ProfessionKey, number])[] = [
  ['pt', 18],
  ['ot', 12],
  ['pa', 11],
  ['md', 9],
  ['lrt', 8],
  ['pta', 7],
  ['rt', 7],
  ['dc', 6],
  ['do', 4],
  ['at', 3],
  ['ota', 2],
];

const cities = ['WICHITA, KS', 'TOPEKA, KS', 'OVERLAND PARK, KS', 'LAWRENCE, KS', 'MANHATTAN, KS', 'SALINA, KS', 'KANSAS CITY, MO', 'JOPLIN, MO'];

interface Draft {
  readonly last: string;
  readonly first: string;
  readonly middle: string;
  readonly profession: ProfessionKey;
  readonly serial: number;
  readonly city: string;
  readonly status: KsLicensee['status'];
  readonly birthYear: number;
  readonly licensedYearsAgo: number;
  readonly licenseType?: string;
  readonly licenseStatus?: string;
  readonly actions?: readonly string[];
}

function licensee(draft: Draft, id: number): KsLicensee {
  const [profession, profileProfession, code, lapses] = professions[draft.profession];
  const current = draft.status === 'CURRENT';
  const lapse = endOfMonth(addYears(TODAY, current ? 1 : -2));
  return {
    id,
    last: draft.last,
    first: draft.first,
    middle: draft.middle,
    profession,
    profileProfession,
    number: `${code}-${String(draft.serial).padStart(5, '0')}`,
    city: draft.city,
    status: draft.status,
    birthYear: draft.birthYear,
    licenseType: draft.licenseType ?? 'Active',
    licenseStatus: draft.licenseStatus ?? (current ? 'Current' : draft.status === 'DENIED' ? 'Denied' : 'Cancelled'),
    lapses,
    lapseDate: mmddyyyy(lapse),
    originalDate: mmddyyyy(addYears(TODAY, -draft.licensedYearsAgo)),
    actions: draft.actions ?? [],
  };
}

const scenarios: readonly (Draft & { readonly what: string })[] = [
  {
    last: 'ASHCROFT',
    first: 'EVANGELINE',
    middle: 'M',
    profession: 'md',
    serial: 41877,
    city: 'WICHITA, KS',
    status: 'CURRENT',
    birthYear: 1979,
    licensedYearsAgo: 14,
    what: 'active physician (MEDICAL DOCTOR (MD) 04-41877, CURRENT; profile License Type Active, License Status Current), born 1979',
  },
  {
    last: 'VANDERMOLEN',
    first: 'CORNELIUS',
    middle: 'J',
    profession: 'pt',
    serial: 4822,
    city: 'TOPEKA, KS',
    status: 'PREVIOUS',
    birthYear: 1961,
    licensedYearsAgo: 30,
    what: 'a previous license (PHYSICAL THERAPIST (PT) 11-04822, PREVIOUS; profile License Status Cancelled): inactive',
  },
  {
    last: 'PELLINGHAM',
    first: 'ROSALIND',
    middle: 'K',
    profession: 'pa',
    serial: 2219,
    city: 'LAWRENCE, KS',
    status: 'CURRENT',
    birthYear: 1986,
    licensedYearsAgo: 9,
    actions: ['Public Censure and Fine, Summary Order 25-HA00112, effective 03/14/2025'],
    what: 'active physician assistant (15-02219) with an action under KSBHA Actions: discipline',
  },
  {
    last: 'KILBRIDE',
    first: 'MARGARET',
    middle: 'A',
    profession: 'ot',
    serial: 5531,
    city: 'OVERLAND PARK, KS',
    status: 'CURRENT',
    birthYear: 1990,
    licensedYearsAgo: 7,
    what: 'active occupational therapist (17-05531); "Margarita Kilbride" is a look-alike that must not match',
  },
  {
    last: 'DRAYCOTT',
    first: 'OSWALD',
    middle: 'P',
    profession: 'dc',
    serial: 7733,
    city: 'SALINA, KS',
    status: 'CURRENT',
    birthYear: 1968,
    licensedYearsAgo: 25,
    licenseType: 'Exempt',
    what: 'a CURRENT chiropractor (01-07733) whose profile says License Type Exempt, a spelling never seen: the board answers unavailable, naming it',
  },
  {
    last: 'QUENNEVILLE',
    first: 'DENISE',
    middle: '',
    profession: 'rt',
    serial: 3390,
    city: 'KANSAS CITY, MO',
    status: 'DENIED',
    birthYear: 1993,
    licensedYearsAgo: 1,
    what: 'a DENIED application (RESPIRATORY THERAPIST (RT) 12-03390): inactive',
  },
];

/** Licensee records (scenario people first, then `drawn` people from the name tables) and the notables to list. */
export function ksLicensees(rng: Rng, names: NameTables, drawn: number): { licensees: KsLicensee[]; notables: KsNotable[] } {
  const licensees: KsLicensee[] = [];
  let id = 720_400_000;
  for (const scenario of scenarios) licensees.push(licensee(scenario, ++id));
  const taken = new Set(scenarios.map((s) => s.last));
  const serials = new Set(scenarios.map((s) => `${s.profession}:${s.serial}`));
  while (licensees.length < scenarios.length + drawn) {
    const last = names.surname(rng);
    if (taken.has(last)) continue;
    const sex = rng.chance(0.6) ? 'F' : 'M';
    const profession = rng.weighted(weights);
    const serial = rng.int(100, 9999);
    if (serials.has(`${profession}:${serial}`)) continue;
    serials.add(`${profession}:${serial}`);
    const status = rng.weighted<KsLicensee['status']>([
      ['CURRENT', 60],
      ['PREVIOUS', 39],
      ['DENIED', 1],
    ]);
    licensees.push(
      licensee(
        {
          last,
          first: names.givenName(rng, sex),
          middle: rng.chance(0.8) ? String.fromCharCode(65 + rng.int(0, 25)) : '',
          profession,
          serial,
          city: rng.pick(cities),
          status,
          birthYear: rng.int(1950, 2000),
          licensedYearsAgo: rng.int(1, 30),
        },
        ++id,
      ),
    );
  }
  // A surname the search finds more licensees of than its first page shows (25 a page): 39 drawn people
  // and one scenario person whose name sorts onto the second page, from a stream of their own.
  const common = rng.fork('ks:common-surname');
  const commonSurname = 'BRANNIGAN';
  for (let i = 0; i < 39; i++) {
    const sex = common.chance(0.6) ? 'F' : 'M';
    let first = names.givenName(common, sex);
    while (first >= 'ZELDA') first = names.givenName(common, sex);
    licensees.push(
      licensee(
        {
          last: commonSurname,
          first,
          middle: common.chance(0.8) ? String.fromCharCode(65 + common.int(0, 25)) : '',
          profession: common.weighted(weights),
          serial: 20_000 + i,
          city: common.pick(cities),
          status: common.chance(0.6) ? 'CURRENT' : 'PREVIOUS',
          birthYear: common.int(1950, 2000),
          licensedYearsAgo: common.int(1, 30),
        },
        ++id,
      ),
    );
  }
  const paged = {
    last: commonSurname,
    first: 'ZELDA',
    middle: 'R',
    profession: 'md' as const,
    serial: 20_100,
    city: 'MANHATTAN, KS',
    status: 'CURRENT' as const,
    birthYear: 1984,
    licensedYearsAgo: 11,
    what: `active physician (04-20100) on the second results page of a surname with 40 licensees (${commonSurname}): read through the board's further pages`,
  };
  licensees.push(licensee(paged, ++id));
  const notables = [...scenarios, paged].map((s) => ({
    state: 'KS' as const,
    name: `${s.first.charAt(0)}${s.first.slice(1).toLowerCase()} ${s.last.charAt(0)}${s.last.slice(1).toLowerCase()}`,
    what: s.what,
  }));
  return { licensees, notables };
}
