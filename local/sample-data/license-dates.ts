/**
 * Issue, renewal and expiration dates, status dates and discipline cases, made consistent with each
 * license's status and relative to the fixed reference date: an active license expires after it
 * (uniformly over its renewal cycle, so about one in eight two-year licenses expires within 90 days),
 * an expired one before it, a pending application has no dates, a disciplined one has a case that
 * started when the status took effect.
 */
import { addYears, type Day, endOfMonth, TODAY } from './dates.ts';
import { type DisciplineCase, makeCase } from './discipline.ts';
import type { License } from './model.ts';
import type { Rng } from './prng.ts';
import { disciplinaryMeanings } from './raw-statuses.ts';

/** Renewal cycle in years: WA renews nurses every year, everyone else renews every two years. */
function cycleYears(license: License): number {
  const { state, role } = license.kind;
  if (state === 'WA' && (role === 'registered_nurse' || role === 'practical_nurse')) return 1;
  if (state === 'IL' && role === 'physician') return 3;
  return 2;
}

/** CO, IL and DE expire licenses at the end of a month; WA and TX on any day. */
function monthEnd(license: License, day: Day): Day {
  return ['CO', 'IL', 'DE'].includes(license.kind.state) ? endOfMonth(day) : day;
}

export function assignDates(rng: Rng, licenses: readonly License[]): void {
  for (const license of licenses) datesFor(rng.fork(`dates:${license.id}`), license);
}

function datesFor(rng: Rng, license: License): void {
  const meaning = license.status.meaning;
  const cycle = cycleYears(license);
  const cycleDays = cycle * 365;
  let first = license.firstIssue ?? TODAY - rng.int(400, 4000);

  if (meaning === 'pending' || meaning === 'denied') {
    license.firstIssue = null;
    license.lastIssue = null;
    license.expiration = null;
    license.statusDate = TODAY - rng.int(5, meaning === 'pending' ? 120 : 700);
    return;
  }

  const permit = license.kind.role === 'rn_temporary_permit' || license.kind.role === 'arnp_temporary_permit';
  let expiration: Day;
  if (license.expiresInDays !== null) expiration = TODAY + license.expiresInDays;
  else if (permit) expiration = meaning === 'active' ? TODAY + rng.int(20, 150) : first + 180;
  else
    switch (meaning) {
      case 'active':
      case 'conditional':
        expiration = monthEnd(license, TODAY + rng.int(1, cycleDays));
        break;
      case 'expired':
        expiration = monthEnd(license, TODAY - rng.int(10, 5 * 365));
        break;
      case 'expired_long':
        expiration = monthEnd(license, TODAY - rng.int(6 * 365 + 40, 18 * 365));
        break;
      case 'suspended':
      case 'revoked':
        expiration = monthEnd(license, rng.chance(0.5) ? TODAY + rng.int(30, cycleDays) : TODAY - rng.int(30, 4 * 365));
        break;
      default:
        // inactive, retired, deceased, superseded: mostly lapsed; some inactive credentials keep a date.
        expiration = monthEnd(license, rng.chance(0.8) ? TODAY - rng.int(30, 9 * 365) : TODAY + rng.int(30, cycleDays));
        if (expiration > TODAY && meaning !== 'inactive') expiration = TODAY - rng.int(30, 900);
    }
  if (first > expiration - 30) first = expiration - Math.min(cycleDays, 30 + rng.int(0, cycleDays));
  if (permit && first > TODAY - 30) first = TODAY - 30;
  let lastIssue = permit ? first : Math.max(first, addYears(expiration, -cycle));
  if (lastIssue > TODAY) lastIssue = first;

  license.firstIssue = first;
  license.lastIssue = lastIssue;
  license.expiration = expiration;
  license.cases = casesFor(rng, license, first, expiration);

  const inForce = license.cases.find((c) => c.end === null);
  license.statusDate =
    inForce?.start ??
    (meaning === 'active'
      ? lastIssue
      : meaning === 'conditional'
        ? lastIssue
        : Math.min(expiration, TODAY - 1) - (meaning === 'deceased' ? rng.int(0, 200) : 0));
}

function casesFor(rng: Rng, license: License, first: Day, expiration: Day): DisciplineCase[] {
  const state = license.kind.state;
  const meaning = license.status.meaning;
  if (license.kind.business) return [];
  const cases: DisciplineCase[] = [];
  const wanted = license.wantedCases;
  const disciplinary = disciplinaryMeanings.has(meaning);
  // The action in force is recent (and came before a lapse, if the license has lapsed since).
  let inForceStart: Day | null = null;
  if (disciplinary) {
    let start = Math.max(TODAY - rng.int(20, 3 * 365), first + 30);
    if (expiration < TODAY) start = Math.min(start, expiration - 30);
    inForceStart = Math.min(TODAY - 5, Math.max(start, first + 1));
  }
  const pastCount = wanted !== null ? wanted - (disciplinary ? 1 : 0) : disciplinary ? (rng.chance(0.25) ? 1 : 0) : rng.chance(0.025) ? 1 : 0;
  // Earlier, completed actions fall between the first year of practice and the action in force.
  const from = first + 200;
  const until = (inForceStart ?? TODAY) - 60;
  for (let i = 0; i < pastCount; i++) {
    const start = until > from ? from + rng.int(0, until - from) : Math.max(first + 1, until - 400);
    const end = Math.min(TODAY - 30, (inForceStart ?? TODAY) - 10, start + rng.int(180, 720));
    cases.push(makeCase(rng, state, 'past', start, Math.max(start + 1, end)));
  }
  if (inForceStart !== null) cases.push(makeCase(rng, state, meaning, inForceStart, null));
  return cases.sort((a, b) => a.start - b.start);
}
