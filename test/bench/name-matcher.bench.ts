/**
 * Given-name matcher: comparisons per second over the labelled pairs (test/fixtures/given-name-pairs.ts)
 * repeated, both orders of each pair. The frequency table loads with the module, before timing.
 *
 * Two figures: the steady state, where each name string has been seen before (a verification compares
 * one requested name with every candidate of a surname, and sources repeat names), and a cold figure
 * where every comparison brings two name strings the matcher has not seen, so normalisation and
 * tokenising are timed too.
 */
import { matchGivenName, type GivenName } from '#shared/domain/names/given-name-match.ts';
import { givenNamePairs } from '../fixtures/given-name-pairs.ts';
import { summarise, type Benchmark } from './harness.ts';

const runs = 5;
const steadyComparisons = 1_000_000;
const coldRounds = 40;

const requested: GivenName[] = givenNamePairs.flatMap((p) => [p.requested, p.candidate]);
const candidates: GivenName[] = givenNamePairs.flatMap((p) => [p.candidate, p.requested]);
const expectedMatches = givenNamePairs.reduce((n, p) => n + (matchGivenName(p.requested, p.candidate) ? 2 : 0), 0);

/** Comparisons per second over the pairs, `rounds` times; checks the match count so no work is skipped. */
function timeComparisons(left: readonly GivenName[], right: readonly GivenName[], rounds: number): number {
  const perRound = left.length;
  let matches = 0;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < perRound; i++) if (matchGivenName(left[i]!, right[i]!) !== null) matches++;
  }
  const seconds = (performance.now() - started) / 1000;
  const expected = (expectedMatches * rounds * perRound) / requested.length;
  if (matches !== expected) throw new Error(`matched ${matches} pairs, expected ${expected}`);
  return (rounds * perRound) / seconds;
}

/** Marks normalisation deletes: a five-mark tag gives a name 1,024 spellings that are one name. */
const silentMarks = ["'", '’', '`', '.'];

function silentTag(k: number): string {
  let tag = '';
  for (let digit = 0; digit < 5; digit++, k = Math.floor(k / 4)) tag += silentMarks[k % 4];
  return tag;
}

/** `copies` copies of the names, each tagged differently: the same names as strings the matcher has not seen. */
function unseenCopies(names: readonly GivenName[], copies: number, offset: number): GivenName[] {
  const out: GivenName[] = [];
  for (let k = 0; k < copies; k++) {
    const tag = silentTag(offset + k);
    for (const name of names) out.push({ first: name.first + tag, middle: name.middle });
  }
  return out;
}

export const nameMatcherBenchmark: Benchmark = {
  id: 'name-matcher',
  title: `Given-name matcher: ${givenNamePairs.length} labelled pairs, both orders`,
  async run() {
    const steadyRounds = Math.ceil(steadyComparisons / requested.length);
    timeComparisons(requested, candidates, steadyRounds); // warm-up
    const steady: number[] = [];
    for (let i = 0; i < runs; i++) steady.push(timeComparisons(requested, candidates, steadyRounds));

    const cold: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      // Fresh strings each run (built before timing), so no run reuses another's parsed names.
      const offset = i * 2 * coldRounds;
      const left = unseenCopies(requested, coldRounds, offset);
      const right = unseenCopies(candidates, coldRounds, offset + coldRounds);
      const rate = timeComparisons(left, right, 1);
      if (i > 0) cold.push(rate); // the first run is warm-up
    }
    return [
      summarise('Comparisons, names seen before', 'comparisons/s', steady, { target: { op: '>=', value: 200_000 } }),
      summarise('Comparisons, every name string new (normalise + tokenise + compare)', 'comparisons/s', cold, {
        note: 'worst case: both name strings unseen on every comparison; in a verification the requested name is parsed once',
      }),
    ];
  },
};
