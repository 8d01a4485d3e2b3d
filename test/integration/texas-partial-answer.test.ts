/**
 * Texas answers from its open-data datasets (TMB, BON) and the BHEC roster together. With the roster not
 * loaded (a fresh deployment before its first daily check, or a store that cannot be read) the answer is
 * partial: a license the datasets hold is still found, with the BHEC source reported `unavailable` and
 * nothing cached; a provider the datasets do not hold is `source_unavailable`, never `not_found` (they
 * may be a counselor on the roster).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { verifyOk } from '../support/verify-call.ts';

let t: TestStack;
let key: string;

beforeAll(async () => {
  t = await startTestStack({ loadRosters: false });
  key = (await t.issue({ plan: 'enterprise', mode: 'live' })).api_key;
});
afterAll(() => t.stop());

const verify = (body: Record<string, unknown>) => verifyOk(t, key, body);
const sourceNamed = (body: Record<string, any>, name: string) =>
  (body.sources as { name: string; status: string; as_of: string | null }[]).find((s) => s.name === name);

describe('Texas without its BHEC roster', () => {
  it('finds a physician the datasets hold, says the roster was unavailable, and caches nothing', async () => {
    for (let i = 0; i < 2; i++) {
      const body = await verify({ first_name: 'Michael', last_name: 'Prescott', state: 'TX' });
      expect(body).toMatchObject({ status: 'active', verified: true, license_number: 'N9730', cached: false, source_live: true });
      expect(sourceNamed(body, 'Texas Medical Board and Texas Board of Nursing')).toMatchObject({ status: 'live' });
      expect(sourceNamed(body, 'Texas Behavioral Health Executive Council')).toEqual({
        name: 'Texas Behavioral Health Executive Council',
        status: 'unavailable',
        as_of: null,
      });
    }
  });

  it('answers source_unavailable, not not_found, for a counselor only the roster holds', async () => {
    const body = await verify({ first_name: 'Margaret', last_name: 'Achterberg', state: 'TX', profession: 'counselor' });
    expect(body).toMatchObject({ status: 'source_unavailable', verified: false });
    expect(sourceNamed(body, 'Texas Behavioral Health Executive Council')).toMatchObject({ status: 'unavailable' });
  });
});
