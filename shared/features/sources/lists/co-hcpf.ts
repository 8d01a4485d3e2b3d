/**
 * Colorado Department of Health Care Policy and Financing (HCPF), provider termination list: providers
 * whose Health First Colorado (Medicaid) enrolment HCPF terminated for cause. About 318 rows, an XLSX
 * linked from `https://hcpf.colorado.gov/provider-termination` as "Terminated Provider List".
 *
 * Sheet `Termination List`, header on row 1: `Provider Name, "Doing Business As" Name, NPI, Termination
 * Authority, Termination Effective Date`, and an unnamed column after it, empty (whatever a row writes
 * there is ignored).
 * - `Provider Name`: a person `LAST[ CRED], FIRST M` (the credential inside the surname part:
 *   `DOE MD, JOHN A`); from 2021 on also a person written `First Last` in mixed case without a comma
 *   (`Jeffrey Fay`, `Hui-Kyung Han`: two or three capitalised name words, none a business noun); else a
 *   business (`INNOVATIVE SEATING LLC`, `ACME HOME CARE, LLC`, `Sunflower Pediatrics`, `Boulder GX`,
 *   `SMART LAB`: a business word makes it one, and so does any other name without a comma). The DBA
 *   name is an alias (` ` or empty for none).
 * - `NPI` is text: `N/A`, one NPI, or several separated by `; `, `&`, ` and ` or `, `. Ten-digit values
 *   starting `9000…` are Colorado Medicaid ids, not NPIs: kept as an identifier.
 * - `Termination Authority` is a citation (`10 CCR 2505-10, Section 8.076.1.7.e`, `10 C.C.R. …`,
 *   `42 CFR 455.416(c)`): the action is a Medicaid termination, the citation its code.
 * - `Termination Effective Date` is an Excel date.
 *
 * HCPF's site sits behind a bot filter (OpenSanctions fetches the page through an unblocking proxy): a
 * refused download leaves the current version in place, and an operator can load a workbook saved from
 * a browser with `npm run admin -- ingest co_hcpf --file <path>`.
 *
 * The workbook may also hold a `Reinstated Providers` sheet (the same columns and a reinstatement date).
 * It is not read: a reinstated provider leaves the termination sheet for it, so the termination sheet
 * alone is the list in force, and a provider on both has been terminated again. (Should HCPF ever keep a
 * reinstated provider on both, the match would show a termination that ended; the start date it shows
 * lets a reviewer tell.) Any other sheet refuses the file: rows of the list could sit on it.
 */
import { cellValue, isEntityName, listDate, npisIn, surnameFirstName } from './list-cells.ts';
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { entryKeys } from './lookup-keys.ts';
import { rowFields } from './row-fields.ts';

export const coHcpfColumns = ['Provider Name', '"Doing Business As" Name', 'NPI', 'Termination Authority', 'Termination Effective Date'] as const;

type Column = (typeof coHcpfColumns)[number];
const fieldsOf = rowFields<Column>(coHcpfColumns);

/** The ten-digit values of the NPI cell that are no NPI: Colorado Medicaid ids (`9…`), and others (a mistyped NPI). */
export function coOtherIds(cell: string): { medicaid: string[]; other: string[] } {
  const npis = new Set(npisIn(cell));
  const ids = [...new Set([...cell.matchAll(/(?<!\d)\d{10}(?!\d)/g)].map((m) => m[0]))].filter((id) => !npis.has(id));
  return { medicaid: ids.filter((id) => id.startsWith('9')), other: ids.filter((id) => !id.startsWith('9')) };
}

/** `10 C.C.R. 2505-10,  Section 8.076.1.7.e ` → `10 CCR 2505-10, Section 8.076.1.7.e`. */
export function coCitation(text: string): string {
  return text
    .replace(/\bC\.\s*C\.\s*R\./gi, 'CCR')
    .replace(/\bC\.\s*F\.\s*R\./gi, 'CFR')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Nouns of a business's name written in mixed case without a legal form (`Sunflower Pediatrics`, `Craft Care`). */
const businessNouns =
  /^(?:care|homecare|pediatrics|centers?|labs?|laborator(?:y|ies)|labratories|medicine|health|living|services?|therapy|clinic|pharmacy|transport|transportation|home|homes|adventure|diagnostics|supply|supplies|medical|dental|wellness|recovery|hospice|rehab|counseling)$/i;

/** A capitalised name word: `Fay`, `McEwen`, `Elder-Quintana`, `Hui-Kyung`, `O'Neil`. */
const nameWord = /^[A-Z][a-z]+(?:[A-Z'][a-z]+)?(?:-[A-Z][a-z]+(?:[A-Z][a-z]+)?)?$/;

/**
 * A person written `First [Middle] Last` in mixed case without a comma (`Jeffrey Fay`): two or three
 * capitalised name words, none a business noun. Null for anything else (a business, an upper-case name).
 */
export function coGivenNameFirst(name: string): { last: string; first: string; middle: string } | null {
  const words = name.split(' ').filter(Boolean);
  if (words.length < 2 || words.length > 3 || !words.every((w) => nameWord.test(w) && !businessNouns.test(w))) return null;
  return { first: words[0]!, middle: words.slice(1, -1).join(' '), last: words.at(-1)! };
}

/** The person a `Provider Name` names: `LAST, FIRST M` (a comma, no business word) or `First Last`; null for a business. */
export function coPerson(name: string): { last: string; first: string; middle: string } | null {
  if (isEntityName(name)) return null;
  return name.includes(',') ? surnameFirstName(name) : coGivenNameFirst(name);
}

/** One data row → entry; null for a row without a name. Cells after the named columns are ignored. */
export function coHcpfEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row.length > coHcpfColumns.length ? row.slice(0, coHcpfColumns.length) : row);
  if (!get) return null;
  const name = cellValue(get('Provider Name')).replace(/\s+/g, ' ');
  if (!name) return null;
  const person = coPerson(name);
  const npis = npisIn(get('NPI'));
  const ids = coOtherIds(get('NPI'));
  const dba = cellValue(get('"Doing Business As" Name')).replace(/\s+/g, ' ');
  const authority = get('Termination Authority');
  return {
    kind: person ? 'individual' : 'entity',
    lastName: person?.last ?? '',
    firstName: person?.first ?? '',
    middleName: person?.middle ?? '',
    entityName: name,
    npi: npis[0] ?? null,
    ...(npis.length > 1 ? { npis } : {}),
    dob: null,
    licenses: [],
    reference: null,
    identifiers: {
      ...(ids.medicaid.length > 0 ? { co_medicaid_id: ids.medicaid.join(', ') } : {}),
      ...(ids.other.length > 0 ? { other_id: ids.other.join(', ') } : {}),
    },
    aliases: dba ? [dba] : [],
    city: '',
    state: 'CO',
    zip: '',
    country: 'USA',
    action: {
      agency: 'CO HCPF',
      type: 'Medicaid termination',
      program: 'Medicaid',
      code: coCitation(authority),
      startDate: listDate(get('Termination Effective Date')),
      endDate: null,
      indefinite: false,
      reinstatedDate: null,
      comments: authority.slice(0, 2000),
    },
  };
}

export const coHcpf: ListDefinition = {
  id: 'co_hcpf',
  // Monthly: a month's additions, reinstatements and corrections stay well under a tenth of the list.
  changeBudget: { share: 0.1, minRows: 25 },
  displayName: 'Colorado HCPF Terminated Provider List',
  formatConfidence: 'confirmed',
  formatNotes:
    "Tested on real rows of the workbook HCPF published in June 2026 (test/fixtures/real/co_hcpf: header, sheet name, NPI separators, C.C.R. citations, mixed-case First Last names); the optional Reinstated Providers sheet rests on a third party's crawler, no edition with it seen.",
  scope: { kind: 'state', state: 'CO' },
  searchBy: 'name',
  baseUrlEnv: 'CO_HCPF_BASE_URL',
  defaultBaseUrl: 'https://hcpf.colorado.gov',
  locate: {
    kind: 'page_links',
    pageUrl: (base) => `${base}/provider-termination`,
    hops: [{ text: /Terminated Provider List/i, href: /\.xlsx?(?:[?#]|$)/i }],
  },
  format: { kind: 'sheet', sheet: /^\s*termination list\s*$/i, otherSheets: /^\s*reinstated providers\s*$/i, headerWithin: 3 },
  header: coHcpfColumns,
  entry: coHcpfEntry,
  keys: entryKeys,
};
