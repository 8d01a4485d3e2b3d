/**
 * Massachusetts Department of Public Health, Bureau of Health Professions Licensure (BHPL): the Board of
 * Registration of Allied Mental Health and Human Services Professions' licensed mental health counselors
 * (LMHC) and marriage and family therapists (LMFT). The bureau publishes no dataset and no roster this
 * service reads: its "Check a Health License" site (`https://checkahealthlicense.mass.gov`, an Angular
 * page) is backed by a public JSON API, looked up live for each verification (html-lookup.ts, the JSON
 * format of the board lookup). What the connector relies on, and how it is known:
 *
 *  - Second-hand (a third party's code and notes, not a recorded answer): the API's base
 *    (`https://healthprofessionlicensing-api.mass.gov/api-public`, from the site's
 *    `environments/environment.json`), the search (`POST /search`, a JSON body `licenseBoard`,
 *    `licenseMetaId`, `firstName`, `lastName`, `searchType: "BY_LICENSEE_NAME"`, sent with the site's
 *    Origin and Referer), the answer's shape (`{"results": {"data": [...], "totalDataCount": N}}`), the
 *    rows' members (`id, licenseNumber, firstName, lastName, middleInitial, mailingCity, computedAddress,
 *    computedStatus, revokedDate, suspendedStartDate, suspendedEndDate, surrenderedDate`), the cap of
 *    10,000 rows a search and its "contains" matching, the type ids (35 Licensed Mental Health Counselor
 *    License, 34 LMFT, of the Allied Mental Health board) and the `computedStatus` vocabulary: Current,
 *    Expired, Deceased, Retired, Revoked, Suspended, Suspension, "Suspension, Expired", Stayed Suspension,
 *    Probation, "Probation, Expired", Surrendered, Non-Disciplinary Restriction, Non-Disciplinary Condition
 *    (two values hold a comma).
 *  - Seen on the live site's rendered result pages (June-July 2026, 89 licenses on 26 pages,
 *    test/fixtures/real/ma_bhpl/): the result grid's columns are the rows' members (`licenseNumber`,
 *    `licenseMetaName`, `computedStatus`, `firstName`, `middleInitial`, `lastName`, `suffix`,
 *    `organizationName`, `computedAddress`, `issueDate`, `lastIssueRenewalDate`, `expirationDate`,
 *    `suspendedStartDate`, `suspendedEndDate`); statuses displayed Current, Expired, Deceased, Revoked and,
 *    on controlled-substance registrations only, Out of Business; LMHC numbers `LMHC6175`,
 *    `LMHC5000034`; the type title "Licensed Mental Health Counselor License"; dates displayed
 *    mm/dd/yyyy.
 *  - Chosen where nothing says: the LMFT type's title ("Licensed Marriage and Family Therapist License",
 *    by the LMHC's pattern; classification reads the searched type, not the row); the JSON dates' format
 *    (read as ISO `yyyy-mm-dd`, with or without a time, as the third party's code reads the action
 *    dates; any other form leaves the date empty, never a wrong date); the meaning of the composite
 *    statuses ("Suspension, Expired": a suspended license past its expiry, suspended; "Probation,
 *    Expired": expired, disciplined; Probation: active, disciplined; Stayed Suspension: suspended, disciplined
 *    (whether the holder may practise under it is not recorded); Surrendered:
 *    revoked, as the other states read a surrender). Discipline: a disciplinary status, or a
 *    `revokedDate` or `suspendedStartDate` on the row (the bureau's status definitions, as the third
 *    party applies them).
 *
 * Bounds: a verification naming a profession searches its type only, one request per surname spelling;
 * one naming none searches both types (two requests for one surname, at most four with a second
 * spelling). Each is sent with the given name the query's prefixes share (in
 * practice none: a query accepts an initial and a slip of the first letter, so the search is by surname
 * and its rows are narrowed to the holders that can match here). An answer whose count is above its rows
 * (the 10,000 cap), with more than 1,000 rows, not in the declared shape, or with a row lacking a
 * required member makes the board unavailable, never "no license".
 */
import type { JsonLookupDefinition, StateBoardDefinition } from '../board-definition.ts';
import { field, professionRules } from '../board-definition.ts';

const board = 'BOARD_OF_REGISTRATION_OF_ALLIED_MENTAL_HEALTH_AND_HUMAN_SERVICES_PROFESSIONS';

const rules = professionRules(
  [
    { pattern: /^LICENSED MENTAL HEALTH COUNSELOR LICENSE$/, profession: 'counselor' },
    { pattern: /^LICENSED MARRIAGE AND FAMILY THERAPIST LICENSE$/, profession: 'marriage_family_therapist' },
  ],
  { kind: 'unclassified' },
);

/** `computedStatus` values that state discipline (the bureau's status definitions). */
const disciplinaryStatuses = new Set(['REVOKED', 'SUSPENDED', 'SUSPENSION', 'SUSPENSION, EXPIRED', 'STAYED SUSPENSION', 'PROBATION', 'PROBATION, EXPIRED']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bureau's search API, as the site's own page asks it (see the notes above). */
export const massachusettsLookup: JsonLookupDefinition = {
  format: 'json',
  id: 'ma_bhpl',
  title: 'Check a Health License: licensee search API',
  baseUrlEnv: 'MA_BHPL_BASE_URL',
  defaultBaseUrl: 'https://healthprofessionlicensing-api.mass.gov',
  search: {
    path: '/api-public/search',
    headers: { origin: 'https://checkahealthlicense.mass.gov', referer: 'https://checkahealthlicense.mass.gov/' },
    body: (type, surname, givenName) => ({
      licenseBoard: type.board,
      licenseMetaId: type.typeId,
      firstName: givenName,
      lastName: surname,
      searchType: 'BY_LICENSEE_NAME',
    }),
  },
  answer(body) {
    const results = isObject(body) ? body.results : undefined;
    if (!isObject(results) || !Array.isArray(results.data) || typeof results.totalDataCount !== 'number') return undefined;
    return { rows: results.data, total: results.totalDataCount };
  },
  licenseTypes: [
    { board, typeId: 35, title: 'Licensed Mental Health Counselor License' },
    { board, typeId: 34, title: 'Licensed Marriage and Family Therapist License' },
  ],
  licenseTypeKey: 'license_type',
  licenseNumberKey: 'licenseNumber',
  maxRows: 1000,
};

export const massachusetts: StateBoardDefinition = {
  state: 'MA',
  sourceName: 'Massachusetts Bureau of Health Professions Licensure',
  domain: 'healthprofessionlicensing-api.mass.gov',
  licenseNumberScope: 'state',
  format: {
    confidence: 'inferred',
    notes:
      "Looked up live through the bureau's public JSON search (Check a Health License): the request, the answer's shape, the row members and the computedStatus vocabulary are second-hand (a third party's code, no recorded answer); the live site's rendered result grids (June-July 2026) confirm the member names as column ids, the displayed statuses (Current, Expired, Deceased, Revoked) and the LMHC type and numbers. The LMFT type's title and the JSON date format are inferred. Suspension, Expired and Stayed Suspension read suspended; Probation, Expired expired; Probation active; these, Revoked, Suspended, Suspension and any revoked or suspension start date are discipline; Surrendered reads revoked. An answer not in the expected shape, a row without a required member, a status outside the vocabulary or a capped search (more licensees counted than returned, or over 1,000) makes the board unavailable. Two license types (LMHC, LMFT): the requested profession's type only, or both without a profession, one request each per surname spelling, by surname (the rows narrowed to the given names that can match).",
  },
  refresh: 'unknown',
  uncoveredProfession: 'reject_before_lookup',
  lookup: massachusettsLookup,
  datasets: [
    {
      id: 'ma_bhpl',
      title: 'Check a Health License: search answers (LMHC, LMFT)',
      fields: {
        licenseNumber: 'licenseNumber',
        lastName: 'lastName',
        firstName: 'firstName',
        middleName: 'middleInitial',
        suffix: 'suffix',
        status: 'computedStatus',
        expiry: 'expirationDate',
        issued: 'issueDate',
      },
      requiredFields: ['id', 'licenseNumber', 'lastName', 'firstName', 'computedStatus'],
      dateFormat: 'floating_timestamp',
      licenseType: (row) => field(row, 'license_type'),
      statuses: {
        CURRENT: 'active',
        EXPIRED: 'expired',
        DECEASED: 'inactive',
        RETIRED: 'inactive',
        REVOKED: 'revoked',
        SUSPENDED: 'suspended',
        SUSPENSION: 'suspended',
        'SUSPENSION, EXPIRED': 'suspended',
        // A suspension stayed on terms: whether the holder may practise is not recorded here, so it is
        // read as the suspension it names, never as active.
        'STAYED SUSPENSION': 'suspended',
        PROBATION: 'active',
        'PROBATION, EXPIRED': 'expired',
        SURRENDERED: 'revoked',
        'NON-DISCIPLINARY RESTRICTION': 'active',
        'NON-DISCIPLINARY CONDITION': 'active',
        // Displayed on the live site for controlled-substance registrations (not searched here).
        'OUT OF BUSINESS': 'inactive',
      },
      classify: (row) => rules.classifyText(field(row, 'license_type')),
      disciplined: (rows) =>
        rows.some(
          (row) =>
            disciplinaryStatuses.has(field(row, 'computedStatus').toUpperCase()) || field(row, 'revokedDate') !== '' || field(row, 'suspendedStartDate') !== '',
        ),
      licenseKey: (row) => field(row, 'licenseNumber').toUpperCase(),
      professions: rules.professions,
    },
  ],
};
