/**
 * The given-name narrowing of board queries must never lose a row the matcher would accept: for every
 * pair the matcher matches, the candidate's given name lies within the requested name's forms.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import table from '#shared/names/given-names.json' with { type: 'json' };
import { givenNameForms, givenNameWithinForms } from '#shared/domain/names/given-name-forms.ts';
import { matchGivenName, splitGivenName } from '#shared/domain/names/given-name-match.ts';
import { listedForms } from '#shared/domain/names/nicknames.ts';
import { givenNamePairs } from '../fixtures/given-name-pairs.ts';

const names = (table as unknown as { rows: [string, number, number][] }).rows
  .map(([name, male, female]) => ({ name: name.toUpperCase(), births: male + female }))
  .sort((a, b) => b.births - a.births)
  .map((r) => r.name);

const matches = (requested: string, candidate: string) => matchGivenName(splitGivenName(requested), splitGivenName(candidate)) !== null;

describe('given-name forms', () => {
  it('are the first letter plus listed forms that start with another letter', () => {
    expect(givenNameForms('Robert').prefixes).toEqual(['BERT', 'BOB', 'R']);
    expect(givenNameForms('bill').prefixes).toEqual(['B', 'WILLIAM']);
    expect(givenNameForms('Jean-Luc').prefixes).toEqual(['J']);
    expect(givenNameForms('Élodie').prefixes).toEqual(['E']);
    expect(givenNameForms('Mary Ann').prefixes).toEqual(['M']);
  });

  it('hold the candidate of every labelled pair the matcher matches', () => {
    let checked = 0;
    for (const pair of givenNamePairs) {
      if (!matchGivenName(pair.requested, pair.candidate)) continue;
      checked++;
      expect(givenNameWithinForms(givenNameForms(pair.requested.first), pair.candidate.first), `${pair.requested.first} ~ ${pair.candidate.first}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('hold every name the matcher accepts among the 3,000 commonest names and the nickname table', () => {
    const pool = [...new Set([...names.slice(0, 3_000), ...names.flatMap((n) => listedForms(n))])];
    const sample = [...names.slice(0, 200), ...names.filter((n) => listedForms(n).length > 0)];
    let matched = 0;
    for (const requested of sample) {
      const forms = givenNameForms(requested);
      for (const candidate of pool) {
        if (!matches(requested, candidate)) continue;
        matched++;
        if (!givenNameWithinForms(forms, candidate)) expect.fail(`${requested} matches ${candidate} outside its forms ${forms.prefixes.join(',')}`);
      }
    }
    expect(matched).toBeGreaterThan(1_000);
  });

  it('hold every one-edit misspelling the matcher accepts (property)', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    fc.assert(
      fc.property(fc.constantFrom(...names.slice(0, 2_000)), fc.nat(), fc.nat(), fc.constantFrom('swap', 'drop', 'double', 'change'), (name, i, j, edit) => {
        const at = i % name.length;
        const letter = letters[j % 26]!;
        const typo =
          edit === 'swap' && at < name.length - 1
            ? name.slice(0, at) + name[at + 1] + name[at] + name.slice(at + 2)
            : edit === 'drop'
              ? name.slice(0, at) + name.slice(at + 1)
              : edit === 'double'
                ? name.slice(0, at) + name[at] + name.slice(at)
                : name.slice(0, at) + letter + name.slice(at + 1);
        if (!typo) return;
        // Both directions: the typo in the request, and the typo in the board's record.
        if (matches(typo, name)) expect(givenNameWithinForms(givenNameForms(typo), name)).toBe(true);
        if (matches(name, typo)) expect(givenNameWithinForms(givenNameForms(name), typo)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });
});
