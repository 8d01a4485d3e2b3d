/**
 * The given-name narrowing of board queries must never lose a row the matcher would accept: for every
 * pair the matcher matches, the candidate's given name lies within the requested name's forms. That
 * includes the matcher's one rule that changes the first letter (a slip of a neighbouring key), whose
 * spellings the forms add whole, and it must stay a handful of prefixes per request.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import table from '#shared/domain/names/given-names.json' with { type: 'json' };
import { givenNameForms, givenNameWithinForms } from '#shared/domain/names/given-name-forms.ts';
import { matchGivenName, splitGivenName } from '#shared/domain/names/given-name-match.ts';
import { neighbourKeys } from '#shared/domain/names/keyboard.ts';
import { listedForms } from '#shared/domain/names/nicknames.ts';
import { givenNamePairs } from '../fixtures/given-name-pairs.ts';

const names = (table as unknown as { rows: [string, number, number][] }).rows
  .map(([name, male, female]) => ({ name: name.toUpperCase(), births: male + female }))
  .sort((a, b) => b.births - a.births)
  .map((r) => r.name);

const matches = (requested: string, candidate: string) => matchGivenName(splitGivenName(requested), splitGivenName(candidate)) !== null;

/** A name with its first letter replaced by each letter on a neighbouring key (MICHAEL → JICHAEL, KICHAEL, NICHAEL). */
const firstLetterSlips = (name: string) => [...neighbourKeys(name[0]!)].map((key) => key + name.slice(1));

/** Every board row the matcher accepts for `requested` among `candidates` must lie within its forms. */
function expectFormsHold(requested: string, candidates: Iterable<string>): number {
  const forms = givenNameForms(requested);
  let matched = 0;
  for (const candidate of candidates) {
    if (!matches(requested, candidate)) continue;
    matched++;
    if (!givenNameWithinForms(forms, candidate)) expect.fail(`${requested} matches ${candidate} outside its forms ${forms.prefixes.join(',')}`);
  }
  return matched;
}

describe('given-name forms', () => {
  it('are the first letter, listed forms that start with another letter, and first-letter slips, whole', () => {
    expect(givenNameForms('Robert').prefixes).toEqual(['BERT', 'BOB', 'DOBERT', 'EOBERT', 'FOBERT', 'R', 'TOBERT']);
    expect(givenNameForms('bill').prefixes).toEqual(['B', 'HILL', 'NILL', 'VILL', 'WILLIAM']);
    expect(givenNameForms('Jean-Luc').prefixes).toEqual(['HEAN', 'IEAN', 'J', 'KEAN', 'MEAN', 'NEAN', 'UEAN']);
    expect(givenNameForms('Élodie').prefixes).toEqual(['E']);
    expect(givenNameForms('Mary Ann').prefixes).toEqual(['JARY', 'M', 'NARY']);
    // A slip typed in the request: the name it is a slip of, whole.
    expect(givenNameForms('Nichael').prefixes).toEqual(['MICHAEL', 'N']);
    expect(givenNameForms('Hohn').prefixes).toEqual(['H', 'JOHN']);
    // A rare name has no slips: the rule needs a very common intended name.
    expect(givenNameForms('Oluwaseun').prefixes).toEqual(['O']);
  });

  it('hold the candidate of every labelled pair the matcher matches, in both orders', () => {
    let checked = 0;
    for (const pair of givenNamePairs) {
      if (!matchGivenName(pair.requested, pair.candidate)) continue;
      checked++;
      expect(givenNameWithinForms(givenNameForms(pair.requested.first), pair.candidate.first), `${pair.requested.first} ~ ${pair.candidate.first}`).toBe(true);
      expect(givenNameWithinForms(givenNameForms(pair.candidate.first), pair.requested.first), `${pair.candidate.first} ~ ${pair.requested.first}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(2_000);
  });

  it('hold the intended name of a request typed with a wrong first letter, under its own first letter', () => {
    const slips = givenNamePairs.filter((p) => p.kind === 'typo_first_letter_key' && p.same);
    expect(slips.length).toBeGreaterThan(400);
    for (const pair of slips) {
      const intended = splitGivenName(pair.candidate.first).first;
      const prefixes = givenNameForms(pair.requested.first).prefixes.filter((p) => intended.startsWith(p));
      expect(
        prefixes.some((p) => p[0] === intended[0]),
        `${pair.requested.first} → ${intended}: ${givenNameForms(pair.requested.first).prefixes.join(',')}`,
      ).toBe(true);
    }
  });

  it('hold every name the matcher accepts among the 3,000 commonest names and the nickname table', () => {
    const pool = [...new Set([...names.slice(0, 3_000), ...names.flatMap((n) => listedForms(n))])];
    const sample = [...names.slice(0, 200), ...names.filter((n) => listedForms(n).length > 0)];
    let matched = 0;
    for (const requested of sample) matched += expectFormsHold(requested, pool);
    expect(matched).toBeGreaterThan(1_000);
  });

  it('hold every first-letter slip of the 3,000 commonest names the matcher accepts, typed in the request or in the record', () => {
    let matched = 0;
    for (const name of names.slice(0, 3_000)) {
      const slips = firstLetterSlips(name);
      matched += expectFormsHold(name, slips);
      for (const slip of slips) matched += expectFormsHold(slip, [name, ...firstLetterSlips(slip)]);
    }
    expect(matched).toBeGreaterThan(2_000);
  });

  it('add a handful of prefixes at most: never more than 10 for the 3,000 commonest names or a labelled request', () => {
    const requests = [...names.slice(0, 3_000), ...givenNamePairs.map((p) => p.requested.first)];
    const counts = requests.map((name) => givenNameForms(name).prefixes.length);
    const mean = counts.reduce((sum, n) => sum + n, 0) / counts.length;
    console.info(`given-name forms: at most ${Math.max(...counts)} prefixes, ${mean.toFixed(2)} on average, over ${counts.length} requests`);
    expect(Math.max(...counts)).toBeLessThanOrEqual(10);
    expect(mean).toBeLessThan(4);
  });

  it('hold every one-edit misspelling or key slip the matcher accepts (property)', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(
        fc.constantFrom(...names.slice(0, 2_000)),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('swap', 'drop', 'double', 'change', 'key', 'first-key'),
        (name, i, j, edit) => {
          const at = edit === 'first-key' ? 0 : i % name.length;
          const letter = letters[j % 26]!;
          const keys = neighbourKeys(name[at]!);
          const typo =
            edit === 'swap' && at < name.length - 1
              ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2)
              : edit === 'drop'
                ? name.slice(0, at) + name.slice(at + 1)
                : edit === 'double'
                  ? name.slice(0, at) + name[at] + name.slice(at)
                  : edit === 'key' || edit === 'first-key'
                    ? name.slice(0, at) + keys[j % keys.length] + name.slice(at + 1)
                    : name.slice(0, at) + letter + name.slice(at + 1);
          if (!typo) return;
          // Both directions: the typo in the request, and the typo in the board's record.
          if (matches(typo, name)) expect(givenNameWithinForms(givenNameForms(typo), name)).toBe(true);
          if (matches(name, typo)) expect(givenNameWithinForms(givenNameForms(name), typo)).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
