/**
 * Louisiana Board of Massage Therapy: its list of active licensed massage therapists, a PDF linked as
 * "PROFESSIONAL LICENSE SEARCH" from `https://www.labmt.org/search/`. The file's address changes with
 * its date (`/wp-content/uploads/<YYYY>/<MM>/Active-LMT-<M>-<DD>-<YYYY>.pdf`; in May 2026
 * `prof-active-5-15-2026b.pdf`), so it is found by that link text. What is recorded
 * (test/fixtures/real/la_lbmt/, pages of the edition of 16 June 2026):
 *
 *  - Layout [confirmed: the whole PDF, an Excel 2016 sheet printed to PDF, 53 letter pages, text layer]:
 *    the header `Name | License # | Licensed Since | Issue Date | Expiration | Status` is printed on the
 *    first page only (no repeated title rows); no title, footer or page number; 51 rows a page, every
 *    cell left-aligned under its column's name. So the later pages are read under the first page's
 *    header (`headerOn: 'first_page'`). No date is printed: the file is dated by its Last-Modified.
 *  - Rows [confirmed]: 2,686 rows, 2,681 licences (five printed twice, one of them with two Issue Dates),
 *    ordered by the name as printed. `Status` is `ACTIVE` on every row: the list holds active licensees
 *    only, so a provider absent from it holds no active Louisiana massage therapy licence the board lists
 *    (lapsed, retired, revoked and never licensed alike: `not_found`, never "never licensed"). Any
 *    other status is unreadable, never active. No discipline column: no discipline flag is claimed.
 *  - Names [confirmed]: one column `FIRST LAST` in capitals, 2,626 of two words; 60 of three to five
 *    (`LEA ANN HAWKINS-FISHER`, `ANA GROSS COUTURE`, `BENJAMIN VAN LEEUWEN`, `DONNA ST. MARTIN`,
 *    `MONDAY TIHUT SAMBULA - FERNANDEZ`, `M. JACQUELINE DEROUEN`), a generational suffix last (`JR`,
 *    `JR.`, `SR.`, `II`, `III`). The layout shows no slots, so which words of three are the given name is
 *    not told: the given name is the first word and the surname every word after it (suffix apart), each
 *    part of which the roster's surname keys find (`LEA` / `ANN HAWKINS-FISHER` is found by HAWKINS,
 *    FISHER or HAWKINS-FISHER). Five names are stored doubly mis-encoded (UTF-8 read as Windows-1252,
 *    twice: `BRYÃ¢â‚¬â„¢AN`, `HONORÃƒÂ©`); such a run of characters is decoded back exactly where the
 *    encoding reverses (`BRY’AN`, `HONORé`), and a name with a run that does not (`SARAH “SAMÃ¢â‚¬Â•GOITIA`)
 *    or with any other character outside letters, spaces, hyphens, periods, apostrophes and quotes is
 *    kept, found by its readable words, with its licence reported unreadable (the name could not be read).
 *  - License numbers `LA` and 4 or 5 digits (`LA0002` to `LA10516`, one `LA35844`); dates `M/D/YYYY`;
 *    `Issue Date` the current renewal (4/1/2026 on all but three new licences), `Expiration` 3/31/2027 on
 *    every row (annual renewal, 31 March), `Licensed Since` the first licence (read as the issue date).
 *  - Refresh [observed]: dated editions a month apart (15 May and 16 June 2026), the June one still
 *    linked on 21 and 25 June (the same bytes): about monthly, checked daily.
 *  - NOT recorded: how NPPES writes these numbers (with or without `LA`), the link's exact text (known
 *    only to contain "PROFESSIONAL LICENSE SEARCH"), and whether the Last-Modified of the upload is the
 *    edition's date.
 */
import type { Classification } from '../../license-record.ts';
import { listDate } from '../../lists/list-cells.ts';
import type { RosterDefinition, RosterRecord, RosterRow } from '../roster-definition.ts';

export const laColumns = ['Name', 'License #', 'Licensed Since', 'Issue Date', 'Expiration', 'Status'] as const;

/** Every status of the whole real file, exactly. */
export const laStatuses = { ACTIVE: 'active' } as const;

/** Windows-1252's characters for the bytes 0x80–0x9F (the five it leaves undefined kept as their C1 controls, as Windows does). */
const cp1252High = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** A run of characters as the Windows-1252 bytes they were read from, or undefined when one is no such character. */
function cp1252Bytes(run: string): Uint8Array | undefined {
  const bytes: number[] = [];
  for (const ch of run) {
    const code = ch.codePointAt(0)!;
    const high = cp1252High.indexOf(ch);
    if (high >= 0) bytes.push(0x80 + high);
    else if (code >= 0xa0 && code <= 0xff) bytes.push(code);
    else return undefined;
  }
  return Uint8Array.from(bytes);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A run of non-ASCII characters decoded back from UTF-8 read as Windows-1252 (once or more), while that
 * reverses exactly; undefined when the run is no such misreading of letters or quotes.
 */
export function undoMisencoding(run: string): string | undefined {
  let text = run;
  for (let pass = 0; pass < 3 && !/^[\p{L}’‘“”]+$/u.test(text); pass++) {
    const bytes = cp1252Bytes(text);
    if (!bytes) return undefined;
    try {
      text = utf8.decode(bytes);
    } catch {
      return undefined;
    }
  }
  return /^[\p{L}’‘“”]+$/u.test(text) ? text : undefined;
}

/** The characters a name is written with: letters, spaces, hyphens, periods, apostrophes and quotes. */
const nameCharacters = /^[\p{L} .'’‘"“”-]*$/u;
const suffixWord = /^(JR|SR|II|III|IV)\.?$/i;

/**
 * The `Name` cell, `FIRST LAST`: its misencoded runs decoded back, then the first word the given name
 * and the rest the surname (the layout shows no slots), a generational suffix last apart. `readable`
 * is false when a character could not be read (kept out of the words as a space).
 */
export function laName(cell: string): { firstName: string; lastName: string; suffix: string; readable: boolean } {
  let readable = true;
  const decoded = cell.replace(/[^\x20-\x7E]+/g, (run) => {
    const text = undoMisencoding(run);
    if (text === undefined) readable = false;
    return text ?? ' ';
  });
  if (!nameCharacters.test(decoded)) readable = false;
  const clean = decoded.replace(/[^\p{L} .'’‘"“”-]/gu, ' ');
  const words = clean.toUpperCase().split(/\s+/).filter(Boolean);
  const suffix = words.length > 2 && suffixWord.test(words.at(-1)!) ? words.pop()! : '';
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' '), suffix, readable };
}

/** A row of the list as a licence; null for a row without a name of two words or a number `LA` and digits. */
export function laRecord(row: RosterRow): RosterRecord | null {
  const name = laName(row.get('Name'));
  const licenseNumber = row.get('License #').toUpperCase();
  if (!name.firstName || !name.lastName || !/^LA\d{1,6}$/.test(licenseNumber)) return null;
  const status = row.get('Status');
  const expiryDate = listDate(row.get('Expiration'));
  const unread = [
    ...(Object.hasOwn(laStatuses, status.toUpperCase()) ? [] : [`Status ${status || '(blank)'}`]),
    ...(name.readable ? [] : [`Name ${row.get('Name')}`]),
    ...(expiryDate ? [] : [`Expiration ${row.get('Expiration') || '(blank)'}`]),
  ];
  const classification: Classification = { kind: 'profession', profession: 'massage_therapist' };
  return {
    file: 'massage-therapists',
    licenseNumber,
    firstName: name.firstName,
    middleName: '',
    lastName: name.lastName,
    suffix: name.suffix,
    licenseType: 'Licensed Massage Therapist',
    classification,
    status: unread.length === 0 ? laStatuses.ACTIVE : 'inactive',
    rawStatus: unread.length === 0 ? status : unread.join('; '),
    statusRecognised: unread.length === 0,
    expiryDate,
    issueDate: listDate(row.get('Licensed Since')),
    disciplinary: false,
  };
}

export const louisianaMassage: RosterDefinition = {
  id: 'la_lbmt',
  // About 2,700 licensees renewing together on 31 March: the spring edition changes many Issue Dates at
  // once and is held for review; every unfamiliar licence number is reviewed.
  changeBudget: { share: 0.1, minRows: 25, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'LA',
  displayName: 'Louisiana Board of Massage Therapy',
  baseUrlEnv: 'LA_LBMT_BASE_URL',
  defaultBaseUrl: 'https://www.labmt.org',
  // The board's WordPress uploads are on its own site; its bare name is allowed too.
  allowedHosts: ['labmt.org'],
  locate: {
    kind: 'fixed',
    files: [{ name: 'Active-LMT.pdf', path: '/search/', linkText: /PROFESSIONAL LICENSE SEARCH/i }],
  },
  format: { kind: 'pdf', pageLines: [], headerWithin: 2, headerOn: 'first_page' },
  columns: laColumns,
  record: (row) => laRecord(row),
  professions: ['massage_therapist'],
  currentOnly: true,
  refresh: 'monthly',
  // The real file is 1.9 MB (53 pages, 32,192 pieces of text): pdf.js inflates a PDF's streams with no limit of its own, so the file is held small.
  limits: { maxFileBytes: 16 * 1024 * 1024 },
  formatConfidence: 'confirmed',
  formatNotes:
    'The board’s list of active licensed massage therapists, a PDF (an Excel sheet printed to PDF, 53 pages, text layer) found by its link text "PROFESSIONAL LICENSE SEARCH" on labmt.org/search/; confirmed on the whole edition of 16 June 2026 (2,686 rows, 2,681 licences). The header (Name, License #, Licensed Since, Issue Date, Expiration, Status) is printed on the first page only: the later pages are read under it. Status is ACTIVE on every row: the list holds active licensees only, so an absent provider holds no active Louisiana massage therapy licence the board lists (not_found, never "never licensed"); any other status is reported unreadable. No discipline column: no discipline flag is claimed. Names are one column FIRST LAST: the first word is read as the given name and the rest as the surname (suffix apart), each part of which finds the licence; a name whose characters could not be read (the file stores a few doubly mis-encoded; those that decode back exactly are read) makes the licence unreadable. No date in the file: it is dated by its Last-Modified. Republished about monthly; checked daily.',
};
