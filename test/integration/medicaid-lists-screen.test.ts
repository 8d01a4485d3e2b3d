/**
 * The state Medicaid lists in the sanctions screen, over HTTP against the stack with the sample data:
 * - Illinois and Texas providers on their state's list only are `sanctioned: true`, by name only, by
 *   NPI or by the license number the board holds, in the result, the certificate, the PDF and the
 *   public record; a namesake with another NPI is not; a Texas row reinstated in the past is no match;
 * - a provider verified in another state who supplies their NPI is caught on the Medi-Cal list, by NPI.
 */
import { withEvidenceByHash } from '../support/record-evidence.ts';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caMediCalSuspended } from '#shared/features/sources/lists/ca-medi-cal.ts';
import { ilHfsSanctions } from '#shared/features/sources/lists/il-hfs.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { txHhscExclusions } from '#shared/features/sources/lists/tx-hhsc.ts';
import { ilHfsDownloadPrefix, ilHfsViewId } from '../../local/simulator/il-hfs-portal.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { pdfText } from '../fixtures/pdf/poppler.ts';
import { keepCsvRows, naming } from '../support/csv-rows.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

let t: TestStack;
let key: string;
let work: string;
let data: SourceDataCopy;

/** The Texas and California lists cut to their first rows and the people asked about here. */
async function trimLists() {
  const trim = async (path: string, ...surnames: string[]) => data.write(path, keepCsvRows(await readFile(join(data.dir, path), 'utf8'), naming(...surnames)));
  await trim('tx-hhsc/exclusions.csv', 'GILBERT', 'CARNEY', 'PRICE', 'SMITH', 'MENDEZ');
  await trim('ca-medi-cal/suspall.csv', 'TIRADO', 'NGUYEN');
}

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  await trimLists();
  t = await startTestStack({ sourceDataDir: data.dir });
  work = await mkdtemp(join(tmpdir(), 'medicaid-screen-'));
  const workbook = await fetch(`${process.env.IL_HFS_BASE_URL}${ilHfsDownloadPrefix}${ilHfsViewId}`);
  const file = join(work, 'Sanctions.xlsx');
  await writeFile(file, Buffer.from(await workbook.arrayBuffer()));
  await ingestList(ilHfsSanctions, dynamoSanctionsStore(), { file });
  await ingestList(txHhscExclusions, dynamoSanctionsStore());
  await ingestList(caMediCalSuspended, dynamoSanctionsStore());
  key = (await t.issue({ plan: 'enterprise', mode: 'live' })).api_key;
});
afterAll(async () => {
  await t.stop();
  await data.remove();
  await rm(work, { recursive: true, force: true });
});

type Match = { list: string; basis: string; name: string; action: string; start_date: string | null; end_date: string | null };

const verify = async (body: object) => {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);
  return res.body;
};
const stateMatches = (body: { sanctions: { matches: Match[] } }) => body.sanctions.matches.filter((m) => ['il_hfs', 'tx_hhsc', 'ca_medi_cal'].includes(m.list));

/** The certificate signs the screen; the PDF and the public record page show the match. */
async function expectShownEverywhere(body: { verification_id: string; sanctions: unknown }, pdfPattern: RegExp, pageText: string) {
  const cert = (await t.call(`/v1/certificate/${body.verification_id}`, { key })).body;
  expect(cert.sanctions).toEqual({ sanctioned: true, ...(body.sanctions as object) });
  const pdf = await fetch(`${t.url}/v1/certificate/${body.verification_id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
  expect(pdf.status).toBe(200);
  expect(await pdfText(Buffer.from(await pdf.arrayBuffer()), { layout: true })).toMatch(pdfPattern);
  const record = await t.call(`/records/${body.verification_id}`, { headers: { accept: 'application/json' } });
  expect(record.body.sanctions).toEqual({ ...cert.sanctions, lists: withEvidenceByHash(cert.sanctions.lists) });
  const page = await t.call(`/records/${body.verification_id}`, { headers: { accept: 'text/html' } });
  expect(page.text).toContain(pageText);
}

describe('Illinois HFS OIG in the screen', () => {
  it('a provider on the Illinois list only, by NPI: sanctioned, still verified, shown in the certificate, the PDF and the record', async () => {
    const body = await verify({ first_name: 'Lemuel', last_name: 'Driggers', state: 'IL', npi: '1205701349' });
    expect(body).toMatchObject({ verified: true, oig_excluded: false, sanctioned: true });
    expect(body.sanctions.matches).toEqual([
      {
        list: 'il_hfs',
        basis: 'npi',
        name: 'LEMUEL A DRIGGERS',
        action: 'Terminated (Illinois HFS OIG)',
        start_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        end_date: null,
      },
    ]);
    const lists = body.sanctions.lists.map((l: { list: string; status: string; scope: string }) => [l.list, l.status, l.scope]);
    expect(lists).toEqual(
      expect.arrayContaining([
        ['il_hfs', 'cached', 'IL'],
        ['tx_hhsc', 'cached', 'TX'],
        ['ca_medi_cal', 'cached', 'CA'],
      ]),
    );
    await expectShownEverywhere(
      body,
      /Sanctions screen\s+MATCH — Terminated \(Illinois HFS OIG\), by NPI/,
      'Terminated (Illinois HFS OIG)</span>, matched by NPI, since ',
    );
  });

  it('by the license number the Illinois board holds, with no NPI anywhere', async () => {
    const body = await verify({ first_name: 'Teresa', last_name: 'Cyr', state: 'IL' });
    expect(body.sanctioned).toBe(true);
    expect(stateMatches(body).map((m) => [m.list, m.basis, m.action])).toEqual([['il_hfs', 'license', 'Suspended (Illinois HFS OIG)']]);
    await expectShownEverywhere(
      body,
      /MATCH — Suspended \(Illinois HFS OIG\), by license number/,
      'Suspended (Illinois HFS OIG)</span>, matched by license number',
    );
  });

  it('by name only, reported as such', async () => {
    const body = await verify({ first_name: 'Billy', last_name: 'Wolcott', state: 'IL' });
    expect(body.sanctioned).toBe(true);
    expect(stateMatches(body).map((m) => [m.list, m.basis, m.action])).toEqual([['il_hfs', 'name_only', 'Barred (Illinois HFS OIG)']]);
  });

  it('a namesake with a different NPI is not sanctioned', async () => {
    const body = await verify({ first_name: 'Carolyn', last_name: 'Maurer', state: 'IL', npi: '1884356399' });
    expect(body.sanctioned).toBe(false);
    expect(body.sanctions.matches).toEqual([]);
  });
});

describe('Texas HHSC OIG in the screen', () => {
  it('a provider on the Texas list only, by the Texas Medical Board number: sanctioned, shown in the certificate, the PDF and the record', async () => {
    const body = await verify({ first_name: 'Shane', last_name: 'Gilbert', state: 'TX', npi: '1511835419' });
    expect(body).toMatchObject({ verified: true, oig_excluded: false, sanctioned: true });
    expect(body.sanctions.matches).toEqual([
      {
        list: 'tx_hhsc',
        basis: 'license',
        name: 'SHANE S GILBERT',
        action: 'Board action (Texas HHSC OIG)',
        start_date: expect.stringMatching(/^\d{4}-/),
        end_date: null,
      },
    ]);
    await expectShownEverywhere(
      body,
      /MATCH — Board action \(Texas HHSC OIG\), by license number/,
      'Board action (Texas HHSC OIG)</span>, matched by license number',
    );
  });

  it('by NPI, and by name only (a whole middle name in MidInitial)', async () => {
    const byNpi = await verify({ first_name: 'Maya', last_name: 'Carney', state: 'TX', npi: '2467135705' });
    expect(stateMatches(byNpi).map((m) => [m.list, m.basis, m.action])).toEqual([['tx_hhsc', 'npi', 'Federal mandated exclusion (Texas HHSC OIG)']]);
    const byName = await verify({ first_name: 'Susan', last_name: 'Price', state: 'TX' });
    expect(stateMatches(byName).map((m) => [m.list, m.basis, m.name])).toEqual([['tx_hhsc', 'name_only', 'SUSAN PATRICIA PRICE']]);
  });

  it('a namesake with a different NPI is not sanctioned; a row reinstated in the past is no match', async () => {
    const namesake = await verify({ first_name: 'Michael', last_name: 'Smith', state: 'TX', npi: '2886994807' });
    expect(stateMatches(namesake)).toEqual([]);
    const reinstated = await verify({ first_name: 'Kody', last_name: 'Mendez', state: 'TX', npi: '1847185844' });
    expect(reinstated.sanctioned).toBe(false);
    expect(reinstated.sanctions.matches).toEqual([]);
  });
});

describe('Medi-Cal Suspended and Ineligible in the screen', () => {
  it('a provider verified in another state who supplies the NPI is caught on the California list by NPI, once for two rows', async () => {
    const body = await verify({ first_name: 'Lindsay', last_name: 'Tirado', state: 'WA', npi: '1082517149' });
    expect(body.sanctioned).toBe(true);
    expect(body.sanctions.matches).toEqual([
      {
        list: 'ca_medi_cal',
        basis: 'npi',
        name: 'LINDSAY ANNA TIRADO',
        action: 'Medi-Cal suspension (California DHCS)',
        start_date: '2024-12-01',
        end_date: null,
      },
    ]);
    // Without the NPI in the request, another state's list is not consulted by name.
    const withoutNpi = await verify({ first_name: 'Lindsay', last_name: 'Tirado', state: 'WA' });
    expect(stateMatches(withoutNpi)).toEqual([]);
  });

  it('a namesake verified elsewhere with a different NPI is not caught', async () => {
    const body = await verify({ first_name: 'Alexia', last_name: 'Nguyen', state: 'CO', npi: '1852807365' });
    expect(stateMatches(body)).toEqual([]);
  });
});
