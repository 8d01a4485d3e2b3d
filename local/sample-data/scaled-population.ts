/**
 * People and licenses for the scaled sample (scaled.ts), made one person at a time so that a state with
 * hundreds of thousands of licensees never has to be held in memory: the caller writes a person's rows
 * and lets them go. Follows population.ts (how names, ages, maiden names and double surnames arise,
 * which licenses a profession brings along) with surnames drawn by their real population shares
 * (surname-shares.ts), and gives each license its status and dates with the same rules as the small
 * sample (raw-statuses.ts, license-dates.ts).
 */
import { AliasTable } from './alias-table.ts';
import { addYears, type Day, TODAY } from './dates.ts';
import { advancedPracticeNursing, kindsFor, type LicenseKind, type LicenseRole, type Profession } from './license-catalog.ts';
import { assignDates } from './license-dates.ts';
import type { License, Organization, Person, PersonName } from './model.ts';
import { givenNameCounts, type Sex } from './name-tables.ts';
import { accentedGivenNames, accentedSurnames, familyName, nameSuffix } from './name-variants.ts';
import { type LaunchState, neighbourStates, randomAddress } from './places.ts';
import { femaleShare, firstLicenseAge } from './population.ts';
import type { Rng } from './prng.ts';
import { type RawStatus, statusChoicesFor, statusNamed } from './raw-statuses.ts';
import type { SurnameShares } from './surname-shares.ts';
import type { UniqueNumbers } from './unique-numbers.ts';

export interface LicenseOptions {
  readonly parent?: License;
  readonly firstIssue?: Day;
  readonly nameOnRecord?: PersonName;
  /** Draw the status only among statuses that keep the license current. */
  readonly current?: boolean;
  /** A raw status the license has (instead of a drawn one). */
  readonly status?: string;
}

const endsParent = new Set(['suspended', 'revoked', 'deceased']);
const isCurrent = (status: RawStatus): boolean => status.meaning === 'active' || status.meaning === 'conditional';

interface StatusChoices {
  readonly all: readonly (readonly [RawStatus, number])[];
  readonly current: readonly (readonly [RawStatus, number])[];
}

/** Given names by sex, drawn by birth frequency (the table name-tables.ts reads). */
export class GivenNames {
  private readonly male: AliasTable<string>;
  private readonly female: AliasTable<string>;

  constructor() {
    const rows = givenNameCounts();
    this.male = new AliasTable(rows.map(([name, m]) => [name, m] as const));
    this.female = new AliasTable(rows.map(([name, , f]) => [name, f] as const));
  }

  draw(rng: Rng, sex: Sex): string {
    return (sex === 'M' ? this.male : this.female).draw(rng);
  }
}

export class ScaledPeople {
  private nextPersonId: number;
  private nextLicenseId = 1;
  private nextOrganizationId: number;
  private readonly statusChoices = new Map<LicenseKind, StatusChoices>();
  private readonly datesRng: Rng;

  constructor(
    private readonly rng: Rng,
    readonly state: LaunchState,
    private readonly names: GivenNames,
    private readonly surnames: SurnameShares,
    private readonly numbers: UniqueNumbers,
    /** Person ids start here (the small sample's ids stay below 100,000). */
    idBase: number,
  ) {
    this.nextPersonId = idBase;
    this.nextOrganizationId = idBase;
    this.datesRng = rng.fork('dates');
  }

  // --- people ---------------------------------------------------------------------------------------

  private givenName(sex: Sex): string {
    return this.names.draw(this.rng, sex);
  }

  /** A person licensed in this state (living there or, one in twenty, next door). */
  person(profession: Profession | null): Person {
    const rng = this.rng;
    const sex: Sex = rng.chance(profession ? femaleShare[profession] : 0.5) ? 'F' : 'M';
    const minAge = profession ? firstLicenseAge[profession] : 21;
    const age = minAge + 1 + Math.floor((rng.float() * 0.6 + rng.float() * 0.4) * (74 - minAge));
    const birth = addYears(TODAY, -age) - rng.int(1, 364);
    const first = this.givenName(sex);
    const middle = rng.chance(0.78) ? (rng.chance(0.06) ? this.surnames.draw(rng) : this.givenName(sex)) : '';
    const { last, formerLast } = familyName(rng, this.surnames.draw(rng), { sex, age }, () => this.surnames.draw(rng));
    const suffix = nameSuffix(rng, sex);
    const accentedFirst = accentedGivenNames[first] && rng.chance(0.5) ? accentedGivenNames[first]! : null;
    const lastHead = last.split('-')[0]!;
    const accentedLast = accentedSurnames[lastHead] && rng.chance(0.4) ? last.replace(lastHead, accentedSurnames[lastHead]!) : null;
    const livesIn = rng.chance(0.05) ? rng.pick(neighbourStates[this.state]) : this.state;
    return {
      id: this.nextPersonId++,
      sex,
      name: { first, middle, last, suffix },
      accentedFirst,
      accentedLast,
      plainLast: /^[A-Z]+$/.test(last) ? last : last.replace(/[^A-Z]/g, ''),
      formerLast,
      birth,
      profession,
      address: randomAddress(rng, livesIn),
      licenses: [],
      nppes: null,
      leie: null,
      leieNamesakes: [],
      tags: [],
    };
  }

  /** A pharmacy holding a business license (IL, CO and DE publish businesses with people). */
  pharmacy(): Organization {
    const rng = this.rng;
    const address = randomAddress(rng, this.state);
    const surname = this.surnames.draw(rng);
    const name = rng
      .pick(['{SURNAME} PHARMACY', '{CITY} DRUG CO', '{SURNAME} APOTHECARY LLC', '{SURNAME} FAMILY PHARMACY INC'])
      .replace('{SURNAME}', surname)
      .replace('{CITY}', address.city);
    return {
      id: this.nextOrganizationId++,
      kind: 'pharmacy',
      name,
      dba: rng.chance(0.35) ? `${address.city} ${rng.pick(['PHARMACY', 'RX', 'COMPOUNDING'])}` : null,
      state: this.state,
      address,
      licenses: [],
      npi: null,
      form: 'newer',
      taxonomy: ['3336C0003X', 'Pharmacy, Community/Retail Pharmacy'],
      official: { first: this.givenName('F'), last: this.surnames.draw(rng), middle: '', title: 'OWNER', credential: 'RPH', phone: address.phone },
      enumerated: TODAY - rng.int(400, 6800),
      lastUpdated: TODAY - rng.int(10, 390),
      leie: null,
      tags: [],
    };
  }

  // --- licenses -------------------------------------------------------------------------------------

  private choicesFor(kind: LicenseKind): StatusChoices {
    let choices = this.statusChoices.get(kind);
    if (!choices) {
      const all = statusChoicesFor(kind).map((s) => [s, s.weight] as const);
      choices = { all, current: all.filter(([s]) => isCurrent(s)) };
      this.statusChoices.set(kind, choices);
    }
    return choices;
  }

  private firstIssueDay(holder: Person | Organization, parent: License | undefined): Day {
    const rng = this.rng;
    if (!('sex' in holder)) return holder.enumerated - rng.int(0, 900);
    const minAge = holder.profession ? firstLicenseAge[holder.profession] : 21;
    const earliest = addYears(holder.birth, minAge);
    const span = Math.max(30, TODAY - 90 - earliest);
    // Most people are licensed early in their career.
    const day = earliest + Math.floor(rng.float() ** 2.2 * span);
    return Math.max(parent?.firstIssue ?? 0, Math.min(day, TODAY - 45));
  }

  /** The holder's name as a board records it: most keep the middle name, some an initial or none. */
  private boardName(person: Person): PersonName {
    const rng = this.rng;
    const { first, middle, last, suffix } = person.name;
    const m = !middle ? '' : rng.chance(0.2) ? '' : rng.chance(0.1) ? middle.slice(0, 1) : middle;
    const l = person.formerLast && rng.chance(0.18) ? person.formerLast : last;
    return { first, middle: m, last: l, suffix };
  }

  /** A license of one kind with its status, dates and discipline decided. */
  license(holder: Person | Organization, kind: LicenseKind, options: LicenseOptions = {}): License {
    const rng = this.rng;
    const firstIssue = options.firstIssue ?? this.firstIssueDay(holder, options.parent);
    const parent = options.parent ?? null;
    const number = parent && kind.dataset === 'jnzg-cr4w' ? parent.number : this.numbers.next(rng, kind, new Date(firstIssue * 86_400_000).getUTCFullYear());
    const choices = this.choicesFor(kind);
    let status = options.status
      ? statusNamed(kind, options.status)
      : rng.weighted(options.current && choices.current.length > 0 ? choices.current : choices.all);
    if (parent && endsParent.has(parent.status.meaning)) status = choices.all.find(([s]) => s.meaning === parent.status.meaning)?.[0] ?? status;
    const isPerson = 'sex' in holder;
    const license: License = {
      id: this.nextLicenseId++,
      kind,
      holder,
      number,
      status,
      pinned: false,
      firstIssue,
      lastIssue: null,
      expiration: null,
      statusDate: null,
      cases: [],
      nameOnRecord: isPerson ? (options.nameOnRecord ?? this.boardName(holder)) : { first: '', middle: '', last: holder.name, suffix: '' },
      address: holder.address,
      parent,
      expiresInDays: null,
      wantedCases: null,
    };
    assignDates(this.datesRng, [license]);
    holder.licenses.push(license);
    return license;
  }

  licenseFor(holder: Person | Organization, role: LicenseRole, options: LicenseOptions = {}): License {
    const kinds = kindsFor(this.state, role);
    if (kinds.length === 0) throw new Error(`${this.state} has no license kind for ${role}`);
    return this.license(holder, kinds.length === 1 ? kinds[0]! : this.rng.pick(kinds), options);
  }

  /**
   * The licenses a person of their profession holds in this state: the main one, plus the RN license an
   * advanced practice nurse also holds (under the same name where one board keeps both), prescriptive
   * authority (CO RXN), an earlier temporary permit (WA) or practical-nurse license (CO, TX).
   */
  practice(person: Person, options: { readonly currentRn?: boolean } = {}): void {
    const rng = this.rng;
    const profession = person.profession;
    if (!profession) throw new Error('practice() needs a profession');
    const state = this.state;
    if (advancedPracticeNursing.has(profession)) {
      const rn = this.licenseFor(person, 'registered_nurse', { current: options.currentRn });
      const apnIssue = Math.min(TODAY - 120, (rn.firstIssue ?? TODAY - 3650) + rng.int(3, 9) * 365);
      const sameBoard = state === 'TX' || state === 'DE' || state === 'IL';
      const main = this.licenseFor(person, profession, { parent: rn, firstIssue: apnIssue, nameOnRecord: sameBoard ? rn.nameOnRecord : undefined });
      if (state === 'CO' && rng.chance(0.7)) this.licenseFor(person, 'aprn_prescriptive', { parent: main, firstIssue: apnIssue + rng.int(30, 400) });
      if (state === 'WA' && rng.chance(0.06)) this.licenseFor(person, 'arnp_temporary_permit', { firstIssue: apnIssue - rng.int(60, 150) });
      return;
    }
    if (profession === 'registered_nurse' && (state === 'CO' || state === 'TX') && rng.chance(state === 'TX' ? 0.06 : 0.03)) {
      // Licensed as a practical (TX: vocational) nurse first; DORA marks the old license "Grad to Higher Level".
      const pn = this.licenseFor(person, 'practical_nurse', state === 'CO' ? { status: 'Grad to Higher Level' } : {});
      this.licenseFor(person, 'registered_nurse', { firstIssue: Math.min(TODAY - 45, (pn.firstIssue ?? TODAY - 3650) + rng.int(2, 6) * 365) });
      return;
    }
    const main = this.licenseFor(person, profession);
    if (state === 'WA' && profession === 'registered_nurse' && rng.chance(0.07) && main.firstIssue !== null) {
      this.licenseFor(person, 'rn_temporary_permit', { firstIssue: main.firstIssue - rng.int(60, 150) });
    }
  }
}
