/**
 * Every webhook event kind, end to end: a change in the simulator's source data (a board row, a board's
 * discipline record, a row of the LEIE file), the daily sweep, the check worker, the delivery worker, and a
 * real HTTP receiver on 127.0.0.1 that checks `Service-Signature` with an independent HMAC (Python's
 * hmac module over the exact bytes received). One provider per case, so the cases do not depend on each
 * other; every edit is undone.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { eventKinds, type EventKind } from '#shared/features/monitoring/checks/change-events.ts';
import { checkMonitor } from '#shared/features/monitoring/checks/monitor-check.ts';
import { monitorCheckServices } from '#shared/features/monitoring/checks/monitor-services.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { newContainer } from '#shared/platform/container.ts';
import { samCsv, type SamRow } from '../support/sam-extract.ts';
import type { SourceDataCopy } from '../support/source-data.ts';
import { startSampleDataStack, type SampleDataStack } from '../support/sample-data-stack.ts';
import type { TestStack } from '../support/stack.ts';
import { eventsOf as storedEventsOf, makeDue, storedMonitor } from '../support/monitor-tables.ts';
import { dynamoExclusionStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

type Row = Record<string, unknown>;
interface Hook {
  readonly headers: IncomingHttpHeaders;
  readonly raw: Buffer;
}
interface StoredEvent {
  readonly event_id: string;
  readonly kind: string;
  readonly body: string;
  readonly delivery: { state: string; attempts: { ok: boolean; status: number | null }[] };
}
interface Provider {
  readonly first_name: string;
  readonly last_name: string;
  readonly state: 'WA' | 'CO' | 'DE';
  readonly npi: string;
  /** The license the board lists for them. */
  readonly license: string;
}

const stateNames = { WA: 'Washington', CO: 'Colorado', DE: 'Delaware' } as const;
const dayMs = 86_400_000;
const caseTimeout = 180_000;

let t: TestStack;
let data: SourceDataCopy;
let stack: SampleDataStack;
let key: string;
let receiver: Server;
let receiverUrl: string;
const hooks: Hook[] = [];

beforeAll(async () => {
  stack = await startSampleDataStack();
  ({ t, data } = stack);
  key = (await t.issue({ plan: 'production', mode: 'live' })).api_key;
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hooks.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/license`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await stack.stop();
});

/** The receiver's check, independent of the service's code: Python's hmac over the raw bytes, compared in constant time. */
function receiverAccepts(raw: Buffer, signature: string | string[] | undefined, secret: string): boolean {
  if (typeof signature !== 'string') return false;
  const verdict = execFileSync(
    'python3',
    [
      '-c',
      'import hashlib, hmac, sys\n' +
        'mac = hmac.new(sys.argv[1].encode("utf-8"), sys.stdin.buffer.read(), hashlib.sha256).hexdigest()\n' +
        'print("valid" if hmac.compare_digest(mac, sys.argv[2]) else "invalid")',
      secret,
      signature,
    ],
    { input: raw },
  );
  return verdict.toString().trim() === 'valid';
}

// ---- source data edits (each returns its undo) ----

async function editJson(path: string, edit: (rows: Row[]) => void): Promise<() => Promise<void>> {
  const file = join(data.dir, path);
  const original = await readFile(file);
  const rows = JSON.parse(original.toString('utf8')) as Row[];
  edit(rows);
  await writeFile(file, JSON.stringify(rows));
  return () => writeFile(file, original);
}

/** Sets fields on the board rows of one license (the rows must exist). */
function editLicenseRows(dataset: string, numberField: string, license: string, fields: Row): Promise<() => Promise<void>> {
  return editJson(join('boards', `${dataset}.json`), (rows) => {
    const mine = rows.filter((row) => row[numberField] === license);
    if (mine.length === 0) throw new Error(`${license} is not in ${dataset}`);
    for (const row of mine) Object.assign(row, fields);
  });
}

const waLicense = (license: string, fields: Row) => editLicenseRows('qxh8-f4bd', 'credentialnumber', license, fields);

/** YYYY-MM-DD `days` from today (UTC). */
const isoDateIn = (days: number) => new Date(Date.now() + days * dayMs).toISOString().slice(0, 10);
const compact = (isoDate: string) => isoDate.replaceAll('-', '');

/** Whole calendar days from the UTC date of `at` to `date`, computed here rather than with the service's helper. */
function calendarDaysFrom(at: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${at.slice(0, 10)}T00:00:00Z`)) / dayMs);
}

// ---- monitors, the sweep, deliveries ----

async function register(provider: Provider, secret: string, extra: Row = {}) {
  const { license: _license, ...identity } = provider;
  const res = await t.call('/v1/monitor', {
    method: 'POST',
    key,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...identity, webhook_url: receiverUrl, webhook_secret: secret, ...extra }),
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { monitor_id: string; provider: { current_status: string; expiry_date: string | null } };
}

const eventsOf = (id: string) => storedEventsOf<StoredEvent>(id);

async function storedEvent(id: string): Promise<StoredEvent | undefined> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName('events'), Key: { event_id: id }, ConsistentRead: true }));
  return out.Item as StoredEvent | undefined;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The order the service lists one check's events in. */
const byKind = (a: { kind: string }, b: { kind: string }) => eventKinds.indexOf(a.kind as EventKind) - eventKinds.indexOf(b.kind as EventKind);

interface Delivered {
  readonly stored: StoredEvent;
  readonly hook: Hook;
  readonly payload: Record<string, any>;
}

/**
 * Makes the monitor due, fires the daily sweep, waits until the check has recorded its result, then until
 * each event the check created has reached the receiver and been recorded delivered. Returns the new
 * events in the service's kind order, with the request the receiver got for each.
 */
async function sweepAndDeliver(monitorId: string): Promise<Delivered[]> {
  const before = new Set((await eventsOf(monitorId)).map((e) => e.event_id));
  await makeDue(monitorId, new Date(Date.now() - 60_000).toISOString());
  await t.stack.scheduler.fire('dailyMonitorSweep');
  // The check records its next check time with its events, then stores and queues them and forgets them.
  await waitFor('the check to finish', async () => {
    const m = await storedMonitor(monitorId);
    return Date.parse(m.next_check_at) > Date.now() && m.pending_events === undefined ? true : undefined;
  });
  const created = (await eventsOf(monitorId)).filter((e) => !before.has(e.event_id)).sort(byKind);
  const delivered: Delivered[] = [];
  for (const event of created) {
    const stored = await waitFor(`${event.kind} to be delivered`, async () => {
      const e = await storedEvent(event.event_id);
      return e?.delivery.state === 'delivered' ? e : undefined;
    });
    const hook = await waitFor(`${event.kind} at the receiver`, () => hooks.find((h) => h.headers['service-event-id'] === event.event_id));
    delivered.push({ stored, hook, payload: JSON.parse(hook.raw.toString('utf8')) as Record<string, any> });
  }
  return delivered;
}

/** What every delivery must be: the stored body byte for byte, signed with the monitor's secret, the spec's headers and shape. */
function expectSignedDelivery(d: Delivered, monitorId: string, provider: Provider, secret: string): void {
  expect(d.hook.raw.toString('utf8')).toBe(d.stored.body);
  expect(d.hook.headers['content-type']).toBe('application/json');
  expect(d.hook.headers['service-signature']).toMatch(/^[0-9a-f]{64}$/);
  expect(receiverAccepts(d.hook.raw, d.hook.headers['service-signature'], secret)).toBe(true);
  expect(d.hook.headers['service-event-id']).toBe(d.stored.event_id);
  expect(Number.isNaN(Date.parse(String(d.hook.headers['service-timestamp'])))).toBe(false);
  expect(d.stored.delivery.attempts).toEqual([expect.objectContaining({ ok: true, status: 200 })]);

  const p = d.payload;
  expect(Object.keys(p).sort()).toEqual([
    'certificate_hash',
    'change',
    'data',
    'event',
    'event_id',
    'monitor_id',
    'occurred_at',
    'provider',
    'verification_id',
  ]);
  expect(p.event).toBe(d.stored.kind);
  expect(p.event_id).toBe(d.stored.event_id);
  expect(p.event_id).toMatch(/^evt_/);
  expect(p.monitor_id).toBe(monitorId);
  expect(new Date(p.occurred_at as string).toISOString()).toBe(p.occurred_at);
  expect(p.provider).toEqual({ name: expect.stringMatching(new RegExp(provider.last_name, 'i')), npi: provider.npi, state: stateNames[provider.state] });
  expect(Object.keys(p.change as object).sort()).toEqual(['from', 'to']);
  expect(p.verification_id).toMatch(/^vrf_/);
  expect(p.certificate_hash).toMatch(/^sha256_/);
  expect(typeof p.data).toBe('object');
}

/** Sweeps, expects exactly `kinds` from the check, each delivered and signed as it must be; returns them in that order. */
async function sweepExpecting(monitorId: string, provider: Provider, secret: string, kinds: EventKind[]): Promise<Delivered[]> {
  const delivered = await sweepAndDeliver(monitorId);
  expect(delivered.map((d) => d.payload.event)).toEqual(kinds);
  for (const d of delivered) expectSignedDelivery(d, monitorId, provider, secret);
  return delivered;
}

/** Runs `body` with a source-data edit in place, and undoes the edit whatever happens. */
async function withEdit(edit: Promise<() => Promise<void>>, body: () => Promise<void>): Promise<void> {
  const undo = await edit;
  try {
    await body();
  } finally {
    await undo();
  }
}

/** A check on the next day (the check code with its time one day on): no event. */
async function nextDayCheckSendsNothing(monitorId: string): Promise<void> {
  const before = (await eventsOf(monitorId)).length;
  const outcome = await checkMonitor({ monitor_id: monitorId }, new Date(Date.now() + dayMs), monitorCheckServices());
  expect(outcome).toEqual({ monitorId, checked: true, events: [] });
  expect(await eventsOf(monitorId)).toHaveLength(before);
  const received = new Set(hooks.filter((h) => h.raw.toString('utf8').includes(monitorId)).map((h) => h.headers['service-event-id']));
  expect(received.size).toBe(before);
}

/** Appends one row to the simulator's LEIE file and ingests it; the undo restores the file and ingests that. */
/** MM/DD/YYYY, as the SAM.gov extract writes dates. */
function usDate(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

/** The day (yyddd) of the last SAM.gov extract written here: each one is newer, as the publisher's are. */
let samDay = 26340;

/**
 * A newer SAM.gov extract: the sample's rows and `row`, ingested; the undo publishes the next day's
 * extract with the sample's rows only (the row's exclusion ended) and ingests it.
 */
async function addSamRow(row: SamRow): Promise<() => Promise<void>> {
  const dir = join(data.dir, 'sam');
  // The sample's extract: the one not written here.
  const sample = (await readdir(dir)).find((f) => f.endsWith('.csv') && !/_V2_263[4-9]\d\./.test(f))!;
  const original = await readFile(join(dir, sample), 'utf8');
  const extra = samCsv([row]).split('\r\n')[1]!;
  const newer = join(dir, `SAM_Exclusions_Public_Extract_V2_${++samDay}.csv`);
  await writeFile(newer, `${original.trimEnd()}\r\n${extra}\r\n`);
  expect((await ingestList(samExclusions, dynamoSanctionsStore())).outcome).toBe('ingested');
  newContainer();
  return async () => {
    await rm(newer);
    await writeFile(join(dir, `SAM_Exclusions_Public_Extract_V2_${++samDay}.csv`), original);
    expect((await ingestList(samExclusions, dynamoSanctionsStore())).outcome).toBe('ingested');
    newContainer();
  };
}

async function addLeieRow(values: string[]): Promise<() => Promise<void>> {
  const file = join(data.dir, 'leie', 'UPDATED.csv');
  const original = await readFile(file);
  await writeFile(file, Buffer.concat([original, Buffer.from(`${values.map((v) => `"${v}"`).join(',')}\r\n`)]));
  expect((await ingestLeie(dynamoExclusionStore())).outcome).toBe('ingested');
  // The check worker runs in this process; drop what it remembers of the previous list version (a
  // deployed container sees a new version within 30 seconds).
  newContainer();
  return async () => {
    await writeFile(file, original);
    await ingestLeie(dynamoExclusionStore());
    newContainer();
  };
}

describe('webhook event kinds produced by changes in the source data', () => {
  it('license.status_changed: the board suspends an active license', { timeout: caseTimeout }, async () => {
    const provider: Provider = { first_name: 'Helen', last_name: 'Kendrick', state: 'WA', npi: '1436563831', license: 'MD00315183' };
    const secret = 'whsec-status-changed-4c1f9a';
    const monitor = await register(provider, secret);
    expect(monitor.provider.current_status).toBe('active');

    await withEdit(waLicense(provider.license, { status: 'Suspended' }), async () => {
      const [changed] = await sweepExpecting(monitor.monitor_id, provider, secret, ['license.status_changed']);
      expect(changed!.payload.change).toEqual({ from: 'active', to: 'suspended' });
      expect(changed!.payload.data).toEqual({ previous_status: 'active', status: 'suspended', verified: false, expiry_date: '2028-01-07' });
      // The receiver's check can fail: the same bytes under another secret are rejected.
      expect(receiverAccepts(changed!.hook.raw, changed!.hook.headers['service-signature'], `${secret}-other`)).toBe(false);
      expect((await storedMonitor(monitor.monitor_id)).provider.current_status).toBe('suspended');
    });
  });

  it('license.reinstated: a revoked license is active again, sent together with the status change', { timeout: caseTimeout }, async () => {
    const provider: Provider = { first_name: 'Gregory', last_name: 'Vega', state: 'WA', npi: '1718529997', license: 'PA00420135' };
    const secret = 'whsec-reinstated-77b2e0d1';
    let monitorId = '';
    await withEdit(waLicense(provider.license, { status: 'Revoked' }), async () => {
      const monitor = await register(provider, secret);
      expect(monitor.provider.current_status).toBe('revoked');
      monitorId = monitor.monitor_id;
    });
    // The board's row is ACTIVE again (the sample data as shipped).
    const delivered = await sweepExpecting(monitorId, provider, secret, ['license.status_changed', 'license.reinstated']);
    for (const d of delivered) expect(d.payload.change).toEqual({ from: 'revoked', to: 'active' });
    const [changed, reinstated] = delivered;
    expect(changed!.payload.data).toEqual({ previous_status: 'revoked', status: 'active', verified: true, expiry_date: '2028-09-16' });
    expect(reinstated!.payload.data).toEqual({ reinstated_from: 'revoked', expiry_date: '2028-09-16' });
    // One check: the same verification, certificate and time on both.
    for (const field of ['verification_id', 'certificate_hash', 'occurred_at']) expect(reinstated!.payload[field]).toBe(changed!.payload[field]);
    expect(reinstated!.payload.event_id).not.toBe(changed!.payload.event_id);
  });

  it('license.expiry_approaching: the expiry date moves inside alert_days_before_expiry; once per expiry date', { timeout: caseTimeout }, async () => {
    const provider: Provider = { first_name: 'Larry', last_name: 'McCorkle', state: 'WA', npi: '1177129198', license: 'MD00970280' };
    const secret = 'whsec-expiry-approaching-19d3';
    const monitor = await register(provider, secret, { alert_days_before_expiry: 45 });
    expect(monitor.provider.expiry_date).toBe('2027-09-16');

    const expiry = isoDateIn(30);
    await withEdit(waLicense(provider.license, { expirationdate: compact(expiry) }), async () => {
      const [approaching] = await sweepExpecting(monitor.monitor_id, provider, secret, ['license.expiry_approaching']);
      expect(approaching!.payload.change).toEqual({ from: 'active', to: 'active' });
      expect(approaching!.payload.data).toEqual({
        expiry_date: expiry,
        days_until_expiry: calendarDaysFrom(approaching!.payload.occurred_at as string, expiry),
        alert_days_before_expiry: 45,
      });
      expect(approaching!.payload.data.days_until_expiry).toBeLessThanOrEqual(45);

      await nextDayCheckSendsNothing(monitor.monitor_id);
    });
  });

  it('license.expired: the expiry date passes; once per expiry date', { timeout: caseTimeout }, async () => {
    const provider: Provider = { first_name: 'Lindsey', last_name: 'Cooney', state: 'WA', npi: '2714157098', license: 'LW00785276' };
    const secret = 'whsec-expired-a09c3e5b';
    const monitor = await register(provider, secret);
    expect(monitor.provider.current_status).toBe('active');

    // The board still says ACTIVE; its expiration date is now in the past (renewal not posted).
    const expiry = isoDateIn(-3);
    await withEdit(waLicense(provider.license, { expirationdate: compact(expiry) }), async () => {
      const delivered = await sweepExpecting(monitor.monitor_id, provider, secret, ['license.status_changed', 'license.expired']);
      for (const d of delivered) expect(d.payload.change).toEqual({ from: 'active', to: 'expired' });
      const expired = delivered[1]!;
      expect(expired.payload.data).toEqual({ expiry_date: expiry, days_until_expiry: calendarDaysFrom(expired.payload.occurred_at as string, expiry) });
      expect(expired.payload.data.days_until_expiry).toBeLessThan(0);

      await nextDayCheckSendsNothing(monitor.monitor_id);
    });
  });

  const disciplineCases: { source: string; provider: Provider; secret: string; publish: (p: Provider) => Promise<() => Promise<void>> }[] = [
    {
      source: 'Delaware publishes a disciplinary action in its discipline dataset (dz6p-akeq)',
      provider: { first_name: 'Leander', last_name: 'Sloan', state: 'DE', npi: '1646033765', license: 'C1-0021235' },
      secret: 'whsec-discipline-de-5e8801',
      publish: (p) =>
        editJson(join('boards', 'dz6p-akeq.json'), (rows) => {
          rows.push({
            license_id_l: p.license,
            last_name: p.last_name.toUpperCase(),
            first_name: p.first_name.toUpperCase(),
            license_type: 'Physician',
            disp_start: `${isoDateIn(-1)}T00:00:00.000`,
            item_text: 'Probation. Standard of care. Terms ongoing.',
          });
        }),
    },
    {
      source: 'Colorado lists a discipline case on the license row (7s5z-vewr)',
      provider: { first_name: 'Amelia', last_name: 'Pace', state: 'CO', npi: '1523032591', license: '100014' },
      secret: 'whsec-discipline-co-3b7f42',
      publish: (p) =>
        editLicenseRows('7s5z-vewr', 'licensenumber', p.license, {
          casenumber: '2026-009871',
          programaction: 'Stipulation and Final Agency Order',
          disciplineeffectivedate: `${isoDateIn(-2)}T00:00:00.000`,
        }),
    },
  ];

  for (const { source, provider, secret, publish } of disciplineCases) {
    it(`license.disciplinary_flag_added: ${source}`, { timeout: caseTimeout }, async () => {
      const monitor = await register(provider, secret);
      expect(monitor.provider.current_status).toBe('active');

      await withEdit(publish(provider), async () => {
        const [flagged] = await sweepExpecting(monitor.monitor_id, provider, secret, ['license.disciplinary_flag_added']);
        expect(flagged!.payload.change).toEqual({ from: 'active', to: 'active' });
        expect(flagged!.payload.data).toEqual({ disciplinary_flags: true, license_number: provider.license });
      });
    });
  }

  it('license.sanction_added, then license.sanction_removed: an OPM exclusion appears in a new SAM.gov extract, then ends', {
    timeout: caseTimeout,
  }, async () => {
    const provider: Provider = { first_name: 'Cathy', last_name: 'Overstreet', state: 'WA', npi: '1377671718', license: 'MD00568490' };
    const secret = 'whsec-sam-exclusion-9a8b7c';
    const monitor = await register(provider, secret);
    expect(monitor.provider.current_status).toBe('active');
    const started = isoDateIn(-3);
    const row: SamRow = {
      Classification: 'Individual',
      First: 'CATHY',
      Middle: 'H',
      Last: 'OVERSTREET',
      'State / Province': 'WA',
      'Exclusion Program': 'Reciprocal',
      'Excluding Agency': 'OPM',
      'CT Code': 'Z2',
      'Exclusion Type': 'Prohibition/Restriction',
      'Active Date': usDate(started),
      'Termination Date': 'Indefinite',
      'SAM Number': 'S4MROVER1',
      NPI: `${provider.npi}.0`,
    };
    const undo = await addSamRow(row);
    try {
      const [added] = await sweepExpecting(monitor.monitor_id, provider, secret, ['license.sanction_added']);
      expect(added!.payload.change).toEqual({ from: 'active', to: 'active' });
      expect(added!.payload.data).toEqual({
        list: 'sam',
        basis: 'npi',
        name: 'CATHY H OVERSTREET',
        action: 'Prohibition/Restriction (OPM)',
        start_date: started,
        end_date: null,
      });
    } finally {
      await undo();
    }
    const [removed] = await sweepExpecting(monitor.monitor_id, provider, secret, ['license.sanction_removed']);
    expect(removed!.payload.data).toEqual({ list: 'sam', action: 'Prohibition/Restriction (OPM)', start_date: started });
  });

  it('license.oig_exclusion_added: the provider appears in a new LEIE file', { timeout: caseTimeout }, async () => {
    const provider: Provider = { first_name: 'Cathy', last_name: 'Overstreet', state: 'WA', npi: '1377671718', license: 'MD00568490' };
    const secret = 'whsec-oig-exclusion-c2d4e6';
    const monitor = await register(provider, secret);
    expect(monitor.provider.current_status).toBe('active');

    const excluded = isoDateIn(-5);
    const leieRow = [
      'OVERSTREET',
      'CATHY',
      'HENDERSON',
      '',
      'MEDICAL PRACTICE, MD',
      'INTERNAL MEDICINE',
      '',
      provider.npi,
      '19770412',
      '1420 PINE ST',
      'SEATTLE',
      'WA',
      '98101',
      '1128b4',
      compact(excluded),
      '00000000',
      '00000000',
      '',
    ];
    await withEdit(addLeieRow(leieRow), async () => {
      const [exclusion] = await sweepExpecting(monitor.monitor_id, provider, secret, ['license.oig_exclusion_added']);
      expect(exclusion!.payload.change).toEqual({ from: 'active', to: 'active' });
      expect(exclusion!.payload.data).toEqual({
        oig_excluded: true,
        match: 'npi',
        exclusion_type: '1128b4',
        exclusion_date: excluded,
        waiver_state: null,
        waiver_date: null,
      });
    });
  });
});
