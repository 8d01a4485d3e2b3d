/**
 * Alaska Division of Corporations, Business and Professional Licensing (CBPL): the "Professional License
 * Download", one CSV of the professional licenses the division keeps on record for every program it
 * administers (medical, nursing, pharmacy, dental … and many that are not healthcare: real estate,
 * contractors, guides, collection agencies), at
 * `https://www.commerce.alaska.gov/cbp/DBDownloads/ProfessionalLicenseDownload.CSV` (linked from
 * `https://www.commerce.alaska.gov/cbp/main/`). About 96,600 rows and 16 MB (June 2022), some 100,900
 * rows in 2026; refreshed about weekly. What is recorded (test/fixtures/real/ak_cbpl/ and the notes
 * quoted there):
 *
 *  - Columns [confirmed: real rows of August 2025 under their raw column names; a 2022 profile of the
 *    whole file gives the same 14 in this order]: `Program, ProfType, LicenseNum, DBA, Owners, Status,
 *    DateIssued, DateEffective, DateExpired, ADDRESS1, ADDRESS2, CITY, STATE, ZIP`. `Program` names the
 *    board or program (55 in 2022), `ProfType` the license type within it (211 in 2022).
 *  - Framing [inferred]: comma-delimited with double-quote quoting (every reader of it found reads it so),
 *    one header line, no preamble. The real rows at hand were re-serialised by their capture (JSON), so
 *    the BOM, line ends and which fields are quoted are not recorded. Cells keep trailing spaces
 *    (`PO BOX 81009 `, `EAGLE RIVER `); the reader trims every cell.
 *  - Dates [observed]: month/day/year with something after a space (a time), e.g. `8/27/2003 12:00:00 AM`
 *    [the time's form inferred]; read by `listDate`.
 *  - `Owners`: the licensee's name, given name first, no middle name or initial, in capitals on older
 *    records (`FREDERICK CONNIFF`) and mixed case on newer ones (`Madisen Watkins`); two spaces between
 *    the given name and the surname on some (`Samantha  Johnson`, `Susan  Shaffer Sookram`: an empty
 *    middle slot). A surname may be of several words (`John Van Sciver`, `DIRSKO VON PFEIL`, `Margot
 *    Fairbanks Ulsom`), so the given name is the first word (or what precedes the two spaces) and the
 *    surname everything after it (`akOwnerName`). Empty on 1.5% of rows (businesses named in `DBA`).
 *  - `LicenseNum`: unique over the whole file (96,573 distinct of 96,573 rows, 2022); older numbers carry
 *    a program prefix (`VETV512`, `DENG17`, `PSYP576`), newer ones are digits only (`148700`). Kept as
 *    published; with the default letter prefix, a number typed without its prefix agrees with it when
 *    four digits or more remain (`512` for `VETV512` is too short to link) [how NPPES holds these
 *    numbers is NOT recorded].
 *  - Statuses [observed]: `Active` and `Suspended` on the real rows (430 and 1 of 431 veterinarians),
 *    `Active Collaborative` on a collaborative plan agreement (not a license, not stored); 11 distinct
 *    values in the 2022 file, the other eight not recorded. So `Active` and `Suspended` are matched
 *    exactly, and any other value (a blank one included) is unrecognised: the source answers that it
 *    could not read the license, never a status guessed from a word in it.
 *  - Absence [observed on one program, inferred for the others]: the real veterinarian rows (every one of
 *    the program in the August 2025 file) are 430 Active licenses, all expiring 31 December 2026, and one
 *    Suspended license that expired in 2018; none lapsed or expired, though far more veterinarian
 *    licenses were ever issued (old numbers run past VETV720). So the download lists current licenses
 *    (and suspended ones), and an absent provider holds no current Alaska license in that profession:
 *    `not_found`, never "never licensed".
 *  - No discipline column: the division shows actions on each license's page of its search only, so no
 *    discipline flag is claimed either way; a suspension is discipline in itself.
 *  - Programs and license types: only `Medical` (with `Physician`, `Osteopathic Physician`: named by two
 *    other readers of the file), `Nursing`, `Pharmacy` and `Dental` are read; their license types whose
 *    wordings were seen whole or cut short are listed below, each matched exactly, any other unclassified
 *    and reported. A program whose name speaks of health care but is not one of these four
 *    (`Speech-Language Pathology …`, a renamed program) is kept unclassified and reported, never skipped
 *    unseen; every other program (veterinary, real estate, contractors, guides …) is not healthcare and
 *    not stored.
 *  - Access: the download is offered to the public from the division's page, but the site's robots.txt
 *    disallows automated clients under `/cbp/`, and in June 2026 it answered some networks with a bot
 *    challenge (DataDome) instead of the file. So it is not fetched on a schedule: an operator saves it
 *    from a browser (about weekly) and loads it with `ingest-roster ak_cbpl --file <path>`. A challenge
 *    page saved by mistake has no header with these columns and is refused, the loaded version answering
 *    meanwhile.
 */
import type { BoardStatus } from '../../../../domain/license-status.ts';
import { professionRules } from '../../boards/board-definition.ts';
import type { Classification } from '../../license-record.ts';
import { listDate } from '../../lists/list-cells.ts';
import { type RosterDefinition, type RosterRecord, type RosterRow, statusFrom } from '../roster-definition.ts';
import { nvSurname } from './nevada.ts';

export const akColumns = [
  'Program',
  'ProfType',
  'LicenseNum',
  'DBA',
  'Owners',
  'Status',
  'DateIssued',
  'DateEffective',
  'DateExpired',
  'ADDRESS1',
  'ADDRESS2',
  'CITY',
  'STATE',
  'ZIP',
] as const;

/**
 * The health programs read, by their exact `Program` (upper-cased), each with its license types matched
 * exactly. Seen: the programs `Medical`, `Nursing`, `Pharmacy`, `Dental`; the types `Physician` and
 * `Osteopathic Physician` (named by two readers of the file), and `Register…`, `Advanced…`, `Pharmaci…`,
 * `Dentist …` cut short in a printout of real rows. The whole wordings below are inferred from those
 * and from the boards' license names: a wording that differs is unclassified and reported by the first
 * real load, never guessed.
 */
export const akHealthPrograms = {
  MEDICAL: professionRules(
    [
      { pattern: /^PHYSICIAN$/, profession: 'physician' },
      { pattern: /^OSTEOPATHIC PHYSICIAN$/, profession: 'physician' },
      // Inferred: another reader keeps the types containing "podiatrist" beside the physicians.
      { pattern: /^PODIATRIST$/, profession: 'podiatrist' },
      // Inferred.
      { pattern: /^PHYSICIAN ASSISTANT$/, profession: 'physician_assistant' },
    ],
    { kind: 'unclassified' },
  ),
  NURSING: professionRules(
    [
      { pattern: /^REGISTERED NURSE$/, profession: 'registered_nurse' },
      // Inferred (`Advanced…` seen): an Alaska APRN license may be any of the advanced practice roles.
      { pattern: /^ADVANCED PRACTICE REGISTERED NURSE$/, profession: 'unclassified' },
      // Inferred.
      { pattern: /^LICENSED PRACTICAL NURSE$/, profession: 'practical_nurse' },
    ],
    { kind: 'unclassified' },
  ),
  PHARMACY: professionRules(
    [
      { pattern: /^PHARMACIST$/, profession: 'pharmacist' },
      // Inferred.
      { pattern: /^PHARMACY TECHNICIAN$/, profession: 'pharmacy_technician' },
    ],
    { kind: 'unclassified' },
  ),
  DENTAL: professionRules(
    [
      // Inferred: the one printout cut it after `Dentist `, so the real wording may be longer (then reported).
      { pattern: /^DENTIST$/, profession: 'dentist' },
      // Inferred.
      { pattern: /^DENTAL HYGIENIST$/, profession: 'dental_hygienist' },
    ],
    { kind: 'unclassified' },
  ),
} as const;

/** A program not read whose name speaks of health care: kept unclassified and reported, never skipped unseen. */
const healthWords =
  /\b(NURS|MEDIC|PHYSIC|DENT|PHARM|PSYCH|THERAP|COUNSEL|SOCIAL WORK|CHIROPRACT|OPTOMETR|AUDIOLOG|SPEECH|HEARING|DIETIT|NUTRITION|MASSAGE|MIDWI|NATUROPATH|BEHAVIOR|MARITAL|ATHLETIC|OCCUPATIONAL|RESPIRATORY|ACUPUNCT|HEALTH|EMERGENCY|PARAMEDIC|RADIOLOG|LABORATORY)/;

/** Programs seen that are not healthcare, though a word of their name might say otherwise. */
const notHealthcare = /^(VETERINARY|COLLABORATIVE PLAN)$/;

/**
 * A row's `Program` and `ProfType` → its classification, or `skip` for a program that is not healthcare:
 * a read program's types exactly (another unclassified and reported), an unread program that speaks of
 * health care unclassified and reported, every other program skipped.
 */
export function akClassify(program: string, profType: string): Exclude<Classification, { kind: 'non_healthcare' }> | 'skip' {
  const name = program.trim().toUpperCase();
  const rules = Object.hasOwn(akHealthPrograms, name) ? akHealthPrograms[name as keyof typeof akHealthPrograms] : undefined;
  if (rules) {
    const classification = rules.classifyText(profType.trim());
    return classification.kind === 'non_healthcare' ? 'skip' : classification;
  }
  if (notHealthcare.test(name) || !healthWords.test(name)) return 'skip';
  return { kind: 'unclassified', unknown: true };
}

/** Every status of the real rows, exactly (upper-cased); negative terms first. */
export const akStatuses: readonly (readonly [RegExp, BoardStatus])[] = [
  [/^SUSPENDED$/, 'suspended'],
  [/^ACTIVE$/, 'active'],
];

/**
 * The `Owners` cell split into given name and surname: two spaces mark the empty middle slot (the given
 * name before them, the surname after); otherwise the first word is the given name and the rest the
 * surname (the file writes no middle names). A generational suffix after the surname is split off.
 */
export function akOwnerName(text: string): { firstName: string; lastName: string; suffix: string } {
  const cell = text.trim();
  const gap = cell.indexOf('  ');
  const space = cell.indexOf(' ');
  if (gap <= 0 && space < 0) return { firstName: '', lastName: cell, suffix: '' };
  const at = gap > 0 ? gap : space;
  return { firstName: cell.slice(0, at).trim(), ...nvSurname(cell.slice(at).trim().replace(/\s+/g, ' ')) };
}

function record(row: RosterRow): RosterRecord | null | 'skip' {
  const program = row.get('Program');
  const profType = row.get('ProfType');
  const classification = akClassify(program, profType);
  if (classification === 'skip') return 'skip';
  const owners = row.get('Owners');
  // A row naming no licensee (a business, named in DBA only: 1.5% of the 2022 file) is no person's license.
  if (!owners) return 'skip';
  const licenseNumber = row.get('LicenseNum');
  const name = akOwnerName(owners);
  // A row without a number or a surname is not a license as the file writes one.
  if (!licenseNumber || !name.lastName) return null;
  const rawStatus = row.get('Status');
  const status = statusFrom(akStatuses, rawStatus);
  return {
    file: 'professional_licenses',
    licenseNumber,
    firstName: name.firstName,
    middleName: '',
    lastName: name.lastName,
    suffix: name.suffix,
    licenseType: profType,
    classification,
    status: status.status,
    rawStatus,
    statusRecognised: status.recognised,
    expiryDate: listDate(row.get('DateExpired')),
    issueDate: listDate(row.get('DateIssued')),
    // No discipline column: none is claimed, except that a suspension is discipline in itself.
    disciplinary: status.recognised && status.status === 'suspended',
  };
}

const professions = [...new Set(Object.values(akHealthPrograms).flatMap((rules) => rules.professions))];

export const alaskaCbpl: RosterDefinition = {
  id: 'ak_cbpl',
  // Weekly, every program: a renewal deadline (biennial, per program) moves many expiry dates at once;
  // every restriction lifted and every unfamiliar license number is reviewed.
  changeBudget: { share: 0.15, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'AK',
  displayName: 'Alaska Division of Corporations, Business and Professional Licensing',
  baseUrlEnv: 'AK_CBPL_BASE_URL',
  defaultBaseUrl: 'https://www.commerce.alaska.gov',
  locate: {
    kind: 'operator_file',
    howToObtain:
      'open https://www.commerce.alaska.gov/cbp/main/ in a browser, follow "Professional License Download" and save the CSV (ProfessionalLicenseDownload.CSV); load it with `npm run admin -- ingest-roster ak_cbpl --file <path> [--as-of YYYY-MM-DD]` (the site disallows automated clients under /cbp/ and may answer them with a bot challenge)',
  },
  format: { kind: 'csv', encoding: 'utf8', headerWithin: 3 },
  columns: akColumns,
  record,
  professions,
  currentOnly: true,
  absentMeans: 'no current license (the download lists current licenses and suspended ones, not lapsed or expired ones)',
  refresh: 'weekly',
  formatConfidence: 'observed',
  formatNotes:
    'The CBPL Professional License Download (/cbp/DBDownloads/ProfessionalLicenseDownload.CSV), one CSV of every program\'s licenses (about 100,000 rows, 16 MB), republished about weekly and loaded by an operator from a browser (the site disallows automated clients under /cbp/). Its 14 columns and their values are confirmed on real rows (431 veterinarians of August 2025, re-serialised as JSON by their capture, and a 2022 profile of the whole file); the CSV framing (quoting, line ends, BOM) and the dates\' time part are inferred, so the confidence is observed. Only the Medical, Nursing, Pharmacy and Dental programs are read: Physician and Osteopathic Physician physician, Registered Nurse, Pharmacist seen (cut short) and the other wordings inferred, each matched exactly; any other type, or another program whose name speaks of health care, is unclassified and reported. Statuses Active and Suspended (seen) are matched exactly; any other is unreadable. The download lists current licenses and suspended ones, not lapsed or expired ones (observed on veterinarians): an absent provider holds no current Alaska license (not_found, never "never licensed"). No discipline column: no discipline flag is claimed, beyond a suspension. Owners is one name column, given name first, no middle name; license numbers as published (VETV512, 148700).',
};
