/**
 * NPPES NPI Registry API v2.1 result objects, in both response forms seen in captures:
 *  - older: `number` an integer, epochs integer seconds, `basic.gender`, `basic.name` ("LAST FIRST"),
 *    identifier desc "Other";
 *  - newer (2024-2026): `number` a string, epochs millisecond strings, `basic.sex`,
 *    `basic.certification_date`, identifier desc "Other (non-Medicare)".
 * Name prefix and suffix are "--" when empty; postal codes nine digits without a dash; telephone
 * numbers "206-555-0123".
 */
import { epochSeconds, isoDate, type Day } from './dates.ts';
import { type Profession, taxonomies, vocationalNurseTaxonomy } from './license-catalog.ts';
import type { License, NppesForm, Organization, Person } from './model.ts';
import type { Address } from './places.ts';
import type { Rng } from './prng.ts';
import { personTaxonomy } from './specialties.ts';

type Json = Record<string, unknown>;

/** NPPES writes generational suffixes like this. */
const nppesSuffix: Readonly<Record<string, string>> = { JR: 'Jr.', SR: 'Sr.', II: 'II', III: 'III', IV: 'IV' };

function epoch(form: NppesForm, day: Day, secondsIntoDay: number): number | string {
  const seconds = epochSeconds(day, secondsIntoDay);
  return form === 'older' ? seconds : String(seconds * 1000);
}

// Objects are filled field by field (not with conditional spreads) because the scaled sample renders
// hundreds of thousands of them; the field order is the registry's.

function address(a: Address, purpose: 'LOCATION' | 'MAILING'): Json {
  const out: Json = { country_code: 'US', country_name: 'United States', address_purpose: purpose, address_type: 'DOM', address_1: a.line1 };
  if (a.line2) out.address_2 = a.line2;
  out.city = a.city;
  out.state = a.state;
  out.postal_code = `${a.zip}${a.zip4}`;
  out.telephone_number = a.phone;
  if (a.fax) out.fax_number = a.fax;
  return out;
}

function taxonomyFor(person: Person, license: License): readonly [string, string] {
  if (license.kind.dataset === 'yjie-tuwv') return vocationalNurseTaxonomy;
  const role = license.kind.role as Profession;
  if (!taxonomies[role]) throw new Error(`no taxonomy for ${role}`);
  return personTaxonomy(person, role);
}

/** The NPI-1 result object for a person with an NPPES plan. */
export function individualRecord(rng: Rng, person: Person): Json {
  const plan = person.nppes;
  if (!plan) throw new Error(`person ${person.id} has no NPI`);
  const { form, name } = plan;
  const primary = plan.listed[0]!.license;
  const taxonomyRows = [
    ...plan.listed.map(({ license, shownNumber }) => {
      const [code, desc] = taxonomyFor(person, license);
      return { code, taxonomy_group: '', desc, state: license.kind.state, license: shownNumber, primary: license === primary };
    }),
    ...plan.elsewhere.map(({ state, number }) => {
      const [code, desc] = personTaxonomy(person);
      return { code, taxonomy_group: '', desc, state, license: number, primary: false };
    }),
  ];
  // A few providers never entered the number: NPPES shows license and state as null.
  if (taxonomyRows.length > 1 && rng.chance(0.04)) Object.assign(taxonomyRows[taxonomyRows.length - 1]!, { license: null, state: null });

  const identifiers: Json[] = [];
  if (rng.chance(0.22)) {
    identifiers.push({ code: '05', desc: 'MEDICAID', issuer: '', identifier: rng.digits(rng.pick([7, 8, 9])), state: primary.kind.state });
  }
  if (rng.chance(0.08)) {
    identifiers.push({
      code: '01',
      desc: form === 'older' ? 'Other' : 'Other (non-Medicare)',
      issuer: rng.pick([`${primary.kind.state} LICENSE`, 'LABOR AND INDUSTRIES', 'BCBS', 'Registered Nurse']),
      identifier: rng.digits(6),
      state: primary.kind.state,
    });
  }

  const otherNames: Json[] = person.formerLast
    ? [
        {
          type: 'Former Name',
          code: '1',
          first_name: name.first,
          last_name: person.formerLast.replace(/[^A-Z -]/g, ''),
          ...(name.middle ? { middle_name: name.middle } : {}),
          prefix: '--',
          suffix: '--',
          credential: plan.credential,
        },
      ]
    : [];

  const located = person.address;
  const mailing = rng.chance(0.6) ? located : { ...located, line1: `PO BOX ${rng.int(10, 9999)}`, line2: '' };
  const basic: Json = { first_name: name.first, last_name: name.last };
  if (name.middle) basic.middle_name = name.middle;
  basic.credential = plan.credential;
  basic.sole_proprietor = rng.chance(0.12) ? 'YES' : 'NO';
  if (form === 'older') basic.gender = person.sex;
  else basic.sex = person.sex;
  basic.enumeration_date = isoDate(plan.enumerated);
  basic.last_updated = isoDate(plan.lastUpdated);
  if (form === 'newer') basic.certification_date = isoDate(plan.lastUpdated);
  basic.status = 'A';
  basic.name_prefix = rng.chance(0.08) ? rng.pick(['Dr.', 'Ms.', 'Mr.', 'Mrs.']) : '--';
  basic.name_suffix = nppesSuffix[name.suffix] ?? '--';
  if (form === 'older') basic.name = `${name.last} ${name.first}`;

  const endpoints: Json[] = rng.chance(0.03)
    ? [
        {
          endpointType: 'DIRECT',
          endpointTypeDescription: 'Direct Messaging Address',
          endpoint: `${name.first.toLowerCase()}.${name.last.toLowerCase().replace(/[^a-z]/g, '')}@direct.example-hie.org`,
          affiliation: 'N',
          use: 'HIE',
          useDescription: 'Health Information Exchange (HIE)',
          contentType: 'OTHER',
          contentTypeDescription: 'Other',
          country_code: 'US',
          country_name: 'United States',
          address_purpose: 'LOCATION',
          address_type: 'DOM',
          address_1: located.line1,
          city: located.city,
          state: located.state,
          postal_code: `${located.zip}${located.zip4}`,
        },
      ]
    : [];

  const record: Json = {};
  if (form === 'older') record.number = Number(plan.npi);
  record.created_epoch = epoch(form, plan.enumerated, rng.int(28_800, 64_800));
  record.enumeration_type = 'NPI-1';
  record.last_updated_epoch = epoch(form, plan.lastUpdated, rng.int(28_800, 64_800));
  if (form === 'newer') record.number = plan.npi;
  record.addresses = [address(mailing, 'MAILING'), address(located, 'LOCATION')];
  record.practiceLocations = [];
  record.basic = basic;
  record.taxonomies = taxonomyRows;
  record.identifiers = identifiers;
  record.endpoints = endpoints;
  record.other_names = otherNames;
  return record;
}

/** The NPI-2 result object for an organisation with an NPI. */
export function organizationRecord(rng: Rng, org: Organization): Json {
  if (!org.npi) throw new Error(`organisation ${org.id} has no NPI`);
  const form = org.form;
  const license = org.licenses[0];
  const { official } = org;
  return {
    ...(form === 'older' ? { number: Number(org.npi) } : {}),
    created_epoch: epoch(form, org.enumerated, rng.int(28_800, 64_800)),
    enumeration_type: 'NPI-2',
    last_updated_epoch: epoch(form, org.lastUpdated, rng.int(28_800, 64_800)),
    ...(form === 'newer' ? { number: org.npi } : {}),
    addresses: [address(org.address, 'MAILING'), address(org.address, 'LOCATION')],
    practiceLocations: [],
    basic: {
      organization_name: org.name,
      organizational_subpart: rng.chance(0.2) ? 'YES' : 'NO',
      ...(org.kind === 'hospital' && rng.chance(0.5) ? { parent_organization_legal_business_name: `${org.address.city} HEALTH SYSTEM` } : {}),
      enumeration_date: isoDate(org.enumerated),
      last_updated: isoDate(org.lastUpdated),
      ...(form === 'newer' ? { certification_date: isoDate(org.lastUpdated) } : {}),
      status: 'A',
      authorized_official_first_name: official.first,
      authorized_official_last_name: official.last,
      ...(official.middle ? { authorized_official_middle_name: official.middle } : {}),
      ...(official.credential ? { authorized_official_credential: official.credential } : {}),
      authorized_official_name_prefix: '--',
      authorized_official_telephone_number: official.phone.replaceAll('-', ''),
      authorized_official_title_or_position: official.title,
    },
    taxonomies: [
      {
        code: org.taxonomy[0],
        taxonomy_group: org.kind === 'clinic' && rng.chance(0.5) ? '193200000X - Multi-Specialty Group' : '',
        desc: org.taxonomy[1],
        state: license ? license.kind.state : org.state,
        license: license ? license.number : null,
        primary: true,
      },
    ],
    identifiers: rng.chance(0.4) ? [{ code: '05', desc: 'MEDICAID', issuer: '', identifier: rng.digits(9), state: org.state }] : [],
    endpoints: [],
    other_names: org.dba ? [{ organization_name: org.dba, type: 'Doing Business As', code: '3' }] : [],
  };
}
