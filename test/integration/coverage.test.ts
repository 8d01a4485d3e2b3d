import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

describe('GET /v1/coverage', () => {
  it('lists the five launch states with full names, sources and professions', async () => {
    const { api_key } = await t.issue({ plan: 'developer', mode: 'test' });
    const res = await t.call('/v1/coverage', { key: api_key });
    expect(res.status).toBe(200);
    expect(res.body.federal_sources).toEqual(['NPPES NPI Registry', 'OIG LEIE']);
    expect(res.body.sanctions_lists).toEqual([
      { list: 'oig_leie', name: 'OIG LEIE', scope: 'federal' },
      { list: 'sam', name: 'SAM.gov Exclusions', scope: 'federal' },
      { list: 'cms_opt_out', name: 'CMS Medicare Opt-Out Affidavits', scope: 'federal' },
      { list: 'cms_revoked', name: 'CMS Revoked Medicare Providers and Suppliers', scope: 'federal' },
      { list: 'nppes_deactivated', name: 'NPPES Deactivated NPI Report', scope: 'federal' },
    ]);
    expect(res.body.data.map((e: { state: string; name: string }) => [e.state, e.name])).toEqual([
      ['CO', 'Colorado'],
      ['DE', 'Delaware'],
      ['IL', 'Illinois'],
      ['TX', 'Texas'],
      ['WA', 'Washington'],
    ]);
    const tx = res.body.data.find((e: { state: string }) => e.state === 'TX');
    expect(tx.sources).toEqual([{ name: 'Texas Medical Board and Texas Board of Nursing', datasets: ['tm3v-pfq9', 'tgb2-j935', 'yjie-tuwv', 'jnzg-cr4w'] }]);
    expect(tx.uncovered_profession).toBe('rejected_before_lookup');
    expect(res.body.data.find((e: { state: string }) => e.state === 'IL').uncovered_profession).toBe('looked_up');
    expect(res.headers.get('x-ratelimit-minute-remaining')).toBe('9');
  });

  it('needs a key', async () => {
    const res = await t.call('/v1/coverage');
    expect(errorOf(res.body).code).toBe('authentication_failed');
  });
});
