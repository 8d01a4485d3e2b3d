/**
 * Washington Health Care Authority, "Provider Termination and Exclusion List": providers whose Apple
 * Health (Medicaid) participation HCA terminated for cause, or who are excluded. About 234 rows, an XLSX
 * linked from HCA's landing page by the text "the HCA Medicaid providers listing".
 *
 * One sheet, `Termination and exclusion list`: a title, an `Updated 6/10/2026` line and a blank row,
 * then the header `Name, License #, NPI # or P1 #, Date of Exclusion, Action`.
 * - `Name` may hold several lines: a person (`LAST, FIRST [M.] CRED`) and the businesses they ran
 *   (`Accurate Dentures NW`, `dba: …`), in either order. The row is the person's when a line is a
 *   person's name (a comma, no business word), the other lines their aliases; else the first business
 *   line is the row's name and the others its aliases.
 * - `NPI # or P1 #` holds NPIs (a number cell, or text with several on lines) and ProviderOne ids
 *   (`P1 - 1027986`, HCA's own numbering: kept as an identifier, never an NPI); `None` for none.
 * - `License #` is the WA DOH credential number (`MD00026765`, the number the WA board publishes as
 *   `credentialnumber`); an out-of-state one says so (`MD12345 (OR)`); `NA`, `None`, `NPI …` are no
 *   license.
 * - `Date of Exclusion` is an Excel date. `Action` is typed by hand (`License Suspened`, `Manditory
 *   Exclusion from Medicaid`, `expired License`): read into a clean action type, the wording kept.
 * Presence on the list is the sanction: no end date, no reinstatement column.
 */
import { isStateCode, type StateCode, usStates } from '../../../domain/us-states.ts';
import { aliasParts, cellValue, cellValues, isEntityName, listDate, npisIn, surnameFirstName } from './list-cells.ts';
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry, ListLicense } from './list-entry.ts';
import { entryKeys } from './lookup-keys.ts';
import { rowFields } from './row-fields.ts';

export const waHcaColumns = ['Name', 'License #', 'NPI # or P1 #', 'Date of Exclusion', 'Action'] as const;

type Column = (typeof waHcaColumns)[number];
const fieldsOf = rowFields<Column>(waHcaColumns);

/** The names of a `Name` cell: each line, and each name after a `dba:`/`AKA` marker, trailing slashes dropped. */
function nameLines(cell: string): string[] {
  return cell
    .split(/\r?\n/)
    .flatMap(aliasParts)
    .map((name) => name.replace(/[\s/]+$/, ''))
    .filter((name) => cellValue(name) !== '');
}

function isPersonLine(line: string): boolean {
  return line.includes(',') && !isEntityName(line) && surnameFirstName(line) !== null;
}

/** The row's party: the person line where there is one, else the first line; the other lines are aliases. */
export function waHcaParty(cell: string): { kind: 'individual' | 'entity'; name: string; aliases: string[] } | null {
  const lines = nameLines(cell);
  if (lines.length === 0) return null;
  const person = lines.findIndex(isPersonLine);
  const at = Math.max(person, 0);
  return { kind: person >= 0 ? 'individual' : 'entity', name: lines[at]!, aliases: lines.filter((_, i) => i !== at) };
}

const stateByName = new Map<string, StateCode>(Object.entries(usStates).map(([code, name]) => [name.toUpperCase(), code as StateCode]));

function stateOf(label: string): StateCode | undefined {
  const name = label.toUpperCase().replace(/\./g, '').trim();
  return isStateCode(name) ? name : stateByName.get(name);
}

/** `MD00026765` → WA; `MD12345 (OR)` or `(OREGON)` → OR; `NA`, `None`, `NPI 1760461909` → none. */
export function waHcaLicenses(cell: string): ListLicense[] {
  const out: ListLicense[] = [];
  for (const value of cellValues(cell, /\r?\n|;/)) {
    if (/^NPI\b/i.test(value)) continue;
    // A note in parentheses after the number: another state's license when it names the state.
    const noted = /^(.*?)\s*\(([^)]*)\)$/.exec(value);
    const number = (noted ? noted[1]! : value).trim();
    if (number) out.push({ state: (noted && stateOf(noted[2]!)) || 'WA', number });
  }
  return out;
}

/** `P1 - 1027986` → `1027986`: the ProviderOne ids in the NPI cell. */
export function providerOneIds(cell: string): string[] {
  return [...cell.matchAll(/\bP1\s*-?\s*(\d{5,9})\b/gi)].map((m) => m[1]!);
}

/**
 * The action as a clean type. The negative and compound wordings are tested first: `License
 * Expired/Suspended` is both, `Revocation of GA Permit` revokes a permit, not the license.
 */
const actionTypes: readonly (readonly [RegExp, string])[] = [
  [/\boig\b/, 'OIG exclusion'],
  [/\bmandatory\b.*\bexclu/, 'Mandatory exclusion from Medicaid'],
  [/\bexclu/, 'Medicaid exclusion'],
  [/\bterminat.*\bcms\b/, 'Terminated by CMS'],
  [/\bterminat/, 'Medicaid termination'],
  [/\bfraud\b/, 'Medicaid fraud conviction'],
  [/\bpermit\b.*\brevo|\brevo.*\bpermit\b/, 'Permit revoked'],
  [/\bpermanent.*\brevo/, 'License permanently revoked'],
  [/\brevo/, 'License revoked'],
  [/\bsurrender/, 'License surrendered'],
  [/\bsuspen.*\bexpir|\bexpir.*\bsuspen/, 'License expired or suspended'],
  [/\bsuspen/, 'License suspended'],
  [/\bexpir/, 'License expired'],
];

/** `License Suspened ` → `License suspended`; `Manditory Exclusion from Medicaid` → `Mandatory exclusion from Medicaid`. */
export function waHcaActionType(action: string): string {
  const text = action
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\bsuspen[ea]d\b/g, 'suspended')
    .replace(/\bmanditory\b/g, 'mandatory')
    .replace(/\blicenses\b/g, 'license');
  if (!text) return 'Medicaid termination or exclusion';
  for (const [pattern, type] of actionTypes) if (pattern.test(text)) return type;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `Updated 6/10/2026` in the rows above the header → `2026-06-10`. */
export function waHcaUpdated(preamble: readonly (readonly string[])[]): string | null {
  for (const row of preamble) {
    const m = /\bupdated\b\s*:?\s*(?:on\s+)?(.+)$/i.exec(row.join(' ').replace(/\s+/g, ' ').trim());
    const day = m ? listDate(m[1]!) : null;
    if (day) return day;
  }
  return null;
}

/** One data row → entry; null for a row of another width or without a name. */
export function waHcaEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  const party = waHcaParty(get('Name'));
  if (!party) return null;
  const person = party.kind === 'individual' ? surnameFirstName(party.name) : null;
  const ids = get('NPI # or P1 #');
  const npis = npisIn(ids);
  const providerOne = providerOneIds(ids);
  const action = get('Action').replace(/\s+/g, ' ');
  return {
    kind: person ? 'individual' : 'entity',
    lastName: person?.last ?? '',
    firstName: person?.first ?? '',
    middleName: person?.middle ?? '',
    entityName: party.name,
    npi: npis[0] ?? null,
    ...(npis.length > 1 ? { npis } : {}),
    dob: null,
    licenses: waHcaLicenses(get('License #')),
    reference: null,
    identifiers: providerOne.length > 0 ? { providerone_id: providerOne.join(', ') } : {},
    aliases: party.aliases,
    city: '',
    state: 'WA',
    zip: '',
    country: 'USA',
    action: {
      agency: 'WA HCA',
      type: waHcaActionType(action),
      program: 'Medicaid',
      code: '',
      startDate: listDate(get('Date of Exclusion')),
      endDate: null,
      indefinite: false,
      reinstatedDate: null,
      comments: action.slice(0, 2000),
    },
  };
}

export const waHca: ListDefinition = {
  id: 'wa_hca',
  // Monthly: a month's additions, reinstatements and corrections stay well under a tenth of the list.
  changeBudget: { share: 0.1, minRows: 25 },
  displayName: 'Washington HCA Provider Termination and Exclusion List',
  formatConfidence: 'confirmed',
  formatNotes:
    'Tested on real rows of the workbook HCA published on 2026-06-10 (test/fixtures/real/wa_hca: preamble with the Updated line, header, several names and NPIs a cell, ProviderOne ids, out-of-state licenses, hand-typed actions).',
  scope: { kind: 'state', state: 'WA' },
  searchBy: 'name',
  baseUrlEnv: 'WA_HCA_BASE_URL',
  defaultBaseUrl: 'https://www.hca.wa.gov',
  locate: {
    kind: 'page_links',
    pageUrl: (base) => `${base}/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list`,
    hops: [{ text: /HCA Medicaid providers listing/i, href: /\.xlsx?(?:[?#]|$)/i }],
  },
  format: { kind: 'sheet', sheet: /^\s*termination and exclusion list\s*$/i, headerWithin: 6, asOfFromPreamble: waHcaUpdated },
  header: waHcaColumns,
  entry: waHcaEntry,
  keys: entryKeys,
};
