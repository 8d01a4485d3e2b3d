/**
 * One row of a sanctions list, in the same shape whatever the list: who (a person's split name, or an
 * entity's name), the identifiers the list publishes for the row, and the action it records. A party
 * excluded by several agencies has one entry per action (SAM: one row per excluding agency); each is
 * reported on its own.
 */

export interface ListLicense {
  /** Two-letter state. */
  readonly state: string;
  /** As the list writes it; compared with `licenseNumbersAgree`. */
  readonly number: string;
}

export interface ListAction {
  /** Who took the action (an agency, a state program). */
  readonly agency: string;
  /** The kind of action as the list words it (an exclusion type, a termination reason). */
  readonly type: string;
  /** A finer classification where the list has one (SAM's exclusion program and CT code). */
  readonly program: string;
  readonly code: string;
  /** ISO dates; null when the list gives none. */
  readonly startDate: string | null;
  readonly endDate: string | null;
  /** The list says the action has no end (SAM `Indefinite`). */
  readonly indefinite: boolean;
  /** The end of the action undone before its end date (reinstatement), where the list records it. */
  readonly reinstatedDate: string | null;
  readonly comments: string;
}

export interface ListEntry {
  readonly kind: 'individual' | 'entity';
  readonly lastName: string;
  readonly firstName: string;
  readonly middleName: string;
  /** The name of an entity, or a person's name as one field. */
  readonly entityName: string;
  readonly npi: string | null;
  /**
   * Every NPI the row carries, where it carries several (Medi-Cal lists an organisation's NPIs in one
   * cell): `npi` is the first of them. The row is found by each, and agrees with a request giving any.
   */
  readonly npis?: readonly string[];
  /** ISO date of birth, where the list publishes one. */
  readonly dob: string | null;
  readonly licenses: readonly ListLicense[];
  /** The list's own key of the row (SAM Number). */
  readonly reference: string | null;
  /** Other identifiers the list publishes (UEI, CAGE, …), by name. */
  readonly identifiers: Readonly<Record<string, string>>;
  /** Other names the list gives the party. */
  readonly aliases: readonly string[];
  readonly city: string;
  readonly state: string;
  readonly zip: string;
  readonly country: string;
  readonly action: ListAction;
}
