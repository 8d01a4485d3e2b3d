/**
 * Washington DOH, Health Care Provider Credential Data (qxh8-f4bd). Names in Mixed Case as entered
 * (`Panton`, `McClain`, `Wright-Genous`, a middle initial `J`), no address (DOH withholds it),
 * `birthyear` as text, dates as YYYYMMDD text, `actiontaken` No / Yes / Pending. No suffix column: a
 * generational suffix is not shown.
 */
import { addYears, TODAY, yearOf, yyyymmdd } from './dates.ts';
import type { License } from './model.ts';
import { isPerson } from './model.ts';
import { titleCase } from './name-variants.ts';
import type { Rng } from './prng.ts';
import { type SodaRow, sodaRow } from './soda-json.ts';

/** CE is tracked for these credentials; the due date usually trails the issue date by a cycle or two. */
const tracksContinuingEducation = /Nurse|Physician|Dentist|Pharmacist|Therapist|Psychologist|Counselor|Social Worker|Trainer|Medicine/;

export function waRow(rng: Rng, license: License): SodaRow {
  const holder = license.holder;
  if (!isPerson(holder)) throw new Error('WA publishes people only');
  const name = license.nameOnRecord;
  const hasDates = license.firstIssue !== null;
  const ceDue =
    hasDates && tracksContinuingEducation.test(license.kind.type) && !license.kind.role.endsWith('permit') && rng.chance(0.75)
      ? yyyymmdd(rng.chance(0.6) ? license.expiration! : Math.min(addYears(license.firstIssue!, rng.int(1, 3)), TODAY + 700))
      : null;
  // Yes: a board action on record; Pending: charges filed, not decided.
  const action = license.cases.length > 0 ? 'Yes' : rng.chance(0.006) ? 'Pending' : 'No';
  return sodaRow([
    ['credentialnumber', license.number],
    ['lastname', titleCase(name.last)],
    ['firstname', titleCase(name.first)],
    ['middlename', name.middle ? titleCase(name.middle) : null],
    ['credentialtype', license.kind.type],
    ['status', license.status.text],
    ['birthyear', String(yearOf(holder.birth))],
    ['ceduedate', ceDue],
    ['firstissuedate', hasDates ? yyyymmdd(license.firstIssue!) : null],
    ['lastissuedate', license.lastIssue !== null ? yyyymmdd(license.lastIssue) : null],
    ['expirationdate', license.expiration !== null ? yyyymmdd(license.expiration) : null],
    ['actiontaken', action],
  ]);
}
