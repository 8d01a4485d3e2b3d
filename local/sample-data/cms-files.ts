/**
 * The two data.cms.gov datasets the simulator serves (`cms/<dataset-uuid>.json`, JSON arrays of row
 * objects as the data API answers them: every field a string, dates `MM/DD/YYYY`, empty for none).
 *
 * Medicare Opt-Out Affidavits: sample providers with an NPI who opted out (one with two affidavits, the
 * older one first: the last row is the one kept; one whose opt-out runs to a date to come), one whose
 * opt-out ended (no match), a person with a sample provider's name and another NPI, and unrelated people.
 *
 * Revoked Medicare Providers and Suppliers: the 12 fields the data API answers, a person's middle name
 * in MDL_NAME (empty on many rows); a sample provider whose license was revoked, with a re-enrolment bar
 * running for years; a sample organisation (an org row: ORG_NAME only); a person with a sample
 * provider's name and another NPI; unrelated people and organisations.
 *
 * Unrelated rows avoid the sample providers' names, so every name match is intended.
 */
import { type Day, mmddyyyy, TODAY } from './dates.ts';
import { type LeieRow, unrelatedRows } from './leie-file.ts';
import type { Organization, Person } from './model.ts';
import type { NameTables } from './name-tables.ts';
import type { NpiIssuer } from './npi.ts';
import type { Rng } from './prng.ts';
import type { Notable } from './scenarios.ts';

/** The data.cms.gov dataset of the Medicare Opt-Out Affidavits, and its fields in the API's order. */
const optOutDataset = '9887a515-7552-4693-bf58-735c77af46d7';
const optOutFields = [
  'NPI',
  'First Name',
  'Last Name',
  'Specialty',
  'Optout Effective Date',
  'Optout End Date',
  'First Line Street Address',
  'Second Line Street Address',
  'City Name',
  'State Code',
  'Zip code',
  'Eligible to Order and Refer',
  'Last updated',
] as const;

/** The data.cms.gov dataset of the Revoked Medicare Providers and Suppliers, and its 12 fields in the API's order. */
const revokedDataset = 'a6496a7d-4e19-479a-a9ad-d4c0a49e07c3';
const revokedFields = [
  'ENRLMT_ID',
  'NPI',
  'FIRST_NAME',
  'MDL_NAME',
  'LAST_NAME',
  'ORG_NAME',
  'MULTIPLE_NPI_FLAG',
  'STATE_CD',
  'PROVIDER_TYPE_DESC',
  'REVOCATION_RSN',
  'REVOCATION_EFCTV_DT',
  'REENROLLMENT_BAR_EXPRTN_DT',
] as const;

export const cmsOptOutFile = `cms/${optOutDataset}.json`;
export const cmsRevokedFile = `cms/${revokedDataset}.json`;

type Row = Record<string, string>;

const optOutSpecialties = ['Psychiatry', 'Clinical Psychologist', 'Licensed Clinical Social Worker', 'Dentist', 'Family Practice', 'Internal Medicine'];

const revocationReasons = [
  '424.535(a)(1) - Noncompliance',
  '424.535(a)(3) - Felony Conviction',
  '424.535(a)(5) - On-site Review',
  '424.535(a)(8) - Abuse of Billing Privileges',
  '424.535(a)(9) - Failure to Report',
  '424.535(a)(12) - Medicaid Termination',
  '424.535(a)(14) - Improper Prescribing Practices',
];

const providerTypes = ['PRACTITIONER - FAMILY PRACTICE', 'PRACTITIONER - INTERNAL MEDICINE', 'PRACTITIONER - NURSE PRACTITIONER', 'PRACTITIONER - PSYCHIATRY'];
const supplierTypes = [
  'PART B SUPPLIER - DME',
  'PART A PROVIDER - HOME HEALTH AGENCY',
  'PART B SUPPLIER - AMBULANCE SERVICE SUPPLIER',
  'PART B SUPPLIER - CLINIC/GROUP PRACTICE',
];

const fields = (names: readonly string[], values: Row): Row => Object.fromEntries(names.map((name) => [name, values[name] ?? '']));

interface OptOutParty {
  readonly first: string;
  readonly last: string;
  readonly npi: string;
  readonly line1: string;
  readonly line2: string;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
}

function optOutRow(rng: Rng, party: OptOutParty, start: Day, end: Day | null): Row {
  return fields(optOutFields, {
    NPI: party.npi,
    'First Name': party.first,
    'Last Name': party.last,
    Specialty: rng.pick(optOutSpecialties),
    'Optout Effective Date': mmddyyyy(start),
    'Optout End Date': end === null ? '' : mmddyyyy(end),
    'First Line Street Address': party.line1,
    'Second Line Street Address': party.line2,
    'City Name': party.city,
    'State Code': party.state,
    'Zip code': party.zip,
    'Eligible to Order and Refer': rng.chance(0.7) ? 'Y' : 'N',
    'Last updated': mmddyyyy(TODAY - 17),
  });
}

const personParty = (person: Person, npi: string): OptOutParty => ({
  first: person.name.first,
  last: person.name.last,
  npi,
  line1: person.address.line1,
  line2: person.address.line2,
  city: person.address.city,
  state: person.address.state,
  zip: person.address.zip,
});

const unrelatedParty = (row: LeieRow): OptOutParty => ({
  first: row.firstName,
  last: row.lastName,
  npi: row.npi!,
  line1: row.address,
  line2: '',
  city: row.city,
  state: row.state,
  zip: row.zip,
});

function revokedRow(rng: Rng, values: Row): Row {
  const revoked = TODAY - rng.int(60, 2500);
  return fields(revokedFields, {
    // Enrolment ids start with I for an individual, O for an organisation.
    ENRLMT_ID: `${values.ORG_NAME ? 'O' : 'I'}${2004 + rng.int(0, 20)}${rng.digits(10)}`,
    MULTIPLE_NPI_FLAG: 'N',
    REVOCATION_RSN: rng.pick(revocationReasons),
    REVOCATION_EFCTV_DT: mmddyyyy(revoked),
    REENROLLMENT_BAR_EXPRTN_DT: mmddyyyy(Math.max(TODAY + 30, revoked + 365 * rng.int(1, 10))),
    ...values,
  });
}

const byName = (a: Row, b: Row, keys: readonly string[]): number => {
  for (const key of keys) if (a[key]! !== b[key]!) return a[key]! < b[key]! ? -1 : 1;
  return 0;
};

/** Sample people who could be on a Medicare list: healthcare, an NPI, a current license, no other role in the sample. */
function candidates(people: readonly Person[], test: (p: Person) => boolean): Person[] {
  return people.filter((p) => p.tags.length === 0 && p.nppes !== null && p.leie === null && p.leieNamesakes.length === 0 && p.profession !== null && test(p));
}

const current = (p: Person) => p.licenses.some((l) => l.status.meaning === 'active');

export interface CmsFiles {
  readonly optOut: Row[];
  readonly revoked: Row[];
  readonly notables: Notable[];
}

export function cmsFiles(
  rng: Rng,
  people: readonly Person[],
  organizations: readonly Organization[],
  names: NameTables,
  npis: NpiIssuer,
  avoid: ReadonlySet<string>,
): CmsFiles {
  const used = new Set<Person>();
  const take = (label: string, test: (p: Person) => boolean): Person => {
    const list = candidates(people, (p) => !used.has(p) && test(p));
    if (list.length === 0) throw new Error(`no sample person for the CMS row "${label}"`);
    const person = rng.fork(`pick:${label}`).pick(list);
    used.add(person);
    return person;
  };
  const optedOut = take('opted-out', (p) => current(p) && p.profession === 'physician');
  const renewed = take('opt-out-to-come', (p) => current(p) && p.profession !== 'physician');
  const lapsed = take('opt-out-ended', current);
  const optOutNamesake = take('opt-out-namesake', current);
  const revokedPerson = take('revoked', (p) => p.licenses.some((l) => l.status.meaning === 'revoked'));
  const revokedNamesake = take('revoked-namesake', current);
  const revokedOrg = rng.fork('pick:org').pick(organizations.filter((o) => o.npi !== null && o.licenses.length > 0));

  const r = (label: string) => rng.fork(label);
  const optOut: Row[] = [
    // Two affidavits of one NPI: the earlier one ended, the later one runs with no end date.
    optOutRow(r('opted-out:1'), personParty(optedOut, optedOut.nppes!.npi), TODAY - 1100, TODAY - 370),
    optOutRow(r('opted-out:2'), personParty(optedOut, optedOut.nppes!.npi), TODAY - 369, null),
    optOutRow(r('opt-out-to-come'), personParty(renewed, renewed.nppes!.npi), TODAY - 400, TODAY + 330),
    optOutRow(r('opt-out-ended'), personParty(lapsed, lapsed.nppes!.npi), TODAY - 1200, TODAY - 470),
    optOutRow(r('opt-out-namesake'), personParty(optOutNamesake, npis.next()), TODAY - 250, null),
  ];
  unrelatedRows(r('opt-out-unrelated'), names, npis, 60, avoid)
    .filter((row) => row.lastName && row.npi)
    .slice(0, 40)
    .forEach((row, i) => {
      const rr = r(`opt-out-row:${i}`);
      const start = TODAY - rr.int(30, 3000);
      const ended = rr.chance(0.25);
      const end = ended ? Math.min(TODAY - 1, start + 730) : rr.chance(0.5) ? null : TODAY + rr.int(30, 700);
      if (rr.chance(0.15)) optOut.push(optOutRow(rr.fork('earlier'), unrelatedParty(row), start - 730, start - 1));
      optOut.push(optOutRow(rr, unrelatedParty(row), start, end));
    });

  const revoked: Row[] = [
    revokedRow(r('revoked'), {
      NPI: revokedPerson.nppes!.npi,
      FIRST_NAME: revokedPerson.name.first,
      MDL_NAME: revokedPerson.name.middle,
      LAST_NAME: revokedPerson.name.last,
      STATE_CD: revokedPerson.address.state,
      PROVIDER_TYPE_DESC: 'PRACTITIONER - FAMILY PRACTICE',
      REVOCATION_RSN: '424.535(a)(1) - Noncompliance',
      REVOCATION_EFCTV_DT: mmddyyyy(TODAY - 200),
      REENROLLMENT_BAR_EXPRTN_DT: mmddyyyy(TODAY - 200 + 3 * 365),
    }),
    revokedRow(r('revoked-org'), { NPI: revokedOrg.npi!, ORG_NAME: revokedOrg.name, STATE_CD: revokedOrg.state, PROVIDER_TYPE_DESC: supplierTypes[0]! }),
    revokedRow(r('revoked-namesake'), {
      NPI: npis.next(),
      FIRST_NAME: revokedNamesake.name.first,
      LAST_NAME: revokedNamesake.name.last,
      STATE_CD: revokedNamesake.address.state,
      PROVIDER_TYPE_DESC: 'PRACTITIONER - INTERNAL MEDICINE',
    }),
  ];
  unrelatedRows(r('revoked-unrelated'), names, npis, 30, avoid).forEach((row, i) => {
    const rr = r(`revoked-row:${i}`);
    const org = row.busName !== '';
    revoked.push(
      revokedRow(rr, {
        NPI: row.npi ?? '',
        FIRST_NAME: org ? '' : row.firstName,
        MDL_NAME: org ? '' : row.midName,
        LAST_NAME: org ? '' : row.lastName,
        ORG_NAME: org ? row.busName : '',
        STATE_CD: row.state,
        PROVIDER_TYPE_DESC: org ? rr.pick(supplierTypes) : rr.pick(providerTypes),
      }),
    );
  });

  const notables: Notable[] = [
    {
      title: 'Medicare opt-out in force',
      note: 'Current physician on the CMS opt-out list with two affidavits under the NPI: the earlier one ended, the later one (last row) runs with no end date.',
      people: [optedOut],
    },
    { title: 'Medicare opt-out ending on a date to come', note: 'On the CMS opt-out list until a date 330 days after the reference date.', people: [renewed] },
    { title: 'Medicare opt-out that ended', note: 'On the CMS opt-out list with an end date 470 days before the reference date: no match.', people: [lapsed] },
    {
      title: 'Medicare opt-out namesake with a different NPI',
      note: 'A CMS opt-out row with the same name carries another (valid) NPI: a different person.',
      people: [optOutNamesake],
    },
    {
      title: 'Medicare revocation with a re-enrolment bar',
      note: 'Revoked license; on the CMS revoked list (424.535(a)(1)) with the NPI, the re-enrolment bar running until three years after the revocation.',
      people: [revokedPerson],
    },
    {
      title: 'Medicare revocation of an organisation',
      note: 'On the CMS revoked list as an org row (ORG_NAME, no person) with its NPI.',
      people: [],
      organizations: [revokedOrg],
    },
    {
      title: 'Medicare revocation namesake with a different NPI',
      note: 'A CMS revoked row with the same name carries another (valid) NPI: a different person.',
      people: [revokedNamesake],
    },
  ];
  return {
    optOut: optOut
      .map((row, i) => [row, i] as const)
      .sort((a, b) => byName(a[0], b[0], ['Last Name', 'First Name']) || a[1] - b[1])
      .map(([row]) => row),
    revoked: revoked.sort((a, b) => byName(a, b, ['LAST_NAME', 'FIRST_NAME', 'ORG_NAME', 'ENRLMT_ID'])),
    notables,
  };
}
