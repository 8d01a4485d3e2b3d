/**
 * South Dakota Board of Chiropractic Examiners and Board of Optometry: each board's licensee page
 * (`https://bocelicensing.appssd.sd.gov/Licensees`, `https://optometry.appssd.sd.gov/Licensees`) links
 * "Download" to `/Downloads/DownloadVerificationList` on its own host, a CSV of the board's verification
 * list served without sign-in: 516 chiropractors and 254 optometrists in June 2026. What is recorded
 * [confirmed: the whole files of 25 June 2026, test/fixtures/real/sd_boards/]:
 *
 *  - CSV, UTF-8 without a BOM, CRLF records; the header unquoted, every data field double-quoted.
 *  - Chiropractic columns `Name, Title, LicenseNumber, Effective, Status, Expiration, GoodStanding,
 *    GoodStandingIcon, DisciplinaryAction, DisciplinaryActionIcon, Acupuncture, AcupunctureIcon,
 *    TotalPageCount`. `Name` is one column written first name, middle, surname with single spaces; an
 *    empty middle leaves two spaces (`Ryan  Bales`, `P. Myles  Dixon`, `Melanie  Puetz Mullenmeister`:
 *    21 rows), a present one is one initial (`Brittany A Jackson Grueb`, `Lyle R Van Hemert`), and a
 *    generational suffix follows the surname (`Thomas J Kovacs Jr`, `Roger D Prill, Jr.`). So the name
 *    is split by those slots (`sdChiroName`), never by guessing which word is a middle name. `Title`
 *    holds the post-nominals (`DC` 493 rows, `DC, CCSP`, `DC,DACRB,FICPA`, … 17 values, all starting
 *    `DC`). `GoodStanding` True and `DisciplinaryAction` True/False, each with a Yes/No icon column.
 *  - Optometry columns `LastName, FirstName, LicenseNumber, Issued, Expiration, Status, Discipline,
 *    Type, Address, CityStateZip, Phone, AdvancedProcedures, TotalPageCount`. `LastName` may carry a
 *    suffix (`Barnett, Jr.`, `Becker II`); `Discipline` None/Yes; `Type` TPA (therapeutic
 *    pharmaceutical agents) on every row. Address and phone are not read.
 *  - `Status` is Active on every row of both files: the lists hold active licensees only, so a provider
 *    absent from them holds no active license of either board (lapsed, retired, revoked and never
 *    licensed alike: `not_found`, never "no discipline" and never "never licensed").
 *  - Every status, flag and type value of the whole files is matched exactly below; any other value (a
 *    blank one included) makes the row's status unreadable, so the source answers that it could not
 *    read the license, never a guessed status. An unknown title or type is unclassified and reported.
 *  - Dates `M/D/YYYY 12:00:00 AM` (Expiration: 12/31 for chiropractic, 9/30 for optometry). License
 *    numbers 3–4 digits, each board its own (chiropractic 611 and optometry 611 are two people). No NPI.
 *  - Refresh: the lists follow the boards' records within days [observed: a chiropractor licensed on
 *    22 June 2026 is in the 25 June file and not the 21 June one; the optometry files were identical];
 *    no published cadence, so they are checked daily. NOT recorded: how NPPES writes these numbers.
 */
import type { Profession } from '../../../../domain/professions.ts';
import { listDate } from '../../lists/list-cells.ts';
import { fileStandsFor } from '../../plausibility/load-plausibility.ts';
import type { RosterDefinition, RosterRecord, RosterRow } from '../roster-definition.ts';

export const sdChiroColumns = [
  'Name',
  'Title',
  'LicenseNumber',
  'Effective',
  'Status',
  'Expiration',
  'GoodStanding',
  'GoodStandingIcon',
  'DisciplinaryAction',
  'DisciplinaryActionIcon',
] as const;
export const sdOptColumns = ['LastName', 'FirstName', 'LicenseNumber', 'Issued', 'Expiration', 'Status', 'Discipline', 'Type'] as const;

/** The two boards: their file, host, columns and the one profession each licenses. */
export const sdBoards = [
  {
    board: 'chiropractic',
    file: 'chiropractic.csv',
    host: 'bocelicensing.appssd.sd.gov',
    columns: sdChiroColumns,
    // `DC` then post-nominals, comma-separated (`DC, Dipl.Med.Ac.`).
    types: [[/^DC(\s*,\s*[A-Z][A-Z.]*)*$/, 'chiropractor']],
  },
  {
    board: 'optometry',
    file: 'optometry.csv',
    host: 'optometry.appssd.sd.gov',
    columns: sdOptColumns,
    types: [[/^TPA$/, 'optometrist']],
  },
] as const satisfies readonly {
  board: string;
  file: string;
  host: string;
  columns: readonly string[];
  types: readonly (readonly [RegExp, Profession])[];
}[];
type SdBoard = (typeof sdBoards)[number];

/** The board a file stands for: its declared name, or an operator's file whose name contains the board. */
export const sdBoardOf = (file: string): SdBoard | undefined => sdBoards.find((b) => b.file === file) ?? sdBoards.find((b) => fileStandsFor(file, b.file));

/** Every raw value of the whole files, exactly (upper-cased, trimmed). */
export const sdStatuses = { ACTIVE: 'active' } as const;
/** The flags: chiropractic `GoodStanding` and `DisciplinaryAction` (each with a Yes/No icon), optometry `Discipline`. */
const trueFalse: Readonly<Record<string, boolean>> = { TRUE: true, FALSE: false };
const optDiscipline: Readonly<Record<string, boolean>> = { YES: true, NONE: false };
/** An icon column mirrors its flag. */
const icons: Readonly<Record<string, boolean>> = { YES: true, NO: false };

const suffix = /^(.*?),?\s+(JR|SR|II|III|IV)\.?$/i;

/** A surname with a generational suffix after it (`Prill, Jr.`, `Becker II`) split in two. */
function surnameAndSuffix(text: string): { lastName: string; suffix: string } {
  const m = suffix.exec(text.trim());
  return m && m[1]!.trim()
    ? {
        lastName: m[1]!.trim(),
        suffix: text
          .trim()
          .slice(m[1]!.length)
          .replace(/^,?\s+/, ''),
      }
    : { lastName: text.trim(), suffix: '' };
}

/**
 * The chiropractic `Name` cell, `First M Last`, split by its slots: two spaces mark an empty middle
 * (the given name before them, the surname after, each possibly of several words: `P. Myles  Dixon`,
 * `Melanie  Puetz Mullenmeister`); otherwise the first word is the given name, the second the middle
 * and the rest the surname (`Lyle R Van Hemert`). A trailing suffix is split off the surname.
 */
export function sdChiroName(text: string): { firstName: string; middleName: string; lastName: string; suffix: string } {
  const cell = text.trim();
  const gap = cell.indexOf('  ');
  if (gap > 0) return { firstName: cell.slice(0, gap).trim(), middleName: '', ...surnameAndSuffix(cell.slice(gap)) };
  const words = cell.split(' ').filter(Boolean);
  if (words.length <= 1) return { firstName: '', middleName: '', lastName: words[0] ?? '', suffix: '' };
  if (words.length === 2) return { firstName: words[0]!, middleName: '', lastName: words[1]!, suffix: '' };
  return { firstName: words[0]!, middleName: words[1]!, ...surnameAndSuffix(words.slice(2).join(' ')) };
}

/** A flag cell read exactly: its value, or undefined when it is not one the board writes. */
const flag = (vocabulary: Readonly<Record<string, boolean>>, cell: string): boolean | undefined =>
  Object.hasOwn(vocabulary, cell.trim().toUpperCase()) ? vocabulary[cell.trim().toUpperCase()] : undefined;

/**
 * A row's status and discipline: the status and every flag exactly as the whole files write them.
 * Any other value leaves the status unreadable, its raw value naming what could not be read.
 */
function statusOf(board: SdBoard, row: RosterRow): { raw: string; recognised: boolean; disciplinary: boolean } {
  const status = row.get('Status');
  const unread: string[] = [];
  let disciplinary: boolean | undefined;
  if (board.board === 'chiropractic') {
    const standing = flag(trueFalse, row.get('GoodStanding'));
    // Not in good standing is no status this reading knows.
    if (standing !== true || flag(icons, row.get('GoodStandingIcon')) !== standing)
      unread.push(`GoodStanding ${row.get('GoodStanding')}/${row.get('GoodStandingIcon')}`);
    disciplinary = flag(trueFalse, row.get('DisciplinaryAction'));
    if (disciplinary === undefined || flag(icons, row.get('DisciplinaryActionIcon')) !== disciplinary)
      unread.push(`DisciplinaryAction ${row.get('DisciplinaryAction')}/${row.get('DisciplinaryActionIcon')}`);
  } else {
    disciplinary = flag(optDiscipline, row.get('Discipline'));
    if (disciplinary === undefined) unread.push(`Discipline ${row.get('Discipline')}`);
  }
  const known = Object.hasOwn(sdStatuses, status.toUpperCase());
  return {
    raw: unread.length ? `${status} (${unread.join('; ')})` : status,
    recognised: known && unread.length === 0,
    disciplinary: disciplinary === true,
  };
}

/** A row's license type → its classification: the board's rules exactly; an unknown wording unclassified and reported. */
export function sdClassify(board: SdBoard, licenseType: string): RosterRecord['classification'] {
  const upper = licenseType.trim().toUpperCase();
  for (const [pattern, profession] of board.types) if (pattern.test(upper)) return { kind: 'profession', profession };
  return { kind: 'unclassified', unknown: true };
}

function record(row: RosterRow, file: string): RosterRecord | null {
  const board = sdBoardOf(file);
  if (!board) return null;
  const name =
    board.board === 'chiropractic'
      ? sdChiroName(row.get('Name'))
      : { firstName: row.get('FirstName'), middleName: '', ...surnameAndSuffix(row.get('LastName')) };
  const licenseNumber = row.get('LicenseNumber');
  // A row without a surname or a number of digits is not a license as the lists write one.
  if (!name.lastName || !/^\d+$/.test(licenseNumber)) return null;
  const licenseType = board.board === 'chiropractic' ? row.get('Title') : row.get('Type');
  const { raw, recognised, disciplinary } = statusOf(board, row);
  return {
    file: board.board,
    licenseNumber,
    ...name,
    licenseType,
    classification: sdClassify(board, licenseType),
    status: recognised ? sdStatuses.ACTIVE : 'inactive',
    rawStatus: raw,
    statusRecognised: recognised,
    expiryDate: listDate(row.get('Expiration')),
    issueDate: listDate(row.get(board.board === 'chiropractic' ? 'Effective' : 'Issued')),
    disciplinary,
  };
}

export const southDakotaBoards: RosterDefinition = {
  id: 'sd_boards',
  // Two small lists of active licensees only: a renewal season moves every expiry date at once (all
  // chiropractors on 12/31, all optometrists on 9/30), so a load past the share is held for review, as
  // is every restriction lifted and every unfamiliar license number.
  changeBudget: { share: 0.1, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'SD',
  displayName: 'South Dakota Board of Chiropractic Examiners and Board of Optometry',
  baseUrlEnv: 'SD_BOARDS_BASE_URL',
  defaultBaseUrl: 'https://bocelicensing.appssd.sd.gov',
  // Each board's list is on its own host.
  allowedHosts: sdBoards.map((b) => b.host),
  locate: {
    kind: 'fixed',
    files: sdBoards.map((b) => ({ name: b.file, host: b.host, path: '/Downloads/DownloadVerificationList', columns: b.columns })),
  },
  format: { kind: 'csv', encoding: 'utf8', headerWithin: 3 },
  // An operator's file of either board: the columns both have.
  columns: ['LicenseNumber', 'Status', 'Expiration'],
  record,
  professions: ['chiropractor', 'optometrist'],
  currentOnly: true,
  refresh: 'daily',
  formatConfidence: 'confirmed',
  formatNotes:
    'The verification-list CSVs of the Board of Chiropractic Examiners and the Board of Optometry (each board\'s /Downloads/DownloadVerificationList, no sign-in), confirmed on the whole files of June 2026 (516 and 254 rows): every data field quoted, CRLF; chiropractic names in one First M Last column (two spaces for an empty middle), optometry names in two. Status is Active on every row: the lists hold active licensees only, so an absent provider holds no active license of either board (not_found, never "no discipline" nor "never licensed"). DisciplinaryAction True and Discipline Yes are the discipline flag. Every status and flag value of the real files is matched exactly; any other makes the license unreadable. The lists follow the boards\' records within days (a license issued on 22 June was listed on 25 June): checked daily.',
};
