import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePath, fallbackRoute, matchRoute, resourceAccess, routes, workers } from '#shared/platform/infra/routes.ts';
import { nextFiring, parseScheduleExpression } from '#shared/platform/infra/schedule-expression.ts';
import { schedules, stackOutputKey } from '#shared/platform/infra/resources.ts';

const root = join(import.meta.dirname, '..', '..');

describe('route table', () => {
  it('has unique ids and unique method+path pairs, each with its own handler file', () => {
    const ids = [...routes.map((r) => r.id), fallbackRoute.id, ...workers.map((w) => w.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes.map((r) => `${r.method} ${r.path}`)).size).toBe(routes.length);
    const entries = [...routes.map((r) => r.entry), fallbackRoute.entry, ...workers.map((w) => w.entry)];
    expect(new Set(entries).size).toBe(entries.length);
    for (const entry of entries) expect(existsSync(join(root, entry)), entry).toBe(true);
  });

  it('every handler module exports a handler', async () => {
    for (const entry of [...routes.map((r) => r.entry), fallbackRoute.entry]) {
      const mod = (await import(join(root, entry))) as { handler?: unknown };
      expect(typeof mod.handler, entry).toBe('function');
    }
  });

  it('adds the pipeline tables to authenticated routes, idempotency only for non-GET, its pepper only for POST', () => {
    const get = resourceAccess({ ...routes[0]!, method: 'GET', auth: 'api_key', uses: { tables: { usage: ['Query'] } } });
    // The account item carries the request counters: read and counted by one UpdateItem; the month's
    // item in the usage table its verification counters: read beside it, and charged.
    expect(get.tables).toEqual({ accounts: ['GetItem', 'UpdateItem'], apiKeys: ['GetItem'], usage: ['GetItem', 'UpdateItem', 'Query'] });
    const post = resourceAccess({ ...routes[0]!, method: 'POST', auth: 'api_key', uses: { tables: { accounts: ['PutItem'] } } });
    expect(post.tables).toEqual({
      accounts: ['GetItem', 'UpdateItem', 'PutItem'],
      apiKeys: ['GetItem'],
      usage: ['GetItem', 'UpdateItem'],
      idempotency: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'],
    });
    expect(post.idempotencyPepper).toBe(true);
    expect(get.idempotencyPepper).toBeUndefined();
    expect(resourceAccess({ ...routes[0]!, method: 'DELETE', auth: 'api_key', uses: {} }).idempotencyPepper).toBeUndefined();
    expect(resourceAccess({ ...routes[0]!, auth: 'public', uses: {} })).toEqual({});
  });
});

describe('path matching', () => {
  it('extracts and decodes path parameters', () => {
    const match = compilePath('/v1/certificate/{verification_id}/pdf');
    expect(match('/v1/certificate/vrf_abc/pdf')).toEqual({ verification_id: 'vrf_abc' });
    expect(match('/v1/certificate/vrf%20x/pdf')).toEqual({ verification_id: 'vrf x' });
    expect(match('/v1/certificate/a/b/pdf')).toBeUndefined();
    expect(match('/v1/certificate//pdf')).toBeUndefined();
    expect(compilePath('/files/{path+}')('/files/a/b.txt')).toEqual({ path: 'a/b.txt' });
    expect(compilePath('/v1.x')('/v1Ax')).toBeUndefined();
  });

  it('reports the allowed methods of a known path', () => {
    const table = [
      { method: 'GET' as const, path: '/v1/monitors' },
      { method: 'DELETE' as const, path: '/v1/monitor/{id}' },
      { method: 'POST' as const, path: '/v1/monitor' },
    ];
    expect(matchRoute(table, 'GET', '/v1/monitors').match?.route).toBe(table[0]);
    expect(matchRoute(table, 'POST', '/v1/monitor/mon_1')).toEqual({ allowed: ['DELETE'] });
    expect(matchRoute(table, 'GET', '/v1/nothing')).toEqual({ allowed: [] });
  });
});

describe('schedule expressions', () => {
  it('parse every schedule in the stack', () => {
    for (const s of Object.values(schedules)) expect(() => parseScheduleExpression(s.expression)).not.toThrow();
  });

  it('compute the next daily firing in UTC', () => {
    const daily = parseScheduleExpression('cron(0 6 * * ? *)');
    expect(nextFiring(daily, new Date('2026-11-21T05:59:59Z')).toISOString()).toBe('2026-11-21T06:00:00.000Z');
    expect(nextFiring(daily, new Date('2026-11-21T06:00:00Z')).toISOString()).toBe('2026-11-22T06:00:00.000Z');
    expect(nextFiring(daily, new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(nextFiring(parseScheduleExpression('rate(15 minutes)'), new Date('2026-11-21T00:00:00Z')).toISOString()).toBe('2026-11-21T00:15:00.000Z');
  });

  it('refuse what they cannot honour', () => {
    for (const bad of ['cron(0 6 ? * MON *)', 'rate(0 minutes)', 'cron(61 6 * * ? *)', 'every day']) {
      expect(() => parseScheduleExpression(bad)).toThrow();
    }
  });

  it('stack output keys are derived from environment variable names', () => {
    expect(stackOutputKey('TABLE_API_KEYS')).toBe('TableApiKeys');
    expect(stackOutputKey('QUEUE_URL_MONITOR_SWEEP')).toBe('QueueUrlMonitorSweep');
  });
});
