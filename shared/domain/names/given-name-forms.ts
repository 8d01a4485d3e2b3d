/**
 * The given names a source row can hold and still match a requested given name, as prefixes to narrow a
 * source query by: the requested name's first letter (every exact, compound, prefix-nickname and typo
 * match keeps the first letter but one: see given-name-tiers.ts, typo-rules.ts and given-name-match.ts),
 * plus every listed nickname or formal name of it that starts with another letter (Bob for Robert, Peggy
 * for Margaret), plus the spellings it matches as a first-letter slip, whole (MICHAEL for a requested
 * Nichael; JICHAEL, KICHAEL and NICHAEL for a requested Michael: first-letter-slips.ts). A slip adds at
 * most six prefixes, each a whole name, so the query stays a handful of `starts_with` terms.
 *
 * This is the matcher's recall written as a query: a row outside these prefixes can never match, so a
 * query narrowed by them returns every row the matcher could accept. A rule added to the matcher that
 * accepts another first letter must be added here too (the matcher's tests check both together).
 */
import { firstLetterSlipForms } from './first-letter-slips.ts';
import { listedForms } from './nicknames.ts';
import { normalizeName } from './normalize.ts';

export interface GivenNameForms {
  /** Upper-case prefixes a source's first-name field must start with (after normalisation). */
  readonly prefixes: readonly string[];
}

/** The first letter token of a normalised given name (`JEAN-LUC` → `JEANLUC`'s first part `JEAN`). */
function firstToken(given: string): string {
  for (const part of normalizeName(given).split(/[\s-]+/)) {
    const letters = part.replace(/[^\p{L}]+/gu, '');
    if (letters) return letters;
  }
  return '';
}

/** Prefixes of the given names that can match any of `givenNames`; empty when none holds a letter. */
export function givenNameForms(...givenNames: readonly string[]): GivenNameForms {
  const prefixes = new Set<string>();
  for (const given of givenNames) {
    const first = firstToken(given);
    if (!first) continue;
    const letter = first[0]!;
    prefixes.add(letter);
    for (const form of listedForms(first)) if (form[0] !== letter) prefixes.add(form);
    for (const slip of firstLetterSlipForms(first)) prefixes.add(slip);
  }
  // A prefix that another one already covers adds nothing (ROB covers ROBERT).
  const sorted = [...prefixes].sort();
  return { prefixes: sorted.filter((p) => !sorted.some((q) => q !== p && p.startsWith(q))) };
}

/** True when a source's given name (as it holds it) starts with one of the forms. */
export function givenNameWithinForms(forms: GivenNameForms, sourceGiven: string): boolean {
  const first = firstToken(sourceGiven);
  return forms.prefixes.some((prefix) => first.startsWith(prefix));
}
