/**
 * One specialty per person, shared by every source that shows one (NPPES taxonomy, CO `specialty`, TMB
 * `specialties`, IL `specialty_qualifier`), so the sources agree about the same provider.
 */
import { type Profession, taxonomies } from './license-catalog.ts';
import type { Person } from './model.ts';

/** The NPPES taxonomy (code, description) of the person's profession that fits them. */
export function personTaxonomy(person: Person, profession: Profession = person.profession!): readonly [string, string] {
  const options = taxonomies[profession].options;
  return options[person.id % options.length]!;
}

/** The specialty part of a taxonomy description: "Nurse Practitioner, Family" → "Family". */
export function specialtyText(person: Person, profession: Profession = person.profession!): string {
  const desc = personTaxonomy(person, profession)[1];
  const comma = desc.indexOf(', ');
  return comma >= 0 ? desc.slice(comma + 2) : desc;
}

/** IL `specialty_qualifier` for advanced practice nurses. */
export function aprnQualifier(person: Person, role: string): string {
  switch (role) {
    case 'nurse_anesthetist':
      return 'CERTIFIED REGISTERED NURSE ANESTHETIST';
    case 'nurse_midwife':
      return 'CERTIFIED NURSE MIDWIFE';
    case 'clinical_nurse_specialist':
      return 'CLINICAL NURSE SPECIALIST';
    default: {
      const focus = specialtyText(person, 'nurse_practitioner').toUpperCase();
      return focus === 'NURSE PRACTITIONER' ? 'NURSE PRACTITIONER' : `${focus.replace('PSYCH/MENTAL HEALTH', 'PSYCHIATRIC MENTAL HEALTH')} NURSE PRACTITIONER`;
    }
  }
}

/** About one physician in seven is a DO (osteopathic); every source that shows a degree agrees. */
export function isOsteopath(person: Person): boolean {
  return person.profession === 'physician' && person.id % 7 === 3;
}
