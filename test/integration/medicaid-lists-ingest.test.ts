/**
 * The Illinois, Texas and California Medicaid lists ingested from the simulator, over the protocols the
 * real sources use: the Illinois workbook an operator saves from the portal (`--file`; without it the
 * ingest says where to get it), the Texas file an ASP.NET postback answers (view state, event
 * validation and session cookie brought back), the California CSV found through three pages. A changed
 * header and a file with under half the rows are refused, the current version staying.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceError } from '#shared/features/sources/errors.ts';
import { caMediCalSuspended } from '#shared/features/sources/lists/ca-medi-cal.ts';
import { ilHfsColumns, ilHfsSanctions } from '#shared/features/sources/lists/il-hfs.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { txHhscEventTarget, txHhscExclusions, txHhscPagePath } from '#shared/features/sources/lists/tx-hhsc.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { csvTextRows, ilHfsDownloadPrefix, ilHfsViewId, ilHfsWorkbook } from '../../local/simulator/il-hfs-portal.ts';
import { readPage } from '#shared/features/sources/lists/page-links.ts';
import { rejectionOf } from '../support/rejection.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const store = () => dynamoSanctionsStore();
let data: SourceDataCopy;
let t: TestStack;
let work: string;

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir });
  work = await mkdtemp(join(tmpdir(), 'medicaid-lists-'));
});
afterAll(async () => {
  await t.stop();
  await data.remove();
  await rm(work, { recursive: true, force: true });
});

const simulator = () => process.env.IL_HFS_BASE_URL!;

describe('Illinois HFS OIG (an operator’s download)', () => {
  it('cannot be downloaded by a program: the ingest says where the file is and how to load it', async () => {
    const error = await rejectionOf(ingestList(ilHfsSanctions, store()), SourceError);
    expect(error.failure).toBe('rejected');
    expect(error.message).toContain('https://ilhfspartner3.dynamics365portals.us/sanctions/');
    expect(error.message).toContain('"Download" button');
    expect(error.message).toContain('npm run admin -- ingest il_hfs --file <path>');
    expect(await store().current('il_hfs')).toBeUndefined();
  });

  it('loads the workbook the portal’s Download button saves (empty <x:fill /> and all) with --file', async () => {
    const response = await fetch(`${simulator()}${ilHfsDownloadPrefix}${ilHfsViewId}`);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const file = join(work, 'Sanctions.xlsx');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const outcome = await ingestList(ilHfsSanctions, store(), { file });
    expect(outcome).toMatchObject({ outcome: 'ingested', list: 'il_hfs', file_name: 'Sanctions.xlsx', stats: { rows: 3229, malformed_rows: 0 } });
    if (outcome.outcome !== 'ingested') return;
    expect(outcome.stats.entities).toBeGreaterThan(300);
    expect(outcome.stats.individuals).toBeGreaterThan(2500);

    const [driggers] = (await store().find('il_hfs', { lastName: 'DRIGGERS' })).entries.map((f) => f.entry);
    expect(driggers).toMatchObject({
      kind: 'individual',
      firstName: 'LEMUEL',
      npi: '1205701349',
      aliases: ['DRIGGERS FAMILY PRACTICE'],
      action: { type: 'Terminated' },
    });
    expect(driggers!.action.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const cyr = (await store().find('il_hfs', { lastName: 'CYR' })).entries.map((f) => f.entry);
    expect(cyr).toEqual([expect.objectContaining({ kind: 'individual', firstName: 'TERESA', licenses: [{ state: 'IL', number: '036252976' }], npi: null })]);
    const org = (await store().find('il_hfs', { entityName: 'ROCKFORD FAMILY MEDICINE PLLC' })).entries.map((f) => f.entry);
    expect(org).toEqual([expect.objectContaining({ kind: 'entity', npi: '1990276713', action: expect.objectContaining({ type: 'Voluntary Withdrawal' }) })]);
  });

  it('refuses a workbook whose header changed, and one with under half the rows; the current version stays', async () => {
    const before = (await store().current('il_hfs'))!;
    const rows = csvTextRows(await readFile(join(data.dir, 'il-hfs', 'active-sanctions.csv'), 'utf8'));
    const renamed = join(work, 'renamed.xlsx');
    await writeFile(renamed, await ilHfsWorkbook([ilHfsColumns.map((c) => (c === 'License #' ? 'License Number' : c)), ...rows.slice(1)]));
    const headerError = await rejectionOf(ingestList(ilHfsSanctions, store(), { file: renamed }), SourceError);
    expect(headerError.failure).toBe('malformed');
    expect(headerError.message).toMatch(/unexpected header .*column 2 is "License Number", expected "License #"/);

    const short = join(work, 'short.xlsx');
    await writeFile(short, await ilHfsWorkbook(rows.slice(0, 301)));
    const shortError = await rejectionOf(ingestList(ilHfsSanctions, store(), { file: short }), SourceError);
    expect(shortError.message).toMatch(/new list has 300 rows against 3229: refusing to switch/);
    expect((await store().current('il_hfs'))!.version).toBe(before.version);
  });

  it('npm run admin -- ingest il_hfs without --file fails with the how-to-obtain message', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'lvs-il-'));
    try {
      const failure = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'ingest', 'il_hfs'], {
        cwd: join(import.meta.dirname, '..', '..'),
        env: { ...process.env, LOCAL_STATE_DIR: stateDir, SOURCE_DATA_DIR: data.dir },
      }).then(
        () => undefined,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).not.toBe(0);
      expect(failure?.stderr).toContain('https://ilhfspartner3.dynamics365portals.us/sanctions/');
      expect(failure?.stderr).toContain('--file <path>');
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});

describe('Texas HHSC OIG (an ASP.NET postback)', () => {
  it('answers the postback only with the page’s view state, event validation and session cookie', async () => {
    const pageUrl = `${process.env.TX_HHSC_BASE_URL}${txHhscPagePath}`;
    const page = await fetch(pageUrl);
    const cookie = page.headers.getSetCookie()[0]!.split(';')[0]!;
    const { hiddenFields } = readPage(await page.text(), pageUrl);
    expect(Object.keys(hiddenFields)).toEqual(['__EVENTTARGET', '__EVENTARGUMENT', '__VIEWSTATE', '__VIEWSTATEGENERATOR', '__EVENTVALIDATION']);
    const post = (fields: Record<string, string>, withCookie = true) =>
      fetch(pageUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie } : {}) },
        body: new URLSearchParams(fields).toString(),
      });
    const good = { ...hiddenFields, __EVENTTARGET: txHhscEventTarget };
    const noState = await post({ __EVENTTARGET: txHhscEventTarget });
    expect(noState.status).toBe(500);
    expect(await noState.text()).toContain('Validation of viewstate MAC failed');
    expect((await post(good, false)).status).toBe(500);
    expect((await post({ ...good, __EVENTVALIDATION: 'forged' })).status).toBe(500);
    const file = await post(good);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.ms-excel');
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
    // The simulator builds the real-size workbook (13,000+ rows) for the postback: seconds on a busy machine.
  }, 90_000);

  it('loads the BIFF8 .xls the postback answers: people and firms, reinstated rows kept with their date', async () => {
    const outcome = await ingestList(txHhscExclusions, store());
    expect(outcome).toMatchObject({ outcome: 'ingested', list: 'tx_hhsc', file_name: 'TexasExclusionsData.xls', stats: { rows: 13344, malformed_rows: 0 } });
    const [price] = (await store().find('tx_hhsc', { lastName: 'PRICE' })).entries.map((f) => f.entry).filter((e) => e.firstName === 'SUSAN');
    expect(price).toMatchObject({ middleName: 'PATRICIA', licenses: [], npi: null, action: { type: 'Conviction', reinstatedDate: null } });
    const [mendez] = (await store().find('tx_hhsc', { lastName: 'MENDEZ' })).entries.map((f) => f.entry).filter((e) => e.firstName === 'KODY');
    expect(mendez).toMatchObject({ licenses: [{ state: 'TX', number: 'P4309' }], action: { reinstatedDate: '2026-08-03' } });
    expect(mendez!.action.comments).toMatch(/Eligible to reapply from 2026-07-04/);
    const [gilbert] = (await store().find('tx_hhsc', { lastName: 'GILBERT' })).entries.map((f) => f.entry).filter((e) => e.firstName === 'SHANE');
    expect(gilbert).toMatchObject({ licenses: [{ state: 'TX', number: 'S7732' }], action: { type: 'Board action' } });
    expect(gilbert!.action.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('the daily rule runs the ingest worker from the queue (an unchanged file is told by its hash)', async () => {
    const before = (await store().current('tx_hhsc'))!;
    await new Promise((r) => setTimeout(r, 5));
    await t.stack.scheduler.fire('txHhscCheck');
    await waitFor(async () => ((await store().current('tx_hhsc'))!.checked_at! > before.checked_at! ? true : undefined), 30_000);
    expect((await store().current('tx_hhsc'))!.version).toBe(before.version);
  });

  it('refuses a file whose header changed, and one with under half the rows', async () => {
    const before = (await store().current('tx_hhsc'))!;
    const original = await readFile(join(data.dir, 'tx-hhsc', 'exclusions.csv'), 'utf8');
    try {
      await data.write('tx-hhsc/exclusions.csv', original.replace('CompanyName,LastName', 'CompanyName,Last Name'));
      const headerError = await rejectionOf(ingestList(txHhscExclusions, store()), SourceError);
      expect(headerError.failure).toBe('malformed');
      expect(headerError.message).toMatch(/column 2 is "Last Name", expected "LastName"/);
      await data.write('tx-hhsc/exclusions.csv', original.split('\n').slice(0, 301).join('\n'));
      const shortError = await rejectionOf(ingestList(txHhscExclusions, store()), SourceError);
      expect(shortError.message).toMatch(/new list has 300 rows against 13344: refusing to switch/);
      expect((await store().current('tx_hhsc'))!.version).toBe(before.version);
    } finally {
      await data.write('tx-hhsc/exclusions.csv', original);
    }
  });
});

describe('when the pages change', () => {
  it('a page without an ASP.NET form, or a postback answered with a page instead of the file, is a malformed source', async () => {
    if (txHhscExclusions.locate.kind !== 'aspnet_postback') throw new Error('the Texas list is a postback');
    const noForm = { ...txHhscExclusions, id: 'tx_hhsc_moved', locate: { ...txHhscExclusions.locate, pageUrl: (base: string) => `${base}/references/sandi` } };
    const formError = await rejectionOf(ingestList(noForm, store()), SourceError);
    expect(formError.failure).toBe('malformed');
    expect(formError.message).toMatch(/has no ASP\.NET form \(no __VIEWSTATE\)/);
    // Another link's target: the server answers the page again, which is no workbook.
    const otherTarget = { ...txHhscExclusions, id: 'tx_hhsc_other', locate: { ...txHhscExclusions.locate, eventTarget: 'dnn$ctr384$Other' } };
    const pageError = await rejectionOf(ingestList(otherTarget, store()), SourceError);
    expect(pageError.failure).toBe('malformed');
    expect(pageError.message).toMatch(/not a workbook/);
  });

  it('a landing page without the link to the list, or a resource page without a .csv link, is a malformed source', async () => {
    if (caMediCalSuspended.locate.kind !== 'page_links') throw new Error('the California list is found through links');
    const hops = caMediCalSuspended.locate.hops;
    const renamed = {
      ...caMediCalSuspended,
      id: 'ca_renamed',
      locate: { ...caMediCalSuspended.locate, hops: [{ text: /Excluded Provider Roster/ }, ...hops.slice(1)] },
    };
    const linkError = await rejectionOf(ingestList(renamed, store()), SourceError);
    expect(linkError.failure).toBe('malformed');
    expect(linkError.message).toMatch(/the page http:\/\/[^ ]+\/references\/sandi has no link like text \/Excluded Provider Roster\/: the page changed/);
    const noCsv = { ...caMediCalSuspended, id: 'ca_no_csv', locate: { ...caMediCalSuspended.locate, hops: [...hops.slice(0, 2), { href: /\.xlsx$/ }] } };
    const fileError = await rejectionOf(ingestList(noCsv, store()), SourceError);
    expect(fileError.message).toMatch(/\/resource\/[0-9a-f-]+ has no link like target/);
  });
});

describe('California Medi-Cal Suspended and Ineligible (three pages to the CSV)', () => {
  it('follows the landing page, the dataset page and the resource page to the CSV, and loads it: one person’s two rows as one', async () => {
    const outcome = await ingestList(caMediCalSuspended, store());
    expect(outcome).toMatchObject({
      outcome: 'ingested',
      list: 'ca_medi_cal',
      file_name: 'suspall.csv',
      stats: { rows: 23119, superseded_rows: 1, malformed_rows: 0 },
    });
    const tirado = (await store().find('ca_medi_cal', { npi: '1082517149' })).entries.map((f) => f.entry);
    expect(tirado).toEqual([
      expect.objectContaining({ kind: 'individual', lastName: 'TIRADO', firstName: 'LINDSAY', licenses: [{ state: 'CA', number: 'C40851' }] }),
    ]);
    expect(tirado[0]!.identifiers.medi_cal_provider_number).toMatch(/^(00A\d{6}|[A-Z]{3}\d{6})$/);
    expect(tirado[0]!.action).toMatchObject({ type: 'Medi-Cal suspension', indefinite: true, endDate: null });
    // An unchanged file is not fetched again (conditional GET on the file).
    expect(await ingestList(caMediCalSuspended, store())).toMatchObject({ outcome: 'unchanged', reason: 'not_modified' });
  });

  it('refuses a file whose header changed, and one with under half the rows', async () => {
    const before = (await store().current('ca_medi_cal'))!;
    const original = await readFile(join(data.dir, 'ca-medi-cal', 'suspall.csv'), 'utf8');
    try {
      // The line break inside the 4th header is part of it: a header without it is another header.
      await data.write('ca-medi-cal/suspall.csv', original.replace('Also Known As\nD/B/A', 'Also Known As D/B/A'));
      const headerError = await rejectionOf(ingestList(caMediCalSuspended, store()), SourceError);
      expect(headerError.failure).toBe('malformed');
      expect(headerError.message).toMatch(/column 4 is/);
      await data.write('ca-medi-cal/suspall.csv', original.split('\n').slice(0, 302).join('\n'));
      const shortError = await rejectionOf(ingestList(caMediCalSuspended, store()), SourceError);
      expect(shortError.message).toMatch(/new list has \d+ rows against 23119: refusing to switch/);
      expect((await store().current('ca_medi_cal'))!.version).toBe(before.version);
    } finally {
      await data.write('ca-medi-cal/suspall.csv', original);
    }
  });
});
