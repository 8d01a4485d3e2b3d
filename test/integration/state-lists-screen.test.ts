/**
 * The Washington, Colorado and New York Medicaid lists in the sanctions screen, over HTTP, against the
 * sample's providers (the federal lists ingested too, so a match below is on the state's list only): in WA and CO a
 * provider on the state's list is sanctioned on the basis the row allows (name only, NPI, license
 * number) in the result, the certificate, the PDF and the record page, a namesake with another NPI is
 * not, nor a provider on CO's reinstated sheet; a provider verified in another state with the NPI
 * supplied is caught on the NY list by that NPI, and without the NPI the NY list is not screened at all.
 */
import { withEvidenceByHash } from '../support/record-evidence.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { pdfText } from '../fixtures/pdf/poppler.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoExclusionStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

let data: SourceDataCopy;
let t: TestStack;
let key: string;

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir });
  await ingestLeie(dynamoExclusionStore());
  // The federal lists and these three (the other states' lists name none of these providers, and are
  // reported unavailable here).
  for (const definition of Object.values(listDefinitions)) {
    if (definition.scope.kind === 'federal' || ['wa_hca', 'co_hcpf', 'ny_omig'].includes(definition.id)) await ingestList(definition, dynamoSanctionsStore());
  }
  key = (await t.issue({ plan: 'enterprise', mode: 'live' })).api_key;
}, 180_000);
afterAll(async () => {
  await t.stop();
  await data.remove();
});

type Body = Record<string, any>;
const verify = async (body: object): Promise<Body> => {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);
  return res.body;
};
const lists = (body: Body) => body.sanctions.lists.map((l: { list: string; status: string; scope: string }) => [l.list, l.status, l.scope]);
const matches = (body: Body) => body.sanctions.matches.map((m: { list: string; basis: string }) => [m.list, m.basis]);

/** The certificate signs the screen; the PDF and the record page show the match. */
async function shownEverywhere(body: Body, pdfLine: RegExp, pageLine: string): Promise<void> {
  const cert = (await t.call(`/v1/certificate/${body.verification_id}`, { key })).body;
  expect(cert.sanctions).toEqual({ sanctioned: true, lists: body.sanctions.lists, matches: body.sanctions.matches });
  const pdf = await fetch(`${t.url}/v1/certificate/${body.verification_id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
  expect(pdf.status).toBe(200);
  expect(await pdfText(Buffer.from(await pdf.arrayBuffer()), { layout: true })).toMatch(pdfLine);
  const record = await t.call(`/records/${body.verification_id}`, { headers: { accept: 'application/json' } });
  expect(record.body.sanctions).toEqual({ ...cert.sanctions, lists: withEvidenceByHash(cert.sanctions.lists) });
  const page = await t.call(`/records/${body.verification_id}`, { headers: { accept: 'text/html' } });
  expect(page.text).toContain(pageLine);
}

describe('WA: the HCA Provider Termination and Exclusion List', () => {
  it('a provider on it by license number only is sanctioned on that basis, still verified, not OIG-excluded; the screen is shown everywhere', async () => {
    const body = await verify({ first_name: 'Ed', last_name: 'McEwen', state: 'WA' });
    expect(body).toMatchObject({ status: 'active', verified: true, oig_excluded: false, sanctioned: true, npi: '1984672604' });
    expect(body.sanctions.matches).toEqual([
      { list: 'wa_hca', basis: 'license', name: 'Ed Bennie Mcewen', action: 'License suspended (WA HCA)', start_date: '2026-07-29', end_date: null },
    ]);
    // Without an NPI in the request, the other states' lists are not screened.
    expect(lists(body)).toEqual([
      ['oig_leie', 'cached', 'federal'],
      ['sam', 'cached', 'federal'],
      ['cms_opt_out', 'cached', 'federal'],
      ['cms_revoked', 'cached', 'federal'],
      ['wa_hca', 'cached', 'WA'],
    ]);
    await shownEverywhere(
      body,
      /Sanctions screen\s+MATCH — License suspended \(WA HCA\), by license number/,
      'License suspended (WA HCA)</span>, matched by license number, since 2026-07-29',
    );
  });

  it('a provider on it in a multi-line cell is matched by their NPI, the second of the cell’s two', async () => {
    for (const request of [{}, { npi: '1584014678' }]) {
      const body = await verify({ first_name: 'Thomas', last_name: 'Dixon', state: 'WA', ...request });
      expect(body).toMatchObject({ sanctioned: true, npi: '1584014678' });
      expect(body.sanctions.matches).toEqual([
        { list: 'wa_hca', basis: 'npi', name: 'Thomas Elmer Dixon', action: 'Medicaid termination (WA HCA)', start_date: '2026-04-05', end_date: null },
      ]);
    }
  });

  it('a provider on it by name only is reported as such; a namesake with another NPI and credential number is not matched', async () => {
    const nameOnly = await verify({ first_name: 'Arthur', last_name: 'Michael', state: 'WA' });
    expect(nameOnly.sanctioned).toBe(true);
    expect(matches(nameOnly)).toEqual([['wa_hca', 'name_only']]);
    await shownEverywhere(
      nameOnly,
      /Sanctions screen\s+MATCH — License suspended \(WA HCA\), by name only, to be reviewed/,
      'matched by name only: to be reviewed, since 2025-09-07',
    );
    for (const request of [{}, { npi: '2153171014' }]) {
      const namesake = await verify({ first_name: 'Anne', last_name: 'Comstock', state: 'WA', ...request });
      expect(namesake).toMatchObject({ status: 'active', sanctioned: false, sanctions: { matches: [] } });
    }
  });
});

describe('CO: the HCPF terminated provider list', () => {
  it('a provider on it with their NPI (and a Medicaid id in the same cell) is sanctioned by NPI, shown everywhere', async () => {
    const body = await verify({ first_name: 'Nancy', last_name: 'Moore', state: 'CO', npi: '1603517891' });
    expect(body).toMatchObject({ verified: true, oig_excluded: false, sanctioned: true });
    expect(body.sanctions.matches).toEqual([
      { list: 'co_hcpf', basis: 'npi', name: 'NANCY B MOORE', action: 'Medicaid termination (CO HCPF)', start_date: '2026-06-04', end_date: null },
    ]);
    expect(lists(body).filter(([list]: [string]) => ['wa_hca', 'co_hcpf', 'ny_omig'].includes(list))).toEqual([
      ['wa_hca', 'cached', 'WA'],
      ['co_hcpf', 'cached', 'CO'],
      ['ny_omig', 'cached', 'NY'],
    ]);
    await shownEverywhere(
      body,
      /Sanctions screen\s+MATCH — Medicaid termination \(CO HCPF\), by NPI/,
      'Medicaid termination (CO HCPF)</span>, matched by NPI, since 2026-06-04',
    );
  });

  it('a provider on it with `N/A` for the NPI is matched by name only', async () => {
    const body = await verify({ first_name: 'Larry', last_name: 'Hardee', state: 'CO' });
    expect(matches(body)).toEqual([['co_hcpf', 'name_only']]);
    expect(body.sanctions.matches[0]).toMatchObject({ name: 'LARRY K HARDEE', start_date: '2025-01-30' });
  });

  it('a namesake with another NPI, and a provider on the reinstated sheet only, are not matched', async () => {
    const namesake = await verify({ first_name: 'Sherie', last_name: 'Flores', state: 'CO', npi: '1203943083' });
    expect(namesake).toMatchObject({ sanctioned: false, sanctions: { matches: [] } });
    const reinstated = await verify({ first_name: 'Devin', last_name: 'Shea', state: 'CO', npi: '1283463218' });
    expect(reinstated).toMatchObject({ sanctioned: false, sanctions: { matches: [] } });
  });
});

describe('NY: the OMIG Medicaid exclusion list, for a provider verified elsewhere', () => {
  it('a TX provider on the NY list is caught by the NPI supplied; without it the NY list is not screened', async () => {
    const withNpi = await verify({ first_name: 'Jeanette', last_name: 'Lee', state: 'TX', npi: '1457771040' });
    expect(withNpi).toMatchObject({ verified: true, sanctioned: true });
    expect(withNpi.sanctions.matches).toEqual([
      { list: 'ny_omig', basis: 'npi', name: 'JEANETTE B LEE', action: 'Medicaid exclusion (NY OMIG)', start_date: '2025-12-06', end_date: null },
    ]);
    expect(lists(withNpi).map(([list]: [string]) => list)).toContain('ny_omig');

    const withoutNpi = await verify({ first_name: 'Jeanette', last_name: 'Lee', state: 'TX' });
    expect(withoutNpi).toMatchObject({ verified: true, npi: '1457771040', sanctioned: false, sanctions: { matches: [] } });
    expect(lists(withoutNpi).map(([list]: [string]) => list)).toEqual(['oig_leie', 'sam', 'cms_opt_out', 'cms_revoked', 'tx_hhsc']);
  });

  it('a namesake on the NY list with another NPI is not matched', async () => {
    const body = await verify({ first_name: 'Michelle', last_name: 'Ellis', state: 'IL', npi: '1165590153' });
    expect(body).toMatchObject({ sanctioned: false, sanctions: { matches: [] } });
    expect(lists(body).map(([list]: [string]) => list)).toContain('ny_omig');
  });

  it('verified in NY (no board: federal sources only), the NY list is screened by name', async () => {
    const body = await verify({ first_name: 'Florence', last_name: 'Ross', state: 'NY' });
    expect(body.status).toBe('unsupported_state');
    expect(matches(body)).toEqual([['ny_omig', 'name_only']]);
    expect(lists(body).map(([list]: [string]) => list)).toEqual(['oig_leie', 'sam', 'cms_opt_out', 'cms_revoked', 'ny_omig']);
  });
});
