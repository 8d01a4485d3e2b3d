/**
 * Identity resolution (docs/api-guide.md, "Verifying a provider": "Identity resolution"), over the
 * board's licenses for a surname:
 * 1. the surname first (after normalisation; a hyphenated or two-part surname matches either part or the
 *    joined form), then the given name by tiers: exact → prefix nickname → minor typo;
 * 2. middle names present on one side only match; two middle names must agree;
 * 3. look-alike distinct given names never match (the given-name matcher refuses them);
 * 4. NPI and DOB break ties and confirm: an NPI whose registry record lists a board license number pins
 *    that person (even under a former name); a birth year that contradicts the DOB rules a candidate out;
 *    two or more distinct people still tied is `not_found`, never a guess.
 *
 * Confidence scale (deterministic, [0, 1]):
 *   0.99  the NPI's registry record lists this license (identity pinned by the NPI);
 *   0.80  exact given name, 0.70 nickname, 0.60 minor typo, for a unique name match in the state;
 *   +0.10 the registry record of the supplied NPI agrees on name and state (no license link);
 *   +0.10 the birth year on the license equals the supplied DOB's year;
 *   +0.03 middle names agree; -0.05 when only part of a multi-part surname matched.
 *   Capped at 0.98 unless pinned by the NPI.
 */
import { lastNameKeys, normalizeName } from '../../domain/names/normalize.ts';
import { matchGivenName, splitGivenName, type GivenNameMatch, type GivenNameTier } from '../../domain/names/given-name-match.ts';
import { licenseNumbersAgree, normalizeLicenseNumber, type LicenseNumberPrefix } from '../../domain/license-numbers.ts';
import type { StateCode } from '../../domain/us-states.ts';
import type { BoardLicense } from '../sources/license-record.ts';
import type { NppesIdentity, NppesName } from '../sources/nppes/parse.ts';
import type { MatchBasis } from '../../domain/match-basis.ts';

export interface IdentityQuery {
  readonly firstName: string;
  readonly lastName: string;
  readonly state: StateCode;
  readonly npi?: string;
  readonly dob?: string;
}

/** What the registry said about the supplied NPI: a record, `null` (no such NPI), or not consulted. */
export type RegistryEvidence = { kind: 'record'; identity: NppesIdentity } | { kind: 'unknown_npi' } | { kind: 'none' };

export type { MatchBasis };

export type IdentityResult =
  | {
      readonly kind: 'match';
      /** Every license the resolved person holds among the candidates. */
      readonly licenses: readonly BoardLicense[];
      readonly basis: readonly MatchBasis[];
      readonly confidence: number;
      /** The NPI confirmed for this person (supplied and agreeing, or null). */
      readonly npi: string | null;
    }
  | {
      readonly kind: 'not_found';
      readonly reason: 'no_match' | 'ambiguous' | 'npi_other_person';
      /** How many people the request could mean (ambiguous), never who they are. */
      readonly candidates: number;
      /** Ambiguous only: a DOB would tell them apart (every one of them has a birth year on record). */
      readonly dobResolves?: boolean;
    };

interface Candidate {
  readonly license: BoardLicense;
  readonly tier: GivenNameTier;
  readonly lastPart: boolean;
  readonly middle: GivenNameMatch['middle'];
}

const tierRank: Record<GivenNameTier, number> = { exact: 0, nickname: 1, typo: 2 };

/** The scope within which a license number names one person (board-definition.ts `licenseNumberScopeOf`). */
export type NumberScope = (license: BoardLicense) => string;

function surnameFit(requested: string, candidate: string): 'exact' | 'part' | null {
  const wanted = lastNameKeys(requested);
  const have = lastNameKeys(candidate);
  if (wanted.length === 0 || have.length === 0) return null;
  if (have[0] === wanted[0]) return 'exact';
  return have.some((k) => wanted.includes(k)) ? 'part' : null;
}

function nameAgrees(name: { firstName: string; middleName?: string | null; lastName: string }, license: BoardLicense): boolean {
  return (
    surnameFit(name.lastName, license.lastName) !== null &&
    matchGivenName(splitGivenName(name.firstName, name.middleName), splitGivenName(license.firstName, license.middleName)) !== null
  );
}

/** The same surname and given name, middle name included, as the source writes them. */
function identicalName(a: BoardLicense, b: BoardLicense): boolean {
  return (
    normalizeName(a.firstName) === normalizeName(b.firstName) &&
    normalizeName(a.middleName) === normalizeName(b.middleName) &&
    lastNameKeys(a.lastName)[0] === lastNameKeys(b.lastName)[0]
  );
}

function compatibleNames(a: BoardLicense, b: BoardLicense): boolean {
  return (
    surnameFit(a.lastName, b.lastName) !== null && matchGivenName(splitGivenName(a.firstName, a.middleName), splitGivenName(b.firstName, b.middleName)) !== null
  );
}

const typeOf = (l: BoardLicense) => normalizeName(l.licenseType);

/**
 * Positive evidence that two licenses are one person's: the same license number (where a number names
 * one person in the state, or within one license type where numbers repeat across types), or the same
 * birth year, each with a compatible name. A different birth year always says two people.
 */
function provenSamePerson(a: BoardLicense, b: BoardLicense, numberScope: NumberScope): boolean {
  if (a.birthYear !== null && b.birthYear !== null && a.birthYear !== b.birthYear) return false;
  const sameNumber = normalizeLicenseNumber(a.licenseNumber) === normalizeLicenseNumber(b.licenseNumber) && numberScope(a) === numberScope(b);
  const sameBirthYear = a.birthYear !== null && a.birthYear === b.birthYear;
  return (sameNumber || sameBirthYear) && compatibleNames(a, b);
}

/** Two licenses that cannot be one person's: different birth years, or the same type under different numbers. */
function contradict(a: BoardLicense, b: BoardLicense, numberScope: NumberScope): boolean {
  if (a.birthYear !== null && b.birthYear !== null && a.birthYear !== b.birthYear) return true;
  return typeOf(a) === typeOf(b) && !provenSamePerson(a, b, numberScope);
}

/** Connected components of `linked` over `items`. */
function components<T>(items: readonly T[], linked: (a: T, b: T) => boolean): T[][] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => {
    if (parent[i] !== i) parent[i] = find(parent[i]!);
    return parent[i]!;
  };
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) if (linked(items[i]!, items[j]!)) parent[find(i)] = find(j);
  }
  const groups = new Map<number, T[]>();
  for (const [i, item] of items.entries()) groups.set(find(i), [...(groups.get(find(i)) ?? []), item]);
  return [...groups.values()];
}

/**
 * Groups licenses into people, only on positive evidence (`provenSamePerson`). An identical name on
 * licenses of different types (a nurse who is also a nurse practitioner) joins them too, unless anything
 * in the joined set contradicts it: two licenses of one type under different numbers are two people, and
 * then which of them holds the other license is unknown, so nothing is joined by name alone.
 */
export function people(licenses: readonly BoardLicense[], numberScope: NumberScope): BoardLicense[][] {
  const proven = components(licenses, (a, b) => provenSamePerson(a, b, numberScope));
  const byName = components(proven, (g, h) => g.some((a) => h.some((b) => identicalName(a, b) && typeOf(a) !== typeOf(b))));
  return byName.flatMap((joined) => {
    if (joined.length === 1) return joined;
    const all = joined.flat();
    const consistent = all.every((a, i) => all.slice(i + 1).every((b) => !contradict(a, b, numberScope) || joined.some((g) => g.includes(a) && g.includes(b))));
    return consistent ? [all] : joined;
  });
}

function registryNames(identity: NppesIdentity): NppesName[] {
  return identity.name ? [identity.name, ...identity.formerNames] : [];
}

export function resolveIdentity(
  query: IdentityQuery,
  licenses: readonly BoardLicense[],
  registry: RegistryEvidence,
  options: { numberScope: NumberScope; numberPrefix?: LicenseNumberPrefix },
): IdentityResult {
  const requested = splitGivenName(query.firstName);
  const requestedHasMiddle = requested.middle !== null;
  const dobYear = query.dob ? Number(query.dob.slice(0, 4)) : undefined;
  const basis = new Set<MatchBasis>();
  let confidenceBonus = 0;
  let npi: string | null = null;

  // NPI evidence first: it can pin a license whatever name the board holds.
  if (registry.kind === 'record') {
    const identity = registry.identity;
    const requestName = { firstName: query.firstName, lastName: query.lastName };
    const agreesWithRequest = registryNames(identity).some(
      (n) =>
        surnameFit(query.lastName, n.lastName) !== null &&
        matchGivenName(splitGivenName(requestName.firstName), splitGivenName(n.firstName, n.middleName)) !== null,
    );
    if (!agreesWithRequest) return { kind: 'not_found', reason: 'npi_other_person', candidates: 0 };
    const listed = identity.taxonomies.filter((t) => t.state === query.state && t.licenseNumber).map((t) => t.licenseNumber!);
    const linked = licenses.filter(
      (l) =>
        listed.some((number) => licenseNumbersAgree(number, l.licenseNumber, options.numberPrefix)) && registryNames(identity).some((n) => nameAgrees(n, l)),
    );
    if (linked.length > 0) {
      // The NPI's record links these licenses to one person: theirs, with whatever else is proven theirs.
      const person = people(licenses, options.numberScope).filter((group) => group.some((l) => linked.includes(l)));
      const all = person.flat();
      {
        const underFormerName = !all.some((l) => nameAgrees({ firstName: query.firstName, lastName: query.lastName }, l));
        return {
          kind: 'match',
          licenses: all,
          basis: ['npi', 'npi_license_link', ...(underFormerName ? (['former_name'] as const) : [])],
          confidence: 0.99,
          npi: identity.npi,
        };
      }
    }
    const inState = identity.addressStates.includes(query.state) || identity.taxonomies.some((t) => t.state === query.state);
    if (inState) {
      basis.add('npi_name_state');
      confidenceBonus += 0.1;
      npi = identity.npi;
    }
  }

  // Name candidates: surname, then given name (with middle-name rules).
  let candidates: Candidate[] = [];
  for (const license of licenses) {
    const fit = surnameFit(query.lastName, license.lastName);
    if (!fit) continue;
    const given = matchGivenName(requested, splitGivenName(license.firstName, license.middleName));
    if (!given) continue;
    candidates.push({ license, tier: given.tier, lastPart: fit === 'part', middle: given.middle });
  }
  // The registry's full name narrows further when it agrees on name and state.
  if (registry.kind === 'record' && basis.has('npi_name_state')) {
    const narrowed = candidates.filter((c) => registryNames(registry.identity).some((n) => nameAgrees(n, c.license)));
    if (narrowed.length > 0) candidates = narrowed;
  }
  // A birth year that contradicts the DOB rules a candidate out.
  if (dobYear !== undefined) {
    candidates = candidates.filter((c) => c.license.birthYear === null || c.license.birthYear === dobYear);
  }
  if (candidates.length === 0) return { kind: 'not_found', reason: 'no_match', candidates: 0 };

  // Best tier only: given-name tier, whole surname before a part, agreeing middle names before others.
  const rank = (c: Candidate) => tierRank[c.tier] * 4 + (c.lastPart ? 2 : 0) + (requestedHasMiddle && c.middle !== 'agree' ? 1 : 0);
  const best = Math.min(...candidates.map(rank));
  const top = candidates.filter((c) => rank(c) === best);
  const groups = people(
    candidates.map((c) => c.license),
    options.numberScope,
  ).filter((group) => group.some((l) => top.some((c) => c.license === l)));
  if (groups.length !== 1) {
    return { kind: 'not_found', reason: 'ambiguous', candidates: groups.length, dobResolves: groups.every((g) => g.some((l) => l.birthYear !== null)) };
  }

  const lead = top.find((c) => groups[0]!.includes(c.license))!;
  basis.add(lead.lastPart ? 'last_name_part' : 'last_name_exact');
  basis.add(lead.tier === 'exact' ? 'first_name_exact' : lead.tier === 'nickname' ? 'first_name_nickname' : 'first_name_typo');
  let confidence = { exact: 0.8, nickname: 0.7, typo: 0.6 }[lead.tier] + confidenceBonus;
  if (lead.middle === 'agree') {
    basis.add('middle_name');
    confidence += 0.03;
  }
  if (lead.lastPart) confidence -= 0.05;
  if (dobYear !== undefined && groups[0]!.some((l) => l.birthYear === dobYear)) {
    basis.add('dob');
    confidence += 0.1;
  }
  if (npi) basis.add('npi');
  return {
    kind: 'match',
    licenses: groups[0]!,
    basis: [...basis],
    confidence: Math.round(Math.min(0.98, confidence) * 100) / 100,
    npi,
  };
}
