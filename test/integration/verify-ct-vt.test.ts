/**
 * POST /v1/verify for Connecticut and Vermont over HTTP against the simulator serving the bundled
 * sample data (sample-data/README.md, "Connecticut and Vermont"), and a changed format making the
 * board unavailable rather than mis-read.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { verifyOk } from '../support/verify-call.ts';
import type { SourceDataCopy } from '../support/source-data.ts';
import { startSampleDataStackWithKey } from '../support/sample-data-stack.ts';

let t: TestStack, data: SourceDataCopy, key: string, stop: () => Promise<void>;
beforeAll(async () => void ({ t, data, key, stop } = await startSampleDataStackWithKey('enterprise')));
afterAll(() => stop());

const verify = (body: Record<string, unknown>) => verifyOk(t, key, body);

describe('Connecticut (ngch-56tr)', () => {
  it('finds an active license by name, its DPH credential, and leaves DCP and business rows out', async () => {
    const body = await verify({ first_name: 'Margaret', last_name: 'Okafor', state: 'CT' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: '10.100432', disciplinary_flags: false });
    expect(await verify({ first_name: 'Margaret', last_name: 'Okafor', state: 'CT', profession: 'registered_nurse' })).toMatchObject({
      status: 'active',
      verified: true,
    });
  });

  it('reads the status with its reason: ACTIVE suspended is suspended, INACTIVE revoked is revoked, a lapse is expired', async () => {
    expect(await verify({ first_name: 'Daniel', last_name: 'Fitzgerald', state: 'CT' })).toMatchObject({
      status: 'suspended',
      verified: false,
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Priya', last_name: 'Narayanan', state: 'CT' })).toMatchObject({
      status: 'revoked',
      verified: false,
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Kevin', last_name: 'Brannigan', state: 'CT' })).toMatchObject({ status: 'expired', verified: false });
  });

  it('reports discipline from the status reason on an active license', async () => {
    expect(await verify({ first_name: 'Theresa', last_name: 'Lindqvist', state: 'CT' })).toMatchObject({ status: 'active', disciplinary_flags: true });
  });

  it('refuses a look-alike name and answers not_found for an absent provider', async () => {
    expect((await verify({ first_name: 'Margarita', last_name: 'Okafor', state: 'CT' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Quackenbush', state: 'CT' })).status).toBe('not_found');
    // A non-healthcare credential holder is never returned.
    expect((await verify({ first_name: 'Walter', last_name: 'Przybylski', state: 'CT' })).status).toBe('not_found');
  });
});

describe('Vermont (mxkz-bi85)', () => {
  it('finds an active physician by name', async () => {
    expect(await verify({ first_name: 'Eleanor', last_name: 'Marsh', state: 'VT', profession: 'physician' })).toMatchObject({
      status: 'active',
      verified: true,
      license_number: '042.0041877',
      disciplinary_flags: false,
    });
  });

  it('maps suspended and revoked licenses and reports the actions column as discipline', async () => {
    expect(await verify({ first_name: 'Gregory', last_name: 'Halvorsen', state: 'VT' })).toMatchObject({
      status: 'suspended',
      verified: false,
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Lucille', last_name: 'Beaudoin', state: 'VT' })).toMatchObject({ status: 'revoked', verified: false });
    expect(await verify({ first_name: 'Samuel', last_name: 'Okonjo', state: 'VT' })).toMatchObject({ status: 'active', disciplinary_flags: true });
  });

  it('refuses a look-alike, answers not_found for an absent provider, and profession_not_covered for nurses', async () => {
    expect((await verify({ first_name: 'Eleanora', last_name: 'Marsh', state: 'VT' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Quackenbush', state: 'VT' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Eleanor', last_name: 'Marsh', state: 'VT', profession: 'registered_nurse' })).status).toBe('profession_not_covered');
  });

  it('a changed format (the status column renamed) makes the board unavailable, not a wrong status', async () => {
    const file = join(data.dir, 'boards', 'mxkz-bi85.json');
    const original = await readFile(file, 'utf8');
    // An active physician no other test asks for (nothing cached for their name).
    const rows = JSON.parse(original) as Record<string, string>[];
    const row = rows.find(
      (r) =>
        r.license_status === 'Active' && r.license_type === 'Medical Doctor' && rows.filter((o) => o.last_name === r.last_name).length === 1 && !r.middle_name,
    )!;
    await writeFile(file, original.replaceAll('"license_status":', '"status_description":'));
    try {
      const res = await t.call('/v1/verify', {
        method: 'POST',
        key,
        body: JSON.stringify({ first_name: row.first_name, last_name: row.last_name, state: 'VT' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ status: 'source_unavailable', verified: false, license_number: null });
      expect(res.body.sources.find((s: { name: string }) => s.name === 'Vermont Board of Medical Practice')).toMatchObject({ status: 'unavailable' });
    } finally {
      await writeFile(file, original);
    }
    expect(await verify({ first_name: row.first_name, last_name: row.last_name, state: 'VT' })).toMatchObject({ status: 'active', verified: true });
  });
});
