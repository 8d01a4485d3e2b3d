/**
 * Missouri Division of Professional Registration (MOPRO) licensee downloads of four boards: Chiropractic
 * Examiners, Dental, Optometry and Psychologists. The downloads sit behind a Salesforce Lightning page
 * (`https://mopro.mo.gov/license/s/license-downloads`: a board combobox, Submit, one or more Download
 * buttons; reCAPTCHA v3 is loaded), so an operator downloads each board's ZIP, takes out its TXT and loads
 * the four together (`ingest-roster mo_pr --file … ×4`). What is recorded (test/fixtures/real/mo_pr/):
 *
 *  - Each ZIP holds a tab-delimited TXT, "Currently licensed – This file is a tab-delimited text file. The
 *    first row contains the column names." (the board's field description, quoted second-hand), latin-1,
 *    the 22 columns below in every board's file [observed: the values confirmed on real rows of 25 June
 *    2026; the framing read from a tool's re-serialisation of them (pandas, UTF-8, minimal quoting), so
 *    the TXT's own line ends, trailing tabs and quoting are not recorded].
 *  - One record of the chiropractic file runs over three lines, its address broken by backslashes before
 *    line breaks (`PO Box 306\`, `\`, then the rest of the record): the reader joins such lines
 *    (roster-file.ts) and refuses the file when the joined record does not make 22 columns, so a shifted
 *    row (`Insurance Consultant` in the status column) is never read.
 *  - `lst_description` `Active` and `les_description` `Not Expired` on every row of the four files: they
 *    list current licenses only. Both are matched exactly; any other value is unrecognised, so the source
 *    answers that it could not read the license. A provider absent from a board's file holds no current
 *    license in that profession (expired, lapsed, surrendered, revoked, or never licensed): `not_found`,
 *    never "never licensed" and never "no discipline".
 *  - No discipline column: none is claimed either way (the board publishes actions elsewhere, not here).
 *  - `lic_profession` codes, each mapped below; `lic_number` text with leading zeros (`002607`), 10-digit
 *    numbers since about 2000, `OP`/`PY`/`T` prefixes on some; unique per (number, code) only.
 *  - NOT recorded: the Healing Arts (physicians and others) and Pharmacy files (not covered), the ZIP and
 *    TXT member names, how often the files change, and how NPPES writes these numbers.
 */
import type { Profession } from '../../../../domain/professions.ts';
import type { Classification } from '../../license-record.ts';
import { listDate } from '../../lists/list-cells.ts';
import { fileStandsFor } from '../../plausibility/load-plausibility.ts';
import { type RosterDefinition, type RosterRecord, type RosterRow, statusFrom } from '../roster-definition.ts';

export const moColumns = [
  'prc_first_name',
  'prc_middle_name',
  'prc_last_name',
  'prc_suffix',
  'ba_address',
  'ba_2address',
  'ba_city',
  'ba_state',
  'ba_zip',
  'ba_cnty',
  'ba_cntry',
  'lic_profession',
  'lic_number',
  'lst_description',
  'les_description',
  'prc_dba_name',
  'lic_orig_issue_date',
  'clas_description',
  'lic_exp_date',
  'ctype_description',
  'cl_description',
  'prc_entity_name',
] as const;

/** What a `lic_profession` code reads as: a profession, a license of none, or a permit not stored. */
type CodeReading = Profession | 'unclassified' | 'skip' | 'by_class';

/** The four boards' files, by declared name, with every code of the real files. */
export const moBoards = [
  {
    file: 'chiropractic.txt',
    board: 'Chiropractic Examiners',
    // Doctor of chiropractic (classes MTAA, MTAA/INSC, Insurance Consultant, Preceptor are endorsements).
    codes: { DRC: 'chiropractor' },
  },
  {
    file: 'dental.txt',
    board: 'Dental',
    codes: {
      DEN: 'dentist',
      // 878 individuals, renewing with dentists (30 November); the deep-sedation permits are theirs
      // (oral surgeons): the dental specialist license [inferred from the rows; the code is not described].
      DTS: 'dentist',
      DHY: 'dental_hygienist',
      // Expanded-functions permits (restorative, fixed and removable prosthodontic, preventive,
      // orthodontic; renewing 29 February 2028): a dental assistant's by `clas_description`, else the
      // permit of a hygienist or of an unstated holder, no profession.
      EFR: 'by_class',
      EFF: 'by_class',
      EFP: 'by_class',
      EFO: 'by_class',
      EFT: 'by_class',
      // Ten and six licenses of individuals renewing with dentists whose kind is not described (a
      // limited or teaching dentist license, volunteer dentist and hygienist licenses by their letters):
      // kept, no profession claimed.
      TLD: 'unclassified',
      VDL: 'unclassified',
      VDH: 'unclassified',
      // Sedation and anesthesia permits held beside a dentist's license (individuals), and the site
      // permits of practices (DSS, PSS, ESS, PDS: named by the practice): not licenses of a person.
      DSG: 'skip',
      ECS: 'skip',
      PSE: 'skip',
      PED: 'skip',
      DSS: 'skip',
      PSS: 'skip',
      ESS: 'skip',
      PDS: 'skip',
    },
  },
  {
    file: 'optometry.txt',
    board: 'Optometry',
    // Classes TPA and DPA (therapeutic and diagnostic pharmaceutical agents) are certifications.
    codes: { OPT: 'optometrist' },
  },
  {
    file: 'psychologists.txt',
    board: 'Psychologists',
    // PSY (class HSP: health service provider). TPS: nine one-year licenses with `T` numbers, a temporary
    // permit [inferred]: kept, no profession claimed.
    codes: { PSY: 'psychologist', TPS: 'unclassified' },
  },
] as const satisfies readonly { file: string; board: string; codes: Readonly<Record<string, CodeReading>> }[];

export type MoBoard = (typeof moBoards)[number];

/** The `clas_description` of an expanded-functions permit, exactly: the holder's kind. */
const permitHolders: Readonly<Record<string, Profession | 'unclassified'>> = {
  'DENTAL ASSISTANT': 'dental_assistant',
  'DENTAL HYGIENIST': 'unclassified',
  '': 'unclassified',
};

/** The board a file stands for: its declared name, or an operator's file whose name contains it. */
export function moBoardOf(file: string): MoBoard | undefined {
  return moBoards.find((b) => b.file === file) ?? moBoards.find((b) => fileStandsFor(file, b.file));
}

/**
 * A row's code (and class) under its board → its classification: the board's codes exactly; a code of
 * another board, an unseen one or an unseen permit class is unclassified and reported.
 */
export function moClassify(board: MoBoard, code: string, holderClass: string): Classification | 'skip' {
  const reading = (board.codes as Readonly<Record<string, CodeReading>>)[code.trim().toUpperCase()];
  if (reading === undefined) return { kind: 'unclassified', unknown: true };
  if (reading === 'skip') return 'skip';
  const profession = reading === 'by_class' ? permitHolders[holderClass.trim().toUpperCase()] : reading;
  if (profession === undefined) return { kind: 'unclassified', unknown: true };
  return profession === 'unclassified' ? { kind: 'unclassified' } : { kind: 'profession', profession };
}

/** Every row's status: Active and Not Expired, exactly. */
const statuses = [[/^ACTIVE$/, 'active']] as const;

/** A row's status: `lst_description` exactly `Active` with `les_description` exactly `Not Expired`; anything else unrecognised. */
export function moStatus(row: RosterRow): { status: RosterRecord['status']; raw: string; recognised: boolean } {
  const license = row.get('lst_description');
  const expiry = row.get('les_description');
  const raw = `${license} / ${expiry}`;
  const mapped = statusFrom(statuses, license);
  const recognised = mapped.recognised && /^NOT EXPIRED$/i.test(expiry);
  return { status: recognised ? mapped.status : 'inactive', raw, recognised };
}

function record(row: RosterRow, file: string): RosterRecord | null | 'skip' {
  const board = moBoardOf(file);
  if (!board) return null;
  const code = row.get('lic_profession');
  const classification = moClassify(board, code, row.get('clas_description'));
  // Permits, the site permits named by a practice included: not stored.
  if (classification === 'skip' || classification.kind === 'non_healthcare') return 'skip';
  const lastName = row.get('prc_last_name');
  const licenseNumber = row.get('lic_number');
  // A row naming nobody or no license is not a license as the file writes one.
  if (!lastName || !licenseNumber) return null;
  const status = moStatus(row);
  return {
    file: board.file.replace(/\.txt$/, ''),
    licenseNumber,
    firstName: row.get('prc_first_name'),
    middleName: row.get('prc_middle_name'),
    lastName,
    suffix: row.get('prc_suffix'),
    licenseType: code,
    classification,
    status: status.status,
    rawStatus: status.raw,
    statusRecognised: status.recognised,
    expiryDate: listDate(row.get('lic_exp_date')),
    issueDate: listDate(row.get('lic_orig_issue_date')),
    // No discipline column: none is claimed either way.
    disciplinary: false,
  };
}

const professions = [
  ...new Set(
    moBoards.flatMap((b) => [
      ...Object.values(b.codes as Readonly<Record<string, CodeReading>>).flatMap((r) =>
        r === 'skip' || r === 'unclassified' ? [] : r === 'by_class' ? Object.values(permitHolders) : [r],
      ),
    ]),
  ),
].filter((p): p is Profession => p !== 'unclassified');

export const missouriMopro: RosterDefinition = {
  id: 'mo_pr',
  // Current licenses only, four boards loaded together by an operator; a renewal season (dentists and
  // hygienists 30 November, chiropractors 28 February) can drop many rows at once and hold the load for
  // review; every unfamiliar license number is reviewed.
  changeBudget: { share: 0.15, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'MO',
  displayName: 'Missouri Division of Professional Registration',
  baseUrlEnv: 'MO_PR_BASE_URL',
  defaultBaseUrl: 'https://mopro.mo.gov',
  locate: {
    kind: 'operator_file',
    howToObtain: `open https://mopro.mo.gov/license/s/license-downloads, choose the board in the combobox (${moBoards.map((b) => `"${b.board}"`).join(', ')}), press Submit, then Download; take the tab-delimited .txt out of each downloaded ZIP (not the filedesc member), save it under a name containing ${moBoards.map((b) => b.file.replace(/\.txt$/, '')).join(', ')}, and load the four together with \`npm run admin -- ingest-roster mo_pr ${moBoards.map((b) => `--file <${b.file}>`).join(' ')} [--as-of YYYY-MM-DD]\` (--as-of: the day of the download, when the files' modification dates are not it)`,
    files: moBoards.map((b) => ({ name: b.file, columns: moColumns })),
  },
  format: { kind: 'tab', encoding: 'latin1', headerWithin: 1 },
  columns: moColumns,
  record,
  professions,
  currentOnly: true,
  // How often MOPRO regenerates the downloads is not recorded.
  refresh: 'unknown',
  formatConfidence: 'observed',
  formatNotes:
    'MOPRO licensee downloads of the Chiropractic, Dental, Optometry and Psychologists boards: a tab-delimited TXT in a ZIP, latin-1, the first row the 22 column names. Column names and values confirmed on real rows of June 2026; the framing (line ends, trailing tabs, any quoting) is second-hand, read from a re-serialisation of the files, so the confidence is observed. A value broken over lines by a trailing backslash is joined; a record that does not then make 22 columns refuses the file. Every row is Active and Not Expired: the files list current licenses only, so an absent provider holds no current license in that profession (not_found, never "never licensed"). Any other status is unreadable. No discipline column: no discipline flag is claimed. Professions by lic_profession: DRC chiropractor; DEN and DTS (specialist, inferred) dentist; DHY dental hygienist; expanded-functions permits of dental assistants dental_assistant; TLD, VDL, VDH, TPS and hygienists\' permits unclassified; sedation and site permits not stored. The Healing Arts (physicians) and Pharmacy files are not read.',
};
