/**
 * A new version of a source is accepted only when it is plausibly the next one, against the emulators
 * and the source simulator serving the bundled sample data:
 * - a SAM extract cut to 53 % of its rows is held: the sanctioned provider it drops stays sanctioned
 *   until an operator accepts it (`ingest review sam accept`);
 * - September's NPPES deactivation report offered after October's is refused, and the deactivation
 *   stays, unless an operator rolls back on purpose (`--rollback --reason`), recorded;
 * - the Maryland roster offered with its physicians' file only is refused;
 * - a Maryland roster lifting one physician's probation and adding an invented physician is held: the
 *   answers stay as they were, and an operator rejects it; an invented number unlike the roster's is
 *   held too, while a new physician numbered like the others loads.
 * Every load is recorded (trigger, file hashes, counts, decision, archived raw file).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName } from '#shared/platform/config.ts';
import { IngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { nppesDeactivated } from '#shared/features/sources/lists/nppes-deactivated.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { reviewStateOf } from '#shared/features/sources/plausibility/load-review.ts';
import { ingestRoster } from '#shared/features/sources/rosters/roster-ingest.ts';
import { marylandPhysicians } from '#shared/features/sources/rosters/states/maryland.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { zipOfCsv } from '../../local/simulator/sam-extract.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { rejectionOf } from '../support/rejection.ts';
import { samCsv, type SamRow } from '../support/sam-extract.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { verifyOk } from '../support/verify-call.ts';
import { awsReviewPorts, dynamoRosterStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const root = join(import.meta.dirname, '..', '..');
let data: SourceDataCopy;
let t: TestStack;
let stateDir: string;
let work: string;
let key: string;

beforeAll(async () => {
  process.env.LIST_RESPONSE_TIMEOUT_MS = '1000';
  stateDir = await mkdtemp(join(tmpdir(), 'lvs-plausible-'));
  work = await mkdtemp(join(tmpdir(), 'lvs-plausible-files-'));
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir, stateDir });
  key = (await t.issue({ plan: 'enterprise', mode: 'live' })).api_key;
});
afterAll(async () => {
  await t.stop();
  await data.remove();
  await rm(stateDir, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
});

/** The operator CLI on the running stack: its one JSON line, or its exit code and stderr. */
async function admin(...args: string[]): Promise<{ code: number; json?: Record<string, any>; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: root,
      env: { ...process.env, LOCAL_STATE_DIR: stateDir },
    });
    return { code: 0, json: JSON.parse(stdout) as Record<string, any>, stderr };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

async function loadRecords(source: string): Promise<string[]> {
  const out = await s3().send(new ListObjectsV2Command({ Bucket: bucketName('sourceArchive'), Prefix: `loads/${source}/` }));
  return (out.Contents ?? []).map((o) => o.Key!.replace(/^.*-/, '').replace(/\.json$/, ''));
}

describe('SAM: an extract cut to 53 % of its rows', () => {
  const filler = (n: number): SamRow[] =>
    Array.from({ length: n }, (_, i) => ({
      Classification: 'Individual',
      First: 'PAT',
      Last: `KEEPER${i}`,
      'Excluding Agency': 'HHS',
      'Active Date': '01/01/2020',
      'Termination Date': 'Indefinite',
      'SAM Number': `S4MRKEEP${i}`,
    }));
  const sanctioned: SamRow = {
    Classification: 'Individual',
    First: 'DESMOND',
    Last: 'VANTERPOOL',
    'Excluding Agency': 'HHS',
    'Exclusion Type': 'Prohibition/Restriction',
    'Active Date': '03/01/2024',
    'Termination Date': 'Indefinite',
    'SAM Number': 'S4MRVANT1',
    NPI: '1457485542',
  };
  const extract = async (day: number, rows: SamRow[]) => {
    const file = join(work, `SAM_Exclusions_Public_Extract_V2_26${day}.ZIP`);
    await writeFile(file, await zipOfCsv(Buffer.from(samCsv(rows)), `SAM_Exclusions_Public_Extract_V2_26${day}.CSV`, new Date()));
    return file;
  };
  const sanctionedNow = async () => (await dynamoSanctionsStore().find('sam', { lastName: 'VANTERPOOL' })).entries.length > 0;
  const all = [...filler(199), sanctioned];

  it('the first load of a source is accepted (nothing to compare with), and recorded', async () => {
    const outcome = await ingestList(samExclusions, dynamoSanctionsStore(), { file: await extract(329, all) });
    expect(outcome).toMatchObject({ outcome: 'ingested', stats: { rows: 200 } });
    expect(await sanctionedNow()).toBe(true);
    expect((await reviewStateOf(awsReviewPorts(), 'sam'))?.last_load).toMatchObject({
      decision: 'accepted',
      basis: 'first_load',
      trigger: 'operator',
      rows: 200,
      files: [
        {
          name: 'SAM_Exclusions_Public_Extract_V2_26329.ZIP',
          sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          archive_key: expect.stringMatching(/^lists\/sam\//),
        },
      ],
    });
  });

  it('is held: the version in force keeps answering, the sanctioned provider stays sanctioned', async () => {
    const before = (await dynamoSanctionsStore().current('sam'))!;
    // 53 % of the rows, the sanctioned provider among those dropped: over half, so the old guard let it through.
    const cut = all.slice(0, 106);
    // As the ingest worker runs it, with its permissions (the record, the review item, the archive read).
    const file = await extract(330, cut);
    const outcome = await invokeAs('ListIngest', () => ingestList(samExclusions, dynamoSanctionsStore(), { file }));
    expect(outcome).toMatchObject({
      outcome: 'held',
      previous_version: before.version,
      reasons: [expect.stringMatching(/94 removed.* beyond the budget of 2 %/)],
    });
    expect((await dynamoSanctionsStore().current('sam'))!.version).toBe(before.version);
    expect(await sanctionedNow()).toBe(true);
    // Source health shows the version in force and the one held.
    const sources = await t.call('/v1/sources', { key });
    expect(sources.status).toBe(200);
    expect((sources.body as { data: Record<string, unknown>[] }).data.find((s) => s.id === 'sam')).toMatchObject({
      current_version: before.version,
      as_of: '2026-11-25',
      pending_review: { version: (outcome as { version: string }).version, as_of: '2026-11-26', held_at: expect.any(String) },
    });

    // Offered again (tomorrow's check finds the same file): still held, not read again.
    expect(await ingestList(samExclusions, dynamoSanctionsStore(), { file: join(work, 'SAM_Exclusions_Public_Extract_V2_26330.ZIP') })).toMatchObject({
      outcome: 'held',
      version: (outcome as { version: string }).version,
    });
  });

  it('`ingest review sam` shows the difference with examples; accept switches to it', async () => {
    const shown = await admin('ingest', 'review', 'sam');
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.json).toMatchObject({
      source: 'sam',
      version_in_force: { as_of: '2026-11-25' },
      held: {
        as_of: '2026-11-26',
        actions: ['accept', 'reject'],
        diff: { current_rows: 200, next_rows: 106, added: 0, removed: 94, changed: 0, examples: { removed: expect.arrayContaining([]) } },
      },
      last_load: { decision: 'held' },
    });
    expect(shown.json!.held.diff.examples.removed).toHaveLength(5);
    expect(await sanctionedNow()).toBe(true);

    const accepted = await admin('ingest', 'review', 'sam', 'accept', '--reason', 'SAM confirmed the mass removal');
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.json).toMatchObject({ decision: 'accepted_on_review', source: 'sam', operator_reason: 'SAM confirmed the mass removal' });
    expect((await dynamoSanctionsStore().current('sam'))!.version).toBe(shown.json!.held.version);
    expect(await sanctionedNow()).toBe(false);
    expect(await loadRecords('sam')).toEqual(['accepted', 'held', 'accepted_on_review']);
    expect((await admin('ingest', 'review', 'sam', 'accept')).stderr).toMatch(/no load is held for review/);
  }, 120_000);
});

describe('NPPES: September’s deactivation report after October’s', () => {
  const deactivatedNpi = '1516497777';
  const deactivated = async () => (await dynamoSanctionsStore().find('nppes_deactivated', { npi: deactivatedNpi })).entries.length > 0;
  const september = 'NPPES_Deactivated_NPI_Report_091426_V2.zip';

  it('is refused, the deactivation kept; an operator may roll back to it on purpose, recorded', async () => {
    expect(await ingestList(nppesDeactivated, dynamoSanctionsStore())).toMatchObject({ outcome: 'ingested', as_of: '2026-10-12' });
    expect(await deactivated()).toBe(true);
    const before = (await dynamoSanctionsStore().current('nppes_deactivated'))!;
    const file = join(work, september);
    await writeFile(file, Buffer.from(await (await fetch(`${process.env.NPPES_FILES_BASE_URL}/nppes/${september}`)).arrayBuffer()));

    const refusal = await rejectionOf(ingestList(nppesDeactivated, dynamoSanctionsStore(), { file }), IngestRefusal);
    expect(refusal).toMatchObject({ source: 'nppes_deactivated', kind: 'implausible' });
    expect(refusal.message).toMatch(/stands for 2026-09-14, before the version in force \(2026-10-12\)/);
    expect((await dynamoSanctionsStore().current('nppes_deactivated'))!.version).toBe(before.version);
    expect(await deactivated()).toBe(true);
    const cli = await admin('ingest', 'nppes_deactivated', '--file', file);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/before the version in force/);

    expect((await admin('ingest', 'nppes_deactivated', '--file', file, '--rollback')).stderr).toMatch(/--rollback needs --reason/);
    const rolled = await admin('ingest', 'nppes_deactivated', '--file', file, '--rollback', '--reason', 'October report withdrawn by CMS');
    expect(rolled.code, rolled.stderr).toBe(0);
    expect(rolled.json).toMatchObject({ outcome: 'ingested', as_of: '2026-09-14', previous_version: before.version });
    expect((await reviewStateOf(awsReviewPorts(), 'nppes_deactivated'))?.last_load).toMatchObject({
      decision: 'accepted',
      basis: 'rollback',
      trigger: 'operator',
      operator_reason: 'October report withdrawn by CMS',
      previous_as_of: '2026-10-12',
      as_of: '2026-09-14',
    });
    expect(await loadRecords('nppes_deactivated')).toEqual(['accepted', 'refused', 'refused', 'accepted']);
  }, 120_000);
});

describe('Maryland: the physicians’ and allied-health rosters', () => {
  const forms = () => join(data.dir, 'rosters', 'md_bop', 'forms');
  const verify = (body: Record<string, unknown>) => verifyOk(t, key, body);
  /** The operator's copies of both files, the physicians' edited. */
  async function files(edit: (lines: string[]) => string[], tag: string): Promise<string[]> {
    const physicians = (await readFile(join(forms(), 'doctor_list_revised.csv'), 'utf8')).split('\r\n');
    const doctors = join(work, `${tag}-doctor_list_revised.csv`);
    const allied = join(work, `${tag}-allied_health_list.csv`);
    await writeFile(doctors, edit(physicians).join('\r\n'));
    await writeFile(allied, await readFile(join(forms(), 'allied_health_list.csv')));
    return [doctors, allied];
  }
  const invented = 'D0199999,QUILLFEATHER,AUGUSTINE,Active,06/30/2028,No';

  it('loaded with its physicians’ file only: refused, the allied-health licensees kept', async () => {
    await ingestRoster(marylandPhysicians, dynamoRosterStore());
    const before = (await dynamoRosterStore().current('md_bop'))!;
    const [doctors] = await files((lines) => lines, 'only');
    const refusal = await rejectionOf(ingestRoster(marylandPhysicians, dynamoRosterStore(), { files: [doctors!] }), IngestRefusal);
    expect(refusal).toMatchObject({ source: 'md_bop', kind: 'implausible' });
    expect(refusal.message).toMatch(/declared file\(s\) allied_health_list\.csv missing/);
    expect((await dynamoRosterStore().current('md_bop'))!.version).toBe(before.version);
    expect(await verify({ first_name: 'Lorraine', last_name: 'Pettigrew', state: 'MD', profession: 'physician_assistant' })).toMatchObject({
      status: 'active',
    });
    const cli = await admin('ingest-roster', 'md_bop', '--file', doctors!);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/allied_health_list\.csv missing/);
    // Counted in IngestRefusals too: locally only logged (the local stack keeps no metrics), never an error.
    expect(cli.stderr).not.toMatch(/could not be counted/);
  }, 120_000);

  it('loaded with its physicians’ file only: the refusal is recorded with the file it was given archived', async () => {
    const [doctors] = await files((lines) => lines, 'archived');
    await rejectionOf(ingestRoster(marylandPhysicians, dynamoRosterStore(), { files: [doctors!] }), IngestRefusal);
    const last = (await reviewStateOf(awsReviewPorts(), 'md_bop'))?.last_load;
    expect(last).toMatchObject({
      decision: 'refused',
      trigger: 'operator',
      files: [
        { name: 'archived-doctor_list_revised.csv', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), archive_key: expect.stringMatching(/^rosters\/md_bop\//) },
      ],
    });
    const kept = await s3().send(new HeadObjectCommand({ Bucket: bucketName('sourceArchive'), Key: last!.files[0]!.archive_key }));
    expect(kept.Metadata).toMatchObject({ sha256: last!.files[0]!.sha256, 'source-file': 'archived-doctor_list_revised.csv' });
  }, 120_000);

  it('lifting one physician’s probation and adding an invented physician: held, no answer changes, rejected on review', async () => {
    const before = (await dynamoRosterStore().current('md_bop'))!;
    const edited = await files(
      (lines) => [
        ...lines.map((line) => line.replace('D0071450,ASHCOMBE,FREDERICK,Probation,08/31/2027,Yes', 'D0071450,ASHCOMBE,FREDERICK,Active,08/31/2027,No')),
        invented,
      ],
      'cleared',
    );
    const outcome = await ingestRoster(marylandPhysicians, dynamoRosterStore(), { files: edited });
    expect(outcome).toMatchObject({
      outcome: 'held',
      previous_version: before.version,
      reasons: [expect.stringMatching(/1 licensee\(s\) with a restriction .* would be cleared/)],
    });
    expect((await dynamoRosterStore().current('md_bop'))!.version).toBe(before.version);
    expect(await verify({ first_name: 'Frederick', last_name: 'Ashcombe', state: 'MD' })).toMatchObject({ status: 'active', disciplinary_flags: true });
    expect((await verify({ first_name: 'Augustine', last_name: 'Quillfeather', state: 'MD' })).status).toBe('not_found');

    const shown = await admin('ingest', 'review', 'md_bop');
    expect(shown.json?.held?.diff).toMatchObject({
      added: 1,
      changed: 1,
      cleared: 1,
      removed: 0,
      examples: {
        added: ['D0199999 AUGUSTINE QUILLFEATHER (Physician, Active)'],
        cleared: ['D0071450 FREDERICK ASHCOMBE (Physician, Probation, discipline on record) → D0071450 FREDERICK ASHCOMBE (Physician, Active)'],
      },
    });
    const rejected = await admin('ingest', 'review', 'md_bop', 'reject', '--reason', 'the Board has no such physician');
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.json).toMatchObject({ decision: 'rejected_on_review', operator_reason: 'the Board has no such physician' });
    expect(await verify({ first_name: 'Frederick', last_name: 'Ashcombe', state: 'MD' })).toMatchObject({ disciplinary_flags: true });
    // The rejected files offered again: refused.
    const again = await rejectionOf(ingestRoster(marylandPhysicians, dynamoRosterStore(), { files: edited }), IngestRefusal);
    expect(again.message).toMatch(/was rejected on review/);
  }, 120_000);

  it('an added physician numbered unlike the roster’s is held; one numbered like the others loads', async () => {
    const odd = await files((lines) => [...lines, '4471,QUILLFEATHER,AUGUSTINE,Active,06/30/2028,No'], 'odd');
    expect(await ingestRoster(marylandPhysicians, dynamoRosterStore(), { files: odd })).toMatchObject({
      outcome: 'held',
      reasons: [expect.stringMatching(/1 added licensee\(s\) have a license number unlike/)],
    });
    expect((await verify({ first_name: 'Augustine', last_name: 'Quillfeather', state: 'MD' })).status).toBe('not_found');
    const usual = await files((lines) => [...lines, invented], 'usual');
    expect(await ingestRoster(marylandPhysicians, dynamoRosterStore(), { files: usual })).toMatchObject({ outcome: 'ingested' });
    // The version in force now holds the new physician (the API sees a switch within 30 s).
    const current = (await dynamoRosterStore().current('md_bop'))!;
    expect((await dynamoRosterStore().find('md_bop', current.version, ['QUILLFEATHER'])).map((r) => r.record.licenseNumber)).toEqual(['D0199999']);
    // The held load was compared with a version no longer in force: it is dropped.
    expect((await reviewStateOf(awsReviewPorts(), 'md_bop'))?.held).toBeUndefined();
  }, 120_000);
});
