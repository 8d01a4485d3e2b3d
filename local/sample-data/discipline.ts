/**
 * Disciplinary cases: what each board writes about an action. The sample keeps one list of cases per
 * license; each source renders them its own way (CO and IL repeat the license row per case, DE lists
 * them in a separate dataset, TX keeps the current action on the license row, WA only a Yes/No/Pending
 * flag).
 */
import type { Day } from './dates.ts';
import type { LaunchState } from './places.ts';
import type { Rng } from './prng.ts';
import type { StatusMeaning } from './raw-statuses.ts';

export interface DisciplineCase {
  /** Board case number as the state writes it. */
  readonly number: string;
  /** What was ordered, in the board's wording. */
  readonly action: string;
  /** Why (IL discipline_reason; DE item_text builds on it). */
  readonly reason: string;
  readonly start: Day;
  /** Completed or lifted; null while in force. */
  readonly end: Day | null;
}

const actionsByMeaning: Readonly<Record<LaunchState, Partial<Record<StatusMeaning | 'past', readonly string[]>>>> = {
  CO: {
    conditional: ['Stipulation and Final Agency Order', 'Probation', 'Practice Monitoring'],
    suspended: ['Suspension', 'Summary Suspension', 'Suspension - Child Support'],
    revoked: ['Revocation', 'Relinquishment', 'Surrender'],
    past: ['Letter of Admonition', 'Fine', 'Stipulation and Final Agency Order', 'Probation'],
  },
  IL: {
    conditional: ['PROBATION', 'INDEFINITE PROBATION', 'REPRIMAND AND PROBATION'],
    suspended: ['SUSPENDED', 'INDEFINITE SUSPENSION', 'TEMPORARY SUSPENSION'],
    revoked: ['REVOKED', 'VOLUNTARY SURRENDER', 'REFUSE TO RENEW'],
    past: ['REPRIMAND', 'FINED', 'REPRIMAND AND FINE', 'CEASE AND DESIST', 'PROBATION'],
  },
  TX: {
    conditional: ['AGREED ORDER', 'MEDIATED AGREED ORDER', 'ORDER OF PROBATION'],
    suspended: ['TEMPORARY SUSPENSION', 'ORDER OF SUSPENSION'],
    revoked: ['REVOCATION', 'AGREED ORDER OF VOLUNTARY SURRENDER'],
    past: ['REMEDIAL PLAN', 'AGREED ORDER', 'WARNING WITH STIPULATIONS'],
  },
  DE: {
    conditional: ['Probation', 'Probation with practice restrictions'],
    suspended: ['Suspension', 'Temporary Suspension'],
    revoked: ['Revocation', 'Voluntary Surrender'],
    past: ['Letter of Reprimand', 'Fine', 'Letter of Reprimand and Fine'],
  },
  WA: {
    conditional: ['Stipulated Findings, Conclusions and Agreed Order', 'Probation'],
    suspended: ['Suspension', 'Summary Suspension'],
    revoked: ['Revocation', 'Surrender'],
    past: ['Informal Disposition (STID)', 'Fine'],
  },
};

const reasons = [
  'UNPROFESSIONAL CONDUCT',
  'PRACTICING ON AN EXPIRED LICENSE',
  'FAILURE TO COMPLETE CONTINUING EDUCATION',
  'CHILD SUPPORT DELINQUENCY',
  'FAILURE TO FILE TAX RETURNS',
  'IMPAIRED PRACTICE',
  'CONVICTION OF A CRIME',
  'DISCIPLINE IN ANOTHER STATE',
  'STANDARD OF CARE',
  'PRESCRIBING VIOLATIONS',
  'DOCUMENTATION DEFICIENCIES',
  'BOUNDARY VIOLATION',
];

function caseNumber(rng: Rng, state: LaunchState, year: number): string {
  switch (state) {
    case 'CO':
      return `${year}-${String(rng.int(1, 9999)).padStart(6, '0')}`;
    case 'IL':
      return `${year}${String(rng.int(1, 99999)).padStart(5, '0')}`;
    case 'DE':
      return `${rng.pick(['10', '11', '13', '15'])}-${String(rng.int(1, 999)).padStart(2, '0')}-${String(year).slice(2)}`;
    case 'TX':
      return `${String(year).slice(2)}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
    case 'WA':
      return `M${year}-${rng.int(100, 999)}`;
  }
}

/**
 * A case for a license in the given state. `inForce` cases caused the current status (no end date,
 * started within the last few years); others are past, completed actions.
 */
export function makeCase(rng: Rng, state: LaunchState, meaning: StatusMeaning | 'past', start: Day, end: Day | null): DisciplineCase {
  const actions = actionsByMeaning[state][meaning] ?? actionsByMeaning[state].past!;
  const year = new Date(start * 86_400_000).getUTCFullYear();
  return {
    number: caseNumber(rng, state, year),
    action: rng.pick(actions),
    reason: rng.pick(reasons),
    start,
    end,
  };
}
