/**
 * POST /v1/verify for Massachusetts over HTTP against the simulator answering the Bureau of Health
 * Professions Licensure's search API from the bundled sample data (sample-data/README.md,
 * "Massachusetts"): an active counselor, an expired therapist, a revoked license and a suspended one
 * whose status holds a comma, probation as discipline, a look-alike refused, an absent provider, a
 * status never published, a changed answer and the API unreachable.
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
const board = 'Massachusetts Bureau of Health Professions Licensure';
const boardReport = (body: Record<string, any>) => body.sources.find((s: { name: string }) => s.name === board);

describe('Massachusetts (BHPL search API)', () => {
  it('finds an active mental health counselor by name', async () => {
    const body = await verify({ first_name: 'Philippa', last_name: 'Marchbanks', state: 'MA' });
    expect(body).toMatchObject({ status: 'active', verified: true, license_number: 'LMHC10417', disciplinary_flags: false, source_live: true });
    expect(boardReport(body)).toMatchObject({ status: 'live' });
    expect(await verify({ first_name: 'Philippa', last_name: 'Marchbanks', state: 'MA', profession: 'counselor' })).toMatchObject({ status: 'active' });
  });

  it('an expired license, a revoked one and "Suspension, Expired" are no current license', async () => {
    expect(await verify({ first_name: 'Thaddeus', last_name: 'Ellingwood', state: 'MA' })).toMatchObject({
      status: 'expired',
      verified: false,
      license_number: 'LMFT2286',
    });
    expect(await verify({ first_name: 'Ottoline', last_name: 'Fairbrother', state: 'MA' })).toMatchObject({
      status: 'revoked',
      verified: false,
      disciplinary_flags: true,
    });
    expect(await verify({ first_name: 'Barnaby', last_name: 'Whitlock', state: 'MA' })).toMatchObject({
      status: 'suspended',
      verified: false,
      license_number: 'LMHC8850',
      disciplinary_flags: true,
    });
  });

  it('reports probation as discipline on an active license', async () => {
    expect(await verify({ first_name: 'Cressida', last_name: 'Langridge', state: 'MA', profession: 'marriage_family_therapist' })).toMatchObject({
      status: 'active',
      license_number: 'LMFT3105',
      disciplinary_flags: true,
    });
  });

  it('refuses a look-alike name, answers not_found for an absent provider and profession_not_covered for nurses', async () => {
    expect(await verify({ first_name: 'Rosamund', last_name: 'Quarrington', state: 'MA' })).toMatchObject({ status: 'active', verified: true });
    expect((await verify({ first_name: 'Rosalind', last_name: 'Quarrington', state: 'MA' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Ignatius', last_name: 'Wolstenholme', state: 'MA' })).status).toBe('not_found');
    // A requested profession is searched in its own license type only: a therapist is no counselor.
    expect((await verify({ first_name: 'Thaddeus', last_name: 'Ellingwood', state: 'MA', profession: 'counselor' })).status).toBe('not_found');
    expect((await verify({ first_name: 'Philippa', last_name: 'Marchbanks', state: 'MA', profession: 'registered_nurse' })).status).toBe(
      'profession_not_covered',
    );
  });

  it('a status never published is no answer, naming it', async () => {
    const body = await verify({ first_name: 'Leopold', last_name: 'Ravenscroft', state: 'MA' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(boardReport(body)).toMatchObject({ status: 'unavailable', reason: { field: 'status', raw_value: 'Administrative Hold' } });
  });

  it('a changed answer, or the API unreachable, makes the board unavailable, never not_found', async () => {
    // A drawn licensee no other test asks for (nothing cached for the name).
    const licenses = JSON.parse(await readFile(join(data.dir, 'lookups', 'ma_bhpl', 'licenses.json'), 'utf8')) as {
      row: { lastName: string; firstName: string };
    }[];
    const drawn = licenses.slice(7).find((l) => licenses.filter((o) => o.row.lastName === l.row.lastName).length === 1)!.row;
    await data.setFaults({ ma_bhpl: { mode: 'malformed' } });
    try {
      const body = await verify({ first_name: drawn.firstName, last_name: drawn.lastName, state: 'MA' });
      expect(body).toMatchObject({ status: 'source_unavailable', verified: false, license_number: null });
      expect(boardReport(body)).toMatchObject({ status: 'unavailable', reason: { code: 'format_changed' } });
    } finally {
      await data.setFaults({});
    }
    await data.setFaults({ ma_bhpl: { mode: 'down' } });
    try {
      const body = await verify({ first_name: 'Yusuf', last_name: 'Pemberton', state: 'MA' });
      expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
      expect(boardReport(body)).toMatchObject({ status: 'unavailable', as_of: null, reason: { code: 'unreachable' } });
    } finally {
      await data.setFaults({});
    }
  });
});
