import { describe, expect, it } from 'vitest';
import {
  detectChanges,
  eventKinds,
  webhookPayload,
  type ChangeEvent,
  type DetectOptions,
  type EventKind,
} from '#shared/features/monitoring/checks/change-events.ts';
import { daysUntilExpiry } from '#shared/features/monitoring/checks/expiry-window.ts';
import { snapshotFromObservation, type MonitorSnapshot } from '#shared/features/monitoring/checks/monitor-snapshot.ts';
import { observationOf } from '#shared/features/monitoring/checks/verification-observation.ts';
import { sourceNames } from '#shared/features/sources/source-config.ts';
import type { VerificationResult } from '#shared/features/verification/verification-result.ts';

const day = 86_400_000;
const now = new Date('2025-06-01T12:00:00.000Z');
const farExpiry = '2027-01-31';

/** YYYY-MM-DD `days` after the UTC date of `from`. */
function dateIn(days: number, from: Date = now): string {
  return new Date(from.getTime() + days * day).toISOString().slice(0, 10);
}

function result(overrides: Partial<VerificationResult> = {}): VerificationResult {
  return {
    verification_id: 'vrf_check',
    verified: true,
    status: 'active',
    name: 'Jane Doe',
    license_number: 'RN123456',
    state: 'California',
    expiry_date: farExpiry,
    disciplinary_flags: false,
    oig_excluded: false,
    sanctioned: false,
    sources_checked: ['California Board of Registered Nursing', sourceNames.leie],
    source_live: true,
    cached: false,
    cache_expires_at: null,
    checked_at: now.toISOString(),
    certificate_hash: 'sha256_abc',
    profession: 'registered_nurse',
    license_type: 'RN',
    profession_confirmed: true,
    professions_covered: ['registered_nurse'],
    match_confidence: 0.95,
    match_basis: ['npi'],
    match_note: null,
    npi: '1234567893',
    mode: 'live',
    sources: [
      { name: 'California Board of Registered Nursing', status: 'live', as_of: now.toISOString() },
      { name: sourceNames.leie, status: 'cached', as_of: now.toISOString() },
    ],
    oig_exclusion: null,
    sanctions: { lists: [{ list: 'oig_leie', name: sourceNames.leie, status: 'cached', as_of: now.toISOString() }], matches: [] },
    registry: null,
    ...overrides,
  };
}

function snapshot(overrides: Partial<MonitorSnapshot> = {}): MonitorSnapshot {
  return {
    status: 'active',
    expiryDate: farExpiry,
    disciplinary: false,
    oigExcluded: false,
    checkedAt: '2025-05-31T12:00:00.000Z',
    expiryAlertedFor: null,
    expiredAlertedFor: null,
    ...overrides,
  };
}

/** Change detection on what the verification `current` observed. */
const detect = (previous: MonitorSnapshot, current: VerificationResult, opts: DetectOptions) => detectChanges(previous, observationOf(current), opts);
/** The snapshot after what the verification `current` observed. */
const snapshotOf = (current: VerificationResult, previous: MonitorSnapshot | null, at: Date) => snapshotFromObservation(observationOf(current), previous, at);

const options = { now, alertDaysBeforeExpiry: 90 };
const kinds = (events: ChangeEvent[]) => events.map((e) => e.kind);
const answered = ['active', 'inactive', 'suspended', 'expired', 'revoked', 'not_found'] as const;

describe('detectChanges: each kind from the right transition only (issue: Events)', () => {
  const cases: { name: string; previous: Partial<MonitorSnapshot>; current: Partial<VerificationResult>; expected: EventKind[] }[] = [
    { name: 'nothing changed', previous: {}, current: {}, expected: [] },
    { name: 'active → suspended', previous: {}, current: { status: 'suspended', verified: false }, expected: ['license.status_changed'] },
    { name: 'active → revoked', previous: {}, current: { status: 'revoked', verified: false }, expected: ['license.status_changed'] },
    { name: 'active → inactive', previous: {}, current: { status: 'inactive', verified: false }, expected: ['license.status_changed'] },
    { name: 'suspended → active (reinstated)', previous: { status: 'suspended' }, current: {}, expected: ['license.status_changed', 'license.reinstated'] },
    { name: 'revoked → active (reinstated)', previous: { status: 'revoked' }, current: {}, expected: ['license.status_changed', 'license.reinstated'] },
    { name: 'inactive → active (not a reinstatement)', previous: { status: 'inactive' }, current: {}, expected: ['license.status_changed'] },
    {
      name: 'expired → active after renewal (not a reinstatement)',
      previous: { status: 'expired', expiryDate: '2025-05-01', expiredAlertedFor: '2025-05-01' },
      current: {},
      expected: ['license.status_changed'],
    },
    { name: 'not_found → active', previous: { status: 'not_found', expiryDate: null }, current: {}, expected: ['license.status_changed'] },
    { name: 'suspended → revoked', previous: { status: 'suspended' }, current: { status: 'revoked', verified: false }, expected: ['license.status_changed'] },
    {
      name: 'active → not_found is a status change (the board answered)',
      previous: {},
      current: { status: 'not_found', verified: false, expiry_date: null },
      expected: ['license.status_changed'],
    },
    {
      name: 'active → expired (date passed)',
      previous: { expiryDate: dateIn(-1) },
      current: { status: 'expired', verified: false, expiry_date: dateIn(-1) },
      expected: ['license.status_changed', 'license.expired'],
    },
    { name: 'disciplinary false → true', previous: {}, current: { disciplinary_flags: true }, expected: ['license.disciplinary_flag_added'] },
    { name: 'disciplinary true → true', previous: { disciplinary: true }, current: { disciplinary_flags: true }, expected: [] },
    { name: 'disciplinary true → false', previous: { disciplinary: true }, current: { disciplinary_flags: false }, expected: [] },
    { name: 'OIG false → true', previous: {}, current: { oig_excluded: true, verified: false }, expected: ['license.oig_exclusion_added'] },
    { name: 'OIG true → true', previous: { oigExcluded: true }, current: { oig_excluded: true, verified: false }, expected: [] },
    { name: 'OIG true → false', previous: { oigExcluded: true }, current: { oig_excluded: false }, expected: [] },
    { name: 'expiry moves into the window', previous: {}, current: { expiry_date: dateIn(30) }, expected: ['license.expiry_approaching'] },
  ];
  it.each(cases)('$name', ({ previous, current, expected }) => {
    const prev = snapshot(previous);
    const { events } = detect(prev, result(current), options);
    expect(kinds(events)).toEqual(expected);
    for (const e of events) expect(e.change).toEqual({ from: prev.status, to: current.status ?? 'active' });
  });

  it('status_changed for every pair of different answered statuses; reinstated only from suspended/revoked to active, right after it', () => {
    for (const from of answered) {
      for (const to of answered) {
        const { events } = detect(snapshot({ status: from }), result({ status: to, verified: to === 'active' }), options);
        const statusKinds = kinds(events).filter((k) => k === 'license.status_changed' || k === 'license.reinstated');
        if (from === to) {
          expect(statusKinds, `${from} → ${to}`).toEqual([]);
        } else if ((from === 'suspended' || from === 'revoked') && to === 'active') {
          expect(statusKinds, `${from} → ${to}`).toEqual(['license.status_changed', 'license.reinstated']);
          expect(kinds(events).slice(0, 2)).toEqual(['license.status_changed', 'license.reinstated']);
        } else {
          expect(statusKinds, `${from} → ${to}`).toEqual(['license.status_changed']);
        }
        const changed = events.find((e) => e.kind === 'license.status_changed');
        if (changed) expect(changed.change).toEqual({ from, to });
      }
    }
  });

  it('lists events in a stable order whatever changes at once', () => {
    const prev = snapshot({ status: 'suspended' });
    const current = result({ expiry_date: dateIn(10), disciplinary_flags: true, oig_excluded: true, verified: false });
    const first = detect(prev, current, options);
    expect(kinds(first.events)).toEqual([
      'license.status_changed',
      'license.reinstated',
      'license.expiry_approaching',
      'license.disciplinary_flag_added',
      'license.oig_exclusion_added',
    ]);
    expect(detect(prev, current, options)).toEqual(first);
    const expiredAtOnce = detect(
      snapshot({ disciplinary: false }),
      result({ status: 'expired', expiry_date: dateIn(-3), disciplinary_flags: true, oig_excluded: true }),
      options,
    );
    expect(kinds(expiredAtOnce.events)).toEqual([
      'license.status_changed',
      'license.expired',
      'license.disciplinary_flag_added',
      'license.oig_exclusion_added',
    ]);
  });

  it('records the check in the next snapshot', () => {
    const { next } = detect(snapshot(), result({ status: 'suspended', disciplinary_flags: true, expiry_date: dateIn(20) }), options);
    expect(next).toEqual({
      status: 'suspended',
      expiryDate: dateIn(20),
      disciplinary: true,
      oigExcluded: false,
      checkedAt: now.toISOString(),
      expiryAlertedFor: dateIn(20),
      expiredAlertedFor: null,
      sanctions: [],
    });
  });
});

describe('license.expiry_approaching (expiry within alert_days_before_expiry; once per expiry date)', () => {
  it.each([
    { alert: 90, days: 90, fires: true },
    { alert: 90, days: 91, fires: false },
    { alert: 30, days: 30, fires: true },
    { alert: 30, days: 31, fires: false },
    { alert: 1, days: 1, fires: true },
    { alert: 1, days: 2, fires: false },
    { alert: 90, days: 0, fires: true },
  ])('alert $alert days, expiry in $days days → $fires', ({ alert, days, fires }) => {
    const { events, next } = detect(snapshot(), result({ expiry_date: dateIn(days) }), { now, alertDaysBeforeExpiry: alert });
    expect(kinds(events)).toEqual(fires ? ['license.expiry_approaching'] : []);
    expect(next.expiryAlertedFor).toBe(fires ? dateIn(days) : null);
    if (fires) expect(events[0]!.data).toEqual({ expiry_date: dateIn(days), days_until_expiry: days, alert_days_before_expiry: alert });
  });

  it('the boundary uses calendar days, whatever the time of day', () => {
    const late = new Date('2025-06-01T23:59:59.000Z');
    const early = new Date('2025-06-01T00:00:00.000Z');
    for (const at of [early, late]) {
      expect(kinds(detect(snapshot(), result({ expiry_date: '2025-08-30' }), { now: at, alertDaysBeforeExpiry: 90 }).events)).toEqual([
        'license.expiry_approaching',
      ]);
      expect(kinds(detect(snapshot(), result({ expiry_date: '2025-08-31' }), { now: at, alertDaysBeforeExpiry: 90 }).events)).toEqual([]);
    }
    expect(daysUntilExpiry('2025-08-30', late)).toBe(90);
    expect(daysUntilExpiry(null, late)).toBeNull();
    expect(daysUntilExpiry('not a date', late)).toBeNull();
  });

  it('not when the date has passed (that is license.expired)', () => {
    const { events } = detect(snapshot({ expiryDate: dateIn(-1) }), result({ status: 'expired', expiry_date: dateIn(-1) }), options);
    expect(kinds(events)).not.toContain('license.expiry_approaching');
  });
});

describe('daily checks across an expiry and a renewal', () => {
  /** Runs a daily check for `days` days from `start`; the board answer follows the engine: past its date, active becomes expired. */
  function runDaily(start: Date, days: number, expiryFor: (at: Date) => string, initial: MonitorSnapshot, alert = 30) {
    let snap = initial;
    const log: { at: string; kind: EventKind }[] = [];
    for (let i = 0; i < days; i++) {
      const at = new Date(start.getTime() + i * day);
      const expiry = expiryFor(at);
      const status = expiry < at.toISOString().slice(0, 10) ? 'expired' : 'active';
      const { events, next } = detect(snap, result({ status, verified: status === 'active', expiry_date: expiry }), {
        now: at,
        alertDaysBeforeExpiry: alert,
      });
      for (const e of events) log.push({ at: at.toISOString().slice(0, 10), kind: e.kind });
      snap = next;
    }
    return { log, snap };
  }

  it('expiry_approaching once per expiry date, expired once per expiry date, again after a renewal', () => {
    const start = new Date('2025-06-01T06:00:00.000Z');
    // Expires 2025-08-01; renewed on 2025-08-20 to 2026-08-01; checked daily until 2026-09-01.
    const expiryFor = (at: Date) => (at.toISOString().slice(0, 10) < '2025-08-20' ? '2025-08-01' : '2026-08-01');
    const { log, snap } = runDaily(start, 458, expiryFor, snapshot({ expiryDate: '2025-08-01' }));
    expect(log).toEqual([
      { at: '2025-07-02', kind: 'license.expiry_approaching' },
      { at: '2025-08-02', kind: 'license.status_changed' },
      { at: '2025-08-02', kind: 'license.expired' },
      { at: '2025-08-20', kind: 'license.status_changed' },
      { at: '2026-07-02', kind: 'license.expiry_approaching' },
      { at: '2026-08-02', kind: 'license.status_changed' },
      { at: '2026-08-02', kind: 'license.expired' },
    ]);
    expect(snap.expiryAlertedFor).toBe('2026-08-01');
    expect(snap.expiredAlertedFor).toBe('2026-08-01');
  });

  it('a license already inside the window alerts on its first check only', () => {
    const { log } = runDaily(now, 20, () => dateIn(15), snapshot({ expiryDate: dateIn(15) }));
    expect(log.filter((l) => l.kind === 'license.expiry_approaching')).toEqual([{ at: dateIn(0), kind: 'license.expiry_approaching' }]);
  });

  it('expired once per expiry date while the board keeps reporting it expired', () => {
    let snap = snapshot({ status: 'expired', expiryDate: '2025-05-01' });
    const counts: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = detect(snap, result({ status: 'expired', verified: false, expiry_date: '2025-05-01' }), {
        now: new Date(now.getTime() + i * day),
        alertDaysBeforeExpiry: 90,
      });
      counts.push(r.events.filter((e) => e.kind === 'license.expired').length);
      snap = r.next;
    }
    expect(counts).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('a board-reported expiry without a date alerts once, and again after the license was seen unexpired', () => {
    const expiredUndated = result({ status: 'expired', verified: false, expiry_date: null });
    const a = detect(snapshot(), expiredUndated, options);
    expect(kinds(a.events)).toEqual(['license.status_changed', 'license.expired']);
    expect(a.events[1]!.data).toEqual({ expiry_date: null, days_until_expiry: null });
    const b = detect(a.next, expiredUndated, options);
    expect(b.events).toEqual([]);
    const c = detect(b.next, result({ expiry_date: null }), options);
    expect(kinds(c.events)).toEqual(['license.status_changed']);
    const d = detect(c.next, expiredUndated, options);
    expect(kinds(d.events)).toEqual(['license.status_changed', 'license.expired']);
  });

  it('expired carries the date and the (negative) days until expiry', () => {
    const { events } = detect(snapshot({ expiryDate: dateIn(-2) }), result({ status: 'expired', expiry_date: dateIn(-2) }), options);
    expect(events.find((e) => e.kind === 'license.expired')!.data).toEqual({ expiry_date: dateIn(-2), days_until_expiry: -2 });
  });
});

describe('a source outage never produces a change event', () => {
  const previous = Object.freeze(snapshot({ status: 'suspended', expiryDate: dateIn(10), disciplinary: false, oigExcluded: false }));
  const boardDown = (overrides: Partial<VerificationResult> = {}) =>
    result({
      status: 'source_unavailable',
      verified: false,
      expiry_date: null,
      name: null,
      license_number: null,
      source_live: false,
      sources: [
        { name: 'California Board of Registered Nursing', status: 'unavailable', as_of: null },
        { name: sourceNames.leie, status: 'cached', as_of: now.toISOString() },
      ],
      ...overrides,
    });

  it('an OIG exclusion that appears while the board is down is reported at once; only that flag is recorded', () => {
    const excluded = boardDown({
      oig_excluded: true,
      oig_exclusion: { match: 'dob', exclusion_type: '1128a1', exclusion_date: '2025-05-01', waiver_state: null, waiver_date: null },
    });
    const a = detect(previous, excluded, options);
    expect(kinds(a.events)).toEqual(['license.oig_exclusion_added']);
    expect(a.events[0]!.change).toEqual({ from: 'suspended', to: 'suspended' });
    expect(a.events[0]!.data).toMatchObject({ oig_excluded: true, exclusion_type: '1128a1', exclusion_date: '2025-05-01' });
    expect(a.next).toEqual({ ...previous, oigExcluded: true });
    // Not again: neither during the outage nor when the board answers.
    expect(detect(a.next, excluded, options).events).toEqual([]);
    const answered = detect(a.next, result({ status: 'suspended', verified: false, expiry_date: dateIn(10), oig_excluded: true }), options);
    expect(kinds(answered.events)).not.toContain('license.oig_exclusion_added');
  });

  it('with the exclusion list unavailable too, nothing is reported or recorded', () => {
    const bothDown = boardDown({
      oig_excluded: true,
      sources: [
        { name: 'California Board of Registered Nursing', status: 'unavailable', as_of: null },
        { name: sourceNames.leie, status: 'unavailable', as_of: null },
      ],
      sanctions: { lists: [{ list: 'oig_leie', name: sourceNames.leie, status: 'unavailable', as_of: null }], matches: [] },
    });
    const { events, next } = detect(previous, bothDown, options);
    expect(events).toEqual([]);
    expect(next).toBe(previous);
  });

  it.each(['source_unavailable', 'profession_not_covered', 'unsupported_state'] as const)('%s: no events and the snapshot unchanged', (status) => {
    const outage = result({
      status,
      verified: false,
      expiry_date: null,
      name: null,
      license_number: null,
      oig_excluded: false,
      disciplinary_flags: true,
      source_live: false,
      sources: [
        { name: 'California Board of Registered Nursing', status: 'unavailable', as_of: null },
        { name: sourceNames.leie, status: 'cached', as_of: now.toISOString() },
      ],
    });
    const { events, next } = detect(previous, outage, options);
    expect(events).toEqual([]);
    expect(next).toBe(previous);
    expect(next).toEqual(snapshot({ status: 'suspended', expiryDate: dateIn(10) }));
    expect(snapshotOf(outage, previous, now)).toBe(previous);
  });

  it('the change across an outage is reported against the last board answer', () => {
    const first = detect(snapshot(), result({ status: 'source_unavailable', verified: false, expiry_date: null }), options);
    const second = detect(first.next, result({ status: 'suspended', verified: false }), { ...options, now: new Date(now.getTime() + day) });
    expect(kinds(second.events)).toEqual(['license.status_changed']);
    expect(second.events[0]!.change).toEqual({ from: 'active', to: 'suspended' });
    const third = detect(first.next, result(), options);
    expect(third.events).toEqual([]);
  });

  it('an unavailable exclusion list neither clears the OIG flag nor re-alerts it later', () => {
    const leieDown = result({
      oig_excluded: false,
      verified: true,
      sources: [
        { name: 'California Board of Registered Nursing', status: 'live', as_of: now.toISOString() },
        { name: sourceNames.leie, status: 'unavailable', as_of: null },
      ],
      sanctions: { lists: [{ list: 'oig_leie', name: sourceNames.leie, status: 'unavailable', as_of: null }], matches: [] },
    });
    const a = detect(snapshot({ oigExcluded: true }), leieDown, options);
    expect(a.events).toEqual([]);
    expect(a.next.oigExcluded).toBe(true);
    const b = detect(a.next, result({ oig_excluded: true, verified: false }), options);
    expect(b.events).toEqual([]);
  });

  it('not_found keeps the disciplinary flag it cannot report, so finding the record again does not re-alert it', () => {
    const a = detect(snapshot({ disciplinary: true }), result({ status: 'not_found', verified: false, expiry_date: null, disciplinary_flags: false }), options);
    expect(kinds(a.events)).toEqual(['license.status_changed']);
    expect(a.next.disciplinary).toBe(true);
    const b = detect(a.next, result({ disciplinary_flags: true }), options);
    expect(kinds(b.events)).toEqual(['license.status_changed']);
  });

  it('a monitor registered during an outage has no baseline: the first answer emits no transition events, expiry alerts still apply', () => {
    const registered = snapshotOf(result({ status: 'source_unavailable', verified: false, expiry_date: null }), null, now);
    expect(registered).toMatchObject({ status: 'source_unavailable', checkedAt: now.toISOString(), expiryAlertedFor: null, expiredAlertedFor: null });
    const later = new Date(now.getTime() + day);
    const quiet = detect(registered, result({ status: 'suspended', disciplinary_flags: true, oig_excluded: true }), { ...options, now: later });
    expect(quiet.events).toEqual([]);
    expect(quiet.next.status).toBe('suspended');
    const expiring = detect(registered, result({ expiry_date: dateIn(20) }), options);
    expect(kinds(expiring.events)).toEqual(['license.expiry_approaching']);
    expect(expiring.events[0]!.change).toEqual({ from: 'active', to: 'active' });
  });
});

const oigList = { list: 'oig_leie', name: sourceNames.leie, status: 'cached' as const, as_of: now.toISOString() };
const samList = { list: 'sam_exclusions', name: 'SAM.gov exclusions', status: 'cached' as const, as_of: now.toISOString() };
const samMatch = {
  list: 'sam_exclusions',
  basis: 'npi' as const,
  name: 'JANE DOE',
  action: 'Reciprocal exclusion (HHS)',
  start_date: '2026-05-01',
  end_date: null,
};
const samKey = 'sam_exclusions|Reciprocal exclusion (HHS)|2026-05-01';

describe('sanctions lists other than the OIG list', () => {
  type ListReport = VerificationResult['sanctions']['lists'][number];
  const screened = (matches: (typeof samMatch)[], sam: Partial<ListReport> = {}) =>
    result({ sanctioned: matches.length > 0, sanctions: { lists: [oigList, { ...samList, ...sam }], matches } });

  it('an action that appears is sent once, and recorded; one that goes is sent once', () => {
    const added = detect(snapshot({ sanctions: [] }), screened([samMatch]), options);
    expect(kinds(added.events)).toEqual(['license.sanction_added']);
    expect(added.next.sanctions).toEqual([samKey]);
    expect(detect(added.next, screened([samMatch]), options).events).toEqual([]);
    const removed = detect(added.next, screened([]), options);
    expect(kinds(removed.events)).toEqual(['license.sanction_removed']);
    expect(removed.next.sanctions).toEqual([]);
  });

  it('a list that could not be consulted changes nothing; a snapshot without sanctions is only a baseline', () => {
    const down = detect(snapshot({ sanctions: [samKey] }), screened([], { status: 'unavailable', as_of: null }), options);
    expect(down.events).toEqual([]);
    expect(down.next.sanctions).toEqual([samKey]);
    const baseline = detect(snapshot({}), screened([samMatch]), options);
    expect(baseline.events).toEqual([]);
    expect(baseline.next.sanctions).toEqual([samKey]);
  });

  it('does not wait for the board, and leaves the OIG list to its own event', () => {
    const boardDown = detect(snapshot({ sanctions: [] }), { ...screened([samMatch]), status: 'source_unavailable', verified: false }, options);
    expect(kinds(boardDown.events)).toEqual(['license.sanction_added']);
    const oigMatch = { ...samMatch, list: 'oig_leie', action: 'OIG exclusion 1128a1' };
    const oig = detect(snapshot({ sanctions: [] }), { ...screened([oigMatch]), oig_excluded: true, verified: false }, options);
    expect(kinds(oig.events)).toEqual(['license.oig_exclusion_added']);
  });
});

describe('webhookPayload (spec: Webhook event)', () => {
  const ctx = {
    eventId: 'evt_1',
    monitorId: 'mon_1',
    occurredAt: now,
    provider: { name: 'Jane Doe', npi: '1234567893', state: 'CA' },
    verificationId: 'vrf_check',
    certificateHash: 'sha256_abc',
  };
  const exclusion = { match: 'npi' as const, exclusion_type: '1128a1', exclusion_date: '2025-05-20', waiver_state: null, waiver_date: null };
  const scenarios: Record<
    EventKind,
    { previous: Partial<MonitorSnapshot>; current: Partial<VerificationResult>; change: { from: string; to: string }; data: Record<string, unknown> }
  > = {
    'license.status_changed': {
      previous: { status: 'active' },
      current: { status: 'suspended', verified: false },
      change: { from: 'active', to: 'suspended' },
      data: { previous_status: 'active', status: 'suspended', verified: false, expiry_date: farExpiry },
    },
    'license.reinstated': {
      previous: { status: 'revoked' },
      current: {},
      change: { from: 'revoked', to: 'active' },
      data: { reinstated_from: 'revoked', expiry_date: farExpiry },
    },
    'license.expiry_approaching': {
      previous: {},
      current: { expiry_date: dateIn(45) },
      change: { from: 'active', to: 'active' },
      data: { expiry_date: dateIn(45), days_until_expiry: 45, alert_days_before_expiry: 90 },
    },
    'license.expired': {
      previous: { status: 'expired', expiryDate: dateIn(-5) },
      current: { status: 'expired', verified: false, expiry_date: dateIn(-5) },
      change: { from: 'expired', to: 'expired' },
      data: { expiry_date: dateIn(-5), days_until_expiry: -5 },
    },
    'license.disciplinary_flag_added': {
      previous: {},
      current: { disciplinary_flags: true },
      change: { from: 'active', to: 'active' },
      data: { disciplinary_flags: true, license_number: 'RN123456' },
    },
    'license.oig_exclusion_added': {
      previous: {},
      current: { oig_excluded: true, verified: false, oig_exclusion: exclusion },
      change: { from: 'active', to: 'active' },
      data: { oig_excluded: true, ...exclusion },
    },
    'license.sanction_added': {
      previous: { sanctions: [] },
      current: { sanctioned: true, sanctions: { lists: [oigList, samList], matches: [samMatch] } },
      change: { from: 'active', to: 'active' },
      data: { list: 'sam_exclusions', basis: 'npi', name: 'JANE DOE', action: 'Reciprocal exclusion (HHS)', start_date: '2026-05-01', end_date: null },
    },
    'license.sanction_removed': {
      previous: { sanctions: [samKey] },
      current: { sanctions: { lists: [oigList, samList], matches: [] } },
      change: { from: 'active', to: 'active' },
      data: { list: 'sam_exclusions', action: 'Reciprocal exclusion (HHS)', start_date: '2026-05-01' },
    },
  };

  it.each(eventKinds)('%s: the spec shape, in the spec order', (kind) => {
    const s = scenarios[kind];
    const { events } = detect(snapshot(s.previous), result(s.current), options);
    const event = events.find((e) => e.kind === kind);
    expect(event, kind).toBeDefined();
    const payload = webhookPayload(event!, ctx);
    expect(Object.keys(payload)).toEqual([
      'event',
      'event_id',
      'monitor_id',
      'occurred_at',
      'provider',
      'change',
      'verification_id',
      'certificate_hash',
      'data',
    ]);
    expect(payload).toEqual({
      event: kind,
      event_id: 'evt_1',
      monitor_id: 'mon_1',
      occurred_at: '2025-06-01T12:00:00.000Z',
      provider: { name: 'Jane Doe', npi: '1234567893', state: 'California' },
      change: s.change,
      verification_id: 'vrf_check',
      certificate_hash: 'sha256_abc',
      data: s.data,
    });
  });

  it('keeps a full state name and a null NPI as given; the body is a copy of the event', () => {
    const event: ChangeEvent = { kind: 'license.status_changed', change: { from: 'active', to: 'revoked' }, data: { x: 1 } };
    const payload = webhookPayload(event, { ...ctx, provider: { name: 'A B', npi: null, state: 'New York' } });
    expect(payload.provider).toEqual({ name: 'A B', npi: null, state: 'New York' });
    (payload.data as Record<string, unknown>).x = 2;
    expect(event.data.x).toBe(1);
  });
});
