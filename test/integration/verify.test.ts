/**
 * POST /v1/verify over HTTP against the local stack and the simulator serving the bundled sample data
 * (see sample-data/README.md for the providers used here). One test (or more) per numbered rule of the
 * spec sections Identity resolution, OIG exclusion matching, Profession filter, States and transitions.
 */
import { createHash } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName } from '#shared/platform/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { cmsOptOut } from '#shared/features/sources/lists/cms-opt-out.ts';
import { cmsRevoked } from '#shared/features/sources/lists/cms-revoked.ts';
import { nppesDeactivated } from '#shared/features/sources/lists/nppes-deactivated.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { professions } from '#shared/domain/professions.ts';
import { verificationResultSchema } from '#shared/features/verification/verification-result-schema.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { dynamoExclusionStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

let t: TestStack;
let data: SourceDataCopy;
let liveKey: string;

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir });
  await ingestLeie(dynamoExclusionStore());
  await ingestList(samExclusions, dynamoSanctionsStore());
  await ingestList(cmsOptOut, dynamoSanctionsStore());
  await ingestList(cmsRevoked, dynamoSanctionsStore());
  await ingestList(nppesDeactivated, dynamoSanctionsStore());
  const live = await t.issue({ plan: 'enterprise', mode: 'live' });
  liveKey = live.api_key;
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

type Body = Record<string, unknown>;
const verify = (body: Body, key = liveKey) =>
  t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const ok = async (body: Body, key = liveKey) => {
  const res = await verify(body, key);
  expect(res.status, res.text).toBe(200);
  // Every result is the documented Verification result, no field more or less.
  verificationResultSchema.parse(res.body);
  return res.body as Record<string, any>;
};

describe('request validation', () => {
  it.each([
    [{ last_name: 'Thomas', state: 'WA' }, 'first_name', /Missing required/],
    [{ first_name: '   ', last_name: 'Thomas', state: 'WA' }, 'first_name', /must not be empty/],
    [{ first_name: 'Helen', last_name: 'Th0mas', state: 'WA' }, 'last_name', /letters/],
    [{ first_name: 'Helen', last_name: 'x'.repeat(101), state: 'WA' }, 'last_name', /at most 100/],
    [{ first_name: 'Helen', last_name: 'Thomas', state: 'ZZ' }, 'state', /two-letter US state/],
    [{ first_name: 'Helen', last_name: 'Thomas' }, 'state', /Missing required/],
    [{ first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571707' }, 'npi', /check digit/],
    [{ first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: 1662571706 }, 'npi', /Invalid npi/],
    [{ first_name: 'Helen', last_name: 'Thomas', state: 'WA', dob: '2099-01-01' }, 'dob', /in the past/],
    [{ first_name: 'Helen', last_name: 'Thomas', state: 'WA', dob: '1989-02-30' }, 'dob', /real calendar date/],
    [{ first_name: 'Helen', last_name: 'Thomas', state: 'WA', dob: '01/02/1989' }, 'dob', /YYYY-MM-DD/],
    [{ first_name: 'Helen', last_name: 'Thomas', state: 'WA', ssn: '123' }, 'ssn', /Unknown parameter/],
  ])('400 for %j naming %s', async (body, param, message) => {
    const res = await verify(body);
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param });
    expect(errorOf(res.body).message).toMatch(message);
  });

  it('422 invalid_profession with the allowed list', async () => {
    const res = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', profession: 'wizard' });
    expect(res.status).toBe(422);
    expect(errorOf(res.body)).toMatchObject({ code: 'invalid_profession', param: 'profession', allowed: professions });
  });

  it('accepts names in any script with accents, apostrophes, hyphens and periods, and a lower-case state', async () => {
    for (const [first, last] of [
      ['José', "O'Brien-Smith"],
      ['Zoë', 'St. John'],
      ['Юлия', 'Иванова'],
      ['李', '王'],
    ]) {
      expect((await verify({ first_name: first, last_name: last, state: 'wa' })).status).toBe(200);
    }
  });

  it('a real but uncovered state answers 200 unsupported_state', async () => {
    const body = await ok({ first_name: 'Helen', last_name: 'Thomas', state: 'ny' });
    expect(body).toMatchObject({ status: 'unsupported_state', verified: false, state: 'New York', professions_covered: [] });
  });
});

describe('a verified provider', () => {
  it('returns every field of the Verification result', async () => {
    const body = await ok({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    expect(body).toMatchObject({
      verified: true,
      status: 'active',
      name: 'Helen Jane Thomas',
      license_number: 'RN00973025',
      state: 'Washington',
      expiry_date: '2027-06-03',
      disciplinary_flags: false,
      oig_excluded: false,
      profession: 'registered_nurse',
      license_type: 'Registered Nurse License',
      profession_confirmed: true,
      npi: '1662571706',
      mode: 'live',
      match_confidence: 0.8,
    });
    expect(body.verification_id).toMatch(/^vrf_[0-9A-Za-z]{24}$/);
    expect(body.certificate_hash).toMatch(/^sha256_[0-9a-f]{64}$/);
    expect(body.sources_checked).toEqual(expect.arrayContaining(['Washington State Department of Health', 'OIG LEIE', 'NPPES NPI Registry']));
    expect(body.professions_covered).toContain('registered_nurse');
    expect(body.match_basis).toEqual(expect.arrayContaining(['last_name_exact', 'first_name_exact']));
    expect(Date.parse(body.checked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.sandbox).toBeUndefined();
  });

  it('is served from the cache on a repeat: cached, not live, same refresh time', async () => {
    const request = { first_name: 'Hattie', last_name: 'Davis-Tucker', state: 'WA' };
    const first = await ok(request);
    expect([first.cached, first.source_live]).toEqual([false, true]);
    expect(Date.parse(first.cache_expires_at) - Date.parse(first.checked_at)).toBeCloseTo(24 * 3_600_000, -4);
    const second = await ok(request);
    expect([second.cached, second.source_live, second.cache_expires_at]).toEqual([true, false, first.cache_expires_at]);
    expect(second.verification_id).not.toBe(first.verification_id);
    expect(second.sources.find((s: any) => s.name === 'Washington State Department of Health')).toMatchObject({ status: 'cached', as_of: first.checked_at });
  });
});

describe('identity resolution (spec rules 1-4)', () => {
  it('1: the last name must match (after normalisation), then the first name', async () => {
    expect((await ok({ first_name: 'Helen', last_name: 'Thompson', state: 'WA' })).status).toBe('not_found');
    expect((await ok({ first_name: 'HELEN', last_name: 'thomas ', state: 'WA' })).license_number).toBe('RN00973025');
  });

  it('2: a prefix nickname matches (and says so)', async () => {
    const body = await ok({ first_name: 'Chris', last_name: 'Anderson', state: 'WA' });
    expect(body).toMatchObject({ license_number: 'MD00132648', status: 'active', match_confidence: 0.7 });
    expect(body.match_basis).toContain('first_name_nickname');
  });

  it('2: middle initials present or absent both match; a middle initial picks the right namesake', async () => {
    expect((await ok({ first_name: 'Manning R.', last_name: 'Boyette', state: 'WA' })).license_number).toBe('PT00261372');
    expect((await ok({ first_name: 'Ryan', last_name: 'Graham', state: 'IL' })).license_number).toBe('071707873');
    const minh = await ok({ first_name: 'David M', last_name: 'Nguyen', state: 'WA' });
    expect(minh.license_number).toBe('RN60854050');
    expect(minh.match_basis).toContain('middle_name');
  });

  it('2: hyphenated surnames match on either part or the whole', async () => {
    for (const last of ['Davis-Tucker', 'Davis Tucker', 'Tucker', 'Davis']) {
      const body = await ok({ first_name: 'Hattie', last_name: last, state: 'WA' });
      expect(body.license_number, last).toBe('MD00406426');
    }
  });

  it('2: apostrophes and accents do not get in the way', async () => {
    expect((await ok({ first_name: 'Kathleen', last_name: "O'Brien", state: 'WA' })).license_number).toBe('RN00112866');
    expect((await ok({ first_name: 'Kathleen', last_name: 'OBrien', state: 'WA' })).license_number).toBe('RN00112866');
    expect((await ok({ first_name: 'Jose', last_name: 'Pena', state: 'CO' })).license_number).toBe('201589');
    expect((await ok({ first_name: 'José', last_name: 'Peña', state: 'CO' })).license_number).toBe('201589');
  });

  it('3: a look-alike distinct given name is not matched', async () => {
    expect((await ok({ first_name: 'Helena', last_name: 'Thomas', state: 'WA' })).status).toBe('not_found');
    expect((await ok({ first_name: 'Carl', last_name: 'Morris', state: 'WA' })).status).toBe('not_found');
  });

  it('4: two people with the same name give not_found, never a guess', async () => {
    const body = await ok({ first_name: 'David', last_name: 'Nguyen', state: 'WA' });
    expect(body).toMatchObject({ status: 'not_found', verified: false, match_confidence: null, name: null });
  });

  it('4: a DOB that contradicts the birth year rules a namesake out', async () => {
    const body = await ok({ first_name: 'David', last_name: 'Nguyen', state: 'WA', dob: '1990-04-12' });
    expect(body.license_number).toBe('RN60854050');
    expect(body.match_basis).toContain('dob');
  });

  it('4: an NPI whose registry record lists the license pins the identity', async () => {
    const body = await ok({ first_name: 'David', last_name: 'Nguyen', state: 'WA', npi: '2993358409' });
    expect(body).toMatchObject({ license_number: 'RN00485076', match_confidence: 0.99, npi: '2993358409' });
    expect(body.match_basis).toEqual(expect.arrayContaining(['npi', 'npi_license_link']));
  });

  it('4: the NPI finds a license held under a former name', async () => {
    const body = await ok({ first_name: 'Sarah', last_name: 'Mitchell', state: 'DE', npi: '1668758802' });
    expect(body).toMatchObject({ license_number: 'L1-0007010', status: 'active', match_confidence: 0.99 });
    expect(body.match_basis).toContain('former_name');
  });

  it('4: an NPI that belongs to someone else gives not_found', async () => {
    expect((await ok({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '2993358409' })).status).toBe('not_found');
  });
});

describe('OIG exclusion matching (spec rules 1-4)', () => {
  it('2: a matching NPI confirms the exclusion', async () => {
    const body = await ok({ first_name: 'Arian', last_name: 'Stringer', state: 'IL', npi: '1344567510' });
    expect(body).toMatchObject({ oig_excluded: true, verified: false, status: 'revoked' });
    expect(body.oig_exclusion).toMatchObject({ match: 'npi', exclusion_type: '1128b4' });
  });

  it('3: a different NPI on a same-name record rules it out', async () => {
    const body = await ok({ first_name: 'Jake', last_name: 'Jennings', state: 'CO', npi: '1129830471' });
    expect(body).toMatchObject({ oig_excluded: false, verified: true, status: 'active', oig_exclusion: null });
  });

  it('3: a different DOB on a same-name record rules it out', async () => {
    const body = await ok({ first_name: 'Jennifer', last_name: 'Taylor', state: 'WA', dob: '1982-03-03' });
    expect(body).toMatchObject({ oig_excluded: false, license_number: 'RN00137108' });
  });

  it('4: with no identifier supplied, a name match excludes', async () => {
    const body = await ok({ first_name: 'Jake', last_name: 'Jennings', state: 'CO' });
    expect(body).toMatchObject({ oig_excluded: true, verified: false, status: 'active' });
    expect(body.oig_exclusion.match).toBe('name_only');
  });

  it('4: with no identifier on the list record, a name match excludes whatever is supplied', async () => {
    const body = await ok({ first_name: 'Hazel', last_name: 'Hathaway', state: 'TX', npi: '1234567893', dob: '1979-01-01' });
    expect(body).toMatchObject({ oig_excluded: true });
    expect(body.oig_exclusion.match).toBe('name_only');
  });

  it('a waiver is reported with the exclusion', async () => {
    const body = await ok({ first_name: 'Benjamin', last_name: 'Butler', state: 'DE', npi: '1020116137' });
    expect(body.oig_excluded).toBe(true);
    expect(body.oig_exclusion).toMatchObject({ match: 'npi', waiver_state: 'DE' });
  });
});

describe('sanctions screen', () => {
  it('lists every list with its freshness, and each match with its basis, action and dates', async () => {
    const body = await ok({ first_name: 'Arian', last_name: 'Stringer', state: 'IL', npi: '1344567510' });
    expect(body.sanctioned).toBe(true);
    // Each list consulted names the archived file it was read from (its rows that matched, where any did).
    const listFile = [expect.objectContaining({ kind: 'file', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })];
    expect(body.sanctions.lists).toEqual([
      { list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: expect.any(String), scope: 'federal', evidence: listFile },
      { list: 'sam', name: 'SAM.gov Exclusions', status: 'cached', as_of: expect.any(String), scope: 'federal', evidence: listFile },
      { list: 'cms_opt_out', name: 'CMS Medicare Opt-Out Affidavits', status: 'cached', as_of: expect.any(String), scope: 'federal', evidence: listFile },
      {
        list: 'cms_revoked',
        name: 'CMS Revoked Medicare Providers and Suppliers',
        status: 'cached',
        as_of: expect.any(String),
        scope: 'federal',
        evidence: listFile,
      },
      // The state Medicaid lists (Illinois by name, the others by the NPI supplied), never ingested here.
      { list: 'il_hfs', name: 'Illinois HFS OIG Sanctions List', status: 'unavailable', as_of: null, scope: 'IL' },
      { list: 'tx_hhsc', name: 'Texas HHSC OIG Exclusions', status: 'unavailable', as_of: null, scope: 'TX' },
      { list: 'ca_medi_cal', name: 'California Medi-Cal Suspended and Ineligible Provider List', status: 'unavailable', as_of: null, scope: 'CA' },
      // Searched by the NPI the request supplies.
      { list: 'nppes_deactivated', name: 'NPPES Deactivated NPI Report', status: 'cached', as_of: expect.any(String), scope: 'federal', evidence: listFile },
      { list: 'wa_hca', name: 'Washington HCA Provider Termination and Exclusion List', status: 'unavailable', as_of: null, scope: 'WA' },
      { list: 'co_hcpf', name: 'Colorado HCPF Terminated Provider List', status: 'unavailable', as_of: null, scope: 'CO' },
      { list: 'ny_omig', name: 'New York OMIG Medicaid Exclusion List', status: 'unavailable', as_of: null, scope: 'NY' },
    ]);
    expect(body.sanctions.matches[0]).toMatchObject({ list: 'oig_leie', basis: 'npi', action: 'OIG exclusion 1128b4', end_date: null });
    expect(body.sanctions.matches[0].start_date).toBe(body.oig_exclusion.exclusion_date);
    // On SAM too: the HHS exclusion the OIG list holds, and OPM's reciprocal one, each its own action (the NPI float-formatted in the file).
    const sam = body.sanctions.matches.filter((m: { list: string }) => m.list === 'sam');
    expect(sam.map((m: { basis: string; action: string }) => [m.basis, m.action.slice(m.action.lastIndexOf('('))])).toEqual([
      ['npi', '(HHS)'],
      ['npi', '(OPM)'],
    ]);
  });

  it('reports a name-only match as such, and none for a same-name person with a different NPI', async () => {
    const nameOnly = await ok({ first_name: 'Jake', last_name: 'Jennings', state: 'CO' });
    expect(nameOnly.sanctioned).toBe(true);
    // The OIG list is narrowed by the identifiers supplied (the spec's rule): none, so a name-only match.
    // The other lists are narrowed by the NPI the verification found too: the SAM rows carry another NPI.
    expect(nameOnly.npi).toMatch(/^\d{10}$/);
    expect(nameOnly.sanctions.matches.map((m: { list: string; basis: string }) => [m.list, m.basis])).toEqual([['oig_leie', 'name_only']]);
    const other = await ok({ first_name: 'Jake', last_name: 'Jennings', state: 'CO', npi: '1129830471' });
    expect(other).toMatchObject({ sanctioned: false, sanctions: { matches: [] } });
  });

  it('reports a Medicare opt-out on the NPI, and none for a same-name person with another NPI or an opt-out that ended', async () => {
    const optedOut = await ok({ first_name: 'Lorenzo', last_name: 'McDonald', state: 'DE', npi: '2307644023' });
    expect(optedOut.sanctioned).toBe(true);
    // Two affidavits under the NPI: only the last one is kept.
    expect(optedOut.sanctions.matches).toEqual([
      { list: 'cms_opt_out', basis: 'npi', name: 'LORENZO MCDONALD', action: 'Medicare opt-out (CMS)', start_date: '2025-10-28', end_date: null },
    ]);
    const namesake = await ok({ first_name: 'Sandra', last_name: 'Coughlin', state: 'WA', npi: '1575428309' });
    expect(namesake).toMatchObject({ sanctioned: false, sanctions: { matches: [] } });
    const ended = await ok({ first_name: 'Jeanne', last_name: 'Brown', state: 'CO', npi: '1336269075' });
    expect(ended).toMatchObject({ sanctioned: false, sanctions: { matches: [] } });
  });

  it('reports a Medicare revocation with its re-enrolment bar as the end date', async () => {
    const revoked = await ok({ first_name: 'Virginia', last_name: 'Layman', state: 'CO', npi: '1720142458' });
    const cms = revoked.sanctions.matches.filter((m: { list: string }) => m.list === 'cms_revoked');
    expect(cms).toEqual([
      {
        list: 'cms_revoked',
        basis: 'npi',
        name: 'VIRGINIA CAREN LAYMAN',
        action: 'Medicare revocation: 424.535(a)(1) - Noncompliance (CMS)',
        start_date: '2026-04-15',
        end_date: '2029-04-14',
      },
    ]);
    const namesake = await ok({ first_name: 'Marquita', last_name: 'Bird', state: 'IL', npi: '1034463350' });
    expect(namesake).toMatchObject({ sanctioned: false, sanctions: { matches: [] } });
  });

  it('names, as evidence, the archived file each list was read from and the rows of it that matched', async () => {
    const revoked = await ok({ first_name: 'Virginia', last_name: 'Layman', state: 'CO', npi: '1720142458' });
    const version = (await dynamoSanctionsStore().current('cms_revoked'))!;
    const [evidence] = revoked.sanctions.lists.find((l: { list: string }) => l.list === 'cms_revoked').evidence;
    expect(evidence).toMatchObject({ kind: 'file', sha256: version.sha256, fetched_at: version.ingested_at, size: version.stats.bytes });
    expect(evidence.rows).toHaveLength(1);
    // The archived file re-hashes to the evidence the result names, and the matched row is in it.
    const archived = await s3().send(new GetObjectCommand({ Bucket: bucketName('sourceArchive'), Key: version.archive_key }));
    const bytes = Buffer.from(await archived.Body!.transformToByteArray());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(evidence.sha256);
    // A list checked without a match names its file and no rows.
    const clean = revoked.sanctions.lists.find((l: { list: string }) => l.list === 'sam');
    expect(clean.evidence).toEqual([expect.objectContaining({ kind: 'file', sha256: (await dynamoSanctionsStore().current('sam'))!.sha256 })]);
    expect(clean.evidence[0].rows).toBeUndefined();
  });

  it('signs the same screen into the certificate', async () => {
    const body = await ok({ first_name: 'Benjamin', last_name: 'Butler', state: 'DE', npi: '1020116137' });
    const cert = (await t.call(`/v1/certificate/${body.verification_id}`, { key: liveKey })).body;
    expect(cert.sanctions).toEqual({ sanctioned: true, ...body.sanctions });
  });
});

describe('profession filter (spec rules 1-8)', () => {
  it('1-2: a license in the named profession is returned and confirmed', async () => {
    const body = await ok({ first_name: 'Robert', last_name: 'Jones', state: 'IL', npi: '1818275202', profession: 'physician' });
    expect(body).toMatchObject({ license_number: '036499525', profession: 'physician', profession_confirmed: true, verified: true });
  });

  it("2-3: the profession picks between one person's licenses", async () => {
    const np = await ok({ first_name: 'Mary', last_name: 'Bright', state: 'TX', profession: 'nurse_practitioner' });
    expect(np).toMatchObject({ profession: 'nurse_practitioner', license_type: 'APRN - NURSE PRACTITIONER' });
    const rn = await ok({ first_name: 'Mary', last_name: 'Bright', state: 'TX', profession: 'registered_nurse' });
    expect(rn).toMatchObject({ profession: 'registered_nurse', license_number: '651496' });
  });

  it('4: an unclassifiable license is returned with profession null and the raw wording', async () => {
    const body = await ok({ first_name: 'Sandra', last_name: 'Johnson', state: 'CO', profession: 'registered_nurse' });
    expect(body).toMatchObject({ license_number: '79180', profession: null, license_type: 'HCW', profession_confirmed: false, verified: true });
  });

  it('5: non-healthcare licenses are never returned, with or without a profession', async () => {
    const jones = await ok({ first_name: 'Robert', last_name: 'Jones', state: 'IL', npi: '1818275202' });
    expect(jones.license_number).toBe('036499525');
    const angela = await ok({ first_name: 'Angela', last_name: 'Washington', state: 'IL' });
    expect(angela).toMatchObject({ license_number: '041156320', profession: 'registered_nurse' });
  });

  it('6: a profession the state does not verify is profession_not_covered, before any board query', async () => {
    await data.setFaults({ 'tm3v-pfq9': { mode: 'down' }, 'tgb2-j935': { mode: 'down' } });
    try {
      const body = await ok({ first_name: 'Mary', last_name: 'Bright', state: 'TX', profession: 'dentist' });
      expect(body).toMatchObject({ status: 'profession_not_covered', verified: false });
      expect(body.professions_covered).not.toContain('dentist');
    } finally {
      await data.setFaults({});
    }
  });

  it('7: in the two look-up states an uncovered or absent profession is not_found after a real lookup', async () => {
    const il = await ok({ first_name: 'Robert', last_name: 'Jones', state: 'IL', npi: '1818275202', profession: 'dentist' });
    expect(il.status).toBe('not_found');
    expect(il.professions_covered).not.toContain('art_therapist');
    const ilArt = await ok({ first_name: 'Robert', last_name: 'Jones', state: 'IL', profession: 'art_therapist' });
    expect(ilArt.status).toBe('not_found');
    const co = await ok({ first_name: 'Jose', last_name: 'Pena', state: 'CO', profession: 'music_therapist' });
    expect(co.status).toBe('not_found');
    expect(co.sources.find((s: any) => s.name === 'Colorado Department of Regulatory Agencies').status).toMatch(/live|cached/);
  });

  it('8: profession_not_covered never occurs without a profession', async () => {
    expect((await ok({ first_name: 'Mary', last_name: 'Bright', state: 'TX' })).status).toBe('active');
  });

  it('without a profession, profession_confirmed says whether the license names one', async () => {
    expect(await ok({ first_name: 'Sandra', last_name: 'Johnson', state: 'CO' })).toMatchObject({
      profession: null,
      profession_confirmed: false,
      verified: true,
    });
  });
});

describe('statuses and discipline (spec: States and transitions)', () => {
  it('maps the board vocabulary: suspended, revoked, and an active status past its expiry date is expired', async () => {
    expect(await ok({ first_name: 'Carla', last_name: 'Morris', state: 'WA' })).toMatchObject({
      status: 'suspended',
      verified: false,
      disciplinary_flags: true,
    });
    expect(await ok({ first_name: 'Vivian', last_name: 'Anthony', state: 'WA' })).toMatchObject({ status: 'expired', verified: false });
  });

  it("reports discipline from each board's own signal", async () => {
    expect(await ok({ first_name: 'Joseph', last_name: 'Peters', state: 'CO' })).toMatchObject({ status: 'active', disciplinary_flags: true, verified: true });
    expect(await ok({ first_name: 'Vanessa', last_name: 'Cruz', state: 'DE' })).toMatchObject({ status: 'active', disciplinary_flags: true });
  });

  it('verifies a provider in each launch state', async () => {
    const cases: [Body, string][] = [
      [{ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, 'RN00973025'],
      [{ first_name: 'Jose', last_name: 'Pena', state: 'CO' }, '201589'],
      [{ first_name: 'Angela', last_name: 'Washington', state: 'IL' }, '041156320'],
      [{ first_name: 'Mary', last_name: 'Bright', state: 'TX' }, '651496'],
      [{ first_name: 'Jo', last_name: 'Solano', state: 'DE' }, 'A1-0067870'],
    ];
    for (const [request, license] of cases) {
      const body = await ok(request);
      expect([body.license_number, body.verified], JSON.stringify(request)).toEqual([license, true]);
    }
  });
});
