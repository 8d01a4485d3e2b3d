/**
 * Colorado DORA, Professional and Occupational Licenses (7s5z-vewr). License types are codes
 * (`licensetype`, with `subcategory` for APN), numbers written without leading zeros (`4751`,
 * `991717`) and unique only within a type, dates floating timestamps, `linktoverifylicense` an object {url}. ONE ROW PER DISCIPLINE
 * CASE: a license with two cases appears twice, identical but for the case fields.
 *
 * Choices where the notes are silent: names, cities and entity names are in title case as entered,
 * with accents kept (José Peña); `title`, `degrees` and `specialty` are filled for some professions;
 * the verification URL follows one illustrative pattern.
 */
import { floatingTimestamp } from './dates.ts';
import type { Profession } from './license-catalog.ts';
import type { License, Person } from './model.ts';
import { isPerson } from './model.ts';
import { titleCase } from './name-variants.ts';
import type { Rng } from './prng.ts';
import { type SodaRow, sodaRow } from './soda-json.ts';
import { isOsteopath, specialtyText } from './specialties.ts';

const titles: Partial<Record<string, string>> = {
  DR: 'Physician',
  PA: 'Physician Assistant',
  RN: 'Professional Nurse',
  PN: 'Practical Nurse',
  APN: 'Advanced Practice Nurse',
  RXN: 'Advanced Practice Nurse Prescriptive Authority',
  PHA: 'Pharmacist',
  DEN: 'Dentist',
  PT: 'Physical Therapist',
  PSY: 'Psychologist',
  LPC: 'Licensed Professional Counselor',
  LCSW: 'Licensed Clinical Social Worker',
  MT: 'Massage Therapist',
};

const degreeOptions: Partial<Record<string, readonly string[]>> = {
  PA: ['PA-C', 'MPAS'],
  RN: ['BSN', 'ADN', 'MSN'],
  PN: ['LPN'],
  APN: ['MSN', 'DNP'],
  PHA: ['PharmD', 'BS Pharm'],
  DEN: ['DDS', 'DMD'],
  PT: ['DPT', 'MPT'],
  PSY: ['PhD', 'PsyD'],
};

const suffixText: Readonly<Record<string, string>> = { JR: 'Jr', SR: 'Sr', II: 'II', III: 'III', IV: 'IV' };

/** The number as the dataset writes it: without leading zeros. */
const published = (number: string): string => number.replace(/^0+(?=\d)/, '');

function personNames(license: License, person: Person) {
  const name = license.nameOnRecord;
  // The accented spelling is the person's own; CO keeps what was entered.
  const first = person.accentedFirst && name.first === person.name.first ? person.accentedFirst : name.first;
  const last = person.accentedLast && name.last === person.name.last ? person.accentedLast : name.last;
  return { last: titleCase(last), first: titleCase(first), middle: titleCase(name.middle), suffix: suffixText[name.suffix] ?? '' };
}

export function coRows(rng: Rng, license: License): SodaRow[] {
  const holder = license.holder;
  const code = license.kind.type;
  const a = license.address;
  const names = isPerson(holder) ? personNames(license, holder) : null;
  const person = isPerson(holder) ? holder : null;
  const degrees = code === 'DR' ? [person && isOsteopath(person) ? 'DO' : 'MD'] : degreeOptions[code];
  const specialty = code === 'DR' || code === 'APN' ? (person?.profession ? specialtyText(person, license.kind.role as Profession) : '') : '';
  const base: [string, SodaRow[string] | null | undefined][] = [
    ['lastname', names?.last],
    ['firstname', names?.first],
    ['middlename', names?.middle],
    ['suffix', names?.suffix],
    ['entityname', isPerson(holder) ? null : titleCase(holder.name)],
    ['city', titleCase(a.city)],
    ['state', a.state],
    ['mailzipcode', a.zip],
    ['licensetype', code],
    ['subcategory', license.kind.group],
    ['licensenumber', published(license.number)],
    ['licensefirstissuedate', license.firstIssue !== null ? floatingTimestamp(license.firstIssue) : null],
    ['licenselastreneweddate', license.lastIssue !== null && license.lastIssue !== license.firstIssue ? floatingTimestamp(license.lastIssue) : null],
    ['licenseexpirationdate', license.expiration !== null ? floatingTimestamp(license.expiration) : null],
    ['licensestatusdescription', license.status.text],
    ['specialty', specialty && rng.chance(0.7) ? specialty : null],
    ['title', titles[code] && rng.chance(0.6) ? titles[code] : null],
    ['degrees', degrees && rng.chance(0.65) ? rng.pick(degrees) : null],
  ];
  const link = { url: `https://apps2.colorado.gov/dora/licensing/Lookup/LicenseLookup.aspx?License=${code}.${published(license.number)}` };
  const cases = license.cases.length > 0 ? license.cases : [null];
  return cases.map((c) =>
    sodaRow([
      ...base,
      ['casenumber', c?.number],
      ['programaction', c?.action],
      ['disciplineeffectivedate', c ? floatingTimestamp(c.start) : null],
      ['disciplinecompletedate', c?.end != null ? floatingTimestamp(c.end) : null],
      ['linktoverifylicense', link],
    ]),
  );
}
