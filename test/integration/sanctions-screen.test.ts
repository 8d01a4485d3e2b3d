/**
 * The sanctions screen over HTTP: a provider on the SAM.gov exclusions extract only (not on the OIG
 * list) is reported as sanctioned, with the basis of each row, in the result, the signed certificate,
 * the PDF and the public record; `verified` and `oig_excluded` keep their meaning; a same-name row that
 * carries another NPI is never reported against a request that gives the provider's own.
 */
import { withEvidenceByHash } from '../support/record-evidence.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { pdfText } from '../fixtures/pdf/poppler.ts';
import { samCsv } from '../support/sam-extract.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoExclusionStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

let data: SourceDataCopy;
let t: TestStack;
let key: string;

const helen = { first_name: 'Helen', last_name: 'Thomas', state: 'WA' };
const helenNpi = '1662571706';

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  // A newer extract than the sample's: Helen Thomas excluded by OPM (her NPI float-formatted, as SAM
  // writes some), and another Helen Thomas, excluded by DLA, who carries a different NPI.
  await data.write(
    'sam/SAM_Exclusions_Public_Extract_V2_26329.csv',
    samCsv([
      {
        Classification: 'Individual',
        First: 'HELEN',
        Middle: 'J',
        Last: 'THOMAS',
        'State / Province': 'WA',
        'Exclusion Program': 'Reciprocal',
        'Excluding Agency': 'OPM',
        'CT Code': 'Z2',
        'Exclusion Type': 'Prohibition/Restriction',
        'Active Date': '01/02/2024',
        'Termination Date': 'Indefinite',
        'SAM Number': 'S4MRTHOM1',
        NPI: `${helenNpi}.0`,
      },
      {
        Classification: 'Individual',
        First: 'HELEN',
        Last: 'THOMAS',
        'State / Province': 'TX',
        'Exclusion Program': 'Reciprocal',
        'Excluding Agency': 'DLA',
        'CT Code': 'A',
        'Exclusion Type': 'Ineligible (Proceedings Completed)',
        'Active Date': '03/04/2022',
        'Termination Date': '03/04/2031',
        'SAM Number': 'S4MRTHOM2',
        NPI: '1234567893',
      },
    ]),
  );
  t = await startTestStack({ sourceDataDir: data.dir });
  await ingestLeie(dynamoExclusionStore());
  await ingestList(samExclusions, dynamoSanctionsStore(), { force: true });
  key = (await t.issue({ plan: 'enterprise', mode: 'live' })).api_key;
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

const verify = async (body: object) => {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status).toBe(200);
  return res.body;
};

describe('a provider excluded on SAM.gov only', () => {
  it('is sanctioned by NPI on SAM, still verified and not OIG-excluded; the other Helen Thomas is ruled out by her NPI', async () => {
    const body = await verify({ ...helen, npi: helenNpi });
    expect(body).toMatchObject({ status: 'active', verified: true, oig_excluded: false, sanctioned: true });
    expect(body.sanctions.matches).toEqual([
      { list: 'sam', basis: 'npi', name: 'HELEN J THOMAS', action: 'Prohibition/Restriction (OPM)', start_date: '2024-01-02', end_date: null },
    ]);
    expect(body.sanctions.lists.map((l: { list: string; status: string }) => [l.list, l.status])).toEqual([
      ['oig_leie', 'cached'],
      ['sam', 'cached'],
      // Never ingested here: consulted as unavailable, never a failure.
      ['cms_opt_out', 'unavailable'],
      ['cms_revoked', 'unavailable'],
      // Other states' Medicaid lists, consulted by the NPI supplied.
      ['il_hfs', 'unavailable'],
      ['tx_hhsc', 'unavailable'],
      ['ca_medi_cal', 'unavailable'],
      // Searched by the NPI supplied: the report names nobody.
      ['nppes_deactivated', 'unavailable'],
      // Washington's list by name (the state verified in), Colorado's and New York's by the NPI supplied.
      ['wa_hca', 'unavailable'],
      ['co_hcpf', 'unavailable'],
      ['ny_omig', 'unavailable'],
    ]);
  });

  it('without an NPI in the request, the NPI the verification found confirms her row and rules the namesake out', async () => {
    const body = await verify(helen);
    expect(body.npi).toBe(helenNpi);
    expect(body.sanctioned).toBe(true);
    expect(body.sanctions.matches.map((m: { basis: string; action: string; end_date: string | null }) => [m.basis, m.action, m.end_date])).toEqual([
      ['npi', 'Prohibition/Restriction (OPM)', null],
    ]);
  });

  it('the certificate signs the screen; the PDF and the public record show it', async () => {
    const body = await verify({ ...helen, npi: helenNpi });
    const cert = (await t.call(`/v1/certificate/${body.verification_id}`, { key })).body;
    expect(cert.sanctions).toEqual({ sanctioned: true, lists: body.sanctions.lists, matches: body.sanctions.matches });

    const pdf = await fetch(`${t.url}/v1/certificate/${body.verification_id}/pdf`, { headers: { authorization: `Bearer ${key}` } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()), { layout: true });
    expect(text).toMatch(/Sanctions screen\s+MATCH — Prohibition\/Restriction \(OPM\), by NPI/);

    const record = await t.call(`/records/${body.verification_id}`, { headers: { accept: 'application/json' } });
    // The record shows each list's evidence by kind and hash only.
    expect(record.body.sanctions).toEqual({ ...cert.sanctions, lists: withEvidenceByHash(cert.sanctions.lists) });
    expect(cert.sanctions.lists.find((l: { list: string }) => l.list === 'sam').evidence[0].rows).toHaveLength(1);
    const page = await t.call(`/records/${body.verification_id}`, { headers: { accept: 'text/html' } });
    expect(page.text).toContain('<h2 id="sanctions">Sanctions screen</h2>');
    expect(page.text).toContain('Prohibition/Restriction (OPM)</span>, matched by NPI, since 2024-01-02');
  });
});
