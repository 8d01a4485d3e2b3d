/**
 * Sample people for the state Medicaid lists (il-hfs-file.ts, tx-hhsc-file.ts, ca-medi-cal-file.ts,
 * wa-hca-file.ts, co-hcpf-file.ts, ny-omig-file.ts):
 * healthcare providers with a current license in a state, on no other list and in no scenario, whose
 * name no other person of that state shares (so a name-only row names one person), and the NPIs of
 * the rows' namesakes and unrelated people, drawn apart from every NPI of the population; the
 * credentials the lists write after a name, and their rows as CSV lines.
 */
import type { License, Organization, Person } from './model.ts';
import type { NameTables } from './name-tables.ts';
import { NpiIssuer } from './npi.ts';
import type { Rng } from './prng.ts';
import { isOsteopath } from './specialties.ts';

export class ListPeople {
  private readonly used = new Set<Person>();
  private readonly nameCounts = new Map<string, number>();

  constructor(
    private readonly rng: Rng,
    private readonly people: readonly Person[],
    /** People already on another list (the CMS notables), left alone. */
    avoid: readonly Person[],
  ) {
    for (const p of avoid) this.used.add(p);
    for (const p of people) {
      for (const state of new Set(p.licenses.map((l) => l.kind.state))) {
        const key = `${state}|${p.name.first}|${p.name.last}`;
        this.nameCounts.set(key, (this.nameCounts.get(key) ?? 0) + 1);
      }
    }
  }

  /** The current healthcare license of a person in a state. */
  static license(person: Person, state: string): License | undefined {
    return person.licenses.find((l) => l.kind.state === state && l.kind.role === person.profession && l.status.meaning === 'active');
  }

  /** A person of `state` for the row `label`; `test` narrows the choice. */
  take(label: string, state: string, test: (p: Person) => boolean = () => true): Person {
    const person = this.tryTake(label, state, test);
    if (!person) throw new Error(`no sample person for the ${state} list row "${label}"`);
    return person;
  }

  /** As `take`, or undefined when no one fits (a small population may hold no one). */
  tryTake(label: string, state: string, test: (p: Person) => boolean = () => true): Person | undefined {
    const list = this.people.filter(
      (p) =>
        !this.used.has(p) &&
        p.tags.length === 0 &&
        p.leie === null &&
        p.leieNamesakes.length === 0 &&
        p.profession !== null &&
        ListPeople.license(p, state) !== undefined &&
        this.nameCounts.get(`${state}|${p.name.first}|${p.name.last}`) === 1 &&
        test(p),
    );
    if (list.length === 0) return undefined;
    const person = this.rng.fork(`pick:${label}`).pick(list);
    this.used.add(person);
    return person;
  }
}

/** An NPI issuer for list rows that never hands out an NPI of the sample population. */
/** What a state Medicaid list's sample is drawn from: its stream, the population, and who and which names to keep off it. */
export interface ListDraw {
  readonly rng: Rng;
  readonly people: readonly Person[];
  readonly organizations: readonly Organization[];
  readonly names: NameTables;
  readonly avoid: readonly Person[];
  readonly avoidNames: ReadonlySet<string>;
}

/** The two pickers every list starts with: its people by state (none of `avoid`), and NPIs for them. */
export function startListDraw(draw: ListDraw): { pick: ListPeople; npis: NpiIssuer } {
  return { pick: new ListPeople(draw.rng.fork('people'), draw.people, draw.avoid), npis: listNpis(draw.rng.fork('npi'), draw.people, draw.organizations) };
}

export function listNpis(rng: Rng, people: readonly Person[], organizations: readonly Organization[]): NpiIssuer {
  const npis = new NpiIssuer(rng);
  for (const p of people) if (p.nppes) npis.reserve(p.nppes.npi);
  for (const o of organizations) if (o.npi) npis.reserve(o.npi);
  return npis;
}

/** The credential a state list writes after (or inside) a person's name; '' where it writes none. */
export function credentialOf(person: Person, state: 'WA' | 'CO' | 'NY'): string {
  switch (person.profession) {
    case 'physician':
      return isOsteopath(person) ? 'DO' : 'MD';
    case 'physician_assistant':
      return state === 'NY' ? 'RPA' : 'PA-C';
    case 'nurse_practitioner':
    case 'nurse_midwife':
    case 'clinical_nurse_specialist':
      return state === 'WA' ? 'ARNP' : 'NP';
    case 'nurse_anesthetist':
      return 'CRNA';
    case 'registered_nurse':
      return 'RN';
    case 'practical_nurse':
      return 'LPN';
    case 'pharmacist':
      return 'RPH';
    case 'dentist':
      return 'DDS';
    case 'psychologist':
      return 'PHD';
    case 'counselor':
      return state === 'WA' ? 'LMHC' : 'LPC';
    case 'social_worker':
      return state === 'WA' ? 'LICSW' : 'LCSW';
    case 'physical_therapist':
      return 'PT';
    default:
      return '';
  }
}

/** A CSV line (RFC 4180: a field with a comma, quote or line break is quoted), LF-terminated. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',')}\n`;
}
