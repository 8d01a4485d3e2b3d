import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

describe('GET /v1/coverage', () => {
  it('lists the seven states with full names, sources, professions, refresh and format confidence', async () => {
    const { api_key } = await t.issue({ plan: 'developer', mode: 'test' });
    const res = await t.call('/v1/coverage', { key: api_key });
    expect(res.status).toBe(200);
    expect(res.body.federal_sources).toEqual(['NPPES NPI Registry', 'OIG LEIE']);
    expect(res.body.sanctions_lists.slice(0, 4)).toEqual([
      { list: 'oig_leie', name: 'OIG LEIE', scope: 'federal', searched_by: 'name', updated: 'scheduled' },
      { list: 'sam', name: 'SAM.gov Exclusions', scope: 'federal', searched_by: 'name', updated: 'scheduled' },
      { list: 'cms_opt_out', name: 'CMS Medicare Opt-Out Affidavits', scope: 'federal', searched_by: 'name', updated: 'scheduled' },
      { list: 'cms_revoked', name: 'CMS Revoked Medicare Providers and Suppliers', scope: 'federal', searched_by: 'name', updated: 'scheduled' },
    ]);
    // A state's list names its state; a federal one does not.
    for (const list of res.body.sanctions_lists as { scope: string; state?: string }[]) {
      expect(list.scope === 'state').toBe(list.state !== undefined);
    }
    expect(res.body.data.map((e: { state: string; name: string }) => [e.state, e.name])).toEqual([
      ['CO', 'Colorado'],
      ['CT', 'Connecticut'],
      ['DE', 'Delaware'],
      ['IL', 'Illinois'],
      ['TX', 'Texas'],
      ['VT', 'Vermont'],
      ['WA', 'Washington'],
    ]);
    for (const entry of res.body.data as { format_confidence: string; refresh: string; format_notes: string }[]) {
      expect(['confirmed', 'observed', 'inferred']).toContain(entry.format_confidence);
      expect(['daily', 'weekly', 'monthly', 'unknown']).toContain(entry.refresh);
      expect(entry.format_notes.length).toBeGreaterThan(0);
    }
    expect(res.body.data.find((e: { state: string }) => e.state === 'VT')).toMatchObject({
      sources: [{ name: 'Vermont Board of Medical Practice', datasets: ['mxkz-bi85'] }],
      professions_covered: ['physician', 'physician_assistant', 'podiatrist'],
      refresh: 'daily',
      format_confidence: 'inferred',
    });
    expect(res.body.data.find((e: { state: string }) => e.state === 'CT')).toMatchObject({
      sources: [{ datasets: ['ngch-56tr'] }],
      refresh: 'daily',
      format_confidence: 'observed',
    });
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
