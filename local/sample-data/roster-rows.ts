/**
 * Roster files of the roster states, each written from its own description of the publisher's format
 * (the connectors in shared/features/sources/rosters/states/ read them; nothing here is taken from them, so a
 * connector's change never silently changes what it is tested against):
 *
 *  - Texas BHEC: `rosters/tx_bhec/csv/{LPC,PSY,MFT,SW}.csv`, one shared upper-case header, UTF-8 with a
 *    BOM, CRLF, every field quoted. `LIC_TYPE` is the numeric license-type code (5261 counselor, 5262
 *    marriage and family therapist, 5201/5202 psychology, 5272 social work), `RANK` a title code (`LPC`,
 *    `LPCA`, `LSP`, `LMFT`, …), `DISCPL_ACTN` `Yes`/`No`, statuses as the published files write them
 *    (Active, Inactive, Expired, Delinquent, Suspended, Probated/Suspended). Which psychology code goes
 *    with which rank and the date format are not recorded: 5201 `LP` and 5202 `LSP` and MM/DD/YYYY are
 *    chosen.
 *  - Maryland: `rosters/md_bop/forms/doctor_list_revised.csv` and `allied_health_list.csv`, seven
 *    preamble lines (a title, the report date, notes, blanks) above the header; Active and Probation only.
 *  - Florida MQA: `rosters/fl_mqa/LIC_ALL.txt`, the 39-column pipe header (`Other-License ` with its
 *    trailing space), a trailing `|` on every line, a stray `"` in a few names and addresses, and one row
 *    whose email holds a `|` (a row of the wrong width). Written in ASCII, which latin-1 reads alike.
 *  - Alabama BME: `rosters/al_bme/roster.csv`, the 15 recorded columns, active licenses only.
 *  - Wyoming boards: `rosters/wy_boards/<board>.csv` (nine active-and-expired lists) and
 *    `rosters/wy_active/{dental,mental_health}.csv` (active lists), each a Google Sheet's CSV export as
 *    an operator saves it: the sheet's own preamble (board, "primary source" note, "Last update:
 *    <Month D, YYYY>", legends, blank comma rows) above its own header (trailing spaces, PT's `NAME `
 *    merged over three columns), comma, minimal quoting, CRLF, no BOM.
 *  - West Virginia Board of Medicine: `rosters/wv_bom/Rosters.asp`, a page linking "Roster of Medical
 *    Doctors", "Roster of Physician Assistants" and "Roster of Podiatric Physicians" to three XLSX
 *    workbooks under `rosters/wv_bom/roster-files/`. Each workbook's first sheet `Licenses`: a title on
 *    row 1, the six-column header on row 2, then current licenses only, every cell text, names in mixed
 *    case, middle names written out or blank, suffixes as typed (`Jr.`, `Jr`, `II`), bare license
 *    numbers, expiry dates `M/D/YYYY` or `MM/DD/YYYY` (MD 30 June, PA 31 March, DPM 30 June); the MD and
 *    PA workbooks also carry their permit sheets (a title and header only here). The page's markup, the
 *    link targets, the files' names and the title text are chosen, not seen.
 *  - Nevada State Board of Pharmacy: `rosters/nv_bop/pharmacists.xlsx`, the workbook of the board's
 *    Export To Excel (Personal License Search, type Pharmacist) as an operator saves it: one sheet, the
 *    twelve-column header on its first row, every pharmacist record of every status (Active, Non Renewed,
 *    Expired, Closed, Deceased (Individual), Retired, applications…), every cell text. Names in two
 *    columns, mixed case or ALL CAPS, a suffix typed into the last name; City, State, Zip and Country
 *    filled for active licenses only; five-digit registration numbers with their leading zeros, blank for
 *    applications; dates MM/DD/YYYY, renewals on 31 October of odd years; Discipline `Yes`/`No`. The
 *    sheet's name (`Sheet1`) and the file's name are chosen, not seen.
 *  - South Dakota: the Board of Chiropractic Examiners' and the Board of Optometry's verification
 *    lists, each at `/Downloads/DownloadVerificationList` on the board's own host, written under
 *    `rosters/sd_boards/<host>/Downloads/DownloadVerificationList`. UTF-8 without a BOM, CRLF after
 *    every record, the header unquoted and every data field double-quoted (an empty one `""`); every
 *    licensee Active (the lists hold active licensees only), dates `M/D/YYYY 12:00:00 AM`, expiry
 *    12/31 (chiropractic) and 9/30 (optometry). Chiropractic: one `Name` column `First M Last`, two
 *    spaces where there is no middle initial, post-nominals in `Title` (`DC`, `DC, CCSP`), the
 *    True/False flags GoodStanding, DisciplinaryAction and Acupuncture each followed by a Yes/No icon
 *    column, `TotalPageCount` 1. Optometry: `LastName`, `FirstName`, `Discipline` None/Yes, `Type`
 *    TPA, a street, `City  , SD, 57350`-style place (padded before the comma now and then) and phone,
 *    `AdvancedProcedures` mostly empty. The streets and phones (555-01xx) are made up.
 *  - Missouri MOPRO: `rosters/mo_pr/{chiropractic,dental,optometry,psychologists}.txt`, the TXT of each
 *    board's download as an operator saves it: tab-delimited, no quoting, the 22 lower-case column names
 *    on the first line, ISO dates, license numbers as text (leading zeros kept), every row `Active` /
 *    `Not Expired` (current licenses only, no discipline column), latin-1 (written in ASCII, which latin-1
 *    reads alike). One chiropractor's address runs over three lines, a backslash before each line break,
 *    as the real capture shows; CRLF line ends and the exact bytes of that break (a backslash before the
 *    CR and another before the LF) are chosen, not seen.
 *  - Arkansas State Board of Podiatric Medicine: `rosters/ar_bopm/uploads/BoPM_LicenseVerification_<YYYYMMDD>.pdf`,
 *    the License Verification PDF, linked as "Verification Document" from the board's page (written as
 *    `rosters/ar_bopm/boards-commissions/boards/podiatric-medicine-board/index.html`, the simulator's
 *    answer to that folder address). Drawn as the board's Google Sheets export prints it: legal-size pages
 *    (612 × 1008 points), on each the title, the header `Last Name, First Name, License #, Issued, Valid
 *    Thru, Disciplinary Action` in bold with `Disciplinary` above `Action` and `Last Updated: M-D-YYYY`
 *    beside it, 52 rows a page, names and given names left-aligned, numbers and `M/D/YYYY` dates
 *    right-aligned, `NO`/`YES` centred, and the footer `M/D/YYYY   Updated ONLY when data changes.   <page>`;
 *    the positions and sizes of the real file. Licences run to 30 June; a few listed past their date. The
 *    fonts (Helvetica, not embedded), the page's markup, the upload folder and the file's date are chosen,
 *    not seen.
 *  - Louisiana Board of Massage Therapy: `rosters/la_lbmt/wp-content/uploads/<YYYY>/<MM>/Active-LMT-<M>-<D>-<YYYY>.pdf`,
 *    the list of active licensed massage therapists, linked as "PROFESSIONAL LICENSE SEARCH" from the
 *    board's search page (written as `rosters/la_lbmt/search/index.html`). Drawn as the board's Excel
 *    sheet prints it: letter pages (612 × 792 points), the header `Name, License #, Licensed Since, Issue
 *    Date, Expiration, Status` in bold on the first page only, 50 rows under it and 51 on every later
 *    page, every cell left-aligned at the real file's positions in 10.08-point type, no title, footer or
 *    page number. Names `FIRST LAST` in capitals (a few of three words, a suffix last), ordered as
 *    printed with punctuation ignored; numbers `LA` and digits; `M/D/YYYY` dates, Issue Date the last
 *    1 April and Expiration the next 31 March; Status `ACTIVE` on every row. One licence printed twice
 *    (once with a later Issue Date) and two names doubly mis-encoded (UTF-8 read as Windows-1252 twice),
 *    as the real file has them. The fonts (Helvetica, not embedded, where the board's Excel embeds
 *    Calibri), the page's markup and the file's date are chosen, not seen.
 *  - Alaska CBPL: `rosters/ak_cbpl/ProfessionalLicenseDownload.CSV` (as an operator saves it), the Professional
 *    License Download: one CSV of every program's licenses (health and not: real estate, contractors,
 *    guides, veterinarians, collaborative plan agreements), the 14 columns `Program, ProfType, LicenseNum,
 *    DBA, Owners, Status, DateIssued, DateEffective, DateExpired, ADDRESS1, ADDRESS2, CITY, STATE, ZIP` of
 *    the real file; `Owners` given name first with no middle name, in capitals on older records (whose
 *    numbers carry a program prefix, `MEDS471`) and mixed case on newer ones (six digits), two spaces for
 *    the empty middle on some; statuses Active and Suspended (a suspended license kept past its expiry),
 *    Active Collaborative on plan agreements; cells with a trailing space now and then; a business with
 *    no `Owners`. The framing (minimal quoting, CRLF, no BOM), the dates' time part (`M/D/YYYY 12:00:00
 *    AM`), the license types' whole wordings and prefixes, the programs' shares and renewal dates, and
 *    the streets are chosen, not seen.
 *
 * Scenario people (listed in the sample README) come first, then people drawn from the name tables,
 * all from the given stream: the same seed gives the same files. `realRosterRows` are the real sizes,
 * for the realistic-size files (`writeRostersScaled`).
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { PDFDocument, type PDFFont, type PDFPage, StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { dayOf, endOfMonth, isoDate, mmddyyyy, TODAY, yearOf } from './dates.ts';
import type { NameTables } from './name-tables.ts';
import type { Rng } from './prng.ts';

/** A day as `M/D/YYYY` without zero padding. */
const unpaddedMdy = (day: number): string => mmddyyyy(day).replace(/^0/, '').replace(/\/0/, '/');

export const rosterFiles = {
  LPC: 'rosters/tx_bhec/csv/LPC.csv',
  PSY: 'rosters/tx_bhec/csv/PSY.csv',
  MFT: 'rosters/tx_bhec/csv/MFT.csv',
  SW: 'rosters/tx_bhec/csv/SW.csv',
  mdPhysicians: 'rosters/md_bop/forms/doctor_list_revised.csv',
  mdAllied: 'rosters/md_bop/forms/allied_health_list.csv',
  fl: 'rosters/fl_mqa/LIC_ALL.txt',
  al: 'rosters/al_bme/roster.csv',
  wyChiro: 'rosters/wy_boards/chiropractic.csv',
  wyDietetics: 'rosters/wy_boards/dietetics.csv',
  wyOptometry: 'rosters/wy_boards/optometry.csv',
  wyOt: 'rosters/wy_boards/occupational_therapy.csv',
  wyPodiatry: 'rosters/wy_boards/podiatry.csv',
  wyPsych: 'rosters/wy_boards/psychology.csv',
  wyPt: 'rosters/wy_boards/physical_therapy.csv',
  wyResp: 'rosters/wy_boards/respiratory_care.csv',
  wySpeech: 'rosters/wy_boards/speech_audiology.csv',
  wyDental: 'rosters/wy_active/dental.csv',
  wyMentalHealth: 'rosters/wy_active/mental_health.csv',
  wvMd: 'rosters/wv_bom/roster-files/medical-doctors.xlsx',
  wvPa: 'rosters/wv_bom/roster-files/physician-assistants.xlsx',
  wvDpm: 'rosters/wv_bom/roster-files/podiatric-physicians.xlsx',
  nv: 'rosters/nv_bop/pharmacists.xlsx',
  sdChiro: 'rosters/sd_boards/bocelicensing.appssd.sd.gov/Downloads/DownloadVerificationList',
  sdOpt: 'rosters/sd_boards/optometry.appssd.sd.gov/Downloads/DownloadVerificationList',
  moChiro: 'rosters/mo_pr/chiropractic.txt',
  moDental: 'rosters/mo_pr/dental.txt',
  moOptometry: 'rosters/mo_pr/optometry.txt',
  moPsych: 'rosters/mo_pr/psychologists.txt',
  ar: `rosters/ar_bopm/uploads/BoPM_LicenseVerification_${isoDate(TODAY - 17).replaceAll('-', '')}.pdf`,
  la: `rosters/la_lbmt/wp-content/uploads/${isoDate(TODAY - 16)
    .slice(0, 7)
    .replace('-', '/')}/Active-LMT-${unpaddedMdy(TODAY - 16).replaceAll('/', '-')}.pdf`,
  ak: 'rosters/ak_cbpl/ProfessionalLicenseDownload.CSV',
  ca: 'rosters/ca_bbs/BBS_Data1.xls',
} as const;
type RosterFileId = keyof typeof rosterFiles;
type WvFileId = 'wvMd' | 'wvPa' | 'wvDpm';
type SdFileId = 'sdChiro' | 'sdOpt';
type MoFileId = 'moChiro' | 'moDental' | 'moOptometry' | 'moPsych';
type TextFileId = Exclude<RosterFileId, WvFileId | SdFileId | MoFileId | 'nv' | 'ar' | 'la' | 'ak' | 'ca'>;
const wvFileIds: readonly WvFileId[] = ['wvMd', 'wvPa', 'wvDpm'];
/** West Virginia's roster page, linking the three workbooks. */
export const wvRosterPage = 'rosters/wv_bom/Rosters.asp';

/** Rows of the real files (TX BHEC ~98k; MD ~48.7k physicians and allied; FL ~1.5M licensees; AL: not recorded, about 25k; WY: the July 2026 sheets; WV, SD and MO June 2026; NV July 2026). */
export const realRosterRows: Readonly<Record<RosterFileId, number>> = {
  LPC: 43_000,
  PSY: 12_000,
  MFT: 5_700,
  SW: 37_000,
  mdPhysicians: 40_000,
  mdAllied: 8_700,
  fl: 1_500_000,
  al: 25_000,
  wyChiro: 601,
  wyDietetics: 738,
  wyOptometry: 447,
  wyOt: 2_565,
  wyPodiatry: 251,
  wyPsych: 1_192,
  wyPt: 4_131,
  wyResp: 2_059,
  wySpeech: 2_054,
  wyDental: 552,
  wyMentalHealth: 3_045,
  wvMd: 10_600,
  wvPa: 1_564,
  wvDpm: 148,
  nv: 20_190,
  sdChiro: 516,
  sdOpt: 254,
  // The 25 June 2026 downloads.
  moChiro: 2_884,
  moDental: 18_754,
  moOptometry: 1_539,
  moPsych: 1_813,
  // The edition of 12 June 2026.
  ar: 103,
  // The edition of 16 June 2026.
  la: 2_686,
  // Every program's licenses: 96,573 rows in June 2022, about 100,900 in 2026.
  ak: 100_900,
  // The file of August 2026: 165,235 licenses and registrations, about 35 MB.
  ca: 165_235,
};

export interface RosterNotable {
  readonly state: 'TX' | 'MD' | 'FL' | 'AL' | 'WY' | 'WV' | 'NV' | 'SD' | 'MO' | 'AR' | 'LA' | 'AK' | 'CA';
  readonly name: string;
  readonly what: string;
}

const q = (cells: readonly string[]) => cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',');
const plain = (cells: readonly string[]) => cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
const future = (days: number): string => mmddyyyy(endOfMonth(TODAY + days));
const past = (days: number): string => mmddyyyy(TODAY - days);

interface Person {
  readonly first: string;
  readonly middle: string;
  readonly last: string;
}

// ---- The published headers ---------------------------------------------------------------------------

/** Texas BHEC: the header all four files share. */
const txBhecHeader = [
  'LIC_TYPE',
  'RANK',
  'LIC_NBR',
  'ENTITY_NBR',
  'LAST_NME',
  'FIRST_NME',
  'MIDDLE_NME',
  'SFX_NME',
  'LIC_STATUS',
  'LIC_EXPR_DTE',
  'RANK_EFCT_DTE',
  'DISCPL_ACTN',
] as const;

/** Maryland: the physician file's and the allied-health file's headers. */
const mdPhysicianHeader = ['License #', 'Last Name', 'First Name', 'License Status', 'Expiration Date', 'Discipline'] as const;
const mdAlliedHeader = ['Profession', 'License #', 'Last Name', 'First Name', 'Status', 'Expire Date', 'Discipline'] as const;

/** Florida LIC_ALL: the 39 columns, the last written with a trailing space. */
const flLicAllHeader = [
  'pro_cde',
  'Profession-Name',
  'lic_id',
  'Expire-Date',
  'Original-Date',
  'Rank-Code',
  'License-Number',
  'Status-Effective-Date',
  'Board-Action-Indicator',
  'License-Status-Description',
  'Last-Name',
  'First-Name',
  'Middle-Name',
  'Name-Suffix',
  'Business-Name',
  'License-Active-Status-Description',
  'County',
  'County-Description',
  'Mailing-Address-Line1',
  'Mailing-Address-line2',
  'Mailing-Address-line3',
  'Mailing-Address-City',
  'Mailing-Address-State',
  'Mailing-Address-ZIPcode',
  'Mailing-Address-Area-Code',
  'Mailing-Address-Phone-Number',
  'Mailing-Address-Phone-Extension',
  'Practice-Location-Address-Line1',
  'Practice-Location-Address-line2',
  'Practice-Location-Address-line3',
  'Practice-Location-Address-City',
  'Practice-Location-Address-State',
  'Practice-Location-Address-ZIPcode',
  'Email',
  'Mod-Cdes',
  'Prescribe-Ind',
  'Dispensing-Ind',
  'Birth-Year-Range',
  'Other-License ',
] as const;

/** Alabama BME: the 15 columns of the roster CSV. */
const alHeader = [
  'LICENSE NUMBER',
  'FIRST NAME',
  'MIDDLE NAME',
  'LAST NAME',
  'SUFFIX',
  'LICENSE TYPE',
  'LICENSE SUBTYPE',
  'LICENSE SUFFIX',
  'LICENSE STATUS',
  'ISSUE DATE',
  'EXPIRATION DATE',
  'SPECIALTY/TYPE OF PRACTICE',
  'MEDICAL SCHOOL',
  'PUBLIC ACTIONS?',
  'SUPERVISING PHYSICIAN',
] as const;

// ---- Texas BHEC -------------------------------------------------------------------------------------

type BhecFile = 'LPC' | 'PSY' | 'MFT' | 'SW';
/** A rank as published: the `LIC_TYPE` code and the `RANK` code. */
type BhecRank = readonly [string, string];

const bhecRanks: Readonly<Record<BhecFile, readonly (readonly [BhecRank, number])[]>> = {
  LPC: [
    [['5261', 'LPC'], 82],
    [['5261', 'LPCA'], 18],
  ],
  PSY: [
    [['5201', 'LP'], 60],
    [['5202', 'LSP'], 40],
  ],
  MFT: [
    [['5262', 'LMFT'], 80],
    [['5262', 'LMFTA'], 20],
  ],
  SW: [
    [['5272', 'LCSW'], 45],
    [['5272', 'LMSW'], 40],
    [['5272', 'LBSW'], 15],
  ],
};
const bhecStatuses: readonly (readonly [readonly [string, string], number])[] = [
  [['Active', 'No'], 79],
  [['Expired', 'No'], 9],
  [['Inactive', 'No'], 6],
  [['Delinquent', 'No'], 3],
  [['Active', 'Yes'], 1.5],
  [['Probated/Suspended', 'Yes'], 0.8],
  [['Suspended', 'Yes'], 0.5],
  [['Delinquent', 'Yes'], 0.2],
];

function bhecRow(rank: BhecRank, number: number, p: Person, status: string, discipline: string, expires: string): string {
  return q([
    rank[0],
    rank[1],
    String(number),
    String(900_000 + number),
    p.last,
    p.first,
    p.middle,
    '',
    status,
    expires,
    past(2000 + (number % 3000)),
    discipline,
  ]);
}

function bhecScenario(): Record<BhecFile, string[]> {
  return {
    LPC: [
      bhecRow(['5261', 'LPC'], 70_001, { first: 'MARGARET', middle: 'J', last: 'ACHTERBERG' }, 'Active', 'No', future(300)),
      // The same number in another board's file is another person's license.
      bhecRow(['5261', 'LPCA'], 70_002, { first: 'TOBIAS', middle: '', last: 'RENWICK' }, 'Active', 'No', future(200)),
    ],
    PSY: [bhecRow(['5201', 'LP'], 31_007, { first: 'HARRIET', middle: 'L', last: 'WEXLEY' }, 'Revoked', 'Yes', past(100))],
    MFT: [bhecRow(['5262', 'LMFT'], 8_801, { first: 'ORLANDO', middle: '', last: 'PENHALLOW' }, 'Active', 'Yes', future(400))],
    SW: [
      bhecRow(['5272', 'LCSW'], 51_234, { first: 'DESMOND', middle: 'K', last: 'VANTERPOOL' }, 'Suspended', 'Yes', future(150)),
      bhecRow(['5272', 'LMSW'], 70_001, { first: 'PRISCILLA', middle: '', last: 'ODELL' }, 'Active', 'No', future(250)),
    ],
  };
}

// ---- Maryland ---------------------------------------------------------------------------------------

/** The seven lines Maryland writes above the header (a title, the report date, notes, blank lines). */
export function mdPreamble(title: string, reportDate: string): string[] {
  return [
    'Maryland Board of Physicians',
    title,
    `Report Date: ${reportDate}`,
    'This list contains licensees with a status of Active or Probation.',
    'One row per practice area.',
    '',
    '',
  ];
}

const mdReportDate = mmddyyyy(endOfMonth(TODAY - 40) + 1);
const alliedProfessions: readonly (readonly [readonly [string, string], number])[] = [
  [['Physician Assistant', 'C'], 50],
  [['Radiographer', 'R'], 20],
  [['Respiratory Care Practitioner', 'L'], 15],
  [['Athletic Trainer', 'A'], 6],
  [['Polysomnographic Technologist', 'P'], 5],
  [['Perfusionist', 'F'], 2],
  [['Naturopathic Doctor', 'N'], 2],
];

function mdPhysicianRow(number: string, p: Person, status: string, discipline: string, expires: string): string {
  return plain([number, p.last, p.first, status, expires, discipline]);
}
function mdAlliedRow(profession: string, number: string, p: Person, status: string, discipline: string, expires: string): string {
  return plain([profession, number, p.last, p.first, status, expires, discipline]);
}

function mdScenario(): { physicians: string[]; allied: string[] } {
  return {
    physicians: [
      mdPhysicianRow('D0067123', { first: 'ELEANOR', middle: '', last: 'BRIGHTWATER' }, 'Active', 'No', future(500)),
      // One row per practice area: the same license twice.
      mdPhysicianRow('D0071450', { first: 'FREDERICK', middle: '', last: 'ASHCOMBE' }, 'Probation', 'Yes', future(300)),
      mdPhysicianRow('D0071450', { first: 'FREDERICK', middle: '', last: 'ASHCOMBE' }, 'Probation', 'Yes', future(300)),
    ],
    allied: [mdAlliedRow('Physician Assistant', 'C05512', { first: 'LORRAINE', middle: '', last: 'PETTIGREW' }, 'Active', 'No', future(250))],
  };
}

// ---- Florida MQA ------------------------------------------------------------------------------------

const flProfessions: readonly (readonly [readonly [string, string, string], number])[] = [
  [['1701', 'Registered Nurse', 'RN'], 45],
  [['1702', 'Licensed Practical Nurse', 'PN'], 10],
  [['1501', 'Medical Doctor', 'ME'], 12],
  [['1901', 'Osteopathic Physician', 'OS'], 2],
  [['1711', 'Advanced Practice Registered Nurse', 'APRN'], 6],
  [['2201', 'Pharmacist', 'PS'], 5],
  [['0501', 'Chiropractic Physician', 'CH'], 2],
  [['2101', 'Podiatric Physician', 'PO'], 1],
  [['4401', 'Certified Nursing Assistant', 'CNA'], 12],
  [['2601', 'Dentist', 'DN'], 3],
  [['2501', 'Veterinarian', 'VM'], 2],
];
const flStatusPairs: readonly (readonly [readonly [string, string, string], number])[] = [
  [['CLEAR', 'Active', 'N'], 70],
  [['CLEAR', 'Inactive', 'N'], 8],
  [['NULL AND VOID', 'Inactive', 'N'], 8],
  [['RETIRED', 'Inactive', 'N'], 4],
  [['DECEASED', 'Inactive', 'N'], 1],
  [['VOL RELINQ', 'Inactive', 'N'], 2],
  [['CLEAR', 'Active', 'Y'], 1.5],
  [['SUSPENDED', 'Inactive', 'Y'], 0.3],
  [['EMERG SUSPENS', 'Inactive', 'Y'], 0.2],
  [['REVOKED', 'Inactive', 'Y'], 0.4],
  [['DISCP RELINQ', 'Inactive', 'Y'], 0.3],
];

interface FlInput {
  readonly code: readonly [string, string, string];
  readonly number: number;
  readonly p: Person;
  readonly status: readonly [string, string, string];
  readonly expires: string;
  readonly email?: string;
  readonly address?: string;
}

function flRow(input: FlInput): string {
  const { code, p, status } = input;
  const cells: Record<string, string> = {
    pro_cde: code[0],
    'Profession-Name': code[1],
    lic_id: String(5_000_000 + input.number),
    'Expire-Date': input.expires,
    'Original-Date': past(3000 + (input.number % 5000)),
    'Rank-Code': code[2],
    'License-Number': String(input.number),
    'Status-Effective-Date': past(200 + (input.number % 900)),
    'Board-Action-Indicator': status[2],
    'License-Status-Description': status[0],
    'Last-Name': p.last,
    'First-Name': p.first,
    'Middle-Name': p.middle,
    'Name-Suffix': '',
    'License-Active-Status-Description': status[1],
    County: '13',
    'County-Description': 'DADE',
    'Mailing-Address-Line1': input.address ?? '*** CONFIDENTIAL ***',
    'Mailing-Address-City': 'MIAMI',
    'Mailing-Address-State': 'FL',
    'Mailing-Address-ZIPcode': '33101',
    Email: input.email ?? '',
    'Birth-Year-Range': '40 - 50',
  };
  return `${flLicAllHeader.map((h) => cells[h] ?? '').join('|')}|`;
}

function flScenario(): string[] {
  const me = flProfessions[2]![0];
  const rn = flProfessions[0]![0];
  const ps = flProfessions[5]![0];
  return [
    flRow({ code: me, number: 98_765, p: { first: 'MARGARET', middle: 'A', last: 'THIBODEAUX' }, status: ['CLEAR', 'Active', 'N'], expires: future(400) }),
    flRow({
      code: rn,
      number: 2_345_678,
      p: { first: 'BARTHOLOMEW', middle: '', last: 'OKWUOSA' },
      status: ['EMERG SUSPENS', 'Inactive', 'Y'],
      expires: future(200),
    }),
    flRow({ code: ps, number: 44_120, p: { first: 'CORNELIUS', middle: 'R', last: 'VANDERSLOOT' }, status: ['REVOKED', 'Inactive', 'Y'], expires: past(300) }),
    flRow({ code: me, number: 101_202, p: { first: 'IMOGEN', middle: '', last: 'FAIRWEATHER' }, status: ['CLEAR', 'Active', 'Y'], expires: future(500) }),
    // A stray quote inside a name and an address, as real rows carry.
    flRow({
      code: rn,
      number: 3_456_789,
      p: { first: 'PATRICK', middle: '', last: 'O"SHAUGHNESSY' },
      status: ['CLEAR', 'Active', 'N'],
      expires: future(300),
      address: '12 "B" STREET',
    }),
    // An email holding a `|`: the row is one field too wide and cannot be read.
    flRow({
      code: rn,
      number: 3_456_790,
      p: { first: 'WINIFRED', middle: '', last: 'KAPLINSKY' },
      status: ['CLEAR', 'Active', 'N'],
      expires: future(300),
      email: 'w|k@example.com',
    }),
  ];
}

// ---- Alabama BME ------------------------------------------------------------------------------------

const alTypes: readonly (readonly [readonly [string, string], number])[] = [
  [['MD', 'Full'], 75],
  [['DO', 'Full'], 8],
  [['PA', 'Licensed'], 15],
  [['AA', 'Licensed'], 2],
];

function alRow(number: string, p: Person, type: readonly [string, string], status: string, expires: string, actions: string): string {
  return plain([
    number,
    p.first,
    p.middle,
    p.last,
    '',
    type[0],
    type[1],
    '',
    status,
    past(3000),
    expires,
    'Internal Medicine',
    'UNIVERSITY OF ALABAMA',
    actions,
    '',
  ]);
}

function alScenario(): string[] {
  return [
    alRow('MD.31245', { first: 'ELEANOR', middle: 'M', last: 'CULPEPPER' }, ['MD', 'Full'], 'Active', future(300), 'No'),
    alRow('PA.1877', { first: 'THADDEUS', middle: '', last: 'MERRIWEATHER' }, ['PA', 'Licensed'], 'Active', future(200), 'Yes'),
  ];
}

// ---- Wyoming boards' Google Sheets ---------------------------------------------------------------

type WyFileId = Extract<RosterFileId, `wy${string}`>;

/** A date as the sheets write it in the preamble: `July 9, 2026`. */
function monthDayYear(day: number): string {
  const d = new Date(day * 86_400_000);
  return `${d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
/** M/D/YYYY without leading zeros, as the sheets write dates. */
const mdy = (text: string) => text.replace(/^0/, '').replace(/\/0/, '/');
const wyUpdated = monthDayYear(TODAY - 20);
const wyNote = 'This site is a primary source for verification of license credentials and is updated bi-monthly.';
/** A preamble line: the text in the first cell, the rest of the sheet's width blank. */
const wyLine = (width: number, ...cells: string[]) => plain([...cells, ...Array<string>(width - cells.length).fill('')]);

/** What a sample row says; each sheet writes it its own way. */
interface WyRow {
  readonly p: Person;
  readonly number: string;
  /** active | expired | suspended | deceased | inactive | blank */
  readonly status: 'active' | 'expired' | 'suspended' | 'deceased' | 'inactive' | 'blank';
  readonly disciplined: boolean;
  readonly expires: string;
  /** The license type wording where the sheet has one. */
  readonly type?: string;
}

const initial = (p: Person) => (p.middle ? `${p.middle.slice(0, 1)}.` : '');
const word = (status: WyRow['status']) =>
  ({ active: 'Active', expired: 'Expired', suspended: 'Suspended', deceased: 'Deceased', inactive: 'Inactive', blank: '' })[status];
const code = (status: WyRow['status']) => ({ active: 'A', expired: 'E', suspended: 'S', deceased: 'D', inactive: 'I', blank: '' })[status];
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** Each sheet: its preamble, its header and how it writes a row (from the sheets' description above). */
const wySheets: Record<WyFileId, { readonly preamble: readonly string[]; readonly header: string; readonly row: (r: WyRow) => string }> = {
  wyChiro: {
    preamble: [wyLine(10), wyLine(10, wyNote), wyLine(10, `Last update: ${wyUpdated}`)],
    header: 'NAME,MAILBUS,MAILADD,MAILCITY,EMAIL,LICNO,Issued,Expires,CurrentStatus,Disciplinary Action',
    row: (r) =>
      plain([
        [r.p.first, initial(r.p), r.p.last].filter(Boolean).join(' '),
        '',
        '',
        'Cheyenne WY 82001',
        '',
        r.number,
        mdy(past(4000)),
        mdy(r.expires),
        word(r.status),
        r.disciplined ? 'Disciplinary action has been taken against this individual' : 'None',
      ]),
  },
  wyDietetics: {
    preamble: [wyLine(14), wyLine(14, wyNote), wyLine(14, `Last update: ${wyUpdated}`)],
    header: 'LASTNAME,FIRSTNAME,INITIAL,BUSINESS,Address,City,State,Zip,CurrentStatus,LICNO,ISSDATE,EXPDATE,STANDING,EMAIL',
    row: (r) =>
      plain([
        r.p.last,
        r.p.first,
        initial(r.p),
        '',
        '',
        'Casper',
        'WY',
        '82601',
        word(r.status),
        r.number,
        mdy(past(3000)),
        mdy(r.expires),
        'Good Standing',
        '',
      ]),
  },
  wyOptometry: {
    preamble: [wyLine(15), wyLine(15, wyNote), wyLine(15, `Last update ${wyUpdated}`)],
    header: 'LastName,FirstName,Initial,LicNo,IssDate,ExpDate,Stat,Business,MAILADDRESS,MAILCITY,MAILSTATE,MAILZIP,Phone,EmailAdd,Disciplinary Action',
    row: (r) =>
      plain([
        r.p.last,
        r.p.first,
        initial(r.p),
        r.number,
        mdy(past(5000)),
        mdy(r.expires),
        word(r.status),
        '',
        '',
        'Laramie',
        'WY',
        '82070',
        '',
        '',
        r.disciplined ? 'Yes' : 'None',
      ]),
  },
  wyOt: {
    preamble: [
      wyLine(14, 'Wyoming Board of Occupational Therapy'),
      wyLine(14, 'All Licenses as of ', '', '', mdy(past(20)), '', '', '', 'LL=Limited License'),
      wyLine(14, '', '', '', '', '', '', '', 'LP=Limited Permit'),
      wyLine(14, '', '', '', '', '', '', '', 'T=Temporary'),
      wyLine(14),
    ],
    header: 'LAST NAME,FIRST NAME,LICENSE TYPE,LICENSE #,ISSUE DATE,EXPIRATION DATE,STATUS,BUSINESS,ADDRESS,CITY,STATE,ZIP,EMAIL,DISCIPLINE ',
    row: (r) =>
      plain([
        r.p.last,
        r.p.first,
        r.type ?? 'Occupational Therapist',
        r.number,
        mdy(past(3000)),
        mdy(r.expires),
        word(r.status),
        '',
        '',
        'Sheridan',
        'WY',
        '82801',
        '',
        r.disciplined ? 'Yes' : 'None',
      ]),
  },
  wyPodiatry: {
    preamble: [
      wyLine(14, 'State of Wyoming'),
      wyLine(14, 'Board of Registration in Podiatry'),
      wyLine(14, 'Roster and Mailing List'),
      wyLine(14, `Updated ${wyUpdated}`),
      wyLine(14),
    ],
    header: 'LASTNAME,FIRSTNAME,INITIAL,LICNO,ISSDATE,EXPDATE,STATUS,MAILBUSINESS,MAILADDRESS,MAILCITY,MAILSTATE2,MAILZIP2,E-MAIL,DISCIPLINE',
    row: (r) =>
      plain([
        r.p.last,
        r.p.first,
        initial(r.p),
        r.number,
        mdy(past(6000)),
        mdy(r.expires),
        code(r.status),
        '',
        '',
        'Gillette',
        'WY',
        '82718',
        '',
        r.disciplined ? 'Y' : 'N',
      ]),
  },
  wyPsych: {
    preamble: [
      wyLine(10, 'Wyoming Board of Psychology'),
      wyLine(10, 'Date of Last Update: ', '', '', '', '', mdy(past(20))),
      wyLine(10, 'This site is a primary source for verification of license credentials.'),
    ],
    header: 'Last Name,First Name,MI,License/Certification,Profession,License no.,Date Issued,Expiry Date,Status,Discipline',
    row: (r) =>
      plain([
        r.p.last,
        r.p.first,
        initial(r.p),
        'License',
        r.type ?? 'Psychologist',
        r.number,
        mdy(past(3000)),
        mdy(r.expires),
        `${word(r.status)} License`,
        yesNo(r.disciplined),
      ]),
  },
  wyPt: {
    preamble: [
      wyLine(17, 'Wyoming Board of Physical Therapy'),
      wyLine(17, 'This site is a primary source for verification of license credentials.                                        '),
      wyLine(17, 'Date of Last Update:', '', '', '', '', '', '', '', wyUpdated),
    ],
    header:
      'NAME ,,,EMPLOYER,Mailing Address ,,,,PHONE NO.,EMAIL ADDRESS,PROFESSION,LICENSE / CERTIFICATION,LICENSE #,ISSUE DATE,EXPIRATION DATE,DISCIPLINED,STATUS',
    row: (r) => {
      const type = r.type ?? 'Physical Therapist';
      return plain([
        r.p.last,
        r.p.first,
        initial(r.p),
        '',
        '',
        'Casper',
        'WY',
        '82601',
        '',
        '',
        type,
        /ASSISTANT/i.test(type) ? 'Certification' : 'License',
        r.number,
        mdy(past(3000)),
        mdy(r.expires),
        yesNo(r.disciplined),
        code(r.status),
      ]);
    },
  },
  wyResp: {
    preamble: [wyLine(10, 'Wyoming Board of Respiratory Care'), wyLine(10, 'Date of Last Update', '', '', wyUpdated)],
    header: 'Name,Address,City,State ,Zip,License No.,Issue Date,Expiry Date,Status,Discipline',
    row: (r) =>
      plain([
        `${r.p.last}, ${[r.p.first, initial(r.p)].filter(Boolean).join(' ')}`,
        '',
        'Riverton',
        'WY',
        '82501',
        r.number,
        mdy(past(2000)),
        mdy(r.expires),
        word(r.status),
        yesNo(r.disciplined),
      ]),
  },
  wySpeech: {
    preamble: [
      wyLine(15, 'State of Wyoming'),
      wyLine(15, 'Board of Examiners of Speech-Language Pathology and Audiology'),
      wyLine(15, 'Roster and Mailing List'),
      wyLine(15, `Updated ${wyUpdated}`),
      wyLine(15),
    ],
    header:
      'Last Name,First Name,Middle Initial,Business Name,Address,City,State,Zip Code,Type,Profession Type,License Number,Date Issued,Expiration Date,Status,Email',
    row: (r) =>
      plain([
        r.p.last,
        r.p.first,
        initial(r.p),
        '',
        '',
        'Cheyenne',
        'WY',
        '82009',
        'License',
        r.type ?? 'Speech-Language Pathologist',
        r.number,
        mdy(past(2500)),
        mdy(r.expires),
        word(r.status),
        '',
      ]),
  },
  wyDental: {
    preamble: [wyLine(11), wyLine(11, 'List of Active Dentist Licensees'), wyLine(11, wyNote), wyLine(11, `Last update: ${wyUpdated}`)],
    header: 'LASTNAME,FIRSTNAME,INITIAL,CREDENTIAL,CATEGORY,FAC INSP Due,LICNO,ISSDATE,EXPDATE,License Status,Disciplined',
    row: (r) =>
      plain([
        r.p.last,
        r.p.first,
        initial(r.p),
        'D.D.S.',
        r.type ?? 'General Dentist',
        '',
        r.number,
        mdy(past(4000)),
        mdy(r.expires),
        word(r.status),
        yesNo(r.disciplined),
      ]),
  },
  wyMentalHealth: {
    preamble: [
      wyLine(9, 'Wyoming Mental Health Professions Licensing Board'),
      wyLine(
        9,
        'Please note that a license that is still pending Board review and approval of their renewal application will show an expiration date that \nhas passed, but an active status.  These licensees may continue to practice until notified otherwise.  \nThis list is a primary source for verification.',
      ),
      wyLine(9, `Last updated ${wyUpdated} 4:13 PM`),
    ],
    header: 'Last Name,First Name,Initial,License Number,Issue Date,Expiration Date,License Status,Disciplined,Next FP Due',
    row: (r) => plain([r.p.last, r.p.first, initial(r.p), r.number, mdy(past(2000)), mdy(r.expires), word(r.status), yesNo(r.disciplined), mdy(r.expires)]),
  },
};

/** The scenario rows of each Wyoming sheet (named in `rosterNotables`). */
function wyScenario(): Record<WyFileId, string[]> {
  const w = (file: WyFileId, rows: WyRow[]) => rows.map((r) => wySheets[file].row(r));
  const person = (first: string, middle: string, last: string): Person => ({ first, middle, last });
  return {
    wyChiro: w('wyChiro', [
      { p: person('Percival', 'J', 'Thornbury'), number: '612', status: 'expired', disciplined: false, expires: past(900) },
      { p: person('Ambrose', 'K', 'Kittredge'), number: '455P', status: 'suspended', disciplined: true, expires: future(200) },
    ]),
    wyDietetics: [],
    wyOptometry: [],
    wyOt: [],
    wyPodiatry: [],
    wyPsych: w('wyPsych', [{ p: person('Winifred', 'A', 'Ashgrove'), number: '931', status: 'active', disciplined: false, expires: future(250) }]),
    wyPt: w('wyPt', [{ p: person('Rosalind', 'M', 'Quennell'), number: 'PT-2871', status: 'active', disciplined: true, expires: future(300) }]),
    wyResp: w('wyResp', [{ p: person('Cordelia', 'B', 'Tillinghast'), number: '1977', status: 'blank', disciplined: false, expires: past(400) }]),
    wySpeech: [],
    wyDental: w('wyDental', [{ p: person('Beatrix', 'L', 'Ravensworth'), number: '1723', status: 'active', disciplined: true, expires: future(400) }]),
    wyMentalHealth: w('wyMentalHealth', [
      { p: person('Leopold', 'R', 'Haverford'), number: 'LCSW-1944', status: 'active', disciplined: false, expires: future(500) },
    ]),
  };
}

/** The license types a drawn row of each sheet takes, with their weights and number prefixes (the real files' shares, roughly). */
const wyDrawn: Record<WyFileId, { readonly types: readonly (readonly [readonly [string | undefined, string], number])[]; readonly activeShare: number }> = {
  wyChiro: { types: [[[undefined, ''], 1]], activeShare: 0.35 },
  wyDietetics: { types: [[[undefined, ''], 1]], activeShare: 0.55 },
  wyOptometry: { types: [[[undefined, ''], 1]], activeShare: 0.35 },
  wyOt: {
    types: [
      [['Occupational Therapist', 'OT-'], 74],
      [['Occupational Therapy Assistant', 'OTA-'], 26],
    ],
    activeShare: 0.26,
  },
  wyPodiatry: { types: [[[undefined, ''], 1]], activeShare: 0.42 },
  wyPsych: {
    types: [
      [['Psychologist', ''], 87],
      [['Behavior Analyst', 'BA-'], 9],
      [['Psychological Practitioner', 'CPP-'], 4],
    ],
    activeShare: 0.31,
  },
  wyPt: {
    types: [
      [['Physical Therapist', 'PT-'], 68],
      [['Physical Therapist Assistant', 'PTA-'], 32],
    ],
    activeShare: 0.3,
  },
  wyResp: { types: [[[undefined, ''], 1]], activeShare: 0.25 },
  wySpeech: {
    types: [
      [['Speech-Language Pathologist', 'SP-'], 64],
      [['Provisional Speech-Language Pathologist', 'SP/CFY-'], 10],
      [['Audiologist', 'A-'], 10],
      [['Speech-Language Pathology Aide', 'AIDE-SP-'], 9],
      [['Speech-Language Pathology Assistant', 'SLPA-'], 7],
    ],
    activeShare: 0.35,
  },
  wyDental: { types: [[['General Dentist', ''], 1]], activeShare: 1 },
  wyMentalHealth: {
    types: [
      [[undefined, 'LPC-'], 40],
      [[undefined, 'LCSW-'], 34],
      [[undefined, 'PPC-'], 7],
      [[undefined, 'LMFT-'], 5],
      [[undefined, 'LAT-'], 3],
    ],
    activeShare: 1,
  },
};
// ---- West Virginia Board of Medicine ----------------------------------------------------------------

/** The header of each workbook's `Licenses` sheet (row 2; row 1 is a title). */
const wvHeader = ['First Name', 'Middle Name', 'Last Name', 'Suffix', 'License Number', 'License Expiration Date'] as const;

const wvBoards: Readonly<Record<WvFileId, { readonly link: string; readonly title: string; readonly otherSheets: readonly string[] }>> = {
  wvMd: {
    link: 'Roster of Medical Doctors',
    title: 'West Virginia Board of Medicine - Medical Doctors',
    otherSheets: ['Special Licenses', 'Temporary Licenses', 'Educational Permits', 'Reciprocal Educational Permits', 'Interstate Telehealth Reg.'],
  },
  wvPa: {
    link: 'Roster of Physician Assistants',
    title: 'West Virginia Board of Medicine - Physician Assistants',
    otherSheets: ['Temporary Licenses', 'Interstate Telehealth Reg.'],
  },
  wvDpm: { link: 'Roster of Podiatric Physicians', title: 'West Virginia Board of Medicine - Podiatric Physicians', otherSheets: [] },
};

/** The board's renewal dates after today: MD and DPM 30 June (MD biennial), PA 31 March. */
function wvRenewal(month: number, day: number, yearsAhead: number): number {
  const year = yearOf(TODAY);
  const next = dayOf(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`) > TODAY ? year : year + 1;
  return dayOf(`${next + yearsAhead}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}
/** A date as the sheet writes it: `M/D/YYYY` or `MM/DD/YYYY`, both in one column. */
const wvDate = (day: number, padded: boolean): string => (padded ? mmddyyyy(day) : mmddyyyy(day).replace(/^0/, '').replace(/\/0/, '/'));

function wvScenario(): Record<WvFileId, string[][]> {
  return {
    wvMd: [
      ['Rosalind', 'Marguerite', 'Quarrington', '', '31877', wvDate(wvRenewal(6, 30, 1), false)],
      ['Cornelius', 'James', 'Haverford', 'Jr.', '28014', wvDate(wvRenewal(6, 30, 0), true)],
      // A four-digit MD number, the same as a PA's: another board's license, another person.
      ['Octavia', '', 'Stranwick', '', '2417', wvDate(wvRenewal(6, 30, 1), true)],
    ],
    wvPa: [['Winifred', 'Anne', 'Ashdown', '', '2417', wvDate(wvRenewal(3, 31, 0), false)]],
    wvDpm: [['Lysander', '', 'Pembrook', 'II', '10488', wvDate(wvRenewal(6, 30, 0), true)]],
  };
}

const titleCase = (word: string) => word.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
const wvSuffixes: readonly (readonly [string, number])[] = [
  ['', 967],
  ['Jr.', 18],
  ['II', 7],
  ['III', 6],
  ['IV', 1],
  ['Sr.', 0.5],
  ['Jr', 0.5],
];

/** A workbook as the board's: its `Licenses` sheet (title, header, rows, every cell text), then its permit sheets. */
function wvWorkbook(file: WvFileId, rows: readonly (readonly string[])[]): Buffer {
  const book = XLSX.utils.book_new();
  const board = wvBoards[file];
  const sheet = (cells: readonly (readonly string[])[]) => XLSX.utils.aoa_to_sheet(cells.map((r) => [...r]));
  XLSX.utils.book_append_sheet(book, sheet([[board.title], [...wvHeader], ...rows]), 'Licenses');
  for (const name of board.otherSheets)
    XLSX.utils.book_append_sheet(book, sheet([[`${board.title} - ${name}`], ['First Name', 'Last Name', 'Permit Number']]), name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** The roster page: the three links among the board's others. */
export function wvRosterPageHtml(): string {
  const links = wvFileIds.map((id) => `<li><a href="roster-files/${rosterFiles[id].split('/').at(-1)}">${wvBoards[id].link}</a></li>`).join('\r\n');
  return (
    '<!DOCTYPE html>\r\n<html lang="en"><head><title>WV Board of Medicine - Rosters</title></head>\r\n<body>\r\n' +
    '<nav><a href="default.asp">Home</a> <a href="public/search/">License Search</a></nav>\r\n' +
    `<h2>Rosters</h2>\r\n<p>Rosters are Excel files.</p>\r\n<ul>\r\n${links}\r\n</ul>\r\n</body></html>\r\n`
  );
}

// ---- Nevada State Board of Pharmacy -------------------------------------------------------------------

/** The export's header, on the sheet's first row. */
const nvHeader = [
  'Last Name',
  'First Name',
  'City',
  'State',
  'Zip',
  'Country',
  'License Date',
  'Status',
  'Registration Number',
  'Type',
  'Expiration Date',
  'Discipline',
] as const;

/** The statuses of the board's records, in their real shares (applications and voided records included). */
const nvStatuses: readonly (readonly [string, number])[] = [
  ['Active', 9_449],
  ['Non Renewed', 4_760],
  ['Expired', 1_922],
  ['Closed', 1_784],
  ['Deceased (Individual)', 769],
  ['Retired', 499],
  ['Inactive', 455],
  ['Application in Process', 296],
  ['Pending Renewal Inactive', 100],
  ['Revoked', 74],
  ['Probation', 24],
  ['Voluntary Surrender', 14],
  ['Temporary', 13],
  ['Application Denied', 9],
  ['Suspended', 8],
  ['Application Withdrawn', 4],
  ['Deleted', 4],
  ['Error', 4],
  ['Voluntary Surrender resulting in discipline', 2],
];

/** Where active pharmacists live (many out of state). */
const nvPlaces: readonly (readonly [readonly [string, string, string], number])[] = [
  [['Las Vegas', 'NV', '891'], 40],
  [['Henderson', 'NV', '890'], 10],
  [['Reno', 'NV', '895'], 12],
  [['Phoenix', 'AZ', '850'], 8],
  [['Los Angeles', 'CA', '900'], 10],
  [['Salt Lake City', 'UT', '841'], 5],
  [['Boise', 'ID', '837'], 3],
];

/** 31 October of the odd year `cycles` renewals after (or, negative, before) today's. */
function nvRenewal(cycles: number): number {
  const year = yearOf(TODAY);
  const next = year % 2 === 1 && dayOf(`${year}-10-31`) > TODAY ? year : year % 2 === 1 ? year + 2 : year + 1;
  return dayOf(`${next + 2 * cycles}-10-31`);
}

interface NvRow {
  readonly last: string;
  readonly first: string;
  readonly place?: readonly [string, string, string];
  readonly issued: string;
  readonly status: string;
  readonly number: string;
  readonly expires: string;
  readonly discipline: boolean;
}

const nvCells = (r: NvRow): string[] => [
  r.last,
  r.first,
  ...(r.place ? [r.place[0], r.place[1], r.place[2], 'United States'] : ['', '', '', '']),
  r.issued,
  r.status,
  r.number,
  'Pharmacist',
  r.expires,
  r.discipline ? 'Yes' : 'No',
];

function nvScenario(): string[][] {
  const lv = ['Las Vegas', 'NV', '89118'] as const;
  const rows: readonly NvRow[] = [
    {
      last: 'Quillfeather',
      first: 'Evangeline',
      place: lv,
      issued: past(4100),
      status: 'Active',
      number: '17421',
      expires: mmddyyyy(nvRenewal(0)),
      discipline: false,
    },
    {
      last: 'THISTLEWOOD',
      first: 'BARNABY',
      place: ['LAS VEGAS', 'NV', '89139'],
      issued: past(9000),
      status: 'Suspended',
      number: '12693',
      expires: mmddyyyy(nvRenewal(-1)),
      discipline: true,
    },
    { last: 'Fenwright', first: 'Ottilie', issued: past(19_000), status: 'Revoked', number: '03318', expires: '', discipline: true },
    { last: 'Marchbanks', first: 'Lucian', issued: past(7400), status: 'Non Renewed', number: '15904', expires: mmddyyyy(nvRenewal(-4)), discipline: false },
    {
      last: 'WRENHAVEN',
      first: 'CASSIUS',
      place: ['Reno', 'NV', '89502'],
      issued: past(5200),
      status: 'Probation',
      number: '19077',
      expires: mmddyyyy(nvRenewal(0)),
      discipline: true,
    },
    {
      last: 'Pennyfeather Jr',
      first: 'Edmund',
      place: ['Henderson', 'NV', '89052'],
      issued: past(3300),
      status: 'Active',
      number: '20315',
      expires: mmddyyyy(nvRenewal(0)),
      discipline: false,
    },
    { last: 'Ashbury', first: 'Theodora', issued: past(30), status: 'Temporary', number: '25233', expires: mmddyyyy(TODAY + 150), discipline: false },
    { last: 'HARROWGATE', first: 'ISOLDE', issued: '', status: 'Application in Process', number: '', expires: '', discipline: false },
  ];
  return rows.map(nvCells);
}

/** The workbook as the board exports it: one sheet, the header, the rows, every cell text. */
function nvWorkbook(rows: readonly (readonly string[])[]): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(
    [[...nvHeader], ...rows].map((r) => r.map((c) => (c === '' ? null : c))),
    { cellDates: false },
  );
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

// ---- South Dakota chiropractic and optometry verification lists ---------------------------------

const sdChiroHeader =
  'Name,Title,LicenseNumber,Effective,Status,Expiration,GoodStanding,GoodStandingIcon,DisciplinaryAction,DisciplinaryActionIcon,Acupuncture,AcupunctureIcon,TotalPageCount';
const sdOptHeader = 'LastName,FirstName,LicenseNumber,Issued,Expiration,Status,Discipline,Type,Address,CityStateZip,Phone,AdvancedProcedures,TotalPageCount';

/** A date as the lists write it: `M/D/YYYY 12:00:00 AM`. */
const sdDate = (day: number): string => `${mmddyyyy(day).replace(/^0/, '').replace(/\/0/, '/')} 12:00:00 AM`;
/** The renewal date after today: 31 December (chiropractic), 30 September (optometry). */
function sdRenewal(month: number, dayOfMonth: number): number {
  const at = (year: number) => dayOf(`${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`);
  return at(yearOf(TODAY)) > TODAY ? at(yearOf(TODAY)) : at(yearOf(TODAY) + 1);
}
const trueYes = (b: boolean) => (b ? ['True', 'Yes'] : ['False', 'No']);

interface SdChiroRow {
  readonly first: string;
  readonly middle: string;
  readonly last: string;
  readonly title: string;
  readonly number: string;
  readonly issued: number;
  readonly disciplined: boolean;
  readonly acupuncture: boolean;
}
/** A chiropractic row: `First M Last` in one cell, two spaces where there is no middle initial. */
function sdChiroLine(r: SdChiroRow): string {
  return q([
    `${r.first} ${r.middle} ${r.last}`,
    r.title,
    r.number,
    sdDate(r.issued),
    'Active',
    sdDate(sdRenewal(12, 31)),
    'True',
    'Yes',
    ...trueYes(r.disciplined),
    ...trueYes(r.acupuncture),
    '1',
  ]);
}

interface SdOptRow {
  readonly first: string;
  readonly last: string;
  readonly number: string;
  readonly issued: number;
  readonly disciplined: boolean;
  readonly place: string;
  readonly procedures: string;
}
function sdOptLine(r: SdOptRow, index: number): string {
  return q([
    r.last,
    r.first,
    r.number,
    sdDate(r.issued),
    sdDate(sdRenewal(9, 30)),
    'Active',
    r.disciplined ? 'Yes' : 'None',
    'TPA',
    `${100 + ((index * 37) % 4800)} Main St`,
    r.place,
    `605-555-01${String(index % 100).padStart(2, '0')}`,
    r.procedures,
    '1',
  ]);
}

const sdPlaces: readonly (readonly [string, number])[] = [
  ['Sioux Falls, SD, 57105', 40],
  ['Rapid City, SD, 57701', 20],
  ['Aberdeen, SD, 57401', 8],
  ['Watertown, SD, 57201', 8],
  ['Brookings, SD, 57006', 6],
  ['Huron  , SD, 57350', 4],
  ['Mitchell, SD, 57301', 6],
  ['Rock Rapids, IA, 51246', 2],
];
const sdTitles: readonly (readonly [string, number])[] = [
  ['DC', 95],
  ['DC, CCSP', 2],
  ['DC, DABCO', 1],
  ['DC, DACRB', 1],
  ['DC,FIAMA', 0.5],
];
const sdProcedures: readonly (readonly [string, number])[] = [
  ['', 94],
  ['AP', 2.5],
  ['LAS-YAG', 1.5],
  ['LAS-T, LAS-YAG', 1.2],
  ['INJ-S, ST, LAS-T, LAS-YAG', 0.4],
];

/** The scenario rows of each list (named in `rosterNotables`), numbered above the drawn rows' ranges (chiropractic 500–1599, optometry 100–899). */
function sdScenario(): Record<SdFileId, string[]> {
  return {
    sdChiro: [
      sdChiroLine({
        first: 'Margaret',
        middle: 'E',
        last: 'Halvorsrud',
        title: 'DC',
        number: '1602',
        issued: TODAY - 3000,
        disciplined: false,
        acupuncture: true,
      }),
      // No middle initial: two spaces.
      sdChiroLine({
        first: 'Leopold',
        middle: '',
        last: 'Tjeerdsma',
        title: 'DC, CCSP',
        number: '1618',
        issued: TODAY - 9000,
        disciplined: true,
        acupuncture: false,
      }),
      // A surname of two words after the initial.
      sdChiroLine({
        first: 'Augustin',
        middle: 'R',
        last: 'Van Oosterhout',
        title: 'DC',
        number: '1634',
        issued: TODAY - 5000,
        disciplined: false,
        acupuncture: false,
      }),
    ],
    sdOpt: [
      sdOptLine(
        { first: 'Ingrid', last: 'Kvernmo', number: '901', issued: TODAY - 700, disciplined: false, place: 'Sioux Falls, SD, 57105', procedures: 'AP' },
        0,
      ),
      // The same number as Halvorsrud's chiropractic license: another board, another person.
      sdOptLine(
        { first: 'Torvald', last: 'Brekkestad', number: '1602', issued: TODAY - 8000, disciplined: true, place: 'Huron  , SD, 57350', procedures: '' },
        1,
      ),
    ],
  };
}

/** South Dakota's two lists: scenario rows, then `drawn(file)` drawn rows each (path → text and rows, header included). */
function sdFiles(maker: RosterRowMaker, drawn: (file: SdFileId) => number): Map<string, { text: string; rows: number }> {
  const scenario = sdScenario();
  const files = new Map<string, { text: string; rows: number }>();
  for (const [id, header] of [
    ['sdChiro', sdChiroHeader],
    ['sdOpt', sdOptHeader],
  ] as const) {
    const lines = [header, ...scenario[id]];
    for (let i = 0; i < drawn(id); i++) lines.push(maker.sdRow(id, i));
    files.set(rosterFiles[id], { text: `${lines.join('\r\n')}\r\n`, rows: lines.length });
  }
  return files;
}

export const rosterNotables: readonly RosterNotable[] = [
  { state: 'TX', name: 'Margaret Achterberg', what: 'BHEC 5261/LPC 70001, Active: active counselor (BHEC roster)' },
  { state: 'TX', name: 'Priscilla Odell', what: 'BHEC SW LMSW 70001: the same number as Achterberg in another board file, another person' },
  { state: 'TX', name: 'Desmond Vanterpool', what: 'BHEC 5272/LCSW, Suspended, DISCPL_ACTN Yes: suspended, disciplined' },
  { state: 'TX', name: 'Harriet Wexley', what: 'BHEC 5201/LP (licensed psychologist), Revoked: revoked' },
  { state: 'TX', name: 'Orlando Penhallow', what: 'BHEC 5262/LMFT, Active with DISCPL_ACTN Yes: active, disciplined' },
  { state: 'TX', name: 'Margarita Achterberg', what: 'absent: a look-alike of Margaret Achterberg' },
  { state: 'MD', name: 'Eleanor Brightwater', what: 'physician D0067123, Active' },
  { state: 'MD', name: 'Frederick Ashcombe', what: 'physician on Probation with Discipline Yes (two practice-area rows): active, disciplined' },
  { state: 'MD', name: 'Lorraine Pettigrew', what: 'allied: Physician Assistant C05512, Active' },
  { state: 'MD', name: 'Eleanora Brightwater', what: 'absent: a look-alike of Eleanor Brightwater (and a revoked physician would be absent too)' },
  { state: 'FL', name: 'Margaret Thibodeaux', what: 'Medical Doctor ME98765 (file: 98765), CLEAR / Active' },
  { state: 'FL', name: 'Bartholomew Okwuosa', what: 'Registered Nurse, EMERG SUSPENS: suspended, board action Y' },
  { state: 'FL', name: 'Cornelius Vandersloot', what: 'Pharmacist, REVOKED: revoked' },
  { state: 'FL', name: 'Imogen Fairweather', what: 'Medical Doctor, CLEAR / Active with board action Y: active, disciplined' },
  { state: 'FL', name: "Patrick O'Shaughnessy", what: 'Registered Nurse whose surname carries a stray quote (O"SHAUGHNESSY), read as an apostrophe' },
  { state: 'FL', name: 'Winifred Kaplinsky', what: 'a row whose email holds a pipe: one field too wide, counted malformed, not found' },
  { state: 'FL', name: 'Margarita Thibodeaux', what: 'absent: a look-alike of Margaret Thibodeaux' },
  { state: 'AL', name: 'Eleanor Culpepper', what: 'MD MD.31245, Active' },
  { state: 'AL', name: 'Thaddeus Merriweather', what: 'PA, Active with PUBLIC ACTIONS? Yes: disciplined' },
  { state: 'AL', name: 'Eleanora Culpepper', what: 'absent: a look-alike of Eleanor Culpepper' },
  { state: 'WY', name: 'Winifred Ashgrove', what: 'Psychology 931, Active License: active psychologist (wy_boards)' },
  { state: 'WY', name: 'Percival Thornbury', what: 'Chiropractic 612, Expired: expired (the active-and-expired list keeps it)' },
  { state: 'WY', name: 'Ambrose Kittredge', what: 'Chiropractic 455P, Suspended, disciplinary action: suspended, disciplined' },
  { state: 'WY', name: 'Rosalind Quennell', what: 'Physical Therapy PT-2871, A, DISCIPLINED Yes: active, disciplined' },
  { state: 'WY', name: 'Cordelia Tillinghast', what: 'Respiratory Care 1977 with a blank status: unreadable, never a guess' },
  { state: 'WY', name: 'Beatrix Ravensworth', what: 'Dental 1723, General Dentist, Active, Disciplined Yes (wy_active)' },
  { state: 'WY', name: 'Leopold Haverford', what: 'Mental Health LCSW-1944, Active: social worker (wy_active)' },
  { state: 'WY', name: 'Wilhelmina Ashgrove', what: 'absent: a look-alike of Winifred Ashgrove' },
  { state: 'WV', name: 'Rosalind Quarrington', what: 'MD 31877 on the Licenses sheet: active (the sheet has no status or discipline column)' },
  { state: 'WV', name: 'Cornelius Haverford', what: 'MD 28014, suffix Jr., expiry written MM/DD/YYYY' },
  { state: 'WV', name: 'Winifred Ashdown', what: 'Physician Assistant 2417: the same number as MD Octavia Stranwick, another license' },
  { state: 'WV', name: 'Lysander Pembrook', what: 'podiatrist 10488' },
  { state: 'WV', name: 'Rosalyn Quarrington', what: 'absent: a look-alike of Rosalind Quarrington (and a lapsed or revoked license is absent too)' },
  { state: 'NV', name: 'Evangeline Quillfeather', what: 'pharmacist 17421, Active (nv_bop, loaded by the operator)' },
  { state: 'NV', name: 'Barnaby Thistlewood', what: 'pharmacist 12693, Suspended, Discipline Yes (ALL CAPS): suspended, disciplined' },
  { state: 'NV', name: 'Ottilie Fenwright', what: 'pharmacist 03318, Revoked, no expiry: revoked' },
  { state: 'NV', name: 'Lucian Marchbanks', what: 'pharmacist 15904, Non Renewed: expired (the export keeps every record)' },
  { state: 'NV', name: 'Cassius Wrenhaven', what: 'pharmacist 19077, Probation, Discipline Yes: active, disciplined' },
  { state: 'NV', name: 'Edmund Pennyfeather', what: 'pharmacist 20315, Active, the suffix typed into the last name (`Pennyfeather Jr`)' },
  { state: 'NV', name: 'Theodora Ashbury', what: 'pharmacist 25233, Temporary: active' },
  { state: 'NV', name: 'Isolde Harrowgate', what: 'Application in Process, no number: no license, not_found' },
  { state: 'NV', name: 'Evangelina Quillfeather', what: 'absent: a look-alike of Evangeline Quillfeather (never registered as a Nevada pharmacist)' },
  { state: 'SD', name: 'Margaret Halvorsrud', what: 'chiropractic 1602, `Margaret E Halvorsrud`, DC, Active: active chiropractor' },
  {
    state: 'SD',
    name: 'Leopold Tjeerdsma',
    what: 'chiropractic 1618, `Leopold  Tjeerdsma` (no middle: two spaces), DisciplinaryAction True: active, disciplined',
  },
  { state: 'SD', name: 'Augustin Van Oosterhout', what: 'chiropractic 1634, `Augustin R Van Oosterhout`: the surname is the two words after the initial' },
  { state: 'SD', name: 'Ingrid Kvernmo', what: 'optometry 901, TPA, Active: active optometrist' },
  { state: 'SD', name: 'Torvald Brekkestad', what: 'optometry 1602, Discipline Yes: active, disciplined; the same number as Halvorsrud on the other board' },
  {
    state: 'SD',
    name: 'Margarita Halvorsrud',
    what: 'absent: a look-alike of Margaret Halvorsrud (the lists hold active licensees only: an absent provider is not currently licensed)',
  },
  { state: 'MO', name: 'Evangeline Quillbrook', what: 'Chiropractic DRC 2019034411, Active / Not Expired: active chiropractor (no discipline column)' },
  { state: 'MO', name: 'Barnaby Fenwater', what: 'Chiropractic DRC 004417, the address broken over three lines by backslashes: read whole, active' },
  { state: 'MO', name: 'Marigold Ashcombe', what: 'Dental DEN 2012018830: active dentist' },
  { state: 'MO', name: 'Tobias Marlowby', what: 'Dental DHY 003391: active dental hygienist' },
  { state: 'MO', name: 'Henrietta Thornquist', what: 'Dental EFR 2016027754, class Dental Assistant: expanded-functions permit, dental assistant' },
  { state: 'MO', name: 'Augustin Winterbourne', what: 'Optometry OPT 2016022871, class TPA: active optometrist' },
  { state: 'MO', name: 'Rosamund Halloran', what: 'Psychologists PSY 00862: active psychologist' },
  { state: 'MO', name: 'Evangelina Quillbrook', what: 'absent: a look-alike of Evangeline Quillbrook (and an expired or revoked license is absent too)' },
  { state: 'AR', name: 'Wilhelmina Quillmarsh', what: 'podiatrist 412, Valid Thru the next 30 June, Disciplinary Action NO: active (ar_bopm, the PDF)' },
  { state: 'AR', name: 'Ambrose Kettlewood', what: 'podiatrist 413, Valid Thru a past 30 June, still listed: expired' },
  { state: 'AR', name: 'Ignatius Vanbrugh', what: 'podiatrist 414, Disciplinary Action YES: active, disciplined' },
  { state: 'AR', name: 'Thaddeus Pomfret', what: 'podiatrist 415, the suffix after the surname (`Pomfret, III`), a two-word given name (`Thaddeus Cole`)' },
  { state: 'AR', name: 'Perpetua O’Dowling', what: 'podiatrist 416, a curly apostrophe in the surname' },
  {
    state: 'AR',
    name: 'Wilhelmine Quillmarsh',
    what: 'absent: a look-alike of Wilhelmina Quillmarsh (not on the roster: no Arkansas podiatric licence it lists)',
  },
  { state: 'LA', name: 'Rosalind Marcheteau', what: 'massage therapist LA10601, ACTIVE (la_lbmt, the PDF of active licensees)' },
  { state: 'LA', name: 'Odalys Perrault Vidrine', what: 'massage therapist LA10602, a name of three words: found as Odalys Vidrine or Odalys Perrault' },
  { state: 'LA', name: 'Beauregard Landeche', what: 'massage therapist LA10603, the suffix last (`BEAUREGARD LANDECHE JR.`)' },
  {
    state: 'LA',
    name: 'Ja’Nelle Quibodeaux',
    what: 'massage therapist LA10604, the apostrophe doubly mis-encoded as the real list stores some (`JAÃ¢â‚¬â„¢NELLE`), read back',
  },
  {
    state: 'LA',
    name: 'Ida Faucheux',
    what: 'massage therapist LA10605, a name whose mis-encoding cannot be undone (`IDA Ã¢â‚¬Å“DEEÃ¢â‚¬Â•FAUCHEUX`): the source could not read the licence',
  },
  { state: 'LA', name: 'Coralie Rousselle', what: 'massage therapist LA10606, printed twice (once with a later Issue Date): one licence' },
  {
    state: 'LA',
    name: 'Rosalina Marcheteau',
    what: 'absent: a look-alike of Rosalind Marcheteau (not on the list: no active Louisiana massage therapy licence it lists)',
  },
  { state: 'AK', name: 'Rosalind Thorvaldsen', what: 'Medical / Physician MEDS471, `ROSALIND THORVALDSEN`, Active: active physician (ak_cbpl)' },
  { state: 'AK', name: 'Ingeborg Vanderkolk', what: 'Nursing / Registered Nurse 204518, `Ingeborg  Vanderkolk` (two spaces), Active: active nurse' },
  { state: 'AK', name: 'Lucius Marrowgate', what: 'Medical / Physician 161902, Suspended, expired two years ago and still listed: suspended, disciplined' },
  { state: 'AK', name: 'Perpetua Van Heusden', what: 'Pharmacy / Pharmacist 211347, a surname of two words: active pharmacist' },
  { state: 'AK', name: 'Augustin Kittlesby', what: 'Dental / Dentist DEND88: active dentist' },
  { state: 'AK', name: 'Cornelius Ashwinter', what: 'Veterinary / Veterinarian only: veterinary is not read, so not_found as any profession' },
  {
    state: 'AK',
    name: 'Rosalyn Thorvaldsen',
    what: 'absent: a look-alike of Rosalind Thorvaldsen (the download lists current and suspended licenses: absence is no current Alaska license)',
  },
  { state: 'CA', name: 'Eleanor Hollingbrook', what: 'BBS Licensed Marriage and Family Therapist 58204, Current: active' },
  { state: 'CA', name: 'Thaddeus Dravenport', what: 'BBS Licensed Clinical Social Worker 27615, Delinquent: expired (not renewed)' },
  { state: 'CA', name: 'Philippa Fairbrother', what: 'BBS Licensed Professional Clinical Counselor 1893, CurrentInactive: inactive' },
  {
    state: 'CA',
    name: 'Ignatius Sallowmere',
    what: 'BBS Associate Marriage & Family Therapist 31477, Current: an associate registration, its wording kept as the license type',
  },
  { state: 'CA', name: 'Eleanora Hollingbrook', what: 'absent: a look-alike of Eleanor Hollingbrook' },
  {
    state: 'CA',
    name: 'Leopold Vantongeren',
    what: 'absent: no license or registration on the file (revoked and cancelled ones are left out of it), never "never licensed"',
  },
];

// ---- Missouri MOPRO licensee downloads ------------------------------------------------------------

/** The 22 columns every board's TXT writes, in order. */
const moHeader = [
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
const moFileIds: readonly MoFileId[] = ['moChiro', 'moDental', 'moOptometry', 'moPsych'];
const moEol = '\r\n';
const moIso = (day: number) => {
  const [m, d, y] = mmddyyyy(day).split('/');
  return `${y}-${m}-${d}`;
};

interface MoRow {
  readonly first: string;
  readonly middle?: string;
  readonly last: string;
  readonly suffix?: string;
  readonly address?: string;
  readonly code: string;
  readonly number: string;
  readonly issued: string;
  readonly klass?: string;
  readonly expires: string;
  readonly entity?: string;
}

function moLine(r: MoRow): string {
  const cells: Record<(typeof moHeader)[number], string> = {
    prc_first_name: r.first,
    prc_middle_name: r.middle ?? '',
    prc_last_name: r.last,
    prc_suffix: r.suffix ?? '',
    ba_address: r.address ?? '100 Main St',
    ba_2address: '',
    ba_city: 'Jefferson City',
    ba_state: 'Missouri',
    ba_zip: '65101',
    ba_cnty: 'Cole',
    ba_cntry: 'United States',
    lic_profession: r.code,
    lic_number: r.number,
    lst_description: 'Active',
    les_description: 'Not Expired',
    prc_dba_name: '',
    lic_orig_issue_date: r.issued,
    clas_description: r.klass ?? '',
    lic_exp_date: r.expires,
    ctype_description: '',
    cl_description: '',
    prc_entity_name: r.entity ?? [r.first, r.middle, r.last, r.suffix].filter(Boolean).join(' '),
  };
  return moHeader.map((c) => cells[c]).join('\t');
}

const moExpiry = moIso(endOfMonth(TODAY + 200));

function moScenario(): Record<MoFileId, string[]> {
  return {
    moChiro: [
      moLine({
        first: 'Evangeline',
        middle: 'R',
        last: 'Quillbrook',
        code: 'DRC',
        number: '2019034411',
        issued: '2019-08-14',
        klass: 'MTAA',
        expires: moExpiry,
      }),
      // The address continued over two escaped line breaks (the real file's `PO Box 306\`, `\`, rest).
      moLine({
        first: 'Barnaby',
        middle: 'T',
        last: 'Fenwater',
        address: 'PO Box 12\\\r\\\n118 Main St',
        code: 'DRC',
        number: '004417',
        issued: '1978-03-02',
        klass: 'Insurance Consultant',
        expires: moExpiry,
      }),
    ],
    moDental: [
      moLine({
        first: 'Marigold',
        middle: 'June',
        last: 'Ashcombe',
        suffix: 'DDS',
        code: 'DEN',
        number: '2012018830',
        issued: '2012-06-20',
        expires: moExpiry,
      }),
      moLine({ first: 'Tobias', last: 'Marlowby', code: 'DHY', number: '003391', issued: '1991-07-08', expires: moExpiry }),
      moLine({
        first: 'Henrietta',
        middle: 'L',
        last: 'Thornquist',
        code: 'EFR',
        number: '2016027754',
        issued: '2016-09-01',
        klass: 'Dental Assistant',
        expires: moExpiry,
      }),
      // A site permit, named by the practice only.
      moLine({ first: '', last: '', code: 'DSS', number: '2018004471', issued: '2018-02-12', expires: moExpiry, entity: 'Brackenridge Family Dental' }),
    ],
    moOptometry: [
      moLine({ first: 'Augustin', last: 'Winterbourne', code: 'OPT', number: '2016022871', issued: '2016-07-11', klass: 'TPA', expires: moExpiry }),
    ],
    moPsych: [
      moLine({ first: 'Rosamund', middle: 'E', last: 'Halloran', suffix: 'PhD', code: 'PSY', number: '00862', issued: '1980-01-15', expires: moExpiry }),
    ],
  };
}

/** Drawn rows' codes and classes per file, by their share of the real files. */
const moDrawn: Record<MoFileId, readonly (readonly [readonly [string, string], number])[]> = {
  moChiro: [
    [['DRC', ''], 77],
    [['DRC', 'MTAA'], 22],
    [['DRC', 'Preceptor'], 1],
  ],
  moDental: [
    [['DHY', ''], 27],
    [['DEN', ''], 22],
    [['EFR', 'Dental Assistant'], 10],
    [['EFP', 'Dental Assistant'], 8],
    [['EFF', 'Dental Assistant'], 8],
    [['EFO', 'Dental Assistant'], 6],
    [['DTS', ''], 5],
    [['EFT', ''], 4],
    [['DSG', ''], 1],
  ],
  moOptometry: [
    [['OPT', 'TPA'], 90],
    [['OPT', ''], 10],
  ],
  moPsych: [
    [['PSY', ''], 99],
    [['TPS', ''], 1],
  ],
};

const scenarioSurnames = new Set(
  rosterNotables.map((n) =>
    n.name
      .split(' ')
      .at(-1)!
      .toUpperCase()
      .replace(/[^A-Z]/g, ''),
  ),
);

/** Draws rows for every roster file after the scenario rows. */
export class RosterRowMaker {
  private number = 100_000;

  constructor(
    private readonly rng: Rng,
    private readonly names: NameTables,
  ) {}

  private person(rng: Rng): Person {
    let last = this.names.surname(rng);
    while (scenarioSurnames.has(last.replace(/[^A-Z]/g, ''))) last = this.names.surname(rng);
    const first = this.names.givenName(rng, rng.chance(0.6) ? 'F' : 'M');
    return { first, middle: rng.chance(0.5) ? String.fromCharCode(65 + rng.int(0, 25)) : '', last };
  }

  /** A drawn South Dakota row: a chiropractor or an optometrist, Active, as the list writes it. */
  sdRow(file: SdFileId, index: number): string {
    const rng = this.rng.fork(`${file}:${index}`);
    const p = this.person(rng);
    this.number += rng.int(1, 3);
    const [first, last] = [titleCase(p.first), titleCase(p.last)];
    const issued = TODAY - rng.int(100, 15_000);
    if (file === 'sdChiro')
      return sdChiroLine({
        first,
        middle: p.middle,
        last,
        title: rng.weighted(sdTitles),
        number: String(500 + (this.number % 1100)),
        issued,
        disciplined: rng.chance(0.008),
        acupuncture: rng.chance(0.23),
      });
    return sdOptLine(
      {
        first,
        last,
        number: String(100 + (this.number % 800)),
        issued,
        disciplined: rng.chance(0.016),
        place: rng.weighted(sdPlaces),
        procedures: rng.weighted(sdProcedures),
      },
      index + 2,
    );
  }

  /** A drawn West Virginia row: the cells of one license on the `Licenses` sheet. */
  wvRow(file: WvFileId, index: number): string[] {
    const rng = this.rng.fork(`${file}:${index}`);
    const p = this.person(rng);
    this.number += rng.int(1, 5);
    const middle = rng.chance(0.8) ? titleCase(this.names.givenName(rng, rng.chance(0.5) ? 'F' : 'M')) : '';
    const suffix = rng.weighted(wvSuffixes);
    const padded = rng.chance(0.3);
    const [number, expiry] =
      file === 'wvMd'
        ? [String(16_000 + (this.number % 21_000)), wvRenewal(6, 30, rng.int(0, 1))]
        : file === 'wvPa'
          ? [String(100 + (this.number % 3_100)), wvRenewal(3, 31, 0)]
          : [String(rng.chance(0.7) ? 10_400 + (this.number % 200) : 200 + (this.number % 200)), wvRenewal(6, 30, 0)];
    return [titleCase(p.first), middle, titleCase(p.last), suffix, number, wvDate(expiry, padded)];
  }

  /** A drawn Nevada row: one pharmacist record of the export, of any status. */
  nvRow(index: number): string[] {
    const rng = this.rng.fork(`nv:${index}`);
    const p = this.person(rng);
    this.number += rng.int(1, 5);
    const status = rng.weighted(nvStatuses);
    const application = /^(Application|Deleted|Error)/.test(status);
    const current = /^(Active|Probation|Temporary|Inactive|Pending Renewal Inactive)$/.test(status);
    const caps = rng.chance(0.23);
    const place = status === 'Active' || status === 'Probation' ? rng.weighted(nvPlaces) : undefined;
    return nvCells({
      last: caps ? p.last : titleCase(p.last),
      first: caps ? p.first : titleCase(p.first),
      ...(place ? { place: [caps ? place[0].toUpperCase() : place[0], place[1], `${place[2]}${String(rng.int(0, 99)).padStart(2, '0')}`] as const } : {}),
      issued: application ? '' : past(rng.int(400, 20_000)),
      status,
      number: application ? '' : String(1_000 + (this.number % 24_000)).padStart(5, '0'),
      expires: application || /^(Deceased|Revoked)/.test(status) ? '' : mmddyyyy(nvRenewal(current ? 0 : -rng.int(1, 10))),
      discipline: /^(Revoked|Suspended|Probation|Voluntary Surrender resulting)/.test(status) || rng.chance(0.03),
    });
  }

  /** A drawn Missouri row: one current license of the board's file. */
  arRow(index: number): ArRow {
    const rng = this.rng.fork(`ar:${index}`);
    // The sheet's cells are as wide as the real file's: a name that would run under the next column is drawn again.
    let p = this.person(rng);
    let first = rng.chance(0.04) ? `${titleCase(p.first)} ${titleCase(this.names.givenName(rng, 'F'))}` : titleCase(p.first);
    while (arWidth(titleCase(p.last)) > arLayout.lastNameWidth || arWidth(first) > arLayout.firstNameWidth) {
      p = this.person(rng);
      first = titleCase(p.first);
    }
    this.number += rng.int(1, 3);
    return {
      last: titleCase(p.last),
      first,
      number: String(60 + (this.number % 300)),
      issued: unpadded(past(rng.int(300, 17_000))),
      // Most renewed through the next 30 June; a few still listed past their date.
      validThru: unpadded(arRenewal(rng.chance(0.94) ? 0 : -rng.int(1, 3))),
      discipline: rng.chance(0.02) ? 'YES' : 'NO',
    };
  }

  /** A drawn Louisiana row: an active massage therapist as the board's list prints one. */
  laRow(index: number): LaRow {
    const rng = this.rng.fork(`la:${index}`);
    // The sheet's Name cell is as wide as the real file's: a name that would run under the next column is drawn again.
    let name = '';
    do {
      const p = this.person(rng);
      const shape = rng.int(1, 100);
      // Most names are two words; a few carry a second given name, a second surname or a suffix.
      name =
        shape <= 1
          ? `${p.first} ${this.names.givenName(rng, 'F')} ${p.last}`
          : shape <= 2
            ? `${p.first} ${p.last} ${this.names.surname(rng)}`
            : shape <= 3
              ? `${p.first} ${p.last} ${rng.pick(['JR', 'JR.', 'III', 'SR.', 'II'])}`
              : `${p.first} ${p.last}`;
    } while (laWidth(name) > laLayout.nameWidth);
    this.number += rng.int(1, 3);
    return {
      name,
      number: `LA${(this.number % 10_000) + 1000}`,
      since: unpaddedMdy(TODAY - rng.int(200, 11_000)),
      issued: unpaddedMdy(laRenewal(-1)),
      expires: unpaddedMdy(laRenewal(0) - 1),
    };
  }

  /** A drawn Alaska row: a license of one of the programs, as the download writes it. */
  akRow(index: number): string {
    const rng = this.rng.fork(`ak:${index}`);
    const p = this.person(rng);
    this.number += rng.int(1, 3);
    const kind = rng.weighted(akTypes);
    // Older licenses: a program prefix and capitals; newer ones: six digits and mixed case, two spaces now and then.
    const old = rng.chance(0.3);
    const owners = old ? `${p.first} ${p.last}` : `${titleCase(p.first)}${rng.chance(0.15) ? '  ' : ' '}${titleCase(p.last)}`;
    const business = kind.program === 'Collection Agencies' || (kind.program === 'Construction Contractors' && rng.chance(0.1));
    const issued = old ? TODAY - rng.int(4000, 16_000) : TODAY - rng.int(30, 3500);
    const place = rng.weighted(akPlaces);
    return akLine({
      kind,
      // One counter for both forms, so no two rows share a number (the scenario rows' are below both ranges).
      number: old ? `${kind.prefix}${this.number - 99_000}` : String(150_000 + this.number),
      owners: business && rng.chance(0.2) ? '' : owners,
      dba: business ? `${p.last} ${rng.pick(['SERVICES', 'CONSTRUCTION', 'RECOVERY'])}, INC.` : '',
      status: rng.chance(0.004) ? 'Suspended' : 'Active',
      issued,
      effective: Math.max(issued, TODAY - rng.int(10, 700)),
      expires: akRenewal(kind.renews),
      street: `${rng.chance(0.3) ? `PO BOX ${rng.int(100, 99_999)}` : `${rng.int(100, 9999)} ${rng.pick(['MAIN ST', 'C ST', 'NORTHERN LIGHTS BLVD', 'OLD GLENN HWY'])}`}${rng.chance(0.05) ? ' ' : ''}`,
      place: rng.chance(0.03) ? [`${place[0]} `, place[1], place[2]] : place,
    });
  }

  /** A drawn California row: a BBS license or associate registration, as the file writes it. */
  caRow(index: number): string {
    const rng = this.rng.fork(`ca:${index}`);
    const p = this.person(rng);
    this.number += rng.int(1, 3);
    const type = rng.weighted(caTypes);
    const status = rng.weighted(caStatuses);
    const place = rng.weighted(caPlaces);
    // Licenses renew every two years, registrations every year, at the end of a month; a delinquent one lapsed.
    const term = /^Licensed/.test(type) ? 730 : 365;
    const expires = status === 'Delinquent' ? endOfMonth(TODAY - rng.int(30, 1500)) : endOfMonth(TODAY + rng.int(1, term));
    return caLine({
      type,
      // One counter over the file: drawn numbers are unique, above the scenario rows' (under 100,000).
      number: String(this.number),
      last: p.last,
      first: p.first,
      middle: p.middle,
      suffix: rng.chance(0.01) ? rng.pick(['JR', 'SR', 'III']) : '',
      street: `${rng.int(100, 29_999)} ${rng.pick(['MAIN ST', 'EL CAMINO REAL', 'WILSHIRE BLVD', 'MISSION ST', 'BROADWAY'])}`,
      suite: rng.chance(0.3) ? `STE ${rng.int(100, 499)}` : '',
      place,
      issued: TODAY - rng.int(60, 12_000),
      expires,
      status,
    });
  }

  moRow(file: MoFileId, index: number): string {
    const rng = this.rng.fork(`${file}:${index}`);
    const p = this.person(rng);
    this.number += rng.int(1, 5);
    const [code, klass] = rng.weighted(moDrawn[file]);
    const old = rng.chance(0.15);
    const mixed = (name: string) => titleCase(name);
    return moLine({
      first: mixed(p.first),
      middle: p.middle,
      last: mixed(p.last),
      code,
      number: old ? String(this.number % 1_000_000).padStart(6, '0') : `20${String(rng.int(0, 25)).padStart(2, '0')}${String(this.number).padStart(6, '0')}`,
      issued: moIso(TODAY - rng.int(200, 12_000)),
      klass,
      expires: moIso(endOfMonth(TODAY + rng.int(30, 700))),
    });
  }

  row(file: TextFileId, index: number): string {
    const rng = this.rng.fork(`${file}:${index}`);
    const p = this.person(rng);
    this.number += rng.int(1, 5);
    const expiry = (active: boolean) => (active ? future(rng.int(30, 700)) : past(rng.int(60, 3000)));
    switch (file) {
      case 'LPC':
      case 'PSY':
      case 'MFT':
      case 'SW': {
        const [status, discipline] = rng.weighted(bhecStatuses);
        return bhecRow(rng.weighted(bhecRanks[file]), this.number, p, status, discipline, expiry(status === 'Active' || status === 'Probated/Suspended'));
      }
      case 'mdPhysicians':
        return mdPhysicianRow(
          `D${String(this.number).padStart(7, '0')}`,
          p,
          rng.chance(0.998) ? 'Active' : 'Probation',
          rng.chance(0.01) ? 'Yes' : 'No',
          expiry(true),
        );
      case 'mdAllied': {
        const [profession, prefix] = rng.weighted(alliedProfessions);
        return mdAlliedRow(
          profession,
          `${prefix}${String(this.number % 100_000).padStart(5, '0')}`,
          p,
          'Active',
          rng.chance(0.01) ? 'Yes' : 'No',
          expiry(true),
        );
      }
      case 'fl': {
        const status = rng.weighted(flStatusPairs);
        return flRow({ code: rng.weighted(flProfessions), number: this.number, p, status, expires: expiry(status[1] === 'Active') });
      }
      case 'al': {
        const type = rng.weighted(alTypes);
        return alRow(`${type[0]}.${this.number % 100_000}`, p, type, 'Active', expiry(true), rng.chance(0.02) ? 'Yes' : 'No');
      }
      default: {
        const drawn = wyDrawn[file];
        const [type, prefix] = rng.weighted(drawn.types);
        const active = rng.chance(drawn.activeShare);
        const n = this.number % 10_000;
        // The sheets write names in mixed case.
        const mixed = (name: string) => name.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
        return wySheets[file].row({
          p: { first: mixed(p.first), middle: p.middle, last: mixed(p.last) },
          number: `${prefix}${prefix ? String(n).padStart(4, '0') : n}`,
          status: active ? 'active' : 'expired',
          disciplined: rng.chance(0.01),
          expires: expiry(active),
          ...(type ? { type } : {}),
        });
      }
    }
  }
}

/** Each file's text before its data rows: preamble, header, and the scenario rows. */
function heads(): Record<TextFileId, { readonly head: readonly string[]; readonly eol: string; readonly bom: boolean }> {
  const bhec = bhecScenario();
  const md = mdScenario();
  const wy = wyScenario();
  const bhecHead = (file: BhecFile) => ({ head: [q([...txBhecHeader]), ...bhec[file]], eol: '\r\n', bom: true });
  return {
    LPC: bhecHead('LPC'),
    PSY: bhecHead('PSY'),
    MFT: bhecHead('MFT'),
    SW: bhecHead('SW'),
    mdPhysicians: { head: [...mdPreamble('Licensed Physicians', mdReportDate), plain([...mdPhysicianHeader]), ...md.physicians], eol: '\r\n', bom: false },
    mdAllied: { head: [...mdPreamble('Allied Health Practitioners', mdReportDate), plain([...mdAlliedHeader]), ...md.allied], eol: '\r\n', bom: false },
    fl: { head: [`${flLicAllHeader.join('|')}|`, ...flScenario()], eol: '\n', bom: false },
    al: { head: [plain([...alHeader]), ...alScenario()], eol: '\r\n', bom: false },
    ...(Object.fromEntries(
      (Object.keys(wySheets) as WyFileId[]).map((id) => [id, { head: [...wySheets[id].preamble, wySheets[id].header, ...wy[id]], eol: '\r\n', bom: false }]),
    ) as Record<WyFileId, { head: string[]; eol: string; bom: boolean }>),
  };
}

/** West Virginia's workbooks: scenario rows, then `drawn(file)` drawn rows each (path → bytes and the `Licenses` sheet's row count). */
function wvFiles(maker: RosterRowMaker, drawn: (file: WvFileId) => number): Map<string, { bytes: Buffer; rows: number }> {
  const scenario = wvScenario();
  const files = new Map<string, { bytes: Buffer; rows: number }>();
  for (const id of wvFileIds) {
    const rows = [...scenario[id]];
    for (let i = 0; i < drawn(id); i++) rows.push(maker.wvRow(id, i));
    files.set(rosterFiles[id], { bytes: wvWorkbook(id, rows), rows: rows.length + 2 });
  }
  return files;
}

/** Nevada's workbook: scenario rows, then `drawn` drawn rows (its bytes and its sheet's rows, the header included). */
function nvFile(maker: RosterRowMaker, drawn: number): { bytes: Buffer; rows: number } {
  const rows = nvScenario();
  for (let i = 0; i < drawn; i++) rows.push(maker.nvRow(i));
  return { bytes: nvWorkbook(rows), rows: rows.length + 1 };
}

/** Missouri's four TXTs: scenario rows, then `drawn(file)` drawn rows each (path → text and rows). */
function moFiles(maker: RosterRowMaker, drawn: (file: MoFileId) => number): Map<string, { text: string; rows: number }> {
  const scenario = moScenario();
  const files = new Map<string, { text: string; rows: number }>();
  for (const id of moFileIds) {
    const rows = [moHeader.join('\t'), ...scenario[id]];
    for (let i = 0; i < drawn(id); i++) rows.push(maker.moRow(id, i));
    files.set(rosterFiles[id], { text: `${rows.join(moEol)}${moEol}`, rows: rows.length });
  }
  return files;
}

// ---- Arkansas State Board of Podiatric Medicine ----------------------------------------------------

/** The board's page, linking the PDF as "Verification Document" beside its other documents. */
export const arRosterPage = 'rosters/ar_bopm/boards-commissions/boards/podiatric-medicine-board/index.html';

/** The day the sample PDF was last updated (its `Last Updated` line and its file name). */
const arUpdated = TODAY - 17;

export function arRosterPageHtml(): string {
  const pdf = `../../../uploads/${rosterFiles.ar.split('/').at(-1)}`;
  return (
    '<!DOCTYPE html>\n<html lang="en-US"><head><title>Podiatric Medicine Board - Arkansas Department of Health</title></head>\n<body>\n' +
    '<nav><a href="../../../">Home</a> <a href="../../">Boards and Commissions</a></nav>\n' +
    '<h1>Arkansas State Board of Podiatric Medicine</h1>\n<h2>Documents</h2>\n<ul>\n' +
    '<li><a href="../../../uploads/BoPM_Application.pdf">Application for Licensure</a></li>\n' +
    `<li><a href="${pdf}">Verification Document</a></li>\n` +
    '<li><a href="../../../uploads/BoPM_Rules.pdf">Rules and Regulations</a></li>\n</ul>\n</body></html>\n'
  );
}

/** One row of the roster as printed: its six cells. */
interface ArRow {
  readonly last: string;
  readonly first: string;
  readonly number: string;
  readonly issued: string;
  readonly validThru: string;
  readonly discipline: 'NO' | 'YES';
}

/** 30 June `cycles` renewals after (or, negative, before) the next one from today. */
function arRenewal(cycles: number): string {
  const year = yearOf(TODAY);
  const next = dayOf(`${year}-06-30`) >= TODAY ? year : year + 1;
  return mmddyyyy(dayOf(`${next + cycles}-06-30`));
}

const unpadded = (mmddyyyyText: string) => mmddyyyyText.replace(/^0/, '').replace(/\/0/, '/');

function arScenario(): ArRow[] {
  return [
    { last: 'Quillmarsh', first: 'Wilhelmina', number: '412', issued: past(3650), validThru: arRenewal(0), discipline: 'NO' },
    { last: 'Kettlewood', first: 'Ambrose', number: '413', issued: past(9100), validThru: arRenewal(-2), discipline: 'NO' },
    { last: 'Vanbrugh', first: 'Ignatius', number: '414', issued: past(5400), validThru: arRenewal(0), discipline: 'YES' },
    { last: 'Pomfret, III', first: 'Thaddeus Cole', number: '415', issued: past(7000), validThru: arRenewal(0), discipline: 'NO' },
    { last: 'O’Dowling', first: 'Perpetua', number: '416', issued: past(1200), validThru: arRenewal(0), discipline: 'NO' },
  ].map((r) => ({ ...r, issued: unpadded(r.issued), validThru: unpadded(r.validThru) }) as ArRow);
}

/** Where the real export prints each thing (points from the page's lower left corner), and its type sizes. */
const arLayout = {
  page: [612, 1008] as [number, number],
  small: 9.75,
  size: 12.051,
  titleY: 977.25,
  headerY: 927.66,
  firstRowY: 911.43,
  rowStep: 16.2247,
  rowsPerPage: 52,
  footerY: 22.2,
  /** The widest a surname and a given name print within their cells, over half an em clear of the next cell. */
  lastNameWidth: 66,
  firstNameWidth: 78,
};

const helvetica = StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0]);
const arWidth = (text: string) => helvetica.widthOfTextAtSize(text, arLayout.size);

function arText(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size: number, align: 'left' | 'right' | 'centre' = 'left'): void {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: align === 'left' ? x : align === 'right' ? x - width : x - width / 2, y, size, font });
}

/** The roster as the board publishes it: the PDF of its sheet, the title, header and footer on every page. */
async function arPdf(rows: readonly ArRow[]): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle('Podiatry - License Verification.xlsx');
  doc.setCreator('Google Sheets');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { page: size, small, titleY, headerY, firstRowY, rowStep, rowsPerPage, footerY } = arLayout;
  const updated = mmddyyyy(arUpdated);
  const pages = Math.max(1, Math.ceil(rows.length / rowsPerPage));
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage(size);
    arText(page, regular, 'Arkansas Board of Podiatric Medicine', 21.6, titleY, small);
    arText(page, regular, 'License Verification', 262.85, titleY, small);
    for (const [text, x] of [
      ['Last Name', 20.32],
      ['First Name', 96.02],
      ['License #', 181.77],
      ['Issued', 255.16],
      ['Valid Thru', 315.41],
    ] as const)
      arText(page, bold, text, x, headerY, arLayout.size);
    arText(page, bold, 'Disciplinary', 387.25, headerY + 14.65, arLayout.size);
    arText(page, bold, 'Action', 401.93, headerY - 0.06, arLayout.size);
    arText(page, regular, 'Last Updated:', 461.41, headerY, arLayout.size);
    arText(page, regular, unpadded(updated).replaceAll('/', '-'), 539.54, headerY, arLayout.size);
    rows.slice(p * rowsPerPage, (p + 1) * rowsPerPage).forEach((r, i) => {
      const y = Math.round((firstRowY - i * rowStep) * 100) / 100;
      arText(page, regular, r.last, 20.32, y, arLayout.size);
      arText(page, regular, r.first, 96.02, y, arLayout.size);
      arText(page, regular, r.number, 213.2, y, arLayout.size, 'right');
      arText(page, regular, r.issued, 301.45, y, arLayout.size, 'right');
      arText(page, regular, r.validThru, 374.84, y, arLayout.size, 'right');
      arText(page, regular, r.discipline, 417.54, y, arLayout.size, 'centre');
    });
    arText(page, regular, unpadded(updated), 21.6, footerY, small);
    arText(page, regular, 'Updated ONLY when data changes.', 227.6, footerY, small);
    arText(page, regular, String(p + 1), 589.6, footerY, small, 'right');
  }
  return Buffer.from(await doc.save());
}

/** Arkansas's PDF: scenario rows, then `drawn` drawn rows, in the board's order (by surname, then given name). */
async function arFile(maker: RosterRowMaker, drawn: number): Promise<{ bytes: Buffer; rows: number }> {
  const rows = [...arScenario()];
  for (let i = 0; i < drawn; i++) rows.push(maker.arRow(i));
  rows.sort((a, b) => a.last.localeCompare(b.last, 'en') || a.first.localeCompare(b.first, 'en'));
  return { bytes: await arPdf(rows), rows: rows.length };
}

// ---- Louisiana Board of Massage Therapy ------------------------------------------------------------

/** The board's search page, linking the PDF as "PROFESSIONAL LICENSE SEARCH" beside the establishments' list. */
export const laRosterPage = 'rosters/la_lbmt/search/index.html';

export function laRosterPageHtml(): string {
  // Relative to the page (the board's site links its uploads by their full address, https://www.labmt.org/wp-content/…).
  const pdf = `../${rosterFiles.la.split('/').slice(2).join('/')}`;
  const establishments = pdf.replace(/Active-LMT-(.+)\.pdf$/, '$1Establishments.pdf');
  return (
    '<!DOCTYPE html>\n<html lang="en-US"><head><title>Search - Louisiana Board of Massage Therapy</title></head>\n<body>\n' +
    '<nav><a href="../">Home</a> <a href="./">Search</a></nav>\n' +
    '<h1>License Search</h1>\n<p>Lists of active licensees, updated periodically.</p>\n<p>\n' +
    `<a href="${pdf}">PROFESSIONAL LICENSE SEARCH</a><br>\n` +
    `<a href="${establishments}">ESTABLISHMENT LICENSE SEARCH</a>\n</p>\n</body></html>\n`
  );
}

/** One row of the list as printed: its six cells but the status, ACTIVE on every row. */
interface LaRow {
  readonly name: string;
  readonly number: string;
  readonly since: string;
  readonly issued: string;
  readonly expires: string;
}

/** The 1 April `cycles` renewals after (or, negative, before) the next one from today. */
function laRenewal(cycles: number): number {
  const year = yearOf(TODAY);
  const next = dayOf(`${year}-04-01`) > TODAY ? year : year + 1;
  return dayOf(`${next + cycles}-04-01`);
}

/** The scenario rows: two names are stored doubly mis-encoded, as the real list stores a few. */
function laScenario(): LaRow[] {
  const row = (name: string, number: string, sinceDaysAgo: number, issued = laRenewal(-1)): LaRow => ({
    name,
    number,
    since: unpaddedMdy(TODAY - sinceDaysAgo),
    issued: unpaddedMdy(issued),
    expires: unpaddedMdy(laRenewal(0) - 1),
  });
  return [
    row('ROSALIND MARCHETEAU', 'LA10601', 3100),
    row('ODALYS PERRAULT VIDRINE', 'LA10602', 5200),
    row('BEAUREGARD LANDECHE JR.', 'LA10603', 900),
    row('JAÃ¢â‚¬â„¢NELLE QUIBODEAUX', 'LA10604', 1500),
    row('IDA Ã¢â‚¬Å“DEEÃ¢â‚¬Â•FAUCHEUX', 'LA10605', 2400),
    // Licensed after the renewal: printed with the renewal's Issue Date and again with its own.
    row('CORALIE ROUSSELLE', 'LA10606', 150),
    row('CORALIE ROUSSELLE', 'LA10606', 150, TODAY - 150),
  ];
}

/** Where the real file prints each thing (points from the page's lower left corner), and its type size. */
const laLayout = {
  page: [612, 792] as [number, number],
  size: 10.08,
  columnsX: [52.68, 243.29, 301.85, 386.35, 450.82, 514.54],
  topY: 727.42,
  rowStep: 13.3216,
  rowsPerPage: 51,
  /** The widest a name prints within its cell, clear of the next column. */
  nameWidth: 180,
};

const laWidth = (text: string) => helvetica.widthOfTextAtSize(text, laLayout.size);

/** The list as the board publishes it: its sheet printed to PDF, the header on the first page only. */
async function laPdf(rows: readonly LaRow[]): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setCreator('Microsoft® Excel® 2016');
  doc.setProducer('Microsoft® Excel® 2016');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { page: size, columnsX, topY, rowStep, rowsPerPage } = laLayout;
  const lines: { cells: readonly string[]; font: PDFFont }[] = [
    { cells: ['Name', 'License #', 'Licensed Since', 'Issue Date', 'Expiration', 'Status'], font: bold },
    ...rows.map((r) => ({ cells: [r.name, r.number, r.since, r.issued, r.expires, 'ACTIVE'], font: regular })),
  ];
  for (const r of rows) if (laWidth(r.name) > laLayout.nameWidth) throw new Error(`${r.name}: wider than the Name column`);
  for (let at = 0; at < lines.length; at += rowsPerPage) {
    const page = doc.addPage(size);
    lines.slice(at, at + rowsPerPage).forEach((line, i) => {
      const y = Math.round((topY - i * rowStep) * 100) / 100;
      for (const [c, text] of line.cells.entries()) arText(page, line.font, text, columnsX[c]!, y, laLayout.size);
    });
  }
  return Buffer.from(await doc.save());
}

/** Louisiana's PDF: scenario rows, then `drawn` drawn rows, ordered by the name as printed, punctuation ignored. */
async function laFile(maker: RosterRowMaker, drawn: number): Promise<{ bytes: Buffer; rows: number }> {
  const rows = [...laScenario()];
  for (let i = 0; i < drawn; i++) rows.push(maker.laRow(i));
  const key = (r: LaRow) => r.name.replace(/[^A-Z ]/g, '');
  rows.sort((a, b) => key(a).localeCompare(key(b), 'en') || a.issued.localeCompare(b.issued, 'en'));
  return { bytes: await laPdf(rows), rows: rows.length };
}

// ---- Alaska CBPL Professional License Download ------------------------------------------------------

const akHeader = 'Program,ProfType,LicenseNum,DBA,Owners,Status,DateIssued,DateEffective,DateExpired,ADDRESS1,ADDRESS2,CITY,STATE,ZIP';

/** A program's license types, each with its share, renewal (month, day, even or odd years) and the prefix of its older numbers; chosen. */
interface AkType {
  readonly program: string;
  readonly type: string;
  readonly prefix: string;
  readonly renews: readonly [number, number, 0 | 1];
}
const akTypes: readonly (readonly [AkType, number])[] = [
  [{ program: 'Nursing', type: 'Registered Nurse', prefix: 'NURR', renews: [11, 30, 0] }, 22],
  [{ program: 'Nursing', type: 'Licensed Practical Nurse', prefix: 'NURP', renews: [11, 30, 0] }, 2.5],
  [{ program: 'Nursing', type: 'Advanced Practice Registered Nurse', prefix: 'NURA', renews: [11, 30, 0] }, 3.5],
  [{ program: 'Medical', type: 'Physician', prefix: 'MEDS', renews: [12, 31, 0] }, 7],
  [{ program: 'Medical', type: 'Osteopathic Physician', prefix: 'MEDO', renews: [12, 31, 0] }, 1],
  [{ program: 'Medical', type: 'Physician Assistant', prefix: 'PAA', renews: [12, 31, 0] }, 1],
  [{ program: 'Medical', type: 'Podiatrist', prefix: 'MEDP', renews: [12, 31, 0] }, 0.1],
  [{ program: 'Pharmacy', type: 'Pharmacist', prefix: 'PHAP', renews: [6, 30, 0] }, 3],
  [{ program: 'Pharmacy', type: 'Pharmacy Technician', prefix: 'PHAT', renews: [6, 30, 0] }, 3],
  [{ program: 'Dental', type: 'Dentist', prefix: 'DEND', renews: [2, 28, 1] }, 1.5],
  [{ program: 'Dental', type: 'Dental Hygienist', prefix: 'DENH', renews: [2, 28, 1] }, 2],
  [{ program: 'Veterinary', type: 'Veterinarian', prefix: 'VETV', renews: [12, 31, 0] }, 0.5],
  [{ program: 'Real Estate', type: 'Salesperson', prefix: 'RECS', renews: [1, 31, 0] }, 10],
  [{ program: 'Construction Contractors', type: 'General Contractor', prefix: 'CONG', renews: [12, 31, 0] }, 12],
  [{ program: 'Architects, Engineers and Land Surveyors', type: 'Professional Engineer', prefix: 'AELC', renews: [12, 31, 1] }, 9],
  [{ program: 'Big Game Guides and Transporters', type: 'Master Guide-Outfitter', prefix: 'GUIM', renews: [12, 31, 1] }, 2],
  [{ program: 'Collection Agencies', type: 'Collection Agency', prefix: 'COAA', renews: [6, 30, 0] }, 1],
  [{ program: 'Mechanical Administrators', type: 'Mechanical Administrator', prefix: 'MECA', renews: [12, 31, 0] }, 1],
  [{ program: 'Electrical Administrators', type: 'Electrical Administrator', prefix: 'ELEA', renews: [12, 31, 0] }, 1],
];
/** The next renewal of a type from today: its month and day in the next year of its parity. */
function akRenewal([month, dayOfMonth, parity]: AkType['renews']): number {
  let year = yearOf(TODAY);
  const at = (y: number) => dayOf(`${y}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`);
  while (year % 2 !== parity || at(year) <= TODAY) year++;
  return at(year);
}
const akPlaces: readonly (readonly [readonly [string, string, string], number])[] = [
  [['ANCHORAGE', 'AK', '99508'], 40],
  [['FAIRBANKS', 'AK', '99709'], 10],
  [['JUNEAU', 'AK', '99801'], 6],
  [['WASILLA', 'AK', '99654'], 6],
  [['EAGLE RIVER', 'AK', '99577'], 4],
  [['BETHEL', 'AK', '99559'], 2],
  [['SEATTLE', 'WA', '98101'], 5],
  [['PORTLAND', 'OR', '97205'], 3],
  [['PHOENIX', 'AZ', '85004'], 2],
];

interface AkRow {
  readonly kind: AkType;
  readonly number: string;
  readonly owners: string;
  readonly dba?: string;
  readonly status: string;
  readonly issued: number;
  readonly effective: number;
  readonly expires: number;
  readonly street: string;
  readonly place: readonly [string, string, string];
}
/** A row as the download writes it: minimal quoting, a date `M/D/YYYY 12:00:00 AM` (written as South Dakota's lists write theirs). */
function akLine(r: AkRow): string {
  return plain([
    r.kind.program,
    r.kind.type,
    r.number,
    r.dba ?? '',
    r.owners,
    r.status,
    sdDate(r.issued),
    sdDate(r.effective),
    sdDate(r.expires),
    r.street,
    '',
    ...r.place,
  ]);
}
const akType = (program: string, type: string): AkType => akTypes.find(([t]) => t.program === program && t.type === type)![0];

/** The scenario rows (named in `rosterNotables`), numbered apart from the drawn rows (`<prefix>1001` and `250001` up). */
function akScenario(): string[] {
  const physician = akType('Medical', 'Physician');
  const anchorage = ['ANCHORAGE', 'AK', '99503'] as const;
  return [
    akLine({
      kind: physician,
      number: 'MEDS471',
      owners: 'ROSALIND THORVALDSEN',
      status: 'Active',
      issued: TODAY - 9000,
      effective: TODAY - 300,
      expires: akRenewal(physician.renews),
      street: '3200 PROVIDENCE DR',
      place: anchorage,
    }),
    // Two spaces: the empty middle slot.
    akLine({
      kind: akType('Nursing', 'Registered Nurse'),
      number: '204518',
      owners: 'Ingeborg  Vanderkolk',
      status: 'Active',
      issued: TODAY - 1200,
      effective: TODAY - 330,
      expires: akRenewal(akType('Nursing', 'Registered Nurse').renews),
      street: 'PO BOX 80211 ',
      place: ['FAIRBANKS', 'AK', '99708'],
    }),
    // Suspended, and still listed two years after its expiry (as the real suspended license).
    akLine({
      kind: physician,
      number: '161902',
      owners: 'Lucius Marrowgate',
      status: 'Suspended',
      issued: TODAY - 2600,
      effective: TODAY - 1500,
      expires: dayOf(`${yearOf(TODAY) - 2}-12-31`),
      street: '1200 AIRPORT HEIGHTS RD',
      place: anchorage,
    }),
    akLine({
      kind: akType('Pharmacy', 'Pharmacist'),
      number: '211347',
      owners: 'Perpetua Van Heusden',
      status: 'Active',
      issued: TODAY - 800,
      effective: TODAY - 150,
      expires: akRenewal(akType('Pharmacy', 'Pharmacist').renews),
      street: '4100 LAKE OTIS PKWY',
      place: anchorage,
    }),
    akLine({
      kind: akType('Dental', 'Dentist'),
      number: 'DEND88',
      owners: 'AUGUSTIN KITTLESBY',
      status: 'Active',
      issued: TODAY - 12000,
      effective: TODAY - 600,
      expires: akRenewal(akType('Dental', 'Dentist').renews),
      street: '9 FRONT ST',
      place: ['JUNEAU', 'AK', '99801'],
    }),
    // A veterinarian: a program the service does not read.
    akLine({
      kind: akType('Veterinary', 'Veterinarian'),
      number: 'VETV74',
      owners: 'CORNELIUS ASHWINTER',
      status: 'Active',
      issued: TODAY - 5000,
      effective: TODAY - 320,
      expires: akRenewal(akType('Veterinary', 'Veterinarian').renews),
      street: 'PO BOX 1190',
      place: ['HOMER', 'AK', '99603'],
    }),
    // A pharmacy's license: no Owners, the business in DBA (the type's wording chosen).
    akLine({
      kind: { program: 'Pharmacy', type: 'Pharmacy', prefix: 'PHAR', renews: [6, 30, 0] },
      number: '211348',
      owners: '',
      dba: 'NORTHERN LIGHTS PHARMACY, LLC',
      status: 'Active',
      issued: TODAY - 700,
      effective: TODAY - 140,
      expires: akRenewal(akType('Pharmacy', 'Pharmacist').renews),
      street: '500 W 5TH AVE',
      place: anchorage,
    }),
    // A collaborative plan agreement: no Owners, its own status.
    plain([
      'Collaborative Plan',
      'Collaborative Plan Agreement',
      '211349',
      '',
      '',
      'Active Collaborative',
      sdDate(TODAY - 500),
      sdDate(TODAY - 500),
      sdDate(TODAY - 100),
      '',
      '',
      '',
      '',
      '',
    ]),
  ];
}

/** Alaska's download: scenario rows, then `drawn` drawn rows (its text and rows, header included). */
function akFile(maker: RosterRowMaker, drawn: number): { text: string; rows: number } {
  const lines = [akHeader, ...akScenario()];
  for (let i = 0; i < drawn; i++) lines.push(maker.akRow(i));
  return { text: `${lines.join('\r\n')}\r\n`, rows: lines.length };
}

// ---- California Board of Behavioral Sciences licensee file (DCA) ------------------------------------

/**
 * The file's header as written here. Known: tab-separated, UTF-8, no quoting, the header beginning
 * `Agency Code`, and the column names a reader of the real file reads by name. CHOSEN, not seen: the order
 * of the columns after `Agency Code` (the order a note lists them in), the `Agency Code` value, the line
 * ends (CRLF), `Original Issue Date` written as `Expiration Date` is (`MM-DD-YYYY`), and the license
 * numbers' form (digits). The file name follows the Box folder's `<board>_Data<N>.xls` pattern (chosen).
 */
const caHeader = [
  'Agency Code',
  'License Type',
  'License Number',
  'Indiv/Org (I/O)',
  'Org/Last Name',
  'First Name',
  'Middle Name',
  'Suffix',
  'Address Line 1',
  'Address Line 2',
  'City',
  'County',
  'State',
  'Zip',
  'Original Issue Date',
  'Expiration Date',
  'License Status',
].join('\t');

/** License types with the real file's counts (August 2026). */
const caTypes: readonly (readonly [string, number])[] = [
  ['Licensed Marriage and Family Therapist', 59_706],
  ['Licensed Clinical Social Worker', 45_129],
  ['Associate Clinical Social Worker', 21_217],
  ['Associate Marriage & Family Therapist', 19_403],
  ['Assoc. Professional Clinical Counselor', 8_736],
  ['Licensed Professional Clinical Counselor', 6_969],
  ['Licensed Educational Psychologist', 2_486],
  ['Temp 30Day Practice Allow(OOS Lic Only)', 1_560],
  ['MRF', 25],
  ['Temp MSP Assoc. Clinical Social Worker', 4],
];
/** Statuses with the real file's counts. */
const caStatuses: readonly (readonly [string, number])[] = [
  ['Current', 144_473],
  ['Delinquent', 14_949],
  ['CurrentInactive', 5_813],
];
const caPlaces: readonly (readonly [readonly [string, string, string, string], number])[] = [
  [['LOS ANGELES', 'Los Angeles', 'CA', '90025'], 26],
  [['SAN DIEGO', 'San Diego', 'CA', '92103'], 8],
  [['IRVINE', 'Orange', 'CA', '92618'], 7],
  [['OAKLAND', 'Alameda', 'CA', '94612'], 5],
  [['SACRAMENTO', 'Sacramento', 'CA', '95814'], 4],
  [['SAN FRANCISCO', 'San Francisco', 'CA', '94110'], 3],
  [['FRESNO', 'Fresno', 'CA', '93721'], 2],
  [['PORTLAND', '', 'OR', '97205'], 1],
];
const caDate = (day: number): string => mmddyyyy(day).replaceAll('/', '-');

interface CaRow {
  readonly type: string;
  readonly number: string;
  readonly last: string;
  readonly first: string;
  readonly middle: string;
  readonly suffix: string;
  readonly street: string;
  readonly suite: string;
  readonly place: readonly [string, string, string, string];
  readonly issued: number;
  readonly expires: number;
  readonly status: string;
}
/** A row as the file writes it: cells joined by tabs, no quoting. */
function caLine(r: CaRow): string {
  const [city, county, state, zip] = r.place;
  return [
    'BBS',
    r.type,
    r.number,
    'I',
    r.last,
    r.first,
    r.middle,
    r.suffix,
    r.street,
    r.suite,
    city,
    county,
    state,
    zip,
    caDate(r.issued),
    caDate(r.expires),
    r.status,
  ].join('\t');
}

/** The scenario rows (named in `rosterNotables`), numbered apart from the drawn rows. */
function caScenario(): string[] {
  const la = ['LOS ANGELES', 'Los Angeles', 'CA', '90036'] as const;
  return [
    caLine({
      type: 'Licensed Marriage and Family Therapist',
      number: '58204',
      last: 'HOLLINGBROOK',
      first: 'ELEANOR',
      middle: 'R',
      suffix: '',
      street: '5850 W 3RD ST',
      suite: 'STE 210',
      place: la,
      issued: TODAY - 3100,
      expires: endOfMonth(TODAY + 400),
      status: 'Current',
    }),
    caLine({
      type: 'Licensed Clinical Social Worker',
      number: '27615',
      last: 'DRAVENPORT',
      first: 'THADDEUS',
      middle: '',
      suffix: '',
      street: '1420 K ST',
      suite: '',
      place: ['SACRAMENTO', 'Sacramento', 'CA', '95814'],
      issued: TODAY - 7000,
      expires: endOfMonth(TODAY - 420),
      status: 'Delinquent',
    }),
    caLine({
      type: 'Licensed Professional Clinical Counselor',
      number: '1893',
      last: 'FAIRBROTHER',
      first: 'PHILIPPA',
      middle: 'J',
      suffix: '',
      street: '300 FRANK H OGAWA PLZ',
      suite: '',
      place: ['OAKLAND', 'Alameda', 'CA', '94612'],
      issued: TODAY - 4000,
      expires: endOfMonth(TODAY + 200),
      status: 'CurrentInactive',
    }),
    caLine({
      type: 'Associate Marriage & Family Therapist',
      number: '31477',
      last: 'SALLOWMERE',
      first: 'IGNATIUS',
      middle: '',
      suffix: '',
      street: '2120 UNIVERSITY AVE',
      suite: '',
      place: ['BERKELEY', 'Alameda', 'CA', '94704'],
      issued: TODAY - 250,
      expires: endOfMonth(TODAY + 120),
      status: 'Current',
    }),
  ];
}

/** California's file: header, scenario rows, then `drawn` drawn rows (its text and rows, header included). */
function caFile(maker: RosterRowMaker, drawn: number): { text: string; rows: number } {
  const lines = [caHeader, ...caScenario()];
  for (let i = 0; i < drawn; i++) lines.push(maker.caRow(i));
  return { text: `${lines.join('\r\n')}\r\n`, rows: lines.length };
}

/**
 * The roster files of the small sample: scenario rows, then `drawn(file)` drawn rows each (path → text,
 * or a workbook's bytes), and each file's rows (a workbook's: its `Licenses` sheet's, title and header included).
 */
export async function rosterSampleFiles(
  rng: Rng,
  names: NameTables,
  drawn: (file: RosterFileId) => number,
): Promise<Map<string, { content: string | Buffer; rows: number }>> {
  const maker = new RosterRowMaker(rng, names);
  const files = new Map<string, { content: string | Buffer; rows: number }>();
  for (const [id, { head, eol, bom }] of Object.entries(heads()) as [TextFileId, ReturnType<typeof heads>[TextFileId]][]) {
    const rows = [...head];
    for (let i = 0; i < drawn(id); i++) rows.push(maker.row(id, i));
    files.set(rosterFiles[id], { content: `${bom ? '\uFEFF' : ''}${rows.join(eol)}${eol}`, rows: rows.filter((line) => line.trim()).length });
  }
  for (const [path, { bytes, rows }] of wvFiles(maker, drawn)) files.set(path, { content: bytes, rows });
  const nv = nvFile(maker, drawn('nv'));
  files.set(rosterFiles.nv, { content: nv.bytes, rows: nv.rows });
  const page = wvRosterPageHtml();
  files.set(wvRosterPage, { content: page, rows: 0 });
  // South Dakota from a stream of its own, so that the other files do not change with it.
  for (const [path, { text, rows }] of sdFiles(new RosterRowMaker(rng.fork('sd_boards'), names), drawn)) files.set(path, { content: text, rows });
  // Last: Missouri's rows take their numbers after every other file's.
  for (const [path, { text, rows }] of moFiles(maker, drawn)) files.set(path, { content: text, rows });
  // Arkansas from a stream of its own too; its PDF's rows are its licensees.
  const ar = await arFile(new RosterRowMaker(rng.fork('ar_bopm'), names), drawn('ar'));
  files.set(rosterFiles.ar, { content: ar.bytes, rows: ar.rows });
  files.set(arRosterPage, { content: arRosterPageHtml(), rows: 0 });
  // Louisiana from a stream of its own as well.
  const la = await laFile(new RosterRowMaker(rng.fork('la_lbmt'), names), drawn('la'));
  files.set(rosterFiles.la, { content: la.bytes, rows: la.rows });
  files.set(laRosterPage, { content: laRosterPageHtml(), rows: 0 });
  // Alaska from a stream of its own too, after every other file.
  const ak = akFile(new RosterRowMaker(rng.fork('ak_cbpl'), names), drawn('ak'));
  files.set(rosterFiles.ak, { content: ak.text, rows: ak.rows });
  // California from a stream of its own too, after every other file.
  const ca = caFile(new RosterRowMaker(rng.fork('ca_bbs'), names), drawn('ca'));
  files.set(rosterFiles.ca, { content: ca.text, rows: ca.rows });
  return files;
}

/** The realistic-size files: `scale` × the real row counts (or a scale per file, by its path), written row by row. Returns the rows per file. */
export async function writeRostersScaled(
  outDir: string,
  rng: Rng,
  names: NameTables,
  scale: number | ((file: string) => number),
): Promise<Map<string, number>> {
  const maker = new RosterRowMaker(rng, names);
  const scaleOf = (id: RosterFileId) => (typeof scale === 'number' ? scale : scale(rosterFiles[id]));
  const counts = new Map<string, number>();
  for (const [id, { head, eol, bom }] of Object.entries(heads()) as [TextFileId, ReturnType<typeof heads>[TextFileId]][]) {
    const path = join(outDir, rosterFiles[id]);
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'w');
    const drawn = Math.max(0, Math.round(realRosterRows[id] * scaleOf(id)));
    try {
      writeSync(fd, `${bom ? '\uFEFF' : ''}${head.join(eol)}${eol}`);
      let buffer: string[] = [];
      for (let i = 0; i < drawn; i++) {
        buffer.push(maker.row(id, i));
        if (buffer.length === 5000) {
          writeSync(fd, `${buffer.join(eol)}${eol}`);
          buffer = [];
        }
      }
      if (buffer.length) writeSync(fd, `${buffer.join(eol)}${eol}`);
    } finally {
      closeSync(fd);
    }
    counts.set(rosterFiles[id], head.length + drawn);
  }
  for (const [file, { bytes, rows }] of wvFiles(maker, (id) => Math.max(0, Math.round(realRosterRows[id] * scaleOf(id))))) {
    const path = join(outDir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    counts.set(file, rows);
  }
  writeFileSync(join(outDir, wvRosterPage), wvRosterPageHtml());
  const nv = nvFile(maker, Math.max(0, Math.round(realRosterRows.nv * scaleOf('nv'))));
  mkdirSync(dirname(join(outDir, rosterFiles.nv)), { recursive: true });
  writeFileSync(join(outDir, rosterFiles.nv), nv.bytes);
  counts.set(rosterFiles.nv, nv.rows);
  for (const [file, { text, rows }] of moFiles(maker, (id) => Math.max(0, Math.round(realRosterRows[id] * scaleOf(id))))) {
    const path = join(outDir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    counts.set(file, rows);
  }
  for (const [file, { text, rows }] of sdFiles(new RosterRowMaker(rng.fork('sd_boards'), names), (id) =>
    Math.max(0, Math.round(realRosterRows[id] * scaleOf(id))),
  )) {
    const path = join(outDir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    counts.set(file, rows);
  }
  const ar = await arFile(new RosterRowMaker(rng.fork('ar_bopm'), names), Math.max(0, Math.round(realRosterRows.ar * scaleOf('ar'))));
  mkdirSync(dirname(join(outDir, rosterFiles.ar)), { recursive: true });
  writeFileSync(join(outDir, rosterFiles.ar), ar.bytes);
  counts.set(rosterFiles.ar, ar.rows);
  mkdirSync(dirname(join(outDir, arRosterPage)), { recursive: true });
  writeFileSync(join(outDir, arRosterPage), arRosterPageHtml());
  const la = await laFile(new RosterRowMaker(rng.fork('la_lbmt'), names), Math.max(0, Math.round(realRosterRows.la * scaleOf('la'))));
  mkdirSync(dirname(join(outDir, rosterFiles.la)), { recursive: true });
  writeFileSync(join(outDir, rosterFiles.la), la.bytes);
  counts.set(rosterFiles.la, la.rows);
  mkdirSync(dirname(join(outDir, laRosterPage)), { recursive: true });
  writeFileSync(join(outDir, laRosterPage), laRosterPageHtml());
  // Alaska's download (about 100,900 rows at real size), written row by row.
  const akPath = join(outDir, rosterFiles.ak);
  mkdirSync(dirname(akPath), { recursive: true });
  const akMaker = new RosterRowMaker(rng.fork('ak_cbpl'), names);
  const akDrawn = Math.max(0, Math.round(realRosterRows.ak * scaleOf('ak')));
  const fd = openSync(akPath, 'w');
  try {
    writeSync(fd, `${[akHeader, ...akScenario()].join('\r\n')}\r\n`);
    let buffer: string[] = [];
    for (let i = 0; i < akDrawn; i++) {
      buffer.push(akMaker.akRow(i));
      if (buffer.length === 5000 || i === akDrawn - 1) {
        writeSync(fd, `${buffer.join('\r\n')}\r\n`);
        buffer = [];
      }
    }
  } finally {
    closeSync(fd);
  }
  counts.set(rosterFiles.ak, 1 + akScenario().length + akDrawn);
  // California's file (165,235 rows, about 35 MB at real size), written row by row.
  const caPath = join(outDir, rosterFiles.ca);
  mkdirSync(dirname(caPath), { recursive: true });
  const caMaker = new RosterRowMaker(rng.fork('ca_bbs'), names);
  const caDrawn = Math.max(0, Math.round(realRosterRows.ca * scaleOf('ca')));
  const caFd = openSync(caPath, 'w');
  try {
    writeSync(caFd, `${[caHeader, ...caScenario()].join('\r\n')}\r\n`);
    let buffer: string[] = [];
    for (let i = 0; i < caDrawn; i++) {
      buffer.push(caMaker.caRow(i));
      if (buffer.length === 5000 || i === caDrawn - 1) {
        writeSync(caFd, `${buffer.join('\r\n')}\r\n`);
        buffer = [];
      }
    }
  } finally {
    closeSync(caFd);
  }
  counts.set(rosterFiles.ca, 1 + caScenario().length + caDrawn);
  return counts;
}
