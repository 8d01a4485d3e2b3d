/**
 * The provider population model: who the sample's people are (names drawn from the SSA and Census
 * frequency tables), which licenses they hold in which launch states, and the organisations. Statuses,
 * dates, discipline, NPPES and LEIE are decided by later passes (see generate.ts for the order).
 */
import { addYears, type Day, dayOf, TODAY } from './dates.ts';
import {
  advancedPracticeNursing,
  kindsFor,
  type LicenseKind,
  type LicenseRole,
  type OtherLicense,
  type Profession,
  professionsIn,
  professionWeights,
} from './license-catalog.ts';
import type { License, Organization, OrganizationKind, Person, PersonName } from './model.ts';
import type { NameTables, Sex } from './name-tables.ts';
import { accentedGivenNames, accentedSurnames, familyName, nameSuffix } from './name-variants.ts';
import { type LaunchState, launchStates, neighbourStates, randomAddress } from './places.ts';
import type { Rng } from './prng.ts';
import { statusChoicesFor, statusNamed } from './raw-statuses.ts';

/** Share of female holders by profession (rounded from US workforce figures). */
export const femaleShare: Readonly<Record<Profession, number>> = {
  registered_nurse: 0.88,
  practical_nurse: 0.9,
  nurse_practitioner: 0.9,
  nurse_anesthetist: 0.6,
  nurse_midwife: 0.98,
  clinical_nurse_specialist: 0.9,
  physician: 0.38,
  physician_assistant: 0.68,
  pharmacist: 0.62,
  dentist: 0.36,
  physical_therapist: 0.67,
  athletic_trainer: 0.55,
  psychologist: 0.7,
  counselor: 0.75,
  social_worker: 0.85,
  massage_therapist: 0.8,
  acupuncturist: 0.55,
};

/** Youngest age at which the license is usually first issued. */
export const firstLicenseAge: Readonly<Record<Profession, number>> = {
  registered_nurse: 22,
  practical_nurse: 20,
  nurse_practitioner: 27,
  nurse_anesthetist: 29,
  nurse_midwife: 28,
  clinical_nurse_specialist: 28,
  physician: 28,
  physician_assistant: 26,
  pharmacist: 25,
  dentist: 26,
  physical_therapist: 25,
  athletic_trainer: 23,
  psychologist: 29,
  counselor: 27,
  social_worker: 27,
  massage_therapist: 21,
  acupuncturist: 27,
};

/** Where the sample's healthcare people are licensed first. */
const stateWeights: readonly (readonly [LaunchState, number])[] = [
  ['WA', 24],
  ['CO', 19],
  ['IL', 22],
  ['TX', 25],
  ['DE', 10],
];

export interface PersonSpec {
  readonly state: LaunchState;
  readonly profession: Profession | null;
  readonly sex?: Sex;
  readonly first?: string;
  /** '' for no middle name. */
  readonly middle?: string;
  readonly last?: string;
  readonly suffix?: string;
  readonly birthYear?: number;
  readonly formerLast?: string | null;
  readonly accentedFirst?: string | null;
  readonly accentedLast?: string | null;
  readonly tag?: string;
  /** Lives outside the licensing state. */
  readonly livesIn?: string;
}

export interface LicenseOptions {
  /** Raw status (pins it). */
  readonly status?: string;
  readonly number?: string;
  readonly expiresInDays?: number;
  readonly nameOnRecord?: Partial<PersonName>;
  /** Chooses among several kinds for the role (e.g. the APN subcategory or DE physician type). */
  readonly kind?: LicenseKind;
  readonly parent?: License;
  readonly firstIssue?: Day;
  /** How many discipline cases the license has (default: decided by its status). */
  readonly cases?: number;
}

/** Wishes a scenario has for a person's NPPES record (applied by nppes-plan.ts). */
export interface NppesWish {
  readonly has?: boolean;
  readonly form?: 'older' | 'newer';
  readonly name?: Partial<PersonName>;
  /** Force a formatting quirk on the license numbers of one state. */
  readonly numberStyle?: 'exact' | 'dash' | 'dropped_zeros';
  /** List every license in the taxonomies (default: most of them). */
  readonly listAll?: boolean;
}

export class PopulationBuilder {
  readonly people: Person[] = [];
  readonly organizations: Organization[] = [];
  readonly licenses: License[] = [];
  readonly nppesWishes = new Map<Person, NppesWish>();
  private readonly numbersInUse = new Map<string, Set<string>>();
  /** First+last names in a state that scenarios use; random people avoid them. */
  private readonly reservedNames = new Set<string>();

  constructor(
    readonly rng: Rng,
    readonly names: NameTables,
  ) {}

  // --- people ---------------------------------------------------------------------------------------

  person(spec: PersonSpec): Person {
    const id = this.people.length + 1;
    const rng = this.rng.fork(`person:${id}`);
    const profession = spec.profession;
    const sex = spec.sex ?? (rng.chance(profession ? femaleShare[profession] : 0.5) ? 'F' : 'M');
    const minAge = profession ? firstLicenseAge[profession] : 21;
    const age = spec.birthYear !== undefined ? 2026 - spec.birthYear : minAge + 1 + Math.floor((rng.float() * 0.6 + rng.float() * 0.4) * (74 - minAge));
    const birth = spec.birthYear !== undefined ? dayOf(`${spec.birthYear}-01-01`) + rng.int(0, 364) : addYears(TODAY, -age) - rng.int(1, 364);

    let first = spec.first ?? this.names.givenName(rng, sex);
    const middle = spec.middle ?? (rng.chance(0.78) ? (rng.chance(0.06) ? this.names.surname(rng) : this.names.givenName(rng, sex)) : '');
    let last = spec.last;
    let formerLast = spec.formerLast !== undefined ? spec.formerLast : null;
    if (last === undefined) {
      const drawn = familyName(rng, this.names.surname(rng), { sex, age }, () => this.names.surname(rng));
      last = drawn.last;
      formerLast = drawn.formerLast ?? formerLast;
    }
    if (spec.first === undefined) {
      for (let i = 0; i < 20 && this.reservedNames.has(`${spec.state}|${first}|${last}`.toUpperCase()); i++) first = this.names.givenName(rng, sex);
    }
    if (spec.tag) this.reservedNames.add(`${spec.state}|${first}|${last}`.toUpperCase());
    const suffix = spec.suffix ?? nameSuffix(rng, sex);
    const plainFirst = first.toUpperCase();
    const accentedFirst =
      spec.accentedFirst !== undefined ? spec.accentedFirst : accentedGivenNames[plainFirst] && rng.chance(0.5) ? accentedGivenNames[plainFirst]! : null;
    const lastHead = last.split('-')[0]!;
    const accentedLast =
      spec.accentedLast !== undefined
        ? spec.accentedLast
        : accentedSurnames[lastHead] && rng.chance(0.4)
          ? last.replace(lastHead, accentedSurnames[lastHead]!)
          : null;

    const livesIn = spec.livesIn ?? (rng.chance(0.05) ? rng.pick(neighbourStates[spec.state]) : spec.state);
    const person: Person = {
      id,
      sex,
      name: { first: plainFirst, middle: middle.toUpperCase(), last: last.toUpperCase(), suffix },
      accentedFirst,
      accentedLast,
      plainLast: last.toUpperCase().replace(/[^A-Z]/g, ''),
      formerLast,
      birth,
      profession,
      address: randomAddress(rng, livesIn),
      licenses: [],
      nppes: null,
      leie: null,
      leieNamesakes: [],
      tags: spec.tag ? [spec.tag] : [],
    };
    this.people.push(person);
    return person;
  }

  // --- licenses -------------------------------------------------------------------------------------

  /** A new license of one kind for a person or organisation. */
  license(holder: Person | Organization, kind: LicenseKind, options: LicenseOptions = {}): License {
    const id = this.licenses.length + 1;
    const rng = this.rng.fork(`license:${id}`);
    const firstIssue = options.firstIssue ?? this.firstIssueDay(rng, holder, kind, options.parent);
    const number = options.number ?? (options.parent && kind.dataset === 'jnzg-cr4w' ? options.parent.number : this.newNumber(rng, kind, firstIssue));
    this.numbersOf(kind).add(number);
    const isPerson = 'sex' in holder;
    const license: License = {
      id,
      kind,
      holder,
      number,
      status: options.status ? statusNamed(kind, options.status) : statusChoicesFor(kind)[0]!,
      pinned: options.status !== undefined,
      firstIssue,
      lastIssue: null,
      expiration: null,
      statusDate: null,
      cases: [],
      // Scenario people are recorded exactly as specified; others vary from board to board.
      nameOnRecord: isPerson
        ? { ...(holder.tags.length > 0 ? holder.name : this.boardName(rng, holder)), ...options.nameOnRecord }
        : { first: '', middle: '', last: holder.name, suffix: '' },
      address: holder.address,
      parent: options.parent ?? null,
      expiresInDays: options.expiresInDays ?? null,
      wantedCases: options.cases ?? null,
    };
    holder.licenses.push(license);
    this.licenses.push(license);
    return license;
  }

  /** One license for a role in a state, choosing among the state's kinds for it. */
  licenseFor(holder: Person | Organization, state: LaunchState, role: LicenseRole, options: LicenseOptions = {}): License {
    const kinds = kindsFor(state, role);
    if (kinds.length === 0) throw new Error(`${state} has no license kind for ${role}`);
    const kind = options.kind ?? kinds[(holder.id + this.licenses.length) % kinds.length]!;
    return this.license(holder, kind, options);
  }

  /**
   * The licenses a person of their profession holds in a state: the main one, plus the RN license an
   * advanced practice nurse also holds, prescriptive authority (CO RXN), and an earlier temporary
   * permit (WA) now superseded. Returns the main license.
   */
  practice(person: Person, state: LaunchState, options: LicenseOptions = {}): License {
    const profession = person.profession;
    if (!profession) throw new Error('practice() needs a profession');
    const rng = this.rng.fork(`practice:${person.id}:${state}`);
    if (advancedPracticeNursing.has(profession)) {
      const rn = this.licenseFor(person, state, 'registered_nurse', { nameOnRecord: options.nameOnRecord });
      const apnIssue = Math.min(TODAY - 120, (rn.firstIssue ?? TODAY - 3650) + rng.int(3, 9) * 365);
      const main = this.licenseFor(person, state, profession, { ...options, parent: rn, firstIssue: options.firstIssue ?? apnIssue });
      if (state === 'CO' && rng.chance(0.7))
        this.licenseFor(person, state, 'aprn_prescriptive', { parent: main, firstIssue: apnIssue + rng.int(30, 400), nameOnRecord: options.nameOnRecord });
      if (state === 'WA' && rng.chance(0.06)) {
        this.licenseFor(person, state, 'arnp_temporary_permit', { firstIssue: apnIssue - rng.int(60, 150), nameOnRecord: options.nameOnRecord });
      }
      return main;
    }
    const main = this.licenseFor(person, state, profession, options);
    if (state === 'WA' && profession === 'registered_nurse' && rng.chance(0.07) && main.firstIssue !== null) {
      this.licenseFor(person, state, 'rn_temporary_permit', { firstIssue: main.firstIssue - rng.int(60, 150), nameOnRecord: options.nameOnRecord });
    }
    if (state === 'CO' && profession === 'registered_nurse' && rng.chance(0.03) && main.firstIssue !== null) {
      // Licensed as a practical nurse first; DORA marks the old license "Grad to Higher Level".
      this.licenseFor(person, state, 'practical_nurse', { status: 'Grad to Higher Level', firstIssue: main.firstIssue - rng.int(2, 6) * 365 });
    }
    return main;
  }

  // --- organisations --------------------------------------------------------------------------------

  organization(kind: OrganizationKind, state: LaunchState, tag?: string): Organization {
    const id = 100_000 + this.organizations.length + 1;
    const rng = this.rng.fork(`org:${id}`);
    const address = randomAddress(rng, state);
    const surname = this.names.surname(rng);
    const cityWord = address.city;
    const name = rng
      .pick(organizationNames[kind])
      .replace('{SURNAME}', surname)
      .replace('{CITY}', cityWord)
      .replace('{SAINT}', rng.pick(['JOSEPH', 'LUKE', 'MARY', 'FRANCIS', 'VINCENT', 'ANTHONY']));
    const officialSex: Sex = rng.chance(0.5) ? 'F' : 'M';
    const org: Organization = {
      id,
      kind,
      name,
      dba: rng.chance(0.35) ? `${rng.pick(['', 'THE '])}${cityWord} ${rng.pick(organizationDba[kind])}` : null,
      state,
      address,
      licenses: [],
      npi: null,
      form: rng.chance(0.4) ? 'older' : 'newer',
      taxonomy: rng.pick(organizationTaxonomies[kind]),
      official: {
        first: this.names.givenName(rng, officialSex),
        last: this.names.surname(rng),
        middle: rng.chance(0.5) ? this.names.givenName(rng, officialSex).slice(0, 1) : '',
        title: rng.pick(officialTitles[kind]),
        credential: rng.pick(kind === 'pharmacy' ? ['RPH', 'PHARMD', ''] : ['', 'MBA', 'MD', 'RN']),
        phone: address.phone,
      },
      enumerated: TODAY - rng.int(400, 6800),
      lastUpdated: TODAY - rng.int(10, 390),
      leie: null,
      tags: tag ? [tag] : [],
    };
    this.organizations.push(org);
    return org;
  }

  // --- random fill ----------------------------------------------------------------------------------

  /** A random healthcare person licensed in one state (sometimes two), with extra licenses now and then. */
  randomProvider(): Person {
    const rng = this.rng.fork(`random:${this.people.length + 1}`);
    const state = rng.weighted(stateWeights);
    const available = new Set(professionsIn(state));
    const profession = rng.weighted(professionWeights.filter(([p]) => available.has(p)));
    const person = this.person({ state, profession });
    this.practice(person, state);
    if (rng.chance(0.05)) {
      const other = rng.pick(launchStates.filter((s) => s !== state && professionsIn(s).includes(profession)));
      this.practice(person, other);
    }
    if (state === 'IL' && rng.chance(0.03)) {
      const side: OtherLicense = rng.pick(['cpa', 'real_estate_broker', 'detective', 'barber', 'cosmetologist']);
      this.licenseFor(person, 'IL', side);
    }
    if (state === 'CO' && rng.chance(0.03)) this.licenseFor(person, 'CO', rng.pick(['co_code_ec', 'co_code_pc'] as const));
    return person;
  }

  /** Someone holding only a non-healthcare license (or one whose code no mapping knows). */
  randomOtherLicensee(): Person {
    const rng = this.rng.fork(`other:${this.people.length + 1}`);
    const [state, role] = rng.weighted<readonly [LaunchState, OtherLicense]>([
      [['IL', 'cpa'], 8],
      [['IL', 'detective'], 6],
      [['IL', 'barber'], 3],
      [['IL', 'cosmetologist'], 5],
      [['IL', 'real_estate_broker'], 6],
      [['IL', 'veterinarian'], 3],
      [['CO', 'cosmetologist'], 6],
      [['CO', 'co_code_ec'], 3],
      [['CO', 'co_code_pc'], 3],
      [['CO', 'co_code_unknown'], 2],
      [['DE', 'veterinarian'], 2],
      [['DE', 'real_estate_broker'], 3],
    ]);
    const person = this.person({ state, profession: null });
    this.licenseFor(person, state, role);
    return person;
  }

  // --- helpers --------------------------------------------------------------------------------------

  private numbersOf(kind: LicenseKind): Set<string> {
    // CO numbers are unique only within a license type; TX RN and VN are separate numberings.
    const key = kind.state === 'CO' ? `${kind.dataset}#${kind.type}` : kind.dataset === 'jnzg-cr4w' ? `${kind.dataset}#${kind.type}` : kind.dataset;
    let set = this.numbersInUse.get(key);
    if (!set) {
      set = new Set();
      this.numbersInUse.set(key, set);
    }
    return set;
  }

  private newNumber(rng: Rng, kind: LicenseKind, firstIssue: Day | null): string {
    const year = new Date((firstIssue ?? TODAY) * 86_400_000).getUTCFullYear();
    const used = this.numbersOf(kind);
    for (;;) {
      const n = kind.number(rng, year);
      if (!used.has(n)) return n;
    }
  }

  /** Is this number free for the kind (used by scenarios that force collisions across kinds). */
  numberInUse(kind: LicenseKind, number: string): boolean {
    return this.numbersOf(kind).has(number);
  }

  private firstIssueDay(rng: Rng, holder: Person | Organization, kind: LicenseKind, parent: License | undefined): Day {
    if (!('sex' in holder)) return holder.enumerated - rng.int(0, 900);
    const profession = holder.profession;
    const minAge = profession ? firstLicenseAge[profession] : 21;
    const earliest = addYears(holder.birth, minAge);
    const span = Math.max(30, TODAY - 90 - earliest);
    // Most people are licensed early in their career; second-state licenses come later.
    const later = holder.licenses.some((l) => l.kind.state !== kind.state) ? rng.float() : rng.float() ** 2.2;
    const day = earliest + Math.floor(later * span);
    return Math.max(parent?.firstIssue ?? 0, Math.min(day, TODAY - 45));
  }

  /** The holder's name as a board records it: most keep the middle name, some an initial or none. */
  private boardName(rng: Rng, person: Person): PersonName {
    const { first, middle, last, suffix } = person.name;
    const m = !middle ? '' : rng.chance(0.2) ? '' : rng.chance(0.1) ? middle.slice(0, 1) : middle;
    let l = last;
    if (person.formerLast && rng.chance(0.18)) l = person.formerLast;
    return { first, middle: m, last: l, suffix };
  }
}

const organizationNames: Readonly<Record<OrganizationKind, readonly string[]>> = {
  pharmacy: ['{SURNAME} PHARMACY', '{CITY} DRUG CO', '{SURNAME} APOTHECARY LLC', '{SURNAME} FAMILY PHARMACY INC'],
  clinic: ['{CITY} FAMILY MEDICINE PLLC', '{SURNAME} MEDICAL GROUP PC', '{CITY} COMMUNITY HEALTH CENTER', '{SURNAME} & ASSOCIATES PHYSICIANS LLP'],
  hospital: ['{CITY} GENERAL HOSPITAL', 'ST {SAINT} MEDICAL CENTER', '{CITY} REGIONAL MEDICAL CENTER'],
  home_health: ['{SURNAME} HOME HEALTH CARE LLC', '{CITY} VISITING NURSES ASSOCIATION', 'ANGEL {SURNAME} HOME CARE INC'],
  veterinary_hospital: ['{SURNAME} ANIMAL HOSPITAL', '{CITY} VETERINARY CLINIC PA'],
  detective_agency: ['{SURNAME} INVESTIGATIONS INC', '{CITY} SECURITY & INVESTIGATIVE SERVICES LLC'],
};

const organizationDba: Readonly<Record<OrganizationKind, readonly string[]>> = {
  pharmacy: ['PHARMACY', 'RX', 'COMPOUNDING'],
  clinic: ['FAMILY CLINIC', 'URGENT CARE', 'WALK-IN CLINIC'],
  hospital: ['HOSPITAL', 'MEDICAL CENTER'],
  home_health: ['HOME HEALTH', 'HOSPICE'],
  veterinary_hospital: ['PET CLINIC'],
  detective_agency: ['INVESTIGATIONS'],
};

const organizationTaxonomies: Readonly<Record<OrganizationKind, readonly (readonly [string, string])[]>> = {
  pharmacy: [
    ['3336C0003X', 'Pharmacy, Community/Retail Pharmacy'],
    ['3336C0004X', 'Pharmacy, Compounding Pharmacy'],
  ],
  clinic: [
    ['261QP2300X', 'Clinic/Center, Primary Care'],
    ['193200000X', 'Multi-Specialty Group'],
    ['261QU0200X', 'Clinic/Center, Urgent Care'],
  ],
  hospital: [['282N00000X', 'General Acute Care Hospital']],
  home_health: [
    ['251E00000X', 'Home Health'],
    ['251G00000X', 'Hospice Care, Community Based'],
  ],
  veterinary_hospital: [['000000000X', 'none']],
  detective_agency: [['000000000X', 'none']],
};

const officialTitles: Readonly<Record<OrganizationKind, readonly string[]>> = {
  pharmacy: ['OWNER', 'PHARMACIST IN CHARGE', 'PRESIDENT'],
  clinic: ['MANAGING PARTNER', 'OFFICE MANAGER', 'CEO', 'PRESIDENT'],
  hospital: ['CHIEF FINANCIAL OFFICER', 'CEO', 'DIRECTOR OF REVENUE CYCLE'],
  home_health: ['ADMINISTRATOR', 'OWNER', 'DIRECTOR OF NURSING'],
  veterinary_hospital: ['OWNER'],
  detective_agency: ['OWNER'],
};
