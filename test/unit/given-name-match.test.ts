import { describe, expect, it } from 'vitest';
import { damerauDistance, misspellingDistance } from '#shared/domain/names/edit-distance.ts';
import { matchGivenName, splitGivenName, type GivenName, type GivenNameMatch } from '#shared/domain/names/given-name-match.ts';
import { nicknamePairCount } from '#shared/domain/names/nicknames.ts';
import { givenNamePairs, type GivenNamePair } from '../fixtures/given-name-pairs.ts';

const show = (name: GivenName) => (name.middle ? `${name.first} / ${name.middle}` : name.first);
const describePair = (pair: GivenNamePair, result: GivenNameMatch | null) =>
  `${pair.kind}: "${show(pair.requested)}" ~ "${show(pair.candidate)}" → ${result ? `${result.tier} (middle ${result.middle})` : 'no match'}`;

const first = (text: string, middle?: string | null): GivenName => ({ first: text, middle });

describe('labelled given-name pairs', () => {
  const positives = givenNamePairs.filter((p) => p.same);
  const negatives = givenNamePairs.filter((p) => !p.same);

  it('holds at least 150 pairs, including every example of the measurement notes', () => {
    expect(givenNamePairs.length).toBeGreaterThanOrEqual(150);
    const labelled = new Map(givenNamePairs.map((p) => [`${p.requested.first}|${p.candidate.first}`, p.same]));
    const notes: [string, string, boolean][] = [
      ['Chris', 'Christopher', true],
      ['Kat', 'Katherine', true],
      ['Micheal', 'Michael', true],
      ['Jonathon', 'Jonathan', true],
      ['Christina', 'Christine', false],
      ['Daniel', 'Danielle', false],
      ['Eric', 'Erica', false],
      ['Francis', 'Frances', false],
      ['Jean', 'Joan', false],
      ['Marian', 'Marion', false],
      ['Carl', 'Carla', false],
      ['Justin', 'Justine', false],
      ['Paul', 'Paula', false],
      ['Joseph', 'Josephine', false],
      ['Kristen', 'Kirsten', false],
    ];
    for (const [a, b, same] of notes) expect(labelled.get(`${a}|${b}`), `${a}/${b}`).toBe(same);
  });

  it('never matches a pair labelled different (precision 100%)', () => {
    const failures = negatives.flatMap((pair) => {
      const result = matchGivenName(pair.requested, pair.candidate);
      return result ? [describePair(pair, result)] : [];
    });
    console.info(`precision: ${negatives.length - failures.length}/${negatives.length} negatives rejected`);
    expect(failures).toEqual([]);
  });

  it('matches at least 90% of the pairs labelled the same (recall)', () => {
    const misses = positives.flatMap((pair) => (matchGivenName(pair.requested, pair.candidate) ? [] : [describePair(pair, null)]));
    const recall = (positives.length - misses.length) / positives.length;
    console.info(
      `recall: ${positives.length - misses.length}/${positives.length} = ${(recall * 100).toFixed(1)}%` +
        (misses.length ? `; misses:\n  ${misses.join('\n  ')}` : ''),
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });

  it('gives the same answer with requested and candidate swapped', () => {
    const asymmetric = givenNamePairs.flatMap((pair) => {
      const forward = matchGivenName(pair.requested, pair.candidate);
      const backward = matchGivenName(pair.candidate, pair.requested);
      return JSON.stringify(forward) === JSON.stringify(backward)
        ? []
        : [`${describePair(pair, forward)} but swapped → ${backward ? `${backward.tier} (middle ${backward.middle})` : 'no match'}`];
    });
    expect(asymmetric).toEqual([]);
  });
});

describe('matchGivenName tiers', () => {
  it.each([
    ['John', 'JOHN', 'exact'],
    ['José', 'JOSE', 'exact'],
    ['Jean-Luc', 'Jean Luc', 'exact'],
    ['Jean-Luc', 'JEANLUC', 'exact'],
    ['Mary Ann', 'MARYANN', 'exact'],
    ['Chris', 'Christopher', 'nickname'],
    ['Kat', 'Katherine', 'nickname'],
    ['Sam', 'Samantha', 'nickname'],
    ['Bob', 'Robert', 'nickname'],
    ['Ed', 'Edward', 'nickname'],
    ['Peggy', 'Margaret', 'nickname'],
    ['Jim', 'Jimmy', 'nickname'],
    ['Micheal', 'Michael', 'typo'],
    ['Jonathon', 'Jonathan', 'typo'],
    ['Daivd', 'David', 'typo'],
    ['Jenifer', 'Jennifer', 'typo'],
    ['Stephenie', 'Stephanie', 'typo'],
    ['Elizabteh', 'Elizabeth', 'typo'],
  ] as const)('%s ~ %s → %s', (requested, candidate, tier) => {
    expect(matchGivenName(first(requested), first(candidate))?.tier).toBe(tier);
  });

  it.each([
    ['Carl', 'Carla'],
    ['Joseph', 'Josephine'],
    ['Daniel', 'Danielle'],
    ['Dan', 'Danielle'],
    ['Jean', 'Jeanette'],
    ['Max', 'Maxine'],
    ['Fred', 'Frederica'],
    ['Gene', 'Genevieve'],
    ['Ann', 'Annika'],
    ['Don', 'Donovan'],
  ])('refuses %s ~ %s as a prefix nickname', (a, b) => {
    expect(matchGivenName(first(a), first(b))).toBeNull();
  });

  it.each([
    ['Marian', 'Marion'],
    ['Kristen', 'Kirsten'],
    ['Christina', 'Christine'],
    ['Francis', 'Frances'],
    ['Jean', 'Joan'],
    ['Sandra', 'Sondra'],
    ['Karen', 'Karin'],
    ['Jon', 'John'],
  ])('refuses %s ~ %s as a typo: two established names', (a, b) => {
    expect(matchGivenName(first(a), first(b))).toBeNull();
  });

  it('accepts a one-letter typo of a known name only, never between two unknown spellings', () => {
    expect(matchGivenName(first('Xiomarra'), first('Xiomara'))?.tier).toBe('typo');
    expect(matchGivenName(first('Oluwaseun'), first('Oluwasuen'))).toBeNull();
    // Two edits from a known name: only established misspellings may differ by two.
    expect(matchGivenName(first('Elizbaeht'), first('Elizabeth'))).toBeNull();
  });

  it('needs the same first letter for a typo', () => {
    expect(matchGivenName(first('Katherine'), first('Catherine'))).toBeNull();
    expect(matchGivenName(first('Mcihael'), first('Michael'))?.tier).toBe('typo');
    expect(matchGivenName(first('Imchael'), first('Michael'))).toBeNull();
  });

  it('returns null for names without letters', () => {
    expect(matchGivenName(first(''), first('John'))).toBeNull();
    expect(matchGivenName(first('John'), first(' - '))).toBeNull();
  });
});

describe('middle names', () => {
  it('reports none, one_side and agree', () => {
    expect(matchGivenName(first('John'), first('JOHN'))?.middle).toBe('none');
    expect(matchGivenName(first('John'), first('JOHN', 'PAUL'))?.middle).toBe('one_side');
    expect(matchGivenName(first('John', 'Paul'), first('JOHN'))?.middle).toBe('one_side');
    expect(matchGivenName(first('John', 'Paul'), first('JOHN', 'PAUL'))?.middle).toBe('agree');
  });

  it('lets an initial or a prefix agree with the full middle name', () => {
    expect(matchGivenName(first('John', 'P'), first('JOHN', 'PAUL'))).toEqual({ tier: 'exact', middle: 'agree' });
    expect(matchGivenName(first('John', 'P.'), first('JOHN', 'PAUL'))).toEqual({ tier: 'exact', middle: 'agree' });
    expect(matchGivenName(first('Elizabeth', 'Ann'), first('ELIZABETH', 'ANNE'))).toEqual({ tier: 'exact', middle: 'agree' });
    expect(matchGivenName(first('Chris', 'A'), first('CHRISTOPHER', 'ALAN'))).toEqual({ tier: 'nickname', middle: 'agree' });
  });

  it('lets nickname and typo forms of a middle name agree', () => {
    expect(matchGivenName(first('Mary', 'Kate'), first('MARY', 'KATHERINE'))?.middle).toBe('agree');
    expect(matchGivenName(first('David', 'Micheal'), first('DAVID', 'MICHAEL'))?.middle).toBe('agree');
  });

  it('matches several middles by order: fewer against more', () => {
    expect(matchGivenName(first('Anna', 'M'), first('ANNA', 'MARIE LOUISE'))?.middle).toBe('agree');
    expect(matchGivenName(first('Anna', 'L'), first('ANNA', 'MARIE LOUISE'))?.middle).toBe('agree');
    expect(matchGivenName(first('Sarah', 'E J'), first('SARAH', 'ELIZABETH JANE'))?.middle).toBe('agree');
    expect(matchGivenName(first('Sarah', 'J E'), first('SARAH', 'ELIZABETH JANE'))).toBeNull();
  });

  it('refuses two middles that disagree, whatever the tier of the first name', () => {
    expect(matchGivenName(first('John', 'Paul'), first('JOHN', 'MICHAEL'))).toBeNull();
    expect(matchGivenName(first('John', 'P'), first('JOHN', 'MICHAEL'))).toBeNull();
    expect(matchGivenName(first('Mike', 'J'), first('MICHAEL', 'DAVID'))).toBeNull();
    expect(matchGivenName(first('Micheal', 'T'), first('MICHAEL', 'ANDREW'))).toBeNull();
  });

  it('does not let a compound given name bypass a middle-name conflict', () => {
    // MARY + ANN vs MARY + ELIZABETH is two people, even though MARY is a prefix of MARYANN.
    expect(matchGivenName(first('Mary Ann'), first('MARY', 'ELIZABETH'))).toBeNull();
    expect(matchGivenName(first('Mary-Ann'), first('MARY', 'ELIZABETH'))).toBeNull();
    expect(matchGivenName(first('Jean-Luc'), first('JEAN-PIERRE'))).toBeNull();
  });
});

describe('splitGivenName', () => {
  it('takes the first word as the given name and the rest as the middle, normalised', () => {
    expect(splitGivenName('Mary Ann')).toEqual({ first: 'MARY', middle: 'ANN' });
    expect(splitGivenName('  josé  maría ')).toEqual({ first: 'JOSE', middle: 'MARIA' });
    expect(splitGivenName('John', 'Paul')).toEqual({ first: 'JOHN', middle: 'PAUL' });
    expect(splitGivenName('Mary Ann', 'Louise')).toEqual({ first: 'MARY', middle: 'ANN LOUISE' });
    expect(splitGivenName('John', null)).toEqual({ first: 'JOHN', middle: null });
    expect(splitGivenName('John', '')).toEqual({ first: 'JOHN', middle: null });
    expect(splitGivenName('R. J.', undefined)).toEqual({ first: 'R', middle: 'J' });
  });

  it('keeps a hyphenated given name whole', () => {
    expect(splitGivenName('Jean-Luc')).toEqual({ first: 'JEAN-LUC', middle: null });
    expect(splitGivenName('Jean - Luc Pierre')).toEqual({ first: 'JEAN-LUC', middle: 'PIERRE' });
  });

  it('leaves no first name when the first field holds no letters', () => {
    expect(splitGivenName(' . ', 'Ann')).toEqual({ first: '', middle: 'ANN' });
  });

  it('lets a caller\'s "Mary Ann" match every way a source writes it, and nothing else', () => {
    const requested = splitGivenName('Mary Ann');
    const candidates: [string, string | null, GivenNameMatch | null][] = [
      ['MARY', 'ANN', { tier: 'exact', middle: 'agree' }],
      ['MARY ANN', null, { tier: 'exact', middle: 'agree' }],
      ['MARYANN', null, { tier: 'exact', middle: 'none' }],
      ['MARY-ANN', null, { tier: 'exact', middle: 'agree' }],
      ['MARY', 'A', { tier: 'exact', middle: 'agree' }],
      ['MARY', null, { tier: 'exact', middle: 'one_side' }],
      ['MARY', 'ELIZABETH', null],
      ['ANN', null, null],
    ];
    for (const [candidateFirst, candidateMiddle, expected] of candidates) {
      expect(matchGivenName(requested, splitGivenName(candidateFirst, candidateMiddle)), `${candidateFirst} / ${candidateMiddle}`).toEqual(expected);
    }
  });
});

describe('edit distances', () => {
  /** Textbook optimal-string-alignment distance, unbounded. */
  function reference(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
    return d[a.length]![b.length]!;
  }

  it('agrees with the textbook distance on random short strings, within the bound', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const word = () => Array.from({ length: 1 + Math.floor(random() * 8) }, () => 'ABDEIN'[Math.floor(random() * 6)]).join('');
    for (let k = 0; k < 3000; k++) {
      const a = word();
      const b = random() < 0.5 ? word() : a.slice(0, Math.floor(random() * a.length)) + word().slice(0, 2) + a.slice(Math.floor(random() * a.length));
      for (const limit of [1, 2, 3]) expect(damerauDistance(a, b, limit), `${a}/${b}`).toBe(Math.min(reference(a, b), limit + 1));
    }
  });

  it('counts only misspelling edits in misspellingDistance', () => {
    expect(misspellingDistance('MICHEAL', 'MICHAEL', 2)).toBe(1); // adjacent swap
    expect(misspellingDistance('DAIVD', 'DAVID', 1)).toBe(1); // adjacent swap
    expect(misspellingDistance('JENIFER', 'JENNIFER', 2)).toBe(1); // doubled letter
    expect(misspellingDistance('JONATHON', 'JONATHAN', 2)).toBe(1); // late vowel
    expect(misspellingDistance('SANDRA', 'SONDRA', 2)).toBe(3); // early vowel: not a misspelling
    expect(misspellingDistance('JOHN', 'JON', 2)).toBe(3); // dropped consonant
    expect(misspellingDistance('MARK', 'MARC', 2)).toBe(3); // consonant change
    expect(misspellingDistance('DEAN', 'DEON', 2, false)).toBe(3); // vowel changes off
  });
});

describe('nickname table', () => {
  it('stays compact', () => {
    expect(nicknamePairCount).toBeGreaterThanOrEqual(150);
    expect(nicknamePairCount).toBeLessThanOrEqual(600);
  });
});
