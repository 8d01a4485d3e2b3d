/**
 * Identity resolution (the pure domain function) over one surname with 10,000 licenses on the board:
 * the worst a common surname in a large state could bring. Given names are drawn, weighted by births,
 * from the SSA table the matcher uses, so common names recur as they do on a real board; half the
 * licenses carry a middle initial and half a birth year. The requests are drawn the same way, half of
 * them with a date of birth; no NPI, so every candidate goes through the name tiers.
 */
import table from '#shared/domain/names/given-names.json' with { type: 'json' };
import type { BoardLicense } from '#shared/features/sources/license-record.ts';
import { resolveIdentity, type IdentityQuery, type IdentityResult } from '#shared/features/verification/identity-resolution.ts';
import { summarise, type Benchmark } from './harness.ts';

const candidates = 10_000;
const queries = 60;
const runs = 5;
const surname = 'SMITH';

/** A small deterministic generator (mulberry32), so every run draws the same board. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Draws given names weighted by recorded births. */
function nameDrawer(next: () => number): () => string {
  const rows = (table as unknown as { rows: [string, number, number][] }).rows;
  const names = rows.map((r) => r[0].toUpperCase());
  const cumulative: number[] = [];
  let total = 0;
  for (const [, male, female] of rows) cumulative.push((total += male + female));
  return () => {
    const x = next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return names[lo]!;
  };
}

function board(next: () => number, draw: () => string): BoardLicense[] {
  return Array.from({ length: candidates }, (_, i) => {
    const firstName = draw();
    const middleName = next() < 0.5 ? String.fromCharCode(65 + Math.floor(next() * 26)) : '';
    return {
      state: 'WA',
      source: 'Benchmark board',
      datasetId: 'bench-0000',
      licenseNumber: `MD${String(60_000_000 + i)}`,
      firstName,
      middleName,
      lastName: surname,
      suffix: '',
      name: [firstName, middleName, surname].filter(Boolean).join(' '),
      licenseType: 'Physician And Surgeon License',
      classification: { kind: 'profession', profession: 'physician' },
      profession: 'physician',
      status: 'active',
      rawStatus: 'ACTIVE',
      statusRecognised: true,
      expiryDate: '2027-06-30',
      issueDate: '2010-01-15',
      disciplinary: false,
      birthYear: next() < 0.5 ? 1950 + Math.floor(next() * 50) : null,
      rowCount: 1,
    };
  });
}

function requests(next: () => number, draw: () => string): IdentityQuery[] {
  return Array.from({ length: queries }, () => ({
    firstName: draw(),
    lastName: surname,
    state: 'WA',
    ...(next() < 0.5 ? { dob: `${1950 + Math.floor(next() * 50)}-05-17` } : {}),
  }));
}

/** Resolves every request, timing each; the outcomes must be the same on every run. */
function resolveAll(licenses: BoardLicense[], asked: IdentityQuery[]): { results: IdentityResult[]; ms: number[] } {
  const ms: number[] = [];
  const results = asked.map((q) => {
    const started = performance.now();
    const result = resolveIdentity(q, licenses, { kind: 'none' }, { numberScope: (l) => l.licenseType });
    ms.push(performance.now() - started);
    return result;
  });
  return { results, ms };
}

export const identityResolutionBenchmark: Benchmark = {
  id: 'identity-resolution',
  title: `Identity resolution: ${candidates.toLocaleString('en-US')} licenses of one surname`,
  async run() {
    const next = random(20_261_122);
    const draw = nameDrawer(next);
    const licenses = board(next, draw);
    const asked = requests(next, draw);
    const outcomes = resolveAll(licenses, asked).results; // warm-up; the matcher's parsed-name cache fills as in use
    const mean: number[] = [];
    const slowest: number[] = [];
    let slowestName = '';
    for (let i = 0; i < runs; i++) {
      const { results, ms } = resolveAll(licenses, asked);
      if (results.map((r) => r.kind).join() !== outcomes.map((r) => r.kind).join()) throw new Error('resolution is not deterministic');
      mean.push(ms.reduce((a, b) => a + b, 0) / ms.length);
      const worst = Math.max(...ms);
      slowest.push(worst);
      slowestName = asked[ms.indexOf(worst)]!.firstName;
    }
    const count = (kind: string) => outcomes.filter((o) => (o.kind === 'match' ? 'match' : o.reason) === kind).length;
    return [
      summarise(`Time per resolution, mean of ${queries} requests`, 'ms', mean, {
        note: `each request compares its given name with all ${candidates.toLocaleString('en-US')} licenses and groups the survivors into people; outcomes: ${count('match')} matched one person, ${count('ambiguous')} ambiguous, ${count('no_match')} no match`,
      }),
      summarise('Slowest request (the most common given name)', 'ms', slowest, {
        note: `${slowestName} in the last run: the most candidates survive the name tiers, and grouping them into people compares every pair`,
      }),
    ];
  },
};
