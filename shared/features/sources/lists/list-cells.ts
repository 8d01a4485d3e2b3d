/**
 * Reading the cells of state Medicaid lists, whose files are written by hand: dates in several formats
 * in one file (text `M/D/YYYY`, `YYYY-MM-DD 00:00:00`, Excel serial numbers), sentinels for "none"
 * (`N/A`, `n/a`, `None`), several values in one cell (newline, `;`, `,`, `&`, ` and `), NPIs mixed with
 * the state's Medicaid ids (told apart by the NPI's first digit and check digit), a person's name in one
 * field in the orders the lists use (`LAST, FIRST M CRED`, `LAST CRED, FIRST M`, `LAST FIRST M CRED`),
 * and businesses named in the same field (told by the words only a business's name holds).
 */
import { isValidNpi } from '../nppes/npi.ts';
import { excelSerialDate } from './sheet-reader.ts';

const sentinels = new Set(['N/A', 'NA', 'NONE', 'NULL', '-', '--', 'UNKNOWN']);

/** The cell's text trimmed, or '' for a sentinel meaning "none". */
export function cellValue(text: string): string {
  const value = text.trim();
  return sentinels.has(value.toUpperCase()) ? '' : value;
}

function isoDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || y > 2999 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as the lists write it, as an ISO date: `YYYY-MM-DD` (a time after it ignored), `M/D/YYYY`
 * (zero-padded or not, a time after it ignored), `M/D/YY` (20YY up to next year, else 19YY), or an Excel
 * serial number left unformatted in a sheet (`45826` = 2025-06-18). Null for anything else (a word, a
 * typo such as `5/12012`): the caller decides what a missing date means.
 */
export function listDate(text: string, today = new Date()): string | null {
  const v = cellValue(text);
  if (!v) return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+)?$/.exec(v);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?: +\d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?$/i.exec(v);
  if (us) {
    let year = Number(us[3]);
    if (us[3]!.length === 2) year += year <= (today.getUTCFullYear() % 100) + 1 ? 2000 : 1900;
    return isoDate(year, Number(us[1]), Number(us[2]));
  }
  if (/^\d{4,5}(?:\.\d+)?$/.test(v)) return excelSerialDate(Number(v));
  return null;
}

/** The values of a cell that holds several: split on line breaks, `;`, `,`, `&` and ` and `; sentinels dropped. */
export function cellValues(text: string, separators: RegExp = /\r?\n|;|,|&|\band\b/i): string[] {
  return text
    .split(separators)
    .map(cellValue)
    .filter((v) => v !== '');
}

/** An NPI: ten digits, the first 1 or 2 (the only ranges issued), the check digit right. */
export function isNpi(value: string): boolean {
  return /^[12]\d{9}$/.test(value) && isValidNpi(value);
}

/**
 * The NPIs in a cell: each ten-digit value (a float-formatted `1234567890.0` included) that is an NPI
 * (`isNpi`). A state's own provider ids (Colorado's ten-digit `9000…`, Medi-Cal numbers, ProviderOne
 * `P1 - …`) fail the first digit, the check or the shape and are left out.
 */
export function npisIn(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/(?<![\d-])(\d{10})(?:\.0+)?(?!\d)/g)) {
    const npi = match[1]!;
    if (isNpi(npi) && !out.includes(npi)) out.push(npi);
  }
  return out;
}

/** Degrees, licenses and generational suffixes that follow or sit inside a person's name on these lists. */
const credentials = new Set([
  'MD',
  'DO',
  'PA',
  'PA-C',
  'PAC',
  'NP',
  'ARNP',
  'APRN',
  'CRNA',
  'CNM',
  'RN',
  'LPN',
  'LVN',
  'CNA',
  'HHA',
  'DDS',
  'DMD',
  'DC',
  'DPM',
  'OD',
  'PHD',
  'PSYD',
  'LCSW',
  'LICSW',
  'LMSW',
  'LPC',
  'LMHC',
  'LMFT',
  'MFT',
  'RPH',
  'PHARMD',
  'PT',
  'OT',
  'DN',
  'LD',
  'DPT',
  'MSW',
  'EMT',
  'CMA',
  'RPA',
  'FNP',
  'DNP',
  'LM',
  'ML',
  'CPM',
  'MW',
  'SW',
  'MHC',
  'LAC',
  'CDP',
  'SUDP',
  'AAC',
  'CADC',
  'JR',
  'SR',
  'II',
  'III',
  'IV',
  'ESQ',
]);

function isCredential(word: string): boolean {
  // `D.O.`, `MD/` and `MD,` are written too.
  return credentials.has(word.toUpperCase().replace(/[./,]/g, ''));
}

function withoutCredentials(words: string[]): string[] {
  const out = [...words];
  while (out.length > 1 && isCredential(out[out.length - 1]!)) out.pop();
  return out;
}

export interface OneFieldName {
  readonly last: string;
  readonly first: string;
  readonly middle: string;
}

/**
 * A person's name written in one field, surname first: `LAST, FIRST [M.] [CRED]` and `LAST [CRED], FIRST M`
 * (a comma after the surname), or `LAST FIRST [M] [SUFFIX] [CRED]` (no comma: the first word is the
 * surname, with the words after a leading particle, `DE LA CRUZ`; a comma before credentials only,
 * `LAST FIRST, MD`, is this form too). Credentials and suffixes are dropped wherever they sit; null when
 * no surname and given name can be told apart.
 */
export function surnameFirstName(text: string): OneFieldName | null {
  let value = cellValue(text).replace(/\s+/g, ' ');
  if (!value) return null;
  // Credentials after a comma, nothing else: `LAST FIRST, MD` or `LAST, FIRST, MD`.
  for (let last = value.lastIndexOf(','); last >= 0; last = value.lastIndexOf(',')) {
    const after = value
      .slice(last + 1)
      .trim()
      .split(' ')
      .filter(Boolean);
    if (after.length === 0 || !after.every(isCredential)) break;
    value = value.slice(0, last).trim();
  }
  const comma = value.indexOf(',');
  if (comma >= 0) {
    const last = withoutCredentials(value.slice(0, comma).trim().split(' ').filter(Boolean));
    const rest = withoutCredentials(
      value
        .slice(comma + 1)
        .replace(/,/g, ' ')
        .trim()
        .split(' ')
        .filter(Boolean),
    );
    if (last.length === 0 || rest.length === 0 || isCredential(rest[0]!)) return null;
    return { last: last.join(' '), first: rest[0]!, middle: rest.slice(1).join(' ') };
  }
  const words = withoutCredentials(value.split(' ').filter(Boolean));
  // A credential or suffix right after the surname, a given name after it: `DOE MD JOHN`, `DOE JR JOHN`
  // (not `DO`, a given name too).
  while (words.length > 2 && isCredential(words[1]!) && words[1]!.toUpperCase() !== 'DO') words.splice(1, 1);
  if (words.length < 2) return null;
  // A surname that starts with a particle takes the words after it: `DE LA CRUZ MARIA`, `VAN DYKE JOHN`.
  let surname = 1;
  while (surname < words.length - 1 && leadingParticles.has(words[surname - 1]!.toUpperCase().replace(/\./g, ''))) surname++;
  return { last: words.slice(0, surname).join(' '), first: words[surname]!, middle: words.slice(surname + 1).join(' ') };
}

/**
 * Particles that begin a surname and never stand for one alone, in a name written without a comma.
 * `LE`, `DU`, `DA` and `DO` are left out: Vietnamese and Chinese surnames of their own.
 */
const leadingParticles = new Set([
  'DE',
  'DEL',
  'DELA',
  'DELLA',
  'LA',
  'LAS',
  'LOS',
  'DOS',
  'DAS',
  'DI',
  'VAN',
  'VON',
  'DER',
  'DEN',
  'TER',
  'ST',
  'SAN',
  'SANTA',
]);

/**
 * Words that only a business's name holds (legal forms and the nouns of practices, shops and agencies),
 * never a person's: a one-field name with one of them is an entity's, whatever the row's type says
 * (`JOHN DOE MD PC` is a professional corporation). Surnames that are also words (`CO`, `CARE`,
 * `HOME`, `CHURCH`) are left out on purpose.
 */
const entityWords =
  /(?:^|[\s,.&(])(?:INC|INCORPORATED|CORP|CORPORATION|LLC|L\.L\.C|PLLC|LLP|LTD|PC|P\.C|P C|COMPANY|GROUP|ASSOCIATES|SERVICES?|CENTER|CENTRE|CLINIC|PHARMACY|HOSPITAL|AGENCY|LABORATORY|LABORATORIES|SUPPLY|SUPPLIES|TRANSPORTATION|AMBULETTE|AMBULANCE|ENTERPRISES?|FOUNDATION|PRACTICE|DENTAL|DENTURES?|MEDICAL|HEALTHCARE|THERAPY|SOLUTIONS)(?=$|[\s,.)&])/i;

/** Whether a one-field name is a business's (see `entityWords`). */
export function isEntityName(text: string): boolean {
  return entityWords.test(cellValue(text).replace(/\s+/g, ' '));
}

/** The markers before another name of the same party (`AKA/DBA` before `AKA`), with an optional colon. */
const aliasMarker = /(?:^|\s+)(?:AKA\s*\/\s*DBA|A\/K\/A|D\/B\/A|F\/K\/A|AKA|DBA|FKA)\s*:?(?=\s|$)\s*/i;

/**
 * A name cell that gives other names of the party after a marker (`DOE JANE AKA/DBA SMITH JANE`,
 * `DOE, JOHN DBA ACME DENTURES`, `dba: Acme Dentures`): the names, the first the party's own, blank
 * parts left out.
 */
export function aliasParts(text: string): string[] {
  return text
    .split(aliasMarker)
    .map((part) => part.replace(/\s+/g, ' ').replace(/^[\s-]+|[\s-]+$/g, ''))
    .filter((part) => cellValue(part) !== '');
}
