/**
 * POST /v1/verify for Kansas over HTTP against the simulator rendering the Board of Healing Arts' profile
 * search from the bundled sample data (sample-data/README.md, "Kansas"): an active license, a previous
 * one, a denied application, discipline, a look-alike refused, an absent provider, a profile spelling
 * never seen, a changed results page and the board unreachable.
 */
import { readFile } from 'node:fs/promises';
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
const board = 'Kansas State Board of Healing Arts';
const boardReport = (body: Record<string, any>) => body.sources.find((s: { name: string }) => s.name === board);

describe('Kansas (Board of Healing Arts profile search)', () => {
  it('finds an active physician by name, read from the results row and the profile', async () => {
    const body = await verify({ first_name: 'Evangeline', last_name: 'Ashcroft', state: 'KS' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: '04-41877', disciplinary_flags: false, source_live: true });
    expect(boardReport(body)).toMatchObject({ status: 'live' });
    expect(await verify({ first_name: 'Evangeline', last_name: 'Ashcroft', state: 'KS', profession: 'physician' })).toMatchObject({ status: 'active' });
  });

  it("finds a licensee on the second results page of a common surname (40 BRANNIGANs), read in the board's session", async () => {
    const body = await verify({ first_name: 'Zelda', last_name: 'Brannigan', state: 'KS' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: '04-20100', profession: 'physician' });
    expect(boardReport(body)).toMatchObject({ status: 'live' });
  });

  it('a PREVIOUS license and a DENIED application are no current license', async () => {
    expect(await verify({ first_name: 'Cornelius', last_name: 'Vandermolen', state: 'KS' })).toMatchObject({
      status: 'inactive',
      verified: false,
      license_number: '11-04822',
    });
    expect(await verify({ first_name: 'Denise', last_name: 'Quenneville', state: 'KS' })).toMatchObject({ status: 'inactive', verified: false });
  });

  it('reports an action under KSBHA Actions as discipline on an active license', async () => {
    expect(await verify({ first_name: 'Rosalind', last_name: 'Pellingham', state: 'KS' })).toMatchObject({
      status: 'active',
      license_number: '15-02219',
      disciplinary_flags: true,
    });
  });

  it('refuses a look-alike name, answers not_found for an absent provider and profession_not_covered for nurses', async () => {
    expect(await verify({ first_name: 'Margaret', last_name: 'Kilbride', state: 'KS' })).toMatchObject({ status: 'active', verified: true });
    expect((await verify({ first_name: 'Margarita', last_name: 'Kilbride', state: 'KS' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Zebulon', last_name: 'Quackenbush', state: 'KS' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Evangeline', last_name: 'Ashcroft', state: 'KS', profession: 'registered_nurse' })).status).toBe(
      'profession_not_covered',
    );
  });

  it('a profile spelling never seen on a CURRENT license (License Type Exempt) is no answer, naming it', async () => {
    const body = await verify({ first_name: 'Oswald', last_name: 'Draycott', state: 'KS' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(boardReport(body)).toMatchObject({ status: 'unavailable', reason: { field: 'status', raw_value: 'Exempt' } });
  });

  it('a changed results page, or the board unreachable, makes the board unavailable, never not_found', async () => {
    // A drawn licensee no other test asks for (nothing cached for the name).
    const licensees = JSON.parse(await readFile(join(data.dir, 'lookups', 'ks_bha', 'licensees.json'), 'utf8')) as { last: string; first: string }[];
    const drawn = licensees.slice(6).find((l) => licensees.filter((o) => o.last === l.last).length === 1)!;
    await data.setFaults({ ks_bha: { mode: 'malformed' } });
    try {
      const body = await verify({ first_name: drawn.first, last_name: drawn.last, state: 'KS' });
      expect(body).toMatchObject({ status: 'source_unavailable', verified: false, license_number: null });
      expect(boardReport(body)).toMatchObject({ status: 'unavailable', reason: { code: 'format_changed' } });
    } finally {
      await data.setFaults({});
    }
    await data.setFaults({ ks_bha: { mode: 'down' } });
    try {
      const body = await verify({ first_name: 'Yusuf', last_name: 'Pemberton', state: 'KS' });
      expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
      expect(boardReport(body)).toMatchObject({ status: 'unavailable', as_of: null, reason: { code: 'unreachable' } });
    } finally {
      await data.setFaults({});
    }
  });
});
