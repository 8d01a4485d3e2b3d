/**
 * Connecticut (data.ct.gov ngch-56tr) and Vermont (mxkz-bi85) board rows, in each source's format as
 * the connectors' notes record it (shared/features/sources/boards/states/{connecticut,vermont}.ts):
 *
 *  - CT: one `name` column "FIRST M LAST"; DPH credentials in Title Case with numeric `credentialtype`
 *    and `fullcredentialcode` "10.100432"; DCP credentials in UPPER CASE with letter codes (not
 *    healthcare, except pharmacy); businesses (`type` CORPORATION, LIMITED LIABILITY COMPANY…);
 *    `status` with `statusreason` (an ACTIVE row can carry a suspension); `active` "1"/"0"; dates as
 *    SODA floating timestamps; credential numbers reused across credential types. The numeric codes of
 *    credentials other than those seen in real rows (10, 14, 20, 65, 70, 90, 91, 8) are chosen.
 *  - VT: physicians, physician assistants and podiatrists under the inferred column names, numbers
 *    "042.0041877" (profession codes other than 042 chosen), `actions` "None" or "Comments".
 *
 * Scenario people (listed in the sample README) come first, then people drawn from the name tables.
 * Everything comes from the given stream: the same seed gives the same rows. `realCtRows` and
 * `realVtRows` are the real sizes, for the realistic-size files (`writeCtVtScaled`).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { addYears, endOfMonth, floatingTimestamp, TODAY, type Day } from './dates.ts';
import type { NameTables } from './name-tables.ts';
import type { Rng } from './prng.ts';
import { type SodaRow, sodaRow } from './soda-json.ts';

export const ctDataset = 'ngch-56tr';
export const vtDataset = 'mxkz-bi85';
export const realCtRows = 2_640_000;
export const realVtRows = 25_794;

export interface NewStateNotable {
  readonly state: 'CT' | 'VT';
  readonly name: string;
  readonly what: string;
}

interface CtCredential {
  readonly credential: string;
  readonly code: string;
  /** Width of the zero-padded number in `fullcredentialcode`. */
  readonly width: number;
}

const ctDph = (credential: string, code: string): CtCredential => ({ credential, code, width: 6 });
const ctDcp = (credential: string, code: string): CtCredential => ({ credential, code, width: 7 });

const ct = {
  rn: ctDph('Registered Nurse', '10'),
  lpn: ctDph('Licensed Practical Nurse', '14'),
  physician: ctDph('Physician/Surgeon', '1'),
  pa: ctDph('Physician Assistant', '27'),
  aprn: ctDph('Advanced Practice Registered Nurse', '20'),
  emt: ctDph('Emergency Medical Technician', '90'),
  medAdmin: ctDph('Medication Administration Certification', '91'),
  dentist: ctDph('Dentist', '3'),
  slpPermit: ctDph('Speech and Language Pathologist Temporary Permit', '65'),
  counselor: ctDph('Licensed Professional Counselor', '70'),
  hairdresser: ctDph('Hairdresser/Cosmetician', '8'),
  pharmacist: ctDcp('PHARMACIST', 'PCT'),
  csr: ctDcp('CONTROLLED SUBSTANCE REGISTRATION FOR PRACTITIONER', 'CSP'),
  hic: ctDcp('HOME IMPROVEMENT CONTRACTOR', 'HIC'),
  engineer: ctDcp('PROFESSIONAL ENGINEER', 'PEN'),
  electrician: ctDcp('ELECTRICAL UNLIMITED CONTRACTOR', 'ELC'),
} as const;

const ctWeights: readonly (readonly [CtCredential, number])[] = [
  [ct.rn, 30],
  [ct.lpn, 6],
  [ct.physician, 10],
  [ct.pa, 3],
  [ct.aprn, 4],
  [ct.emt, 8],
  [ct.medAdmin, 8],
  [ct.dentist, 2],
  [ct.slpPermit, 1],
  [ct.counselor, 2],
  [ct.hairdresser, 6],
  [ct.pharmacist, 2],
  [ct.csr, 6],
  [ct.hic, 7],
  [ct.engineer, 3],
  [ct.electrician, 2],
];

/** Status, reason and `active` as ngch-56tr writes them (INACTIVE 58%, ACTIVE 30% in the real file). */
const ctStatuses: readonly (readonly [readonly [string, string | null, '1' | '0'], number])[] = [
  [['INACTIVE', 'LAPSED DUE TO NON-RENEWAL', '0'], 30],
  [['INACTIVE', 'FAILED TO RENEW', '0'], 12],
  [['INACTIVE', 'EXPIRED MORE THAN 3 YEARS - MUST REAPPLY', '0'], 8],
  [['INACTIVE', 'VOLUNTARY NON-RENEWAL', '0'], 5],
  [['INACTIVE', null, '0'], 3],
  [['ACTIVE', 'CURRENT', '1'], 28],
  [['ACTIVE IN RENEWAL', 'CURRENT', '1'], 3],
  [['LAPSED', null, '0'], 3],
  [['EXPIRED APPLICATION', null, '0'], 2],
  [['PENDING', null, '0'], 2],
  [['QUALIFIED', null, '0'], 1],
  [['CLOSED', null, '0'], 1],
  [['ACTIVE', 'PROBATION', '1'], 0.6],
  [['ACTIVE', 'SUSPENDED', '1'], 0.2],
  [['INACTIVE', 'REVOKED', '0'], 0.2],
];

const vtTypes: readonly (readonly [readonly [string, string], number])[] = [
  [['Medical Doctor', '042'], 80],
  [['Physician Assistant - Certified', '055'], 16],
  [['Podiatrist', '043'], 3],
  [['Anesthesiologist Assistant', '058'], 1],
];

const vtStatuses: readonly (readonly [readonly [string, string], number])[] = [
  [['Active', 'None'], 62],
  [['Expired', 'None'], 20],
  [['Inactive', 'None'], 6],
  [['Retired', 'None'], 6],
  [['Lapsed', 'None'], 3],
  [['Active', 'Comments'], 1.5],
  [['Suspended', 'Comments'], 0.3],
  [['Revoked', 'Comments'], 0.3],
  [['Surrendered', 'Comments'], 0.4],
];

const ctBusinessTypes = ['CORPORATION', 'LIMITED LIABILITY COMPANY', 'BUSINESS'] as const;
const ctCities = ['HARTFORD', 'NEW HAVEN', 'STAMFORD', 'BRIDGEPORT', 'WATERBURY', 'NORWALK', 'DANBURY', 'Storrs', 'MIDDLETOWN', 'GROTON'];
const vtCities = ['BURLINGTON', 'SOUTH BURLINGTON', 'RUTLAND', 'BARRE', 'MONTPELIER', 'BRATTLEBORO', 'ST. JOHNSBURY', 'LEBANON'];

/** Surnames of the scenario people: the drawn people never use them. */
const scenarioSurnames = new Set(['OKAFOR', 'FITZGERALD', 'NARAYANAN', 'LINDQVIST', 'BRANNIGAN', 'QUACKENBUSH', 'MARSH', 'HALVORSEN', 'BEAUDOIN', 'OKONJO']);

const ts = (day: Day | null): string | null => (day === null ? null : floatingTimestamp(day));

interface CtRowInput {
  readonly id: number;
  readonly name: string;
  readonly type?: string;
  readonly businessName?: string;
  readonly credential: CtCredential;
  readonly number: number;
  readonly status: string;
  readonly reason: string | null;
  readonly active: '1' | '0';
  readonly issued: Day;
  readonly expires: Day | null;
  readonly city: string;
}

function ctRow(input: CtRowInput): SodaRow {
  const { credential } = input;
  return sodaRow([
    ['credentialid', String(input.id)],
    ['name', input.name],
    ['type', input.type ?? 'INDIVIDUAL'],
    ['businessname', input.businessName],
    ['fullcredentialcode', `${credential.code}.${String(input.number).padStart(credential.width, '0')}`],
    ['credentialtype', credential.code],
    ['credentialnumber', String(input.number)],
    ['credential', credential.credential],
    ['status', input.status],
    ['statusreason', input.reason],
    ['active', input.active],
    ['issuedate', ts(input.issued)],
    ['effectivedate', ts(input.issued)],
    ['expirationdate', ts(input.expires)],
    ['city', input.city],
    ['state', 'CT'],
    ['recordrefreshedon', ts(TODAY - 1)],
  ]);
}

interface VtRowInput {
  readonly first: string;
  readonly middle?: string;
  readonly last: string;
  readonly type: readonly [string, string];
  readonly number: number;
  readonly status: string;
  readonly actions: string;
  readonly issued: Day;
  readonly expires: Day;
  readonly city: string;
}

function vtRow(input: VtRowInput): SodaRow {
  return sodaRow([
    ['license_number', `${input.type[1]}.${String(input.number).padStart(7, '0')}`],
    ['first_name', input.first],
    ['middle_name', input.middle],
    ['last_name', input.last],
    ['license_type', input.type[0]],
    ['license_status', input.status],
    ['issue_date', ts(input.issued)],
    ['expiration_date', ts(input.expires)],
    ['city', input.city],
    ['state', 'VT'],
    ['actions', input.actions],
  ]);
}

/** An expiry for a status: in the future for an active license, in the past otherwise. */
function expiryFor(rng: Rng, active: boolean): Day {
  return endOfMonth(active ? TODAY + rng.int(30, 700) : TODAY - rng.int(60, 3000));
}

const ctScenarioRows = (): SodaRow[] => {
  const year = (years: number): Day => addYears(TODAY, -years);
  const soon = endOfMonth(TODAY + 200);
  return [
    ctRow({
      id: 5_100_001,
      name: 'MARGARET A OKAFOR',
      credential: ct.rn,
      number: 100432,
      status: 'ACTIVE',
      reason: 'CURRENT',
      active: '1',
      issued: year(9),
      expires: soon,
      city: 'HARTFORD',
    }),
    // The same number under another credential type is someone else's (numbers repeat across types).
    ctRow({
      id: 5_100_002,
      name: 'WALTER J PRZYBYLSKI',
      credential: ct.engineer,
      number: 100432,
      status: 'ACTIVE',
      reason: 'CURRENT',
      active: '1',
      issued: year(20),
      expires: soon,
      city: 'NORWALK',
    }),
    ctRow({
      id: 5_100_003,
      name: 'MARGARET A OKAFOR',
      credential: ct.hic,
      number: 628899,
      status: 'INACTIVE',
      reason: 'LAPSED RENEWAL',
      active: '0',
      issued: year(12),
      expires: year(8),
      city: 'HARTFORD',
    }),
    ctRow({
      id: 5_100_004,
      name: 'OKAFOR FAMILY HOME CARE LLC',
      type: 'LIMITED LIABILITY COMPANY',
      businessName: 'OKAFOR FAMILY HOME CARE LLC',
      credential: ct.hic,
      number: 641207,
      status: 'ACTIVE',
      reason: 'CURRENT',
      active: '1',
      issued: year(3),
      expires: soon,
      city: 'HARTFORD',
    }),
    // Suspended by the board while the status column still says ACTIVE (and `active` is 1).
    ctRow({
      id: 5_100_005,
      name: 'DANIEL R FITZGERALD',
      credential: ct.physician,
      number: 48213,
      status: 'ACTIVE',
      reason: 'SUSPENDED',
      active: '1',
      issued: year(18),
      expires: soon,
      city: 'NEW HAVEN',
    }),
    ctRow({
      id: 5_100_006,
      name: 'PRIYA NARAYANAN',
      credential: ct.lpn,
      number: 31877,
      status: 'INACTIVE',
      reason: 'REVOKED',
      active: '0',
      issued: year(11),
      expires: year(2),
      city: 'STAMFORD',
    }),
    ctRow({
      id: 5_100_007,
      name: 'Theresa M Lindqvist',
      credential: ct.pa,
      number: 4410,
      status: 'ACTIVE',
      reason: 'PROBATION',
      active: '1',
      issued: year(6),
      expires: soon,
      city: 'Storrs',
    }),
    ctRow({
      id: 5_100_008,
      name: 'KEVIN BRANNIGAN',
      credential: ct.rn,
      number: 87321,
      status: 'INACTIVE',
      reason: 'LAPSED DUE TO NON-RENEWAL',
      active: '0',
      issued: year(15),
      expires: year(3),
      city: 'WATERBURY',
    }),
  ];
};

const vtScenarioRows = (): SodaRow[] => {
  const year = (years: number): Day => addYears(TODAY, -years);
  const soon = endOfMonth(TODAY + 300);
  const md = vtTypes[0]![0];
  return [
    vtRow({
      first: 'ELEANOR',
      middle: 'V',
      last: 'MARSH',
      type: md,
      number: 41877,
      status: 'Active',
      actions: 'None',
      issued: year(14),
      expires: soon,
      city: 'BURLINGTON',
    }),
    vtRow({
      first: 'GREGORY',
      middle: 'T',
      last: 'HALVORSEN',
      type: vtTypes[1]![0],
      number: 31204,
      status: 'Suspended',
      actions: 'Comments',
      issued: year(8),
      expires: soon,
      city: 'RUTLAND',
    }),
    vtRow({
      first: 'LUCILLE',
      last: 'BEAUDOIN',
      type: vtTypes[2]![0],
      number: 1187,
      status: 'Revoked',
      actions: 'Comments',
      issued: year(22),
      expires: year(4),
      city: 'BARRE',
    }),
    vtRow({
      first: 'SAMUEL',
      last: 'OKONJO',
      type: md,
      number: 44012,
      status: 'Active',
      actions: 'Comments',
      issued: year(10),
      expires: soon,
      city: 'MONTPELIER',
    }),
  ];
};

export const ctVtNotables: readonly NewStateNotable[] = [
  {
    state: 'CT',
    name: 'Margaret Okafor',
    what: 'active Registered Nurse 10.100432 (DPH code 10); also a lapsed DCP contractor credential and an LLC in her name (not healthcare)',
  },
  { state: 'CT', name: 'Walter Przybylski', what: 'DCP engineer PEN.0100432: the same credential number as Okafor, another type and person' },
  { state: 'CT', name: 'Daniel Fitzgerald', what: 'Physician/Surgeon, status ACTIVE with reason SUSPENDED and active 1: suspended, disciplined' },
  { state: 'CT', name: 'Priya Narayanan', what: 'Licensed Practical Nurse, INACTIVE with reason REVOKED: revoked' },
  { state: 'CT', name: 'Theresa Lindqvist', what: 'Physician Assistant, ACTIVE with reason PROBATION (name in Title Case): active, disciplined' },
  { state: 'CT', name: 'Kevin Brannigan', what: 'Registered Nurse, INACTIVE, LAPSED DUE TO NON-RENEWAL: expired' },
  { state: 'CT', name: 'Margarita Okafor', what: 'absent: a look-alike of Margaret Okafor, never matched to her' },
  { state: 'VT', name: 'Eleanor Marsh', what: 'active Medical Doctor 042.0041877' },
  { state: 'VT', name: 'Gregory Halvorsen', what: 'Physician Assistant, Suspended, actions Comments' },
  { state: 'VT', name: 'Lucille Beaudoin', what: 'Podiatrist, Revoked, actions Comments' },
  { state: 'VT', name: 'Samuel Okonjo', what: 'active Medical Doctor with actions Comments: disciplined' },
  { state: 'VT', name: 'Eleanora Marsh', what: 'absent: a look-alike of Eleanor Marsh' },
];

/** Draws people for both datasets: `ct` rows for Connecticut, `vt` for Vermont, after the scenario rows. */
export class CtVtRowMaker {
  private ctNumber = 200_000;
  private vtNumber = 50_000;
  private ctId = 6_000_000;

  constructor(
    private readonly rng: Rng,
    private readonly names: NameTables,
  ) {}

  private person(rng: Rng): { first: string; middle: string; last: string } {
    let last = this.names.surname(rng);
    while (scenarioSurnames.has(last)) last = this.names.surname(rng);
    const sex = rng.chance(0.6) ? 'F' : 'M';
    const first = this.names.givenName(rng, sex);
    const middle = rng.chance(0.5) ? String.fromCharCode(65 + rng.int(0, 25)) : '';
    return { first, middle, last };
  }

  ctRow(index: number): SodaRow {
    const rng = this.rng.fork(`ct:${index}`);
    const credential = rng.weighted(ctWeights);
    const [status, reason, active] = rng.weighted(ctStatuses);
    const issued = TODAY - rng.int(200, 12000);
    const city = rng.pick(ctCities);
    this.ctNumber += rng.int(1, 7);
    if (credential.width === 7 && rng.chance(0.1)) {
      const business = `${this.names.surname(rng)} ${rng.pick(['SERVICES', 'GROUP', 'HOLDINGS', 'ASSOCIATES'])} ${rng.pick(['LLC', 'INC'])}`;
      const type = rng.pick(ctBusinessTypes);
      return ctRow({
        id: this.ctId++,
        name: business,
        type,
        businessName: business,
        credential,
        number: this.ctNumber,
        status,
        reason,
        active,
        issued,
        expires: expiryFor(rng, active === '1'),
        city,
      });
    }
    const p = this.person(rng);
    const name = [p.first, p.middle, p.last].filter(Boolean).join(' ');
    return ctRow({ id: this.ctId++, name, credential, number: this.ctNumber, status, reason, active, issued, expires: expiryFor(rng, active === '1'), city });
  }

  vtRow(index: number): SodaRow {
    const rng = this.rng.fork(`vt:${index}`);
    const type = rng.weighted(vtTypes);
    const [status, actions] = rng.weighted(vtStatuses);
    const p = this.person(rng);
    this.vtNumber += rng.int(1, 3);
    return vtRow({
      first: p.first,
      middle: p.middle || undefined,
      last: p.last,
      type,
      number: this.vtNumber,
      status,
      actions,
      issued: TODAY - rng.int(200, 12000),
      expires: expiryFor(rng, status === 'Active'),
      city: rng.pick(vtCities),
    });
  }
}

/** The two datasets of the small sample: scenario rows, then `ctDrawn` and `vtDrawn` drawn rows. */
export function ctVtRows(rng: Rng, names: NameTables, ctDrawn: number, vtDrawn: number): Map<string, SodaRow[]> {
  const maker = new CtVtRowMaker(rng, names);
  const ctRows = ctScenarioRows();
  for (let i = 0; i < ctDrawn; i++) ctRows.push(maker.ctRow(i));
  const vtRows = vtScenarioRows();
  for (let i = 0; i < vtDrawn; i++) vtRows.push(maker.vtRow(i));
  // Socrata answers in its own order, not in the order rows were made.
  const order = rng.fork('order');
  return new Map([
    [ctDataset, order.shuffle(ctRows)],
    [vtDataset, order.shuffle(vtRows)],
  ]);
}

/**
 * The realistic-size files: `scale` × the real row counts (CT 2.64M, VT 25,794), written row by row
 * (one JSON row a line, as the small sample) without holding the dataset in memory. Returns the row
 * counts per written file.
 */
export function writeCtVtScaled(outDir: string, rng: Rng, names: NameTables, scale: number): Map<string, number> {
  const maker = new CtVtRowMaker(rng, names);
  const counts = new Map<string, number>();
  const write = (dataset: string, scenario: SodaRow[], drawn: number, row: (i: number) => SodaRow) => {
    const file = `boards/${dataset}.json`;
    const fd = openSync(join(outDir, file), 'w');
    try {
      writeSync(fd, '[\n');
      let first = true;
      const emit = (r: SodaRow) => {
        writeSync(fd, `${first ? '' : ',\n'}${JSON.stringify(r)}`);
        first = false;
      };
      scenario.forEach(emit);
      for (let i = 0; i < drawn; i++) emit(row(i));
      writeSync(fd, '\n]\n');
    } finally {
      closeSync(fd);
    }
    counts.set(file, scenario.length + drawn);
  };
  write(ctDataset, ctScenarioRows(), Math.max(0, Math.round(realCtRows * scale) - 8), (i) => maker.ctRow(i));
  write(vtDataset, vtScenarioRows(), Math.max(0, Math.round(realVtRows * scale) - 4), (i) => maker.vtRow(i));
  return counts;
}
