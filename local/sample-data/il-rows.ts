/**
 * Illinois IDFPR, Professional Licensing (pzzh-kp68): every profession the state licenses, healthcare
 * or not, businesses (`business` Y with `business_name`) and people. Dates MM/DD/YYYY; an empty value is
 * the literal text "None". A license with several disciplinary actions repeats its row once per action.
 * Many people's `first_name` holds their middle initial (`CHARLES S`) with `middle` "None"; others have
 * the middle name in `middle`.
 * `suffix` carries degrees (MD, DO, DVM) as well as generational suffixes.
 */
import { type Day, mmddyyyy, TODAY } from './dates.ts';
import { advancedPracticeNursing, type Profession } from './license-catalog.ts';
import type { License } from './model.ts';
import { isPerson } from './model.ts';
import type { Rng } from './prng.ts';
import { type SodaRow, sodaRow } from './soda-json.ts';
import { aprnQualifier, isOsteopath } from './specialties.ts';

const NONE = 'None';

const date = (day: Day | null | undefined): string => (day === null || day === undefined ? NONE : mmddyyyy(day));

const prescribers = new Set([
  'physician',
  'dentist',
  'physician_assistant',
  'nurse_practitioner',
  'nurse_midwife',
  'nurse_anesthetist',
  'clinical_nurse_specialist',
]);

export function ilRows(rng: Rng, license: License): SodaRow[] {
  const holder = license.holder;
  const person = isPerson(holder) ? holder : null;
  const role = license.kind.role;
  const name = license.nameOnRecord;
  const a = license.address;
  const current = license.status.meaning === 'active' || license.status.meaning === 'conditional';

  let suffix = name.suffix;
  if (!suffix && role === 'physician' && person && rng.chance(0.6)) suffix = isOsteopath(person) ? 'DO' : 'MD';
  if (!suffix && role === 'veterinarian') suffix = 'DVM';
  const prefix = role === 'physician' && rng.chance(0.15) ? 'DR' : NONE;
  const schedule = prescribers.has(role) && current && (role === 'physician' || role === 'dentist' || rng.chance(0.5)) ? '2,2N,3,3N,4,5' : NONE;
  const delegated =
    (role === 'physician_assistant' || advancedPracticeNursing.has(role as Profession)) && current && rng.chance(0.4)
      ? rng.pick(['3,3N,4,5', '2,3,4,5', '2,2N,3,3N,4,5'])
      : NONE;
  const qualifier = person && advancedPracticeNursing.has(role as Profession) ? aprnQualifier(person, role) : NONE;
  const touched = Math.min(
    TODAY - 1,
    Math.max(license.lastIssue ?? 0, license.statusDate ?? 0, ...license.cases.map((c) => c.end ?? c.start)) + rng.int(1, 60),
  );
  // A few old actions are flagged without being itemised.
  const everDisciplined = license.cases.length > 0 || rng.chance(0.003) ? 'Y' : 'N';

  // Many rows carry the middle initial inside first_name ("CHARLES S") and leave `middle` empty; which
  // ones follows the number's last digit, so no draw is added to the sequence.
  const initialInFirst = person !== null && name.middle !== '' && Number(license.number.slice(-1)) < 6;
  const base: [string, string][] = [
    ['license_type', license.kind.group!],
    ['description', license.kind.type],
    ['license_number', license.number],
    ['license_status', license.status.text],
    ['business', person ? 'N' : 'Y'],
    ['title', NONE],
    ['first_name', person ? (initialInFirst ? `${name.first} ${name.middle[0]}` : name.first) : NONE],
    ['middle', person && name.middle && !initialInFirst ? name.middle : NONE],
    ['last_name', person ? name.last : NONE],
    ['prefix', prefix],
    ['suffix', suffix || NONE],
    ['business_name', isPerson(holder) ? NONE : holder.name],
    ['businessdba', !isPerson(holder) && holder.dba ? holder.dba : NONE],
    ['original_issue_date', date(license.firstIssue)],
    ['effective_date', date(license.lastIssue)],
    ['expiration_date', date(license.expiration)],
    ['city', a.city],
    ['state', a.state],
    ['zip', a.zip],
    ['county', a.state === 'IL' ? a.county : NONE],
    ['specialty_qualifier', qualifier],
    ['controlled_substance_schedule', schedule],
    ['delegated_controlled_substance_schedule', delegated],
    ['ever_disciplined', everDisciplined],
    ['lastmodifieddate', mmddyyyy(touched)],
  ];
  const cases = license.cases.length > 0 ? license.cases : [null];
  return cases.map((c) =>
    sodaRow([
      ...base,
      ['case_number', c?.number ?? NONE],
      ['action', c?.action ?? NONE],
      ['discipline_start_date', date(c?.start)],
      ['discipline_end_date', date(c?.end)],
      ['discipline_reason', c?.reason ?? NONE],
    ]),
  );
}
