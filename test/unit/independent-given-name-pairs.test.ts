import { describe, expect, it } from 'vitest';
import { givenNameForms, givenNameWithinForms } from '#shared/domain/names/given-name-forms.ts';
import { matchGivenName } from '#shared/domain/names/given-name-match.ts';
import { formatScores, percent } from '../fixtures/given-name-scores.ts';
import { independentPairKinds, independentPairs, scoreIndependentPairs } from '../fixtures/independent-given-name-pairs.ts';

const show = (p: (typeof independentPairs)[number]) => `${p.kind}: "${p.requested.first}" ~ "${p.candidate.first}" [${p.source}]`;

describe('independent labelled given-name pairs (external nickname list and hand labels)', () => {
  it('hold at least 500 pairs, same and different, in every class, and label no pair both ways', () => {
    expect(independentPairs.length).toBeGreaterThanOrEqual(500);
    for (const kind of Object.keys(independentPairKinds))
      expect(
        independentPairs.some((p) => p.kind === kind),
        kind,
      ).toBe(true);
    expect(independentPairs.filter((p) => p.same).length).toBeGreaterThanOrEqual(300);
    expect(independentPairs.filter((p) => !p.same).length).toBeGreaterThanOrEqual(150);
    const labels = new Map<string, boolean>();
    for (const p of independentPairs) {
      const key = [p.requested.first.toUpperCase(), p.candidate.first.toUpperCase()].sort().join('|');
      expect(labels.get(key) ?? p.same, key).toBe(p.same);
      labels.set(key, p.same);
    }
  });

  it('are matched with precision 100 % and recall >= 99 %, overall and in every class holding pairs labelled the same', () => {
    const scores = scoreIndependentPairs(independentPairs, (p) => matchGivenName(p.requested, p.candidate));
    console.info(
      `given-name matcher over ${independentPairs.length} independent pairs: precision ${percent(scores.overall.precision)}, recall ${percent(scores.overall.recall)}\n${formatScores(scores)}` +
        (scores.overall.misses.length ? `\nmisses:\n  ${scores.overall.misses.map(show).join('\n  ')}` : ''),
    );
    expect(scores.overall.wrongMatches.map(show)).toEqual([]);
    expect(scores.overall.recall).toBeGreaterThanOrEqual(0.99);
    for (const s of scores.byClass) if (s.recall !== undefined) expect(s.recall, s.kind).toBeGreaterThanOrEqual(0.99);
  });

  it('gives the same answer with requested and candidate swapped', () => {
    const asymmetric = independentPairs.filter(
      (p) => JSON.stringify(matchGivenName(p.requested, p.candidate)) !== JSON.stringify(matchGivenName(p.candidate, p.requested)),
    );
    expect(asymmetric.map(show)).toEqual([]);
  });

  it('keeps every pair labelled the same within the board query narrowing, both ways', () => {
    for (const p of independentPairs.filter((q) => q.same)) {
      expect(givenNameWithinForms(givenNameForms(p.requested.first), p.candidate.first), show(p)).toBe(true);
      expect(givenNameWithinForms(givenNameForms(p.candidate.first), p.requested.first), show(p)).toBe(true);
    }
  });
});
