/**
 * A provider whose NPI NPPES deactivated, verified over HTTP against the sample data: the registry
 * answers nothing for the NPI (as the NPI Registry does for a deactivated one), the license is still
 * found by name, and the sanctions screen reports the deactivation by NPI in the result, the signed
 * certificate, the PDF and the public record (which never shows the NPI). Without the NPI in the request
 * the report is not searched, and not listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { nppesDeactivated } from '#shared/features/sources/lists/nppes-deactivated.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { pdfText } from '../fixtures/pdf/poppler.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoExclusionStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

let t: TestStack;
let key: string;

/** The sample provider whose NPI was deactivated on 2026-10-06 (sample-data/README.md, "NPI deactivated in NPPES"). */
const renee = { first_name: 'Renee', last_name: 'Erwin', state: 'IL' };
const npi = '1516497777';
const deactivation = {
  list: 'nppes_deactivated',
  basis: 'npi',
  name: `NPI ${npi}`,
  action: 'NPI deactivated (CMS NPPES)',
  start_date: '2026-10-06',
  end_date: null,
};

beforeAll(async () => {
  t = await startTestStack({ sourceDataDir: sampleDataDir });
  await ingestLeie(dynamoExclusionStore());
  await ingestList(nppesDeactivated, dynamoSanctionsStore());
  key = (await t.issue({ plan: 'enterprise', mode: 'live' })).api_key;
});
afterAll(async () => {
  await t.stop();
});

const verify = async (body: object) => {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);
  return res.body;
};

describe('a provider whose NPI was deactivated', () => {
  it('with the NPI: the license found by name, the registry silent on the NPI, the deactivation reported by NPI', async () => {
    const body = await verify({ ...renee, npi });
    // The registry has no record of a deactivated NPI: identity rests on the name, and no NPI is confirmed.
    expect(body).toMatchObject({ status: 'active', verified: true, oig_excluded: false, npi: null, registry: null, match_note: null });
    expect(body.match_basis).not.toContain('npi');
    expect(body.sources).toContainEqual({
      name: 'NPPES NPI Registry',
      status: 'live',
      as_of: expect.any(String),
      evidence: expect.arrayContaining([expect.objectContaining({ kind: 'response' })]),
    });
    // The screen says why: the NPI is on the deactivation report.
    expect(body.sanctioned).toBe(true);
    expect(body.sanctions.matches).toEqual([deactivation]);
    expect(body.sanctions.lists).toContainEqual({
      list: 'nppes_deactivated',
      name: 'NPPES Deactivated NPI Report',
      status: 'cached',
      as_of: expect.any(String),
      scope: 'federal',
      evidence: [expect.objectContaining({ kind: 'file', rows: [expect.any(Number)] })],
    });
  });

  it('the certificate signs the match; the PDF names the NPI it was found by; the public record names the list, not the NPI', async () => {
    const body = await verify({ ...renee, npi });
    const cert = (await t.call(`/v1/certificate/${body.verification_id}`, { key })).body;
    expect(cert.sanctions).toEqual({ sanctioned: true, lists: body.sanctions.lists, matches: [deactivation] });

    const pdf = await fetch(`${t.url}/v1/certificate/${body.verification_id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()), { layout: true });
    expect(text).toMatch(/Sanctions screen\s+MATCH — NPI deactivated \(CMS NPPES\), by NPI 1516497777/);

    const record = await t.call(`/records/${body.verification_id}`, { headers: { accept: 'application/json' } });
    expect(record.body.sanctions.sanctioned).toBe(true);
    expect(record.body.sanctions.matches).toEqual([{ ...deactivation, name: null }]);
    const page = await t.call(`/records/${body.verification_id}`, { headers: { accept: 'text/html' } });
    expect(page.text).toContain(
      '<dt>NPPES Deactivated NPI Report</dt><dd><span class="no">NPI deactivated (CMS NPPES)</span>, matched by NPI, since 2026-10-06</dd>',
    );
    expect(`${record.text}${page.text}`).not.toContain(npi);
  });

  it('without the NPI: the same license, and the report is neither searched nor listed', async () => {
    const body = await verify(renee);
    expect(body).toMatchObject({ status: 'active', verified: true, npi: null, sanctioned: false });
    expect(body.sanctions.lists.map((l: { list: string }) => l.list)).not.toContain('nppes_deactivated');
    expect(body.sanctions.matches).toEqual([]);
  });
});
