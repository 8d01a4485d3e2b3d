import { GetObjectCommand } from '@aws-sdk/client-s3';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName } from '#shared/platform/config.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { IngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { leieHeader } from '#shared/features/sources/leie/leie-record.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { rejectionOf } from '../support/rejection.ts';
import { acceptHeld } from '#shared/features/sources/plausibility/load-review.ts';
import { awsReviewPorts, dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

const store = dynamoExclusionStore();
let data: SourceDataCopy;
let t: TestStack;

beforeAll(async () => {
  data = await copySourceData();
  t = await startTestStack({ sourceDataDir: data.dir });
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

const q = (v: string) => `"${v.replaceAll('"', '""')}"`;
function leieFile(rows: Partial<Record<(typeof leieHeader)[number], string>>[]): string {
  const line = (r: Partial<Record<(typeof leieHeader)[number], string>>) =>
    leieHeader.map((h) => q(r[h] ?? (h === 'NPI' ? '0000000000' : /DATE|DOB/.test(h) ? '00000000' : ''))).join(',');
  return `${[leieHeader.map(q).join(','), ...rows.map(line)].join('\r\n')}\r\n`;
}
const filler = (n: number, prefix = 'FILLER') =>
  Array.from({ length: n }, (_, i) => ({ LASTNAME: `${prefix}${i}`, FIRSTNAME: 'PAT', EXCLTYPE: '1128b4', EXCLDATE: '20200101' }));

describe('LEIE ingestion', () => {
  it('loads the list: individuals apart from entities, identifiers kept, raw file archived', async () => {
    // As the ingest worker, with its permissions.
    const outcome = await invokeAs('LeieIngest', () => ingestLeie(dynamoExclusionStore()));
    expect(outcome.outcome).toBe('ingested');
    if (outcome.outcome !== 'ingested') return;
    expect(outcome.stats).toMatchObject({ rows: 4, individuals: 3, entities: 1, with_npi: 1, with_dob: 2, with_waiver: 1, malformed_rows: 0 });
    const list = (await store.current())!;
    expect(list.version).toBe(outcome.version);
    const okafor = await store.findIndividuals(list, 'Okafor');
    expect(okafor).toEqual([expect.objectContaining({ npi: '1457485542', dob: '1985-04-12', exclusionType: '1128b4', exclusionDate: '2023-01-15' })]);
    expect((await store.findIndividuals(list, 'Garcia'))[0]).toMatchObject({ lastName: 'GARCIA-LOPEZ', waiverState: 'WA', waiverDate: '2022-01-01' });
    expect(await store.findIndividuals(list, '#1 Marketing Service, Inc')).toEqual([]);
    const archived = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceArchive'), Key: outcome.archive_key }));
    expect(outcome.archive_key).toMatch(/^leie\/\d{4}-\d{2}-\d{2}\/UPDATED-[0-9a-f]{12}\.csv$/);
    expect(await archived.Body!.transformToString()).toMatch(/^"LASTNAME","FIRSTNAME"/);
  });

  it('does nothing when the file has not changed', async () => {
    const before = (await store.current())!.version;
    const again = await invokeAs('LeieIngest', () => ingestLeie(dynamoExclusionStore()));
    expect(again).toEqual({ outcome: 'unchanged', reason: 'not_modified', version: before });
    expect((await store.current())!.version).toBe(before);
  });

  it('switches atomically: readers during the switch see the old list or the new one, never a mix', async () => {
    const old = (await store.current())!;
    const oldOkafor = JSON.stringify(await store.findIndividuals(old, 'OKAFOR'));
    const newRows = [
      { LASTNAME: 'OKAFOR', FIRSTNAME: 'CHIDI', NPI: '1457485542', EXCLTYPE: '1128b4', EXCLDATE: '20230115' },
      ...filler(1500),
      { LASTNAME: 'OKAFOR', FIRSTNAME: 'ADA', EXCLTYPE: '1128a1', EXCLDATE: '20240101' },
      ...filler(1500, 'MORE'),
      { LASTNAME: 'OKAFOR', FIRSTNAME: 'EMEKA', DOB: '19700101', EXCLTYPE: '1128b7', EXCLDATE: '20240202' },
    ];
    await data.write('leie/UPDATED.csv', leieFile(newRows));
    const observed = new Set<string>();
    let done = false;
    const reader = (async () => {
      while (!done) {
        const list = (await store.current())!;
        observed.add(JSON.stringify((await store.findIndividuals(list, 'OKAFOR')).map((r) => r.firstName).sort()));
      }
    })();
    // Thousands of rows added to a few: beyond the change budget, so held; the switch is the operator's accept.
    const outcome = await ingestLeie(dynamoExclusionStore());
    expect(outcome.outcome).toBe('held');
    await acceptHeld(awsReviewPorts(), 'leie', new Date());
    done = true;
    await reader;
    const old1 = JSON.stringify((JSON.parse(oldOkafor) as { firstName: string }[]).map((r) => r.firstName).sort());
    const new3 = JSON.stringify(['ADA', 'CHIDI', 'EMEKA']);
    expect(observed.has(old1)).toBe(true);
    for (const seen of observed) expect([old1, new3]).toContain(seen);
    expect(JSON.stringify((await store.findIndividuals((await store.current())!, 'OKAFOR')).map((r) => r.firstName).sort())).toBe(new3);
  });

  it('refuses a malformed file and keeps the current list', async () => {
    const before = (await store.current())!.version;
    await data.setFaults({ leie: { mode: 'malformed' } });
    try {
      const error = await rejectionOf(ingestLeie(dynamoExclusionStore(), { force: true }), SourceError);
      expect(error.failure).toBe('malformed');
    } finally {
      await data.setFaults({});
    }
    expect((await store.current())!.version).toBe(before);
  });

  it('refuses a list with under half the rows of the current one', async () => {
    const before = (await store.current())!;
    await data.write('leie/UPDATED.csv', leieFile(filler(10, 'SHORT')));
    const error = await rejectionOf(ingestLeie(dynamoExclusionStore()), SourceError);
    expect(error.message).toMatch(/refusing to switch/);
    expect((await store.current())!.version).toBe(before.version);
  });

  it('refuses a file older than the list in force (by its Last-Modified day), unless rolled back on purpose', async () => {
    const before = (await store.current())!;
    // Last month's file, without a person excluded since: it would clear her.
    const lastMonth = [
      { LASTNAME: 'OKAFOR', FIRSTNAME: 'CHIDI', NPI: '1457485542', EXCLTYPE: '1128b4', EXCLDATE: '20230115' },
      ...filler(1500),
      { LASTNAME: 'OKAFOR', FIRSTNAME: 'ADA', EXCLTYPE: '1128a1', EXCLDATE: '20240101' },
      ...filler(1500, 'MORE'),
    ];
    await data.write('leie/UPDATED.csv', leieFile(lastMonth));
    const monthAgo = new Date(Date.now() - 31 * 86_400_000);
    await utimes(join(data.dir, 'leie', 'UPDATED.csv'), monthAgo, monthAgo);
    const refusal = await rejectionOf(ingestLeie(dynamoExclusionStore()), IngestRefusal);
    expect(refusal).toMatchObject({ source: 'leie', kind: 'implausible' });
    expect(refusal.message).toMatch(/before the version in force/);
    expect((await store.current())!.version).toBe(before.version);
    expect((await store.findIndividuals(before, 'OKAFOR')).map((r) => r.firstName).sort()).toEqual(['ADA', 'CHIDI', 'EMEKA']);
    expect(await ingestLeie(dynamoExclusionStore(), { rollback: 'the newest file was withdrawn' })).toMatchObject({
      outcome: 'ingested',
      previous_version: before.version,
    });
  });

  it('reports the source unavailable when it cannot be reached', async () => {
    await data.setFaults({ leie: { mode: 'down' } });
    try {
      const error = await rejectionOf(ingestLeie(dynamoExclusionStore(), { force: true }), SourceError);
      expect(error.failure).toBe('connection');
    } finally {
      await data.setFaults({});
    }
  });
});

describe('npm run admin -- ingest-leie', () => {
  it('loads the list into a state directory, then finds it unchanged', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'lvs-leie-'));
    const run = async () => {
      const { stdout } = await promisify(execFile)('npm', ['run', 'admin', '--', 'ingest-leie'], {
        cwd: join(import.meta.dirname, '..', '..'),
        env: { ...process.env, LOCAL_STATE_DIR: stateDir, SOURCE_DATA_DIR: data.dir },
      });
      return JSON.parse(stdout) as { outcome: string; stats?: { rows: number } };
    };
    try {
      await data.write('leie/UPDATED.csv', leieFile(filler(25, 'ADMIN')));
      expect(await run()).toMatchObject({ outcome: 'ingested', stats: { rows: 25 } });
      expect(await run()).toMatchObject({ outcome: 'unchanged' });
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  }, 120_000);
});
