/**
 * Wyoming's professional licensing boards: each board's lookup page on `<board>.wyo.gov` links to a
 * public Google Sheet of its licensees, which Google exports as CSV
 * (`https://docs.google.com/spreadsheets/d/<id>/export?format=csv`). The sheet ids are not recorded
 * (the pages were read by following the link), so an operator opens each board's page, downloads its
 * sheet as CSV and loads the files together with `ingest-roster <id> --file … --file …`. Two rosters,
 * because what an absence means differs:
 *
 *  - `wy_boards`: the nine "active and expired" lists (Chiropractic, Dietetics, Optometry, Occupational
 *    Therapy, Podiatry, Psychology, Physical Therapy, Respiratory Care, Speech-Language Pathology and
 *    Audiology). Their expiry dates go back to the 1940s–1990s (Optometry 1952, Podiatry 1938, PT 1963):
 *    they keep every license the board issued, so a provider absent from a board's sheet was never
 *    licensed by it as far as the sheet shows.
 *  - `wy_active`: the two active lists (Dental "Active Dentists List", Mental Health "Active License
 *    Verification"): every row Active, so an absent provider is not currently licensed (an expired or
 *    revoked license is never seen). The Mental Health board's separate expired sheet is not read (no
 *    real export of it was recorded).
 *
 * What is recorded [confirmed: real exports of June and July 2026, test/fixtures/real/wy_boards and
 * wy_active]: CSV, comma, minimal quoting, CRLF records, LF inside quoted cells; each sheet has its own
 * preamble (1–5 lines: the board, "This site is a primary source…", "Last update: July 9, 2026", legends)
 * and its own header, at a row that differs per board and moved between captures, so the header is
 * found by its columns (`columns` per file), never by its row. Header cells carry trailing spaces
 * (`DISCIPLINE `, `NAME `); PT's `NAME` is merged over three columns (last, first, initial), the two
 * after it blank. Every status value of every real file is mapped below, exactly; any other value
 * (a blank status included: RESP and SPEECH have a few) is unrecognised, so the source answers that it
 * could not read the license, never a guessed status. License types are mapped exactly too; an unknown
 * one is kept unclassified and reported. Dates M/D/YYYY (PT sometimes with ` 12:00:00 AM`). No NPI.
 */
import type { BoardStatus } from '../../../../domain/license-status.ts';
import type { Profession } from '../../../../domain/professions.ts';
import { listDate } from '../../lists/list-cells.ts';
import { disciplineOnRecord, type RosterDefinition, type RosterRecord, type RosterRow, statusFrom } from '../roster-definition.ts';
import { fileStandsFor } from '../../plausibility/load-plausibility.ts';

type StatusRules = readonly (readonly [RegExp, BoardStatus])[];
type TypeRules = readonly (readonly [RegExp, Profession | 'unclassified' | 'skip'])[];

/** One board's sheet: its declared file, the columns that find its header, and how a row reads. */
export interface WyBoardSheet {
  /** The declared file name (an operator's file stands for it when its name contains it). */
  readonly file: string;
  readonly board: string;
  /** The columns the header must hold (the tokens it is found by). */
  readonly columns: readonly string[];
  /** Every raw status of the real file, exactly (upper-cased, trimmed). */
  readonly statuses: StatusRules;
  /** The license type wording of a row (raw, or the board's one profession). */
  readonly licenseType: (row: RosterRow) => string;
  /** Every license type of the real file, exactly; an unmatched one is unclassified and reported. */
  readonly types: TypeRules;
  readonly name: (row: RosterRow) => { firstName: string; middleName: string; lastName: string; suffix: string };
  readonly licenseNumber: string;
  readonly issued: string;
  readonly expires: string;
  readonly status: string;
  /** The discipline flag column; none where the sheet has none. */
  readonly discipline?: string;
  /** A row's raw status, where more than the status column says it (Dietetics' STANDING). */
  readonly rawStatus?: (row: RosterRow) => { raw: string; readable: boolean };
}

const separate = (last: string, first: string, middle: string) => (row: RosterRow) => ({
  firstName: row.get(first),
  middleName: middle ? row.get(middle) : '',
  lastName: row.get(last),
  suffix: '',
});

const suffixes = /^(JR|SR|II|III|IV)\.?$/i;

/** `First M. Last` in one cell (Chiropractic): the last word the surname, the first the given name. */
export function firstMiddleLast(text: string) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const suffix = words.length > 2 && suffixes.test(words.at(-1)!) ? words.pop()! : '';
  if (words.length < 2) return { firstName: '', middleName: '', lastName: words[0] ?? '', suffix };
  return { firstName: words[0]!, middleName: words.slice(1, -1).join(' '), lastName: words.at(-1)!, suffix };
}

/** `Last, First M.` in one cell (Respiratory Care). */
export function lastCommaFirst(text: string) {
  const [last = '', rest = ''] = text.split(/,(.*)/s).map((s) => s.trim());
  const words = rest.split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', middleName: words.slice(1).join(' '), lastName: last, suffix: '' };
}

const activeExpired: StatusRules = [
  [/^ACTIVE$/, 'active'],
  [/^EXPIRED$/, 'expired'],
];

const one =
  (type: string): WyBoardSheet['licenseType'] =>
  () =>
    type;

/** The nine "active and expired" lists, by declared file. */
export const wyFullSheets: readonly WyBoardSheet[] = [
  {
    file: 'chiropractic.csv',
    board: 'Wyoming Board of Chiropractic Examiners',
    columns: ['NAME', 'LICNO', 'Issued', 'Expires', 'CurrentStatus', 'Disciplinary Action'],
    statuses: [...activeExpired, [/^SUSPENDED$/, 'suspended'], [/^DECEASED$/, 'inactive']],
    licenseType: one('Chiropractor'),
    types: [[/^CHIROPRACTOR$/, 'chiropractor']],
    name: (row) => firstMiddleLast(row.get('NAME')),
    licenseNumber: 'LICNO',
    issued: 'Issued',
    expires: 'Expires',
    status: 'CurrentStatus',
    discipline: 'Disciplinary Action',
  },
  {
    file: 'dietetics.csv',
    board: 'Wyoming Dietetics Licensing Board',
    columns: ['LASTNAME', 'FIRSTNAME', 'INITIAL', 'CurrentStatus', 'LICNO', 'ISSDATE', 'EXPDATE', 'STANDING'],
    statuses: activeExpired,
    licenseType: one('Dietitian'),
    types: [[/^DIETITIAN$/, 'dietitian']],
    name: separate('LASTNAME', 'FIRSTNAME', 'INITIAL'),
    licenseNumber: 'LICNO',
    issued: 'ISSDATE',
    expires: 'EXPDATE',
    status: 'CurrentStatus',
    // No discipline column; STANDING is `Good Standing` on every row: any other standing is not read.
    rawStatus: (row) => {
      const standing = row.get('STANDING');
      const good = /^GOOD STANDING$/i.test(standing);
      return { raw: good ? row.get('CurrentStatus') : `${row.get('CurrentStatus')} (${standing})`, readable: good };
    },
  },
  {
    file: 'optometry.csv',
    board: 'Wyoming Board of Examiners in Optometry',
    columns: ['LastName', 'FirstName', 'Initial', 'LicNo', 'IssDate', 'ExpDate', 'Stat', 'Disciplinary Action'],
    statuses: activeExpired,
    licenseType: one('Optometrist'),
    types: [[/^OPTOMETRIST$/, 'optometrist']],
    name: separate('LastName', 'FirstName', 'Initial'),
    licenseNumber: 'LicNo',
    issued: 'IssDate',
    expires: 'ExpDate',
    status: 'Stat',
    discipline: 'Disciplinary Action',
  },
  {
    file: 'occupational_therapy.csv',
    board: 'Wyoming Board of Occupational Therapy',
    columns: ['LAST NAME', 'FIRST NAME', 'LICENSE TYPE', 'LICENSE #', 'ISSUE DATE', 'EXPIRATION DATE', 'STATUS', 'DISCIPLINE'],
    statuses: activeExpired,
    licenseType: (row) => row.get('LICENSE TYPE'),
    types: [
      [/^OCCUPATIONAL THERAPIST$/, 'occupational_therapist'],
      [/^OCCUPATIONAL THERAPY ASSISTANT$/, 'occupational_therapy_assistant'],
      // Two 1995 rows (`TPS-TPS`) with no type.
      [/^$/, 'unclassified'],
    ],
    name: separate('LAST NAME', 'FIRST NAME', ''),
    licenseNumber: 'LICENSE #',
    issued: 'ISSUE DATE',
    expires: 'EXPIRATION DATE',
    status: 'STATUS',
    discipline: 'DISCIPLINE',
  },
  {
    file: 'podiatry.csv',
    board: 'Wyoming Board of Registration in Podiatry',
    columns: ['LASTNAME', 'FIRSTNAME', 'INITIAL', 'LICNO', 'ISSDATE', 'EXPDATE', 'STATUS', 'DISCIPLINE'],
    statuses: [
      [/^A$/, 'active'],
      [/^E$/, 'expired'],
      [/^I$/, 'inactive'],
    ],
    licenseType: one('Podiatrist'),
    types: [[/^PODIATRIST$/, 'podiatrist']],
    name: separate('LASTNAME', 'FIRSTNAME', 'INITIAL'),
    licenseNumber: 'LICNO',
    issued: 'ISSDATE',
    expires: 'EXPDATE',
    status: 'STATUS',
    discipline: 'DISCIPLINE',
  },
  {
    file: 'psychology.csv',
    board: 'Wyoming Board of Psychology',
    columns: ['Last Name', 'First Name', 'MI', 'License/Certification', 'Profession', 'License no.', 'Expiry Date', 'Status', 'Discipline'],
    statuses: [
      [/^ACTIVE LICENSE$/, 'active'],
      [/^EXPIRED LICENSE$/, 'expired'],
    ],
    licenseType: (row) => row.get('Profession'),
    types: [
      // With the sheet's misspellings, each seen once.
      [/^(PSYCHOLOGIST|PYSCHOLOGIST|PSYCHOLGIST|PSYCHOLOGY)$/, 'psychologist'],
      [/^(BEHAVIOR ANALYST|BEHAVIORAL ANALYST|BEHAVIOR ANALYSIS)$/, 'behavior_analyst'],
      // Certified practitioners, school psychology specialists, residents and assistant analysts are no
      // profession of the request vocabulary.
      [
        /^(ASSISTANT BEHAVIOR ANALYST|SPECIALIST IN SCHOOL PSYCHOLOGY|SCHOOL PSYCHOLOGIST|PSYCHOLOGICAL RESIDENT|PSYCHOLOGICAL PRACTITIONER|PSCHOLOGICAL PRACTITIONER|)$/,
        'unclassified',
      ],
    ],
    name: separate('Last Name', 'First Name', 'MI'),
    licenseNumber: 'License no.',
    issued: 'Date Issued',
    expires: 'Expiry Date',
    status: 'Status',
    discipline: 'Discipline',
  },
  {
    file: 'physical_therapy.csv',
    board: 'Wyoming Board of Physical Therapy',
    columns: ['NAME', 'PROFESSION', 'LICENSE #', 'ISSUE DATE', 'EXPIRATION DATE', 'DISCIPLINED', 'STATUS'],
    statuses: [
      [/^A$/, 'active'],
      [/^E$/, 'expired'],
    ],
    licenseType: (row) => row.get('PROFESSION'),
    types: [
      [/^PHYSICAL THERAPIST$/, 'physical_therapist'],
      [/^PHYSICAL THERAPIST ASSISTANT$/, 'physical_therapist_assistant'],
    ],
    // `NAME` is merged over the last name, the first name and the initial.
    name: (row) => ({ lastName: row.get('NAME'), firstName: row.after('NAME', 1), middleName: row.after('NAME', 2), suffix: '' }),
    licenseNumber: 'LICENSE #',
    issued: 'ISSUE DATE',
    expires: 'EXPIRATION DATE',
    status: 'STATUS',
    discipline: 'DISCIPLINED',
  },
  {
    file: 'respiratory_care.csv',
    board: 'Wyoming Board of Respiratory Care',
    columns: ['Name', 'License No.', 'Issue Date', 'Expiry Date', 'Status', 'Discipline'],
    statuses: activeExpired,
    licenseType: one('Respiratory Therapist'),
    types: [[/^RESPIRATORY THERAPIST$/, 'respiratory_therapist']],
    name: (row) => lastCommaFirst(row.get('Name')),
    licenseNumber: 'License No.',
    issued: 'Issue Date',
    expires: 'Expiry Date',
    status: 'Status',
    discipline: 'Discipline',
  },
  {
    file: 'speech_audiology.csv',
    board: 'Wyoming Board of Examiners of Speech-Language Pathology and Audiology',
    columns: ['Last Name', 'First Name', 'Middle Initial', 'Type', 'Profession Type', 'License Number', 'Expiration Date', 'Status'],
    statuses: activeExpired,
    licenseType: (row) => row.get('Profession Type'),
    types: [
      [/^(SPEECH-LANGUAGE PATHOLOGIST|PROVISIONAL SPEECH-LANGUAGE PATHOLOGIST)$/, 'speech_language_pathologist'],
      [/^AUDIOLOGIST$/, 'audiologist'],
      // Aides, assistants and audiometric technicians are no profession of the request vocabulary.
      [/^(SPEECH-LANGUAGE PATHOLOGY AIDE|SPEECH-LANGUAGE PATHOLOGY ASSISTANT|AUDIOMETRIC TECHNICIAN|)$/, 'unclassified'],
    ],
    name: separate('Last Name', 'First Name', 'Middle Initial'),
    licenseNumber: 'License Number',
    issued: 'Date Issued',
    expires: 'Expiration Date',
    status: 'Status',
  },
];

/** Mental Health license-number prefixes (`LPC-2526`): the license type. */
const mentalHealthTypes: TypeRules = [
  // Licensed and provisional professional counselors.
  [/^(LPC|PPC)$/, 'counselor'],
  // Licensed clinical, provisional clinical and certified social workers.
  [/^(LCSW|PCSW|CSW)$/, 'social_worker'],
  [/^(LMFT|PMFT)$/, 'marriage_family_therapist'],
  // Addictions therapists and practitioners (licensed, provisional, certified, assistant) and certified
  // mental health workers: no profession of the request vocabulary.
  [/^(LAT|PAT|CAP|CAPA|CMHW)$/, 'unclassified'],
];

/** The two active lists, by declared file. */
export const wyActiveSheets: readonly WyBoardSheet[] = [
  {
    file: 'dental.csv',
    board: 'Wyoming Board of Dental Examiners',
    columns: ['LASTNAME', 'FIRSTNAME', 'INITIAL', 'CREDENTIAL', 'CATEGORY', 'LICNO', 'ISSDATE', 'EXPDATE', 'License Status', 'Disciplined'],
    statuses: [[/^ACTIVE$/, 'active']],
    licenseType: (row) => row.get('CATEGORY'),
    types: [
      // Facility and sedation/anesthesia permits are held beside a dentist's license (FAC-, MS-, GA-
      // numbers), not licenses of a person: not stored.
      [/^FACILITY PERMIT\b/, 'skip'],
      [/^(MODERATE SEDATION|DEEP SEDATION\b.*)$/, 'skip'],
      [
        /^(GENERAL DENTIST|GENERAL DENTIST-MILITARY|ORTHODONTIST|ORTHODONTICS|PEDIATRIC DENTIST|PEDIATRIC DENTISTRY|PEDIATRIC DENTIST\/ORTHODONTIST|ORAL MAXILLOFACIAL SURGEON|ORAL MAXILOFACIAL SURGEON|ENDODONTIST|ENDODONTICS|PERIODONTIST|PERIODONTICS|PERIODONTIST AND DENTAL IMPLANT SURGEON|PROSTHODONTIST|PROSTHODONTICS|DENTAL ANESTHESIOLOGIST|DENTAL IMPLANT SPECIALIST)$/,
        'dentist',
      ],
    ],
    name: separate('LASTNAME', 'FIRSTNAME', 'INITIAL'),
    licenseNumber: 'LICNO',
    issued: 'ISSDATE',
    expires: 'EXPDATE',
    status: 'License Status',
    discipline: 'Disciplined',
  },
  {
    file: 'mental_health.csv',
    board: 'Wyoming Mental Health Professions Licensing Board',
    columns: ['Last Name', 'First Name', 'Initial', 'License Number', 'Issue Date', 'Expiration Date', 'License Status', 'Disciplined'],
    // Active only in the June export; the July export's active sheet also held one Suspended.
    statuses: [
      [/^ACTIVE$/, 'active'],
      [/^SUSPENDED$/, 'suspended'],
    ],
    licenseType: (row) => /^[A-Za-z]+/.exec(row.get('License Number'))?.[0]?.toUpperCase() ?? '',
    types: mentalHealthTypes,
    name: separate('Last Name', 'First Name', 'Initial'),
    licenseNumber: 'License Number',
    issued: 'Issue Date',
    expires: 'Expiration Date',
    status: 'License Status',
    discipline: 'Disciplined',
  },
];

/** The sheet a file stands for: its declared name, or an operator's file whose name contains it. */
export function wySheetOf(sheets: readonly WyBoardSheet[], file: string): WyBoardSheet | undefined {
  return sheets.find((s) => s.file === file) ?? sheets.find((s) => fileStandsFor(file, s.file));
}

/** A row's license type → its classification: the sheet's rules exactly; an unknown wording unclassified and reported. */
export function wyClassify(sheet: WyBoardSheet, licenseType: string): RosterRecord['classification'] | 'skip' {
  const upper = licenseType.trim().toUpperCase();
  for (const [pattern, profession] of sheet.types) {
    if (!pattern.test(upper)) continue;
    if (profession === 'skip') return 'skip';
    return profession === 'unclassified' ? { kind: 'unclassified' } : { kind: 'profession', profession };
  }
  return { kind: 'unclassified', unknown: true };
}

/** A row of a board's sheet → its license; null when the file stands for no sheet or the row names nobody. */
export function wyRecord(sheets: readonly WyBoardSheet[], row: RosterRow, file: string): RosterRecord | null | 'skip' {
  const sheet = wySheetOf(sheets, file);
  if (!sheet) return null;
  const name = sheet.name(row);
  if (!name.lastName) return null;
  const licenseType = sheet.licenseType(row);
  const classification = wyClassify(sheet, licenseType);
  if (classification === 'skip') return 'skip';
  const { raw, readable } = sheet.rawStatus?.(row) ?? { raw: row.get(sheet.status), readable: true };
  const mapped = statusFrom(sheet.statuses, raw);
  const recognised = readable && mapped.recognised;
  return {
    file: sheet.file.replace(/\.csv$/, ''),
    // A few old rows publish no number (Optometry 17, Psychology 15, Podiatry 2 of the real files): kept, numberless.
    licenseNumber: row.get(sheet.licenseNumber),
    ...name,
    licenseType,
    classification,
    status: recognised ? mapped.status : 'inactive',
    rawStatus: raw,
    statusRecognised: recognised,
    expiryDate: listDate(row.get(sheet.expires)),
    issueDate: listDate(row.get(sheet.issued)),
    disciplinary: (sheet.discipline ? disciplineOnRecord(row.get(sheet.discipline)) : false) || (recognised && mapped.status === 'suspended'),
  };
}

const professionsOf = (sheets: readonly WyBoardSheet[]) => [
  ...new Set(sheets.flatMap((s) => s.types.flatMap(([, p]) => (p === 'skip' || p === 'unclassified' ? [] : [p])))),
];

const howToObtain = (sheets: readonly WyBoardSheet[], id: string) =>
  `open each board's license lookup page on <board>.wyo.gov (${sheets.map((s) => s.board).join('; ')}), follow its Google Sheet link, download the sheet as CSV (File › Download › CSV, or the link with /export?format=csv), save it under a name containing ${sheets.map((s) => s.file.replace(/\.csv$/, '')).join(', ')}, and load them together with \`npm run admin -- ingest-roster ${id} ${sheets.map((s) => `--file <${s.file}>`).join(' ')} [--as-of YYYY-MM-DD]\``;

export const wyomingBoards: RosterDefinition = {
  id: 'wy_boards',
  // Operator upload of nine sheets, republished "bi-monthly"; every restriction lifted and every unfamiliar license number is reviewed.
  changeBudget: { share: 0.15, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'WY',
  displayName: 'Wyoming professional licensing boards (active and expired lists)',
  baseUrlEnv: 'WY_BOARDS_BASE_URL',
  defaultBaseUrl: 'https://docs.google.com',
  locate: {
    kind: 'operator_file',
    howToObtain: howToObtain(wyFullSheets, 'wy_boards'),
    files: wyFullSheets.map((s) => ({ name: s.file, columns: s.columns })),
  },
  format: { kind: 'csv', encoding: 'utf8', headerWithin: 10 },
  // The columns every sheet has in some spelling is none: each file is checked for its own (`files`).
  columns: ['Status'],
  record: (row, file) => wyRecord(wyFullSheets, row, file),
  professions: professionsOf(wyFullSheets),
  currentOnly: false,
  refresh: 'monthly',
  formatConfidence: 'confirmed',
  formatNotes:
    "Nine boards' Google Sheets (Chiropractic, Dietetics, Optometry, Occupational Therapy, Podiatry, Psychology, Physical Therapy, Respiratory Care, Speech-Language Pathology and Audiology), read from real exports of June–July 2026. Each lists active and expired licenses back to the board's first (expiry dates from the 1940s on), so a provider absent from a board's sheet was never licensed by it as far as the sheet shows. Each sheet's header is found by its columns (the row moved between exports); every status of the real files is mapped exactly and any other (a blank one included) is reported unreadable. Dietetics and Speech publish no discipline column. Sheet ids are not recorded: an operator downloads the sheets.",
};

export const wyomingActive: RosterDefinition = {
  id: 'wy_active',
  changeBudget: { share: 0.15, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'WY',
  displayName: 'Wyoming Dental and Mental Health boards (active lists)',
  baseUrlEnv: 'WY_ACTIVE_BASE_URL',
  defaultBaseUrl: 'https://docs.google.com',
  locate: {
    kind: 'operator_file',
    howToObtain: howToObtain(wyActiveSheets, 'wy_active'),
    files: wyActiveSheets.map((s) => ({ name: s.file, columns: s.columns })),
  },
  format: { kind: 'csv', encoding: 'utf8', headerWithin: 10 },
  columns: ['Disciplined'],
  record: (row, file) => wyRecord(wyActiveSheets, row, file),
  professions: professionsOf(wyActiveSheets),
  currentOnly: true,
  refresh: 'monthly',
  formatConfidence: 'confirmed',
  formatNotes:
    "The Dental board's Active Dentists List and the Mental Health board's Active License Verification (LPC, LCSW, LMFT and provisional licenses by their number's prefix; addictions and mental health worker certificates unclassified), read from real exports of June–July 2026: active licenses only, so an absent provider is not currently licensed and a lapse or revocation is never seen. Dental facility and sedation permits are not stored. The Mental Health expired sheet is not read. Sheet ids are not recorded: an operator downloads the sheets.",
};
