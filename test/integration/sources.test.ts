/**
 * GET /v1/sources over HTTP: every source with its freshness and last 24 hours, a list's downloads
 * counted within a minute, the documented error for bad input, and nothing of any account in it.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { hourKey } from '#shared/features/sources/health/health-counters.ts';
import { sourcesReportSchema } from '#shared/features/sources/health/sources-schema.ts';
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { cmsOptOut } from '#shared/features/sources/lists/cms-opt-out.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

let t: TestStack;
let first: { api_key: string; account_id: string };
let second: { api_key: string; account_id: string };

beforeAll(async () => {
  t = await startTestStack();
  first = await t.issue({ plan: 'enterprise', mode: 'live' });
  second = await t.issue({ plan: 'developer', mode: 'test' });
  // SAM.gov through its scheduled check (the worker's download is counted); the CMS opt-out list 50 days ago.
  await t.stack.scheduler.fire('samCheck');
  await waitFor(() => dynamoSanctionsStore().current('sam'), 60_000);
  await ingestList(cmsOptOut, dynamoSanctionsStore(), { force: true, now: () => new Date(Date.now() - 50 * 86_400_000) });
  await waitFor(async () => {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('sourceHealth'),
        KeyConditionExpression: '#h = :h',
        ExpressionAttributeNames: { '#h': 'hour' },
        ExpressionAttributeValues: { ':h': hourKey(new Date()) },
      }),
    );
    return out.Items?.some((i) => i.source === listDefinitions.sam!.displayName) ? true : undefined;
  }, 30_000);
});
afterAll(async () => {
  await t?.stop();
});

describe('GET /v1/sources', () => {
  it('answers every source with its state, version, dates and last 24 hours', async () => {
    const res = await t.call('/v1/sources', { key: first.api_key });
    expect(res.status, res.text).toBe(200);
    const report = sourcesReportSchema.parse(res.body);
    const byId = new Map(report.data.map((s) => [s.id, s]));
    for (const id of [
      'oig_leie',
      'nppes',
      'tx_bhec',
      'md_bop',
      'fl_mqa',
      'al_bme',
      'wy_boards',
      'wy_active',
      'wv_bom',
      'nv_bop',
      'sd_boards',
      'mo_pr',
      'ar_bopm',
      'la_lbmt',
      'ak_cbpl',
      'ca_bbs',
      ...Object.keys(listDefinitions),
    ])
      expect(byId.has(id), id).toBe(true);
    expect(report.data.some((s) => s.kind === 'board_open_data')).toBe(true);
    expect(byId.get('board_ks')).toMatchObject({ name: 'Kansas State Board of Healing Arts', kind: 'board_lookup', jurisdiction: 'KS' });
    expect(byId.get('board_ma')).toMatchObject({ name: 'Massachusetts Bureau of Health Professions Licensure', kind: 'board_lookup', jurisdiction: 'MA' });

    const sam = byId.get('sam')!;
    expect(sam).toMatchObject({ kind: 'sanctions_list', updated: 'scheduled', state: 'ok', freshness_policy: { stale_after_days: 7 } });
    expect(sam.current_version).toMatch(/^\d{8}T\d{6}Z-[0-9a-f]{12}$/);
    expect(sam.last_24h.calls).toBeGreaterThanOrEqual(1);
    expect(sam.last_24h.median_latency_ms).toBeGreaterThan(0);
    expect(sam.last_24h.failure_rate).toBe(0);

    // Loaded 50 days ago and never checked since: past its 35 days, stale.
    expect(byId.get('cms_opt_out')).toMatchObject({ state: 'stale', current_version: expect.any(String) });
    // Operator uploads never loaded on this stack.
    expect(byId.get('il_hfs')).toMatchObject({ updated: 'operator_upload', state: 'unavailable', current_version: null, as_of: null });
    // Loaded at start (the rosters the simulator serves).
    expect(byId.get('tx_bhec')).toMatchObject({ kind: 'board_roster', jurisdiction: 'TX', state: 'ok' });
    expect(byId.get('nppes')).toMatchObject({ kind: 'registry', updated: 'live', freshness_policy: null, current_version: null });
  });

  it('filters by kind', async () => {
    const res = await t.call('/v1/sources?kind=board_roster', { key: first.api_key });
    expect(res.status).toBe(200);
    expect(new Set(res.body.data.map((s: { kind: string }) => s.kind))).toEqual(new Set(['board_roster']));
  });

  it('refuses bad input with the documented error', async () => {
    const bad = await t.call('/v1/sources?kind=everything', { key: first.api_key });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({ code: 'invalid_request', param: 'kind' });
    const unknown = await t.call('/v1/sources?account_id=x', { key: first.api_key });
    expect(unknown.status).toBe(400);
    errorOf(unknown.body);
    const anonymous = await t.call('/v1/sources');
    expect(anonymous.status).toBe(401);
    errorOf(anonymous.body);
  });

  it('shows nothing of any account: every key gets the same report', async () => {
    const a = await t.call('/v1/sources', { key: first.api_key });
    const b = await t.call('/v1/sources', { key: second.api_key });
    expect(b.status, b.text).toBe(200);
    expect(b.body).toEqual(a.body);
    for (const secret of [first.account_id, second.account_id, first.api_key, second.api_key]) expect(a.text).not.toContain(secret);
  });
});
