/**
 * Massachusetts Bureau of Health Professions Licensure licensees, for the simulator's answers to the
 * bureau's search API (local/simulator/ma-bhpl-search.ts serves `POST /api-public/search` from
 * `lookups/ma_bhpl/licenses.json`). One record per license: the license type it is filed under (the
 * board's identifier and the type's id, as a search body names them) and its row as the API's answer
 * carries it (`id, licenseNumber, licenseMetaName, firstName, middleInitial, lastName, suffix,
 * organizationName, mailingCity, computedAddress, computedStatus, issueDate, lastIssueRenewalDate,
 * expirationDate, revokedDate, suspendedStartDate, suspendedEndDate, surrenderedDate`; empty values
 * null). What was chosen rather than seen: the members' order, null for an empty value, the dates as
 * `yyyy-mm-ddT00:00:00.000` (the live page displays them mm/dd/yyyy; no raw answer was recorded), the
 * marriage and family therapist type's name, and a status never published ("Administrative Hold") for
 * the drift scenario.
 *
 * Scenario people (listed in the sample README) come first, then people drawn from the name tables.
 * Everything comes from the given stream: the same seed gives the same records.
 */
import { addYears, floatingTimestamp, TODAY } from './dates.ts';
import type { NameTables } from './name-tables.ts';
import type { Rng } from './prng.ts';

export const maLicensesFile = 'lookups/ma_bhpl/licenses.json';

const alliedMentalHealth = 'BOARD_OF_REGISTRATION_OF_ALLIED_MENTAL_HEALTH_AND_HUMAN_SERVICES_PROFESSIONS';

/** The two license types, as a search asks for them and a row names them. */
const types = {
  lmhc: { typeId: 35, name: 'Licensed Mental Health Counselor License', prefix: 'LMHC' },
  lmft: { typeId: 34, name: 'Licensed Marriage and Family Therapist License', prefix: 'LMFT' },
} as const;

type TypeKey = keyof typeof types;

export interface MaLicenseRow {
  readonly id: number;
  readonly licenseNumber: string;
  readonly licenseMetaName: string;
  readonly firstName: string;
  readonly middleInitial: string | null;
  readonly lastName: string;
  readonly suffix: string | null;
  readonly organizationName: string | null;
  readonly mailingCity: string | null;
  readonly computedAddress: string | null;
  readonly computedStatus: string;
  readonly issueDate: string | null;
  readonly lastIssueRenewalDate: string | null;
  readonly expirationDate: string | null;
  readonly revokedDate: string | null;
  readonly suspendedStartDate: string | null;
  readonly suspendedEndDate: string | null;
  readonly surrenderedDate: string | null;
}

export interface MaLicense {
  readonly licenseBoard: string;
  readonly licenseMetaId: number;
  readonly row: MaLicenseRow;
}

export interface MaNotable {
  readonly state: 'MA';
  readonly name: string;
  readonly what: string;
}

const cities = ['Boston, MA', 'Worcester, MA', 'Springfield, MA', 'Cambridge, MA', 'Lowell, MA', 'Somerville, MA', 'Pittsfield, MA', 'Providence, RI'];

interface Draft {
  readonly last: string;
  readonly first: string;
  readonly middle: string;
  readonly type: TypeKey;
  readonly serial: number;
  readonly city: string;
  readonly status: string;
  readonly licensedYearsAgo: number;
  readonly revokedYearsAgo?: number;
  readonly suspendedYearsAgo?: number;
}

const at = (years: number) => floatingTimestamp(addYears(TODAY, years));

function license(draft: Draft, id: number): MaLicense {
  const type = types[draft.type];
  const lapsed = /Expired|Revoked|Suspension|Surrendered|Deceased|Retired/.test(draft.status);
  return {
    licenseBoard: alliedMentalHealth,
    licenseMetaId: type.typeId,
    row: {
      id,
      licenseNumber: `${type.prefix}${draft.serial}`,
      licenseMetaName: type.name,
      firstName: draft.first,
      middleInitial: draft.middle || null,
      lastName: draft.last,
      suffix: null,
      organizationName: null,
      mailingCity: draft.city.split(',')[0]!,
      computedAddress: draft.city,
      computedStatus: draft.status,
      issueDate: at(-draft.licensedYearsAgo),
      lastIssueRenewalDate: at(lapsed ? -3 : -1),
      expirationDate: at(lapsed ? -1 : 1),
      revokedDate: draft.revokedYearsAgo === undefined ? null : at(-draft.revokedYearsAgo),
      suspendedStartDate: draft.suspendedYearsAgo === undefined ? null : at(-draft.suspendedYearsAgo),
      suspendedEndDate: null,
      surrenderedDate: null,
    },
  };
}

const scenarios: readonly (Draft & { readonly what: string })[] = [
  {
    last: 'Marchbanks',
    first: 'Philippa',
    middle: 'J',
    type: 'lmhc',
    serial: 10417,
    city: 'Cambridge, MA',
    status: 'Current',
    licensedYearsAgo: 11,
    what: 'active mental health counselor (LMHC10417, Current)',
  },
  {
    last: 'Ellingwood',
    first: 'Thaddeus',
    middle: '',
    type: 'lmft',
    serial: 2286,
    city: 'Worcester, MA',
    status: 'Expired',
    licensedYearsAgo: 19,
    what: 'an expired marriage and family therapist license (LMFT2286, Expired)',
  },
  {
    last: 'Fairbrother',
    first: 'Ottoline',
    middle: 'R',
    type: 'lmhc',
    serial: 6612,
    city: 'Lowell, MA',
    status: 'Revoked',
    licensedYearsAgo: 15,
    revokedYearsAgo: 1,
    what: 'a revoked counselor license (LMHC6612, Revoked, with its revokedDate): revoked, discipline',
  },
  {
    last: 'Whitlock',
    first: 'Barnaby',
    middle: 'T',
    type: 'lmhc',
    serial: 8850,
    city: 'Springfield, MA',
    status: 'Suspension, Expired',
    licensedYearsAgo: 8,
    suspendedYearsAgo: 2,
    what: 'a suspended counselor license past its expiry (LMHC8850, "Suspension, Expired", a status with a comma): suspended, discipline',
  },
  {
    last: 'Langridge',
    first: 'Cressida',
    middle: 'M',
    type: 'lmft',
    serial: 3105,
    city: 'Boston, MA',
    status: 'Probation',
    licensedYearsAgo: 6,
    what: 'an active marriage and family therapist on probation (LMFT3105, Probation): active, discipline',
  },
  {
    last: 'Quarrington',
    first: 'Rosamund',
    middle: 'E',
    type: 'lmhc',
    serial: 9021,
    city: 'Somerville, MA',
    status: 'Current',
    licensedYearsAgo: 4,
    what: 'active counselor (LMHC9021); "Rosalind Quarrington" is a look-alike that must not match',
  },
  {
    last: 'Ravenscroft',
    first: 'Leopold',
    middle: 'A',
    type: 'lmhc',
    serial: 7314,
    city: 'Pittsfield, MA',
    status: 'Administrative Hold',
    licensedYearsAgo: 10,
    what: 'a counselor license whose status was never published ("Administrative Hold"): the board answers unavailable, naming it',
  },
];

/** License records (scenario people first, then `drawn` people from the name tables) and the notables to list. */
export function maLicenses(rng: Rng, names: NameTables, drawn: number): { licenses: MaLicense[]; notables: MaNotable[] } {
  const licenses: MaLicense[] = [];
  let id = 88_000;
  for (const scenario of scenarios) licenses.push(license(scenario, ++id));
  const taken = new Set(scenarios.map((s) => s.last.toUpperCase()));
  const serials = new Set(scenarios.map((s) => `${s.type}:${s.serial}`));
  const title = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();
  while (licenses.length < scenarios.length + drawn) {
    const last = names.surname(rng);
    if (taken.has(last.toUpperCase())) continue;
    const sex = rng.chance(0.7) ? 'F' : 'M';
    const type = rng.weighted<TypeKey>([
      ['lmhc', 80],
      ['lmft', 20],
    ]);
    const serial = rng.int(100, 12_000);
    if (serials.has(`${type}:${serial}`)) continue;
    serials.add(`${type}:${serial}`);
    const status = rng.weighted([
      ['Current', 70],
      ['Expired', 25],
      ['Retired', 3],
      ['Surrendered', 1],
      ['Deceased', 1],
    ]);
    licenses.push(
      license(
        {
          last: title(last),
          first: title(names.givenName(rng, sex)),
          middle: rng.chance(0.6) ? String.fromCharCode(65 + rng.int(0, 25)) : '',
          type,
          serial,
          city: rng.pick(cities),
          status,
          licensedYearsAgo: rng.int(1, 30),
        },
        ++id,
      ),
    );
  }
  const notables = scenarios.map((s) => ({ state: 'MA' as const, name: `${s.first} ${s.last}`, what: s.what }));
  return { licenses, notables };
}
