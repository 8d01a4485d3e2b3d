/**
 * The rules of an export's progress and polling (shared/features/history/export-progress.ts): progress is written
 * at most every interval whatever the pages, a failed write never stops the export, and `Retry-After`
 * says when the writing is due, then the polling interval, and nothing once the export is finished. And
 * the monitor's view of a secret rotation in progress (monitor-store.ts `secretRotationView`).
 */
import { describe, expect, it } from 'vitest';
import { pollSeconds, progressIntervalMs, progressReporter, retryAfterSeconds } from '#shared/features/history/export-progress.ts';
import { monitorView } from '#shared/features/monitoring/checks/monitor-store.ts';
import type { MonitorRecord } from '#shared/features/monitoring/checks/monitor-record.ts';
import { monitorSchema } from '#shared/features/monitoring/checks/monitor-schema.ts';

describe('progressReporter', () => {
  it('writes at most once per interval, counting from the start, with the latest count', async () => {
    let now = Date.parse('2026-11-28T10:00:00.000Z');
    const writes: [number, string][] = [];
    const report = progressReporter(
      async (rows, at) => {
        writes.push([rows, at.toISOString()]);
      },
      () => new Date(now),
      new Date(now),
    );
    // A page every second for 12 s, 1,000 rows each.
    for (let page = 1; page <= 12; page++) {
      now += 1_000;
      await report(page * 1_000);
    }
    expect(writes).toEqual([
      [5_000, '2026-11-28T10:00:05.000Z'],
      [10_000, '2026-11-28T10:00:10.000Z'],
    ]);
    // Pages far apart: each may write.
    now += progressIntervalMs;
    await report(13_000);
    expect(writes.at(-1)).toEqual([13_000, '2026-11-28T10:00:17.000Z']);
  });

  it('bounds the writes of an attempt by its time, not by its pages', async () => {
    let now = 0;
    let writes = 0;
    const report = progressReporter(
      async () => {
        writes += 1;
      },
      () => new Date(now),
      new Date(0),
    );
    // 300 s of pages every 10 ms: 30,000 pages, at most 60 writes.
    for (let page = 1; page <= 30_000; page++) {
      now += 10;
      await report(page);
    }
    expect(writes).toBe(300_000 / progressIntervalMs);
  });

  it('gives a failed write to onError and goes on; the next interval writes again', async () => {
    let now = 0;
    const errors: unknown[] = [];
    let calls = 0;
    const report = progressReporter(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('throttled');
      },
      () => new Date(now),
      new Date(0),
      { intervalMs: 100, onError: (e) => errors.push(e) },
    );
    now = 100;
    await expect(report(1)).resolves.toBeUndefined();
    now = 150;
    await report(2);
    now = 200;
    await report(3);
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });
});

describe('retryAfterSeconds', () => {
  const now = new Date('2026-11-28T10:00:00.000Z');
  it('before the writing starts: until a second after it is due; once due, or not known, the polling interval', () => {
    expect(retryAfterSeconds({ status: 'pending', write_after: '2026-11-28T10:00:30.000Z' }, now)).toBe(31);
    expect(retryAfterSeconds({ status: 'pending', write_after: '2026-11-28T10:00:00.400Z' }, now)).toBe(2);
    expect(retryAfterSeconds({ status: 'pending', write_after: '2026-11-28T09:59:00.000Z' }, now)).toBe(pollSeconds);
    expect(retryAfterSeconds({ status: 'pending' }, now)).toBe(pollSeconds);
  });

  it('while it is written, the polling interval; once finished, none', () => {
    const progress = { attempt: 1, rows_written: 10, started_at: now.toISOString(), updated_at: now.toISOString() };
    expect(retryAfterSeconds({ status: 'pending', write_after: '2026-11-28T10:00:30.000Z', progress }, now)).toBe(pollSeconds);
    for (const status of ['ready', 'failed']) expect(retryAfterSeconds({ status, progress }, now)).toBeUndefined();
  });
});

describe('the monitor view of a secret rotation', () => {
  const now = new Date('2026-11-28T10:00:00.000Z');
  const monitor: MonitorRecord = {
    monitor_id: 'mon_AAAAAAAAAAAAAAAAAAAAAAAA',
    owner: 'acct_x#test',
    account_id: 'acct_x',
    mode: 'test',
    status: 'active',
    created_at: '2026-11-20T10:00:00.000Z',
    created_key: '2026-11-20T10:00:00.000Z#mon_AAAAAAAAAAAAAAAAAAAAAAAA',
    request: { first_name: 'Dana', last_name: 'Lee', state: 'WA' },
    provider: { name: 'Dana Lee', npi: null, state: 'Washington', current_status: 'active', expiry_date: null },
    webhook_url: 'https://hooks.example.com/x',
    webhook_secret_sealed: 'aes2:new',
    alert_days_before_expiry: 90,
    next_check_at: '2026-11-29T06:00:00.000Z',
    last_verification_id: 'vrf_AAAAAAAAAAAAAAAAAAAAAAAA',
    snapshot: {} as MonitorRecord['snapshot'],
  };
  const rotating = {
    ...monitor,
    previous_webhook_secret_sealed: 'aes2:old',
    previous_secret_expires_at: '2026-11-29T09:00:00.000Z',
    secret_rotated_at: '2026-11-28T09:00:00.000Z',
  };

  it('is shown during the overlap, with no secret, and fits the schema', () => {
    const view = monitorView(rotating, now);
    expect(view.secret_rotation).toEqual({ rotated_at: '2026-11-28T09:00:00.000Z', previous_secret_expires_at: '2026-11-29T09:00:00.000Z' });
    expect(monitorSchema.parse(view)).toEqual(view);
    expect(JSON.stringify(view)).not.toContain('aes2:');
  });

  it('is null outside an overlap: never rotated, the window ended (old secret not yet removed), or deleted', () => {
    expect(monitorView(monitor, now).secret_rotation).toBeNull();
    expect(monitorView({ ...monitor, secret_rotated_at: '2026-11-27T09:00:00.000Z' }, now).secret_rotation).toBeNull();
    expect(monitorView(rotating, new Date('2026-11-29T09:00:00.000Z')).secret_rotation).toBeNull();
    expect(monitorView({ ...rotating, status: 'deleted', deleted_at: now.toISOString() }, now).secret_rotation).toBeNull();
  });

  it('says rotated_at null for a rotation stored before its time was recorded', () => {
    const { secret_rotated_at: _, ...legacy } = rotating;
    expect(monitorView(legacy, now).secret_rotation).toEqual({ rotated_at: null, previous_secret_expires_at: '2026-11-29T09:00:00.000Z' });
  });
});
