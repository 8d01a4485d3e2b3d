/**
 * Decides who has an NPI and how NPPES shows them: the name the provider typed (nickname, no accent,
 * no apostrophe, middle name or not), which licenses their taxonomies list, and how NPPES writes those
 * numbers (IL numbers with a dash after the profession code or without leading zeros, CO numbers
 * without their zero padding, DE numbers without the dash). Also issues the organisations' NPIs and
 * the NPIs of LEIE namesakes, all from one issuer so none repeats.
 */
import { dayOf, TODAY } from './dates.ts';
import { npiShare, type Profession, taxonomies } from './license-catalog.ts';
import type { License, NppesPlan, Organization, Person, PersonName } from './model.ts';
import { nicknames } from './name-variants.ts';
import type { NpiIssuer } from './npi.ts';
import type { NppesWish } from './population.ts';
import type { Rng } from './prng.ts';
import { isOsteopath } from './specialties.ts';

const NPPES_START = dayOf('2005-05-23');

/** License kinds NPPES taxonomies list (temporary permits and prescriptive authority are not licenses there). */
function listable(license: License): boolean {
  return license.kind.role in taxonomies && license.firstIssue !== null;
}

type NumberStyle = NonNullable<NppesWish['numberStyle']> | 'no_dash';

function shownNumber(license: License, style: NumberStyle): string {
  const n = license.number;
  switch (style) {
    case 'dash':
      return license.kind.state === 'IL' ? `${n.slice(0, 3)}-${n.slice(3)}` : n;
    case 'dropped_zeros':
      return n.replace(/^0+(?=\d)/, '');
    case 'no_dash':
      return n.replace('-', '');
    default:
      return n;
  }
}

function styleFor(rng: Rng, license: License, wish: NppesWish | undefined): NumberStyle {
  const state = license.kind.state;
  if (wish?.numberStyle && state === 'IL') return wish.numberStyle;
  if (state === 'IL')
    return rng.weighted([
      ['exact', 6],
      ['dash', 2],
      ['dropped_zeros', 2],
    ] as const);
  if (state === 'CO')
    return rng.weighted([
      ['exact', 45],
      ['dropped_zeros', 55],
    ] as const);
  if (state === 'DE')
    return rng.weighted([
      ['exact', 75],
      ['no_dash', 25],
    ] as const);
  return 'exact';
}

function nppesName(rng: Rng, person: Person): PersonName {
  const { first, middle, last, suffix } = person.name;
  let f = first;
  const nick = nicknames[first];
  if (nick && rng.chance(nick.prefix ? 0.07 : 0.03)) f = nick.short;
  const m = !middle
    ? ''
    : rng.weighted([
        [middle, 70],
        [middle.slice(0, 1), 12],
        ['', 18],
      ] as const);
  let l = last;
  if (/[' ]/.test(last) && rng.chance(0.45)) l = person.plainLast;
  else if (last.includes('-') && rng.chance(0.3)) l = last.replace('-', ' ');
  return { first: f, middle: m, last: l, suffix };
}

const elsewhereStates = ['NY', 'CA', 'OR', 'FL', 'PA', 'AZ', 'MN', 'MO'];

/**
 * The NPPES plan for one person, or null when they have no NPI: `share` is the chance that a holder of
 * their profession has one (a scenario's wish overrides it), `nextNpi` issues the number.
 */
export function planPersonNppes(r: Rng, person: Person, wish: NppesWish | undefined, share: number, nextNpi: () => string): NppesPlan | null {
  const licenses = person.licenses.filter(listable);
  const deceased = person.licenses.some((l) => l.status.meaning === 'deceased');
  const profession = person.profession;
  const has = licenses.length > 0 && profession !== null && (wish?.has ?? (!deceased && r.chance(share)));
  if (!has || !profession) return null;

  const earliest = Math.min(...licenses.map((l) => l.firstIssue!));
  const enumerated = Math.min(TODAY - 20, Math.max(NPPES_START + r.int(0, 700), earliest + r.int(10, 400)));
  const lastUpdated = Math.min(TODAY - 1, enumerated + r.int(0, Math.max(1, TODAY - enumerated)));
  // The main license first; others mostly listed too.
  const listed = (wish?.listAll ? licenses : licenses.filter((_, i) => i === 0 || r.chance(0.9))).map((license) => ({
    license,
    shownNumber: shownNumber(license, styleFor(r, license, wish)),
  }));
  const elsewhere = r.chance(0.06) ? [{ state: r.pick(elsewhereStates), number: `${r.int(100000, 399999)}` }] : [];
  return {
    npi: nextNpi(),
    form: wish?.form ?? (r.chance(0.35) ? 'older' : 'newer'),
    // Scenario people appear exactly as specified; others vary as providers type their names.
    name: person.tags.length > 0 ? { ...person.name, ...wish?.name } : nppesName(r, person),
    enumerated,
    lastUpdated,
    listed,
    elsewhere,
    credential: isOsteopath(person) ? r.pick(['D.O.', 'DO']) : r.pick(taxonomies[profession as Profession].credentials),
  } satisfies NppesPlan;
}

export function planNppes(
  rng: Rng,
  people: readonly Person[],
  organizations: readonly Organization[],
  wishes: ReadonlyMap<Person, NppesWish>,
  issuer: NpiIssuer,
): void {
  for (const person of people) {
    const r = rng.fork(`nppes:${person.id}`);
    const share = person.profession ? npiShare[person.profession] : 0;
    person.nppes = planPersonNppes(r, person, wishes.get(person), share, () => issuer.next()) ?? person.nppes;
  }
  for (const org of organizations) {
    if (org.taxonomy[0] !== '000000000X') org.npi = issuer.next();
  }
  for (const person of people) for (const namesake of person.leieNamesakes) if (namesake.differs === 'npi') namesake.npi = issuer.next();
}
