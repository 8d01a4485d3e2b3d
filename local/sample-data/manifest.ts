/**
 * sample-data/README.md: what the generated data holds, the conventions it follows where the notes are
 * silent, and notable providers to try by hand, with their final license numbers and NPIs.
 */
import { isoDate, REFERENCE_DATE, TODAY } from './dates.ts';
import type { License, Organization, Person } from './model.ts';
import { isPerson } from './model.ts';
import type { RosterNotable } from './roster-rows.ts';
import type { NewStateNotable } from './ct-vt-rows.ts';
import type { KsNotable } from './ks-rows.ts';
import type { MaNotable } from './ma-rows.ts';
import type { Notable } from './scenarios.ts';

export interface ManifestInput {
  readonly seed: string;
  readonly people: readonly Person[];
  readonly organizations: readonly Organization[];
  readonly licenses: readonly License[];
  readonly notables: readonly Notable[];
  /** Rows per output file, e.g. "boards/qxh8-f4bd.json" → 1234. */
  readonly rowCounts: ReadonlyMap<string, number>;
  /** Raw status → count, per dataset file. */
  readonly statusCounts: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Connecticut and Vermont people to try (their rows are made apart, see ct-vt-rows.ts). */
  readonly ctVtNotables?: readonly NewStateNotable[];
  /** Kansas people to try (records the simulator renders the board's search pages from, see ks-rows.ts). */
  readonly ksNotables?: readonly KsNotable[];
  /** Massachusetts people to try (records the simulator answers the bureau's search API from, see ma-rows.ts). */
  readonly maNotables?: readonly MaNotable[];
  /** People on the roster files (tx_bhec, md_bop, fl_mqa, al_bme, wv_bom, nv_bop, sd_boards, mo_pr, ar_bopm, la_lbmt, ak_cbpl, ca_bbs; roster-rows.ts). */
  readonly rosterNotables?: readonly RosterNotable[];
}

function personName(person: Person): string {
  const { first, middle, last, suffix } = person.name;
  return [first, middle, last, suffix].filter(Boolean).join(' ');
}

function licenseLine(license: License): string {
  const name = license.nameOnRecord;
  const holder = license.holder;
  const recorded = isPerson(holder) && name.last !== holder.name.last ? ` (board has the name ${name.first} ${name.last})` : '';
  const expiry =
    license.expiration === null
      ? 'no expiration date'
      : `expires ${isoDate(license.expiration)} (${license.expiration - TODAY >= 0 ? 'in ' : ''}${Math.abs(license.expiration - TODAY)} days${license.expiration < TODAY ? ' ago' : ''})`;
  const cases = license.cases.length > 0 ? `, ${license.cases.length} discipline case${license.cases.length > 1 ? 's' : ''}` : '';
  const type = license.kind.group && license.kind.state === 'CO' ? `${license.kind.type}/${license.kind.group}` : license.kind.type;
  return `${license.kind.state} \`${license.number}\` ${type} in \`${license.kind.dataset}\`: ${license.status.text}, ${expiry}${cases}${recorded}`;
}

function personLines(person: Person): string[] {
  const lines = [`- **${personName(person)}**, born ${new Date(person.birth * 86_400_000).getUTCFullYear()}`];
  for (const license of person.licenses) lines.push(`  - ${licenseLine(license)}`);
  if (person.nppes?.deactivated !== undefined) {
    lines.push(
      `  - NPI \`${person.nppes.npi}\`, deactivated ${isoDate(person.nppes.deactivated)}: on the NPPES Deactivated NPI Report, no record in \`nppes/\``,
    );
  } else if (person.nppes) {
    const n = person.nppes.name;
    const shown = [n.first, n.middle, n.last].filter(Boolean).join(' ');
    const listed = person.nppes.listed.map((l) => `${l.license.kind.state} ${l.shownNumber}`).join(', ');
    lines.push(`  - NPI \`${person.nppes.npi}\` (${person.nppes.form} form), NPPES name ${shown}; licenses listed: ${listed}`);
  } else lines.push('  - no NPI');
  if (person.leie) {
    const ids = [person.leie.withNpi ? 'NPI' : null, person.leie.withDob ? 'DOB' : null].filter(Boolean).join(' and ') || 'no identifier';
    lines.push(`  - LEIE: ${person.leie.exclusionType}, with ${ids}${person.leie.waiverState ? `, waiver for ${person.leie.waiverState}` : ''}`);
  }
  for (const namesake of person.leieNamesakes) {
    lines.push(`  - LEIE namesake (another person): ${namesake.differs === 'npi' ? `NPI \`${namesake.npi}\`` : 'a different DOB, no NPI'}`);
  }
  return lines;
}

function organizationLines(org: Organization): string[] {
  const lines = [`- **${org.name}**${org.dba ? ` (DBA ${org.dba})` : ''}, ${org.state}`];
  for (const license of org.licenses) lines.push(`  - ${licenseLine(license)}`);
  lines.push(org.npi ? `  - NPI \`${org.npi}\` (NPI-2, ${org.form} form)` : '  - no NPI');
  if (org.leie) lines.push(`  - LEIE: business row, ${org.leie.exclusionType}${org.leie.withNpi ? ', with NPI' : ''}`);
  return lines;
}

function firstMatching(people: readonly Person[], test: (p: Person) => boolean): Person | undefined {
  return people.find((p) => p.tags.length === 0 && test(p));
}

export function manifest(input: ManifestInput): string {
  const { people, organizations, licenses, notables, rowCounts, statusCounts } = input;
  // NPI-1 records as the registry holds them: a deactivated NPI has none.
  const withNpi = people.filter((p) => p.nppes && p.nppes.deactivated === undefined);
  const healthcare = people.filter((p) => p.profession);
  const active = licenses.filter((l) => l.status.meaning === 'active' || l.status.meaning === 'conditional');
  const soon = (days: number) => active.filter((l) => l.expiration !== null && l.expiration >= TODAY && l.expiration < TODAY + days).length;
  const out: string[] = [];
  out.push(
    '# Sample data for the source simulator',
    '',
    `Generated by \`npx tsx bin/generate-sample-data.ts --seed ${input.seed}\` (deterministic: the same seed gives byte-identical files). ` +
      `"Today" is the fixed reference date ${REFERENCE_DATE}; expiry distances below are counted from it. ` +
      'Names are drawn from US SSA given-name counts and 1990 Census surname frequencies (shared/domain/names/given-names.json, local/sample-data/surnames.json); every person is fictional.',
    '',
    '## Files',
    '',
    '| File | Rows |',
    '|---|---|',
    ...[...rowCounts].map(([file, n]) => `| \`${file}\` | ${n.toLocaleString('en-US')} |`),
    '',
    `People: ${people.length.toLocaleString('en-US')} (${healthcare.length.toLocaleString('en-US')} in healthcare), licenses: ${licenses.length.toLocaleString('en-US')} ` +
      `(${active.length.toLocaleString('en-US')} current), organisations: ${organizations.length}. ` +
      `NPI-1 records: ${withNpi.length.toLocaleString('en-US')} (${Math.round((100 * withNpi.length) / healthcare.length)}% of healthcare people; ` +
      `${withNpi.filter((p) => p.nppes!.form === 'older').length} in the older response form). ` +
      `Current licenses expiring within 30 / 60 / 90 days: ${soon(30)} / ${soon(60)} / ${soon(90)}.`,
    '',
    '## Conventions (where the notes are silent)',
    '',
    '- SODA rows leave out a field that has no value, as SODA\'s JSON does for null cells. Illinois writes its empty values as the text "None", so its rows keep every field.',
    '- Colorado names, cities and entity names are in title case with accents kept ("José Peña"); all other boards, NPPES and the LEIE use upper case without accents.',
    '- Delaware dates are floating timestamps (`2027-06-30T00:00:00.000`); a firm has its whole name in `last_name`, no `first_name`, and `combined_name` "NAME,". Country is "USA".',
    '- TX APRN (`jnzg-cr4w`) rows: `license_number` (the holder\'s RN number), `last_name`, `first_name`, `middle_name`, `apn_category`, `license_status` ("CURRENT (C)"), `lincense_expiration_date`, `texas_license_issuance_date`, `apn_prescriptive_authority_status`. Only authorisations whose RN license is current appear.',
    '- TMB `license_status` and `registration_status` spellings are chosen (ACTIVE, ACTIVE - PROBATION, EXPIRED, DELINQUENT, INACTIVE, RETIRED, CANCELLED, CANCELLED BY BOARD, DECEASED, SUSPENDED, REVOKED, SURRENDERED); `disciplinary_status` uses the listed values.',
    '- Illinois profession codes: 036 physician and 129 permanent employee registration as documented; the other codes (041 RN, 043 LPN, 209 APRN, 065 CPA, …) are chosen and used consistently. DE license-number prefixes are chosen (L1 RN, L2 LPN, L4 APRN, C1 physician, M9 massage, …).',
    "- LEIE: the header row unquoted and every data field quoted, CRLF line ends, as OIG publishes the file; an unknown DOB is empty (as on the live file's business rows); REINDATE is always 00000000 (the full file lists current exclusions only). Unrelated LEIE rows avoid the sample providers' names, so every name match in the file is intended.",
    "- SAM (`sam/`): the extract's CSV, with a BOM, every field quoted, `Record Status` empty and `Creation_Date` ISO as on the real extract; the simulator serves it zipped under the `.ZIP` name. HHS rows mirror the LEIE file's sample rows (no DOB: SAM publishes none) and half of its unrelated rows; a party with an NPI is excluded by OPM too (two rows, same identifiers), and every other NPI is float-formatted (`1234567890.0`). Other agencies' rows (HUD, DLA, ARMY, AF, EPA, OPM) are unrelated people, firms, vessels and special entities; a third of them end on a definite date, many name no excluding agency or CT code, and a few give as an alias the firm a person ran, its legal form after a comma (`(also DOE PAVING, LLC)`).",
    "- CMS (`cms/<dataset-uuid>.json`): the data.cms.gov Medicare Opt-Out Affidavits (`9887a515-…`) and Revoked Medicare Providers and Suppliers (`a6496a7d-…`) as the data API answers them: JSON arrays of row objects, every field a string, dates MM/DD/YYYY, empty for none; revoked rows carry the 12 fields the API answers, a person's middle name in MDL_NAME. Opt-out rows of one NPI keep their order (the last is the current affidavit); unrelated rows avoid the sample providers' names.",
    '- Connecticut (`ngch-56tr`) and Vermont (`mxkz-bi85`) rows are made apart from the population above (no NPPES records): CT DPH credentials in Title Case with numeric codes (10 Registered Nurse, 14 Licensed Practical Nurse, 90 Emergency Medical Technician as in real rows; 1 Physician/Surgeon, 27 Physician Assistant and the rest chosen), DCP credentials in upper case with letter codes, businesses, status with reason and `active` "1"/"0", floating-timestamp dates. VT column names are the connector\'s inferred ones; profession codes other than 042 (Medical Doctor) are chosen.',
    "- WA HCA, CO HCPF and NY OMIG Medicaid lists (`lists/`): each sheet's cells as CSV (a row of empty cells is a blank row), which the simulator serves as an XLSX, ISO dates in a date column made Excel date cells and all-digit NPIs in WA's NPI column number cells. WA (`wa-hca.csv`): its title, `Updated` and blank preamble rows, names in title case, several names and NPIs to a cell. CO (`co-hcpf.csv`, and the `Reinstated Providers` sheet `co-hcpf-reinstated.csv`): upper case, rows in termination-date order, NPIs as text. NY (`ny-omig.csv`): upper case, every cell text, rows in name order. Unrelated rows avoid the sample providers' names; provider types, actions, citations and identifier shapes follow the real files' proportions.",
    "- NPPES Deactivated NPI Report (`nppes-deactivated/NPPES_Deactivated_NPI_Report_<MMDDYY>_V2.csv`): the report's rows as text (header `NPI,NPPES Deactivation Date`, NPI order, dates MM/DD/YYYY); the simulator serves each as the published ZIP holding a workbook (sheet `DeactivatedNPIs`: the title row `NPPES Deactivated Records as of <Mon DD YYYY>`, the header, the rows; every tenth NPI a number cell, the others text) and lists them on `/nppes/NPI_Files.html` with an older report named without `_V2` (the naming until 2025). The full list each month: October's adds the NPIs deactivated since September's and drops a few reactivated ones. Unrelated NPIs only, but for one sample provider (below).",
    '- NPPES files: `nppes/<STATE>.json` (arrays, by the state of the primary license), `nppes/organizations.json` (NPI-2), and `nppes/single-record.json` (one object, not repeated elsewhere).',
    '',
    '## Status spellings per dataset',
    '',
    ...[...statusCounts].map(([file, counts]) => `- \`${file}\`: ${[...counts].map(([s, n]) => `${s} ${n}`).join(', ')}`),
    '',
    '## Notable providers',
    '',
  );
  for (const notable of notables) {
    out.push(`### ${notable.title}`, '', notable.note, '');
    for (const person of notable.people) out.push(...personLines(person));
    for (const org of notable.organizations ?? []) out.push(...organizationLines(org));
    out.push('');
  }
  if (input.ctVtNotables?.length) {
    out.push('### Connecticut and Vermont', '');
    for (const n of input.ctVtNotables) out.push(`- ${n.state} **${n.name}**: ${n.what}`);
    out.push('');
  }
  if (input.ksNotables?.length) {
    out.push(
      '### Kansas (Board of Healing Arts profile search)',
      '',
      "Records under `lookups/ks_bha/licensees.json`, one per license; the simulator renders the board's search results and profile pages from them (`POST /ssrv-ksbhada/search.html`, `GET /ssrv-ksbhada/details.html?id=`). The profile words of a PREVIOUS or DENIED license, the Exempt License Type and the wording of an action are chosen: the real pages captured showed none.",
      '',
    );
    for (const n of input.ksNotables) out.push(`- ${n.state} **${n.name}**: ${n.what}`);
    out.push('');
  }
  if (input.maNotables?.length) {
    out.push(
      '### Massachusetts (Bureau of Health Professions Licensure search API)',
      '',
      "Records under `lookups/ma_bhpl/licenses.json`, one per license (its board and type, and its row as the API answers it); the simulator answers `POST /api-public/search` from them. The answer's member order, null for empty values, the dates' form, the marriage and family therapist type's name and the Administrative Hold status are chosen: no raw answer of the API was recorded.",
      '',
    );
    for (const n of input.maNotables) out.push(`- ${n.state} **${n.name}**: ${n.what}`);
    out.push('');
  }
  if (input.rosterNotables?.length) {
    out.push(
      '### Roster states (Texas BHEC, Maryland, Florida, Alabama, West Virginia, Nevada, South Dakota, Arkansas, Louisiana, Alaska, California)',
      '',
      "Files under `rosters/<roster id>/`, served by the simulator at the publishers' paths (Texas BHEC, Maryland; West Virginia's three XLSX workbooks through the links of its `Rosters.asp` page; South Dakota's two lists under `rosters/sd_boards/<board's host>/`; Arkansas's podiatry PDF through the \"Verification Document\" link of its board page; Louisiana's massage therapy PDF through the \"PROFESSIONAL LICENSE SEARCH\" link of the board's search page) or loaded with `npm run admin -- ingest-roster <id> --file <path>` (Florida, Alabama: sign-in or form portals; Nevada: the workbook of the pharmacy board's Export To Excel; Alaska: the Professional License Download saved from a browser, `rosters/ak_cbpl/ProfessionalLicenseDownload.CSV`; California: the Board of Behavioral Sciences' tab-delimited file from DCA's Box folder, `rosters/ca_bbs/BBS_Data1.xls`).",
      '',
    );
    for (const n of input.rosterNotables) out.push(`- ${n.state} **${n.name}**: ${n.what}`);
    out.push('');
  }
  const found: [string, Person | undefined][] = [
    ['An NPPES record in the older response form', firstMatching(people, (p) => p.nppes?.form === 'older')],
    [
      'An IL number that NPPES writes with a dash',
      firstMatching(people, (p) => p.nppes?.listed.some((l) => l.license.kind.state === 'IL' && l.shownNumber.includes('-')) ?? false),
    ],
    [
      'A CO number that NPPES writes without its zero padding',
      firstMatching(people, (p) => p.nppes?.listed.some((l) => l.license.kind.state === 'CO' && l.shownNumber !== l.license.number) ?? false),
    ],
    ['A revoked license in the random population on the LEIE', firstMatching(people, (p) => p.leie?.exclusionType === '1128b4')],
    ['Two licenses in two states (random population)', firstMatching(people, (p) => new Set(p.licenses.map((l) => l.kind.state)).size > 1)],
  ];
  out.push('### More examples from the random population', '');
  for (const [title, person] of found) {
    if (!person) continue;
    out.push(`${title}:`, '', ...personLines(person), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}
