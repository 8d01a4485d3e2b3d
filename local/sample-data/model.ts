/**
 * The sample population: people and organisations with their licenses, before any source renders
 * them. Each source writer (wa-rows.ts, co-rows.ts, …, nppes-records.ts, leie-file.ts) reads this
 * model and writes the source's own format.
 */
import type { Day } from './dates.ts';
import type { DisciplineCase } from './discipline.ts';
import type { LicenseKind, Profession } from './license-catalog.ts';
import type { Sex } from './name-tables.ts';
import type { Address, LaunchState } from './places.ts';
import type { RawStatus } from './raw-statuses.ts';

/** A name as one source holds it; all parts upper case, '' when absent. */
export interface PersonName {
  readonly first: string;
  readonly middle: string;
  readonly last: string;
  readonly suffix: string;
}

export type NppesForm = 'older' | 'newer';

/** How a person appears in NPPES (decided with the person, rendered by nppes-records.ts). */
export interface NppesPlan {
  readonly npi: string;
  readonly form: NppesForm;
  /** The name in NPPES `basic` (nickname, no accent, no apostrophe, dropped middle…). */
  readonly name: PersonName;
  readonly enumerated: Day;
  readonly lastUpdated: Day;
  /** Licenses listed in taxonomies, with the text NPPES shows for the number. */
  readonly listed: readonly { readonly license: License; readonly shownNumber: string }[];
  /** Licenses in states outside the sample (e.g. NY), shown as text only. */
  readonly elsewhere: readonly { readonly state: string; readonly number: string }[];
  readonly credential: string;
  /**
   * The day NPPES deactivated the NPI, if it did: the NPI is on the Deactivated NPI Report and the
   * registry no longer returns it (no record is written).
   */
  readonly deactivated?: Day;
}

/** Why and how a person or organisation is on the LEIE, and with which identifiers. */
export interface LeieListing {
  readonly exclusionType: string;
  /** The LEIE row carries the NPI (else 0000000000). */
  readonly withNpi: boolean;
  /** The LEIE row carries the date of birth (else empty). */
  readonly withDob: boolean;
  /** A waiver lets the state's programs pay the excluded party. */
  readonly waiverState: string | null;
}

/** A LEIE row for someone else with the same name, told apart by a different NPI or date of birth. */
export interface LeieNamesake {
  readonly differs: 'npi' | 'dob';
  readonly exclusionType: string;
  /** The other person's NPI, issued with the sample's NPIs. */
  npi: string | null;
}

export interface Person {
  readonly id: number;
  readonly sex: Sex;
  /** The legal name, as most boards hold it. */
  name: PersonName;
  /** The accented spelling the person uses, kept by sources that keep accents (CO). */
  accentedFirst: string | null;
  accentedLast: string | null;
  /** The surname without punctuation or spaces (O'BRIEN → OBRIEN), as some systems store it. */
  plainLast: string;
  /** A previous surname (maiden name), if any. */
  formerLast: string | null;
  readonly birth: Day;
  readonly profession: Profession | null;
  readonly address: Address;
  readonly licenses: License[];
  nppes: NppesPlan | null;
  leie: LeieListing | null;
  leieNamesakes: LeieNamesake[];
  /** Manifest tags (scenario names) this person illustrates. */
  readonly tags: string[];
}

export interface License {
  readonly id: number;
  readonly kind: LicenseKind;
  readonly holder: Person | Organization;
  number: string;
  status: RawStatus;
  /** Status fixed by a scenario; the status-coverage pass leaves it alone. */
  pinned: boolean;
  firstIssue: Day | null;
  lastIssue: Day | null;
  expiration: Day | null;
  /** When the current status took effect (TX "status date"). */
  statusDate: Day | null;
  cases: DisciplineCase[];
  /** The holder's name as this board has it (e.g. a maiden name it never updated). */
  nameOnRecord: PersonName;
  /** The address on the board's record. */
  address: Address;
  /** TX APRN authorisations and CO prescriptive authority hang off the RN / APN license. */
  readonly parent: License | null;
  /** Scenario-imposed expiry distance from the reference date, in days. */
  expiresInDays: number | null;
  /** Scenario-imposed number of discipline cases. */
  wantedCases: number | null;
}

export type OrganizationKind = 'pharmacy' | 'clinic' | 'hospital' | 'home_health' | 'veterinary_hospital' | 'detective_agency';

export interface Organization {
  readonly id: number;
  readonly kind: OrganizationKind;
  readonly name: string;
  readonly dba: string | null;
  readonly state: LaunchState;
  readonly address: Address;
  readonly licenses: License[];
  npi: string | null;
  form: NppesForm;
  readonly taxonomy: readonly [string, string];
  readonly official: {
    readonly first: string;
    readonly last: string;
    readonly middle: string;
    readonly title: string;
    readonly credential: string;
    readonly phone: string;
  };
  readonly enumerated: Day;
  readonly lastUpdated: Day;
  leie: LeieListing | null;
  readonly tags: string[];
}

export interface Population {
  readonly people: readonly Person[];
  readonly organizations: readonly Organization[];
  readonly licenses: readonly License[];
}

export function isPerson(holder: Person | Organization): holder is Person {
  return 'sex' in holder;
}
