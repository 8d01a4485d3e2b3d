/**
 * Kansas State Board of Healing Arts (KSBHA): physicians (MD, DO, postgraduate and temporary permits),
 * physician assistants, chiropractors, physical and occupational therapists and their assistants,
 * radiologic technologists, respiratory therapists and athletic trainers. The board publishes no dataset
 * and no roster: it is looked up live through its Licensee & Registrant Profile Search on kansas.gov
 * (`https://www.kansas.gov/ssrv-ksbhada/search.html`), a server-rendered results page and a profile page
 * per licensee (html-lookup.ts). What the connector relies on, from 1,041 results pages and 769 profiles
 * of the live site captured in June 2026 (test/fixtures/real/ks_bha/):
 *
 *  - Results page: "Number of Licensees found: 1-25 of 435" (or "No Licensees found"), then one table
 *    with the headers Name, Profession, License #, Location, Status; the name `LAST, FIRST M` links to
 *    `/ssrv-ksbhada/details.html?id=<n>` (the id differs between sessions for one license). 25 rows a
 *    page; further pages are the links `?navigate=<n>` the first page prints (seen: `?navigate=2` to
 *    `?navigate=4` and `?navigate=next` on "1-25 of 95"), read in the search's session (its cookies)
 *    up to four pages, 100 licensees; a surname with more is no conclusive answer (`too_many_rows`).
 *    The further pages themselves were not captured: that each counts "26-50 of 95" and so on is
 *    inferred, and a page that does not is refused as a changed format.
 *  - Results Status: CURRENT, PREVIOUS, DENIED (observed in 1,583, 1,068 and 6 rows of the captures,
 *    many pages captured more than once). Profession wordings
 *    are cut at 30 characters ("OCCUPATIONAL THERAPIST TEMPORA"); the rules below name every wording
 *    seen, exactly, and any other is an unclassified license.
 *  - Profile: labelled values (`<strong>License Status:</strong> Current`): Profession, Year of Birth,
 *    License Number, License Type, License Status, License Expiration Date (physical and occupational
 *    therapists, radiologic technologists) or License Cancellation Date (physician assistants,
 *    chiropractors: the date the license lapses unless renewed, read as its expiry), Original License
 *    Date; sections "KSBHA Actions", "Other KSBHA Licenses" and others, each "None Reported" when
 *    empty; "License Profile last updated: June 22, 2026". Every profile seen is License Type Active,
 *    License Status Current, KSBHA Actions None Reported (every profile captured was a current license's): a CURRENT row is read
 *    active only with that profile, and any other spelling on it makes the status unreadable; a PREVIOUS
 *    or DENIED row answers inactive, its profile's words not read as a status. Any text under KSBHA
 *    Actions other than "None Reported" is an action on record (the discipline signal).
 *  - The search form: NOT recorded (no capture holds the search page). The results page's "Perform
 *    Another Search" form posts to its own page (`method="post"`, no fields), so the search is inferred
 *    to be a POST of the form to search.html, its surname field named `lastName`. A wrong guess cannot
 *    read as "no license": an answer that is not a results page with these columns makes the board
 *    unavailable with a logged format error.
 */
import type { HtmlLookupDefinition, StateBoardDefinition } from '../board-definition.ts';
import { field, professionRules } from '../board-definition.ts';

/** Every profession wording seen in the results' Profession column, exactly (cut at 30 characters as published). */
const wordings: readonly (readonly [string, Parameters<typeof professionRules>[0][number]['profession']])[] = [
  ['MEDICAL DOCTOR (MD)', 'physician'],
  ['MEDICAL DOCTOR TEMPORARY (MD)', 'physician'],
  ['MEDICAL DOCTOR RESIDENT ACTIVE', 'physician'],
  ['DOCTOR OF OSTEOPATHY (DO)', 'physician'],
  ['OSTEOPATHIC DOCTOR TEMPORARY (', 'physician'],
  ['POSTGRADUATE MD/DO', 'physician'],
  ['PHYSICIAN ASSISTANT (PA)', 'physician_assistant'],
  ['CHIROPRACTOR (DC)', 'chiropractor'],
  ['CHIROPRACTIC DOCTOR TEMPORARY', 'chiropractor'],
  ['PHYSICAL THERAPIST (PT)', 'physical_therapist'],
  ['PHYSICAL THERAPIST TEMPORARY (', 'physical_therapist'],
  ['PHYSICAL THERAPIST ASSISTANT (PTA)', 'physical_therapist_assistant'],
  ['PHYSICAL THERAPIST ASSISTANT T', 'physical_therapist_assistant'],
  ['OCCUPATIONAL THERAPIST (OT)', 'occupational_therapist'],
  ['OCCUPATIONAL THERAPIST TEMPORA', 'occupational_therapist'],
  ['OCCUPATIONAL THERAPY ASSISTANT (OTA)', 'occupational_therapy_assistant'],
  ['OCCUPATIONAL THERAPY ASSIST TE', 'occupational_therapy_assistant'],
  ['RADIOLOGIC TECHNOLOGIST (LRT)', 'radiographer'],
  ['RADIOLOGIC TECHNOLOGIST TEMPOR', 'radiographer'],
  ['RESPIRATORY THERAPIST (RT)', 'respiratory_therapist'],
  ['RESPIRATORY THERAPY TEMPORARY', 'respiratory_therapist'],
  // A student's permit: healthcare, no licensed profession.
  ['RESPIRATORY THERAPY STUDENT PE', 'unclassified'],
  ['ATHLETIC TRAINER (AT)', 'athletic_trainer'],
];

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const rules = professionRules(
  wordings.map(([wording, profession]) => ({ pattern: new RegExp(`^${literal(wording)}$`), profession })),
  { kind: 'unclassified' },
);

/** The board's search and pages, as the real ones read (see the notes above). */
export const kansasLookup: HtmlLookupDefinition = {
  id: 'ks_bha',
  title: 'KSBHA Licensee & Registrant Profile Search',
  baseUrlEnv: 'KS_BHA_BASE_URL',
  defaultBaseUrl: 'https://www.kansas.gov',
  search: { path: '/ssrv-ksbhada/search.html', method: 'POST', fields: (surname) => ({ lastName: surname }) },
  results: {
    columns: [
      { header: 'Name', key: 'name' },
      { header: 'Profession', key: 'profession' },
      { header: 'License #', key: 'license_number' },
      { header: 'Location', key: 'location' },
      { header: 'Status', key: 'status' },
    ],
    nameColumn: 'name',
    count(text) {
      if (/\bNo Licensees found\b/.test(text)) return { kind: 'none' };
      const match = /Number of Licensees found: (\d+)-(\d+) of (\d+)/.exec(text);
      return match ? { kind: 'some', first: Number(match[1]), last: Number(match[2]), total: Number(match[3]) } : undefined;
    },
    pages: { link: (page) => `?navigate=${page}`, max: 4 },
  },
  profile: {
    link: /\/ssrv-ksbhada\/details\.html\?id=\d+$/,
    labels: {
      'License Number': 'profile_license_number',
      Profession: 'profile_profession',
      'Year of Birth': 'year_of_birth',
      'License Type': 'license_type',
      'License Status': 'license_status',
      'License Expiration Date': 'expiration_date',
      'License Cancellation Date': 'expiration_date',
      'Original License Date': 'original_license_date',
    },
    sections: { 'KSBHA Actions': 'ksbha_actions' },
    licenseNumberKey: 'profile_license_number',
  },
  licenseNumberKey: 'license_number',
  maxProfiles: 6,
};

export const kansas: StateBoardDefinition = {
  state: 'KS',
  sourceName: 'Kansas State Board of Healing Arts',
  domain: 'www.kansas.gov',
  licenseNumberScope: 'state',
  // "15-03128": a two-digit profession code before five digits; temporary permits "T-00625".
  licenseNumberPrefix: /^(?:\d{2}(?=\d{5}$)|[A-Z]+(?=\d))/,
  format: {
    confidence: 'observed',
    notes:
      "Looked up live through the board's HTML profile search: the results table's columns, statuses (CURRENT, PREVIOUS, DENIED), profession wordings and the profile's labels are those of 1,041 results pages and 769 profiles captured from the live site; the search form's field names are not recorded and were inferred (an answer that is not a results page makes the board unavailable). Every profile seen is License Type Active / License Status Current: a CURRENT row with other profile spellings is unreadable; PREVIOUS and DENIED answer inactive. KSBHA Actions other than None Reported is the discipline signal. A surname's further results pages are read in the search's session up to four (100 licensees; the further pages' count statements are inferred); a surname with more, or more than six licensees that can match, is no conclusive answer.",
  },
  // Profiles read "last updated" the day before they were captured (June 22 on June 23, 2026).
  refresh: 'daily',
  uncoveredProfession: 'reject_before_lookup',
  lookup: kansasLookup,
  datasets: [
    {
      id: 'ks_bha',
      title: 'Licensee & Registrant Profile Search: results and profiles',
      fields: {
        licenseNumber: 'license_number',
        lastName: 'last_name',
        firstName: 'first_name',
        middleName: 'middle_name',
        status: 'status',
        expiry: 'expiration_date',
        issued: 'original_license_date',
        birthYear: 'year_of_birth',
      },
      requiredFields: ['license_number', 'profession', 'status', 'license_type', 'license_status', 'ksbha_actions'],
      dateFormat: 'mm/dd/yyyy',
      licenseType: (row) => field(row, 'profession'),
      // The results' Status: every value seen. A CURRENT row is active only when its profile says so in
      // the words seen (License Type Active, License Status Current): any other spelling there makes the
      // status unreadable. A PREVIOUS or DENIED row is no current license whatever its profile's words,
      // which are not read as a status (no profile of one was seen).
      statuses: { CURRENT: 'active', PREVIOUS: 'inactive', DENIED: 'inactive' },
      unreadableStatus: (row) => {
        if (field(row, 'status').toUpperCase() !== 'CURRENT') return undefined;
        const type = field(row, 'license_type');
        const status = field(row, 'license_status');
        if (type.toUpperCase() !== 'ACTIVE') return type || '(no License Type)';
        if (status.toUpperCase() !== 'CURRENT') return status || '(no License Status)';
        return undefined;
      },
      classify: (row) => rules.classifyText(field(row, 'profession')),
      disciplined: (rows) => rows.some((row) => field(row, 'ksbha_actions') !== 'None Reported'),
      licenseKey: (row) => field(row, 'license_number').toUpperCase(),
      professions: rules.professions,
    },
  ],
};
