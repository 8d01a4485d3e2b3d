/**
 * Whether a new version of a source is plausibly the next one (pure rules; the ingests apply them
 * through load-review.ts). A version is compared with the version in force, row by row, by each row's
 * identity (a list's own key of the row, else its NPI, else its name; a roster's license number and
 * type) and a digest of what an answer is made of (a list row's action, dates and identifiers; a
 * roster row's status, discipline, expiry and name):
 *
 * - the first load of a source (no version in force) is accepted;
 * - an operator's rollback (`--rollback --reason …`) is accepted, whatever the file: the operator chose it;
 * - a file that stands for an earlier day than the version in force (its as-of date: the publication
 *   date in its name or content) is refused: versions move forward;
 * - a load whose rows added, removed and changed exceed the source's change budget (a share of the rows
 *   in force, and more than a few rows) is held for review;
 * - a roster load that improves the standing of a licensee with a restriction (discipline no longer on
 *   record, a suspension or revocation lifted) is held for review, however small: that is the change
 *   that turns a flagged answer into a clear one;
 * - a roster load that adds a licensee whose license number is written unlike every number of its
 *   license type in force (`D0067123` and `C05512` have the shapes `A9999999` and `A99999`) is held.
 *
 * A held load changes no answer: the version in force keeps answering until an operator accepts it.
 */

/** How much a source may change from one version to the next before a load is held for review. */
export interface ChangeBudget {
  /**
   * Rows added, removed, or with a changed status or identifier, as a share of the rows in force
   * (0.02: 2 %). A load beyond it is held.
   */
  readonly share: number;
  /**
   * Rows that may change whatever the share: a small list or roster (a state's 40-row list) has a few
   * changes a month that are a large share of it and no sign of a wrong file.
   */
  readonly minRows: number;
  /** Hold a load that lifts a licensee's restriction (rosters). */
  readonly holdClearings?: boolean;
  /** Hold a load that adds a license number unlike the numbers of its license type in force (rosters). */
  readonly holdUnfamiliarNumbers?: boolean;
}

/** One row of a version, as compared with another version. */
export interface DigestRow {
  /** What the row stands for across versions (a list's key of the row; a roster's license number and type). */
  readonly identity: string;
  /** A digest of what an answer is made of: two versions' rows with the same digest answer alike. */
  readonly digest: string;
  /** A short description of the row for the review (identifiers and status; never more than an answer shows). */
  readonly label: string;
  /** The row restricts the licensee (discipline on record, suspended, revoked): rosters only. */
  readonly restricted?: boolean;
  /** The license number's shape within its license type (`Physician:A9999999`): rosters only. */
  readonly numberShape?: string;
}

/** How many examples of each kind of difference a review shows. */
export const reviewExamples = 5;

export interface VersionDiff {
  /** Distinct identities in the version in force and in the new one. */
  readonly current_rows: number;
  readonly next_rows: number;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  /** Changed rows whose restriction was lifted (included in `changed`). */
  readonly cleared: number;
  /** Added rows whose license number is unlike those of its type in force (included in `added`). */
  readonly unfamiliar_numbers: number;
  readonly examples: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly string[];
    readonly cleared: readonly string[];
    readonly unfamiliar_numbers: readonly string[];
  };
}

interface Digested {
  digest: string;
  label: string;
  restricted: boolean;
  numberShape: string | undefined;
}

/**
 * The rows of a version by identity. Several rows of one identity (SAM's one row per excluding
 * agency, MD's one row per practice area) are one: their digests joined in sorted order, restricted if
 * any is.
 */
export function digestsByIdentity(rows: Iterable<DigestRow>): Map<string, Digested> {
  const grouped = new Map<string, { digests: string[]; label: string; restricted: boolean; numberShape: string | undefined }>();
  for (const row of rows) {
    const seen = grouped.get(row.identity);
    if (seen) {
      seen.digests.push(row.digest);
      seen.restricted ||= row.restricted === true;
    } else {
      grouped.set(row.identity, { digests: [row.digest], label: row.label, restricted: row.restricted === true, numberShape: row.numberShape });
    }
  }
  const out = new Map<string, Digested>();
  for (const [identity, g] of grouped) {
    out.set(identity, {
      digest: g.digests.length === 1 ? g.digests[0]! : g.digests.sort().join('|'),
      label: g.label,
      restricted: g.restricted,
      numberShape: g.numberShape,
    });
  }
  return out;
}

/** A license number's shape: letters as `A`, digits as `9`, anything else kept (`D0067123` → `A9999999`). */
export function numberShape(licenseNumber: string): string {
  return licenseNumber.trim().toUpperCase().replace(/[A-Z]/g, 'A').replace(/[0-9]/g, '9');
}

/** The differences between the version in force and a new one, with a few examples of each kind. */
export function diffVersions(current: Map<string, Digested>, next: Map<string, Digested>, examples = reviewExamples): VersionDiff {
  const shapes = new Set<string>();
  for (const row of current.values()) if (row.numberShape) shapes.add(row.numberShape);
  const counts = { added: 0, removed: 0, changed: 0, cleared: 0, unfamiliar_numbers: 0 };
  const shown = { added: [] as string[], removed: [] as string[], changed: [] as string[], cleared: [] as string[], unfamiliar_numbers: [] as string[] };
  const note = (kind: keyof typeof counts, label: string) => {
    counts[kind]++;
    if (shown[kind].length < examples) shown[kind].push(label);
  };
  for (const [identity, row] of next) {
    const before = current.get(identity);
    if (!before) {
      note('added', row.label);
      if (row.numberShape && !shapes.has(row.numberShape)) note('unfamiliar_numbers', row.label);
      continue;
    }
    if (before.digest === row.digest) continue;
    const label = before.label === row.label ? row.label : `${before.label} → ${row.label}`;
    note('changed', label);
    if (before.restricted && !row.restricted) note('cleared', label);
  }
  for (const [identity, row] of current) if (!next.has(identity)) note('removed', row.label);
  return { current_rows: current.size, next_rows: next.size, ...counts, examples: shown };
}

export type LoadDecision =
  | { readonly decision: 'accepted'; readonly basis: 'first_load' | 'within_budget' | 'rollback'; readonly reasons: readonly string[] }
  | { readonly decision: 'held'; readonly reasons: readonly string[] }
  | { readonly decision: 'refused'; readonly reasons: readonly string[] };

export interface LoadFacts {
  /** The version in force: its as-of date; undefined for a source never loaded. */
  readonly current: { readonly as_of: string } | undefined;
  readonly next: { readonly as_of: string };
  /** Null when there is nothing to compare with (no version in force). */
  readonly diff: VersionDiff | null;
  readonly budget: ChangeBudget;
  /** The operator's reason for loading this file on purpose, whatever it is (`--rollback --reason`). */
  readonly rollback?: string;
}

const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

/** Accept, hold or refuse a load (the module's comment gives the rules). */
export function judgeLoad(facts: LoadFacts): LoadDecision {
  const { current, next, diff, budget } = facts;
  if (!current) return { decision: 'accepted', basis: 'first_load', reasons: ['no version in force: the first load is accepted'] };
  if (facts.rollback !== undefined) {
    return { decision: 'accepted', basis: 'rollback', reasons: [`loaded on purpose by an operator: ${facts.rollback}`] };
  }
  if (next.as_of < current.as_of) {
    return {
      decision: 'refused',
      reasons: [
        `the file stands for ${next.as_of}, before the version in force (${current.as_of}): versions move forward (an operator may roll back with --rollback --reason)`,
      ],
    };
  }
  const reasons: string[] = [];
  if (diff) {
    const changes = diff.added + diff.removed + diff.changed;
    const share = diff.current_rows === 0 ? (changes > 0 ? 1 : 0) : changes / diff.current_rows;
    if (share > budget.share && changes > budget.minRows) {
      reasons.push(
        `${changes} rows added, removed or changed (${diff.added} added, ${diff.removed} removed, ${diff.changed} changed) are ${percent(share)} of the ${diff.current_rows} in force, beyond the budget of ${percent(budget.share)}`,
      );
    }
    if (budget.holdClearings && diff.cleared > 0) {
      reasons.push(`${diff.cleared} licensee(s) with a restriction in force (discipline, suspension, revocation) would be cleared`);
    }
    if (budget.holdUnfamiliarNumbers && diff.unfamiliar_numbers > 0) {
      reasons.push(`${diff.unfamiliar_numbers} added licensee(s) have a license number unlike every number of their license type in force`);
    }
  }
  if (reasons.length > 0) return { decision: 'held', reasons };
  return { decision: 'accepted', basis: 'within_budget', reasons: [] };
}

/** How a roster's files given by an operator answer its declared files. */
export interface DeclaredFilesMatch {
  /** Declared files no given file stands for. */
  readonly missing: readonly string[];
  /** Given files that stand for no declared file. */
  readonly unknown: readonly string[];
}

const stem = (name: string) =>
  name
    .toLowerCase()
    .replace(/\.[a-z0-9]+$/, '')
    .replace(/[^a-z0-9]+/g, '_');

/** True when a given file's name (without extension) contains the declared file's: it stands for it. */
export function fileStandsFor(given: string, declared: string): boolean {
  return stem(given).includes(stem(declared));
}

/**
 * Matches the files an operator gives to the files a roster declares: a given file stands for the
 * declared file whose name (without extension) its own name contains (`2026-10-doctor_list_revised.csv`
 * stands for `doctor_list_revised.csv`). Every declared file must be given, and nothing else.
 */
export function matchDeclaredFiles(declared: readonly string[], given: readonly string[]): DeclaredFilesMatch {
  const found = new Set<string>();
  const unknown: string[] = [];
  for (const name of given) {
    const match = declared.find((d) => fileStandsFor(name, d));
    if (match) found.add(match);
    else unknown.push(name);
  }
  return { missing: declared.filter((d) => !found.has(d)), unknown };
}
