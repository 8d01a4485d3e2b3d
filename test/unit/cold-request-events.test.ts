/**
 * The cold-request benchmark's event table (test/bench/cold-request-events.ts) against the route and
 * worker tables: every function has an event and no event names a function that is gone; each route's
 * event is a request of that route (its method, a path its pattern matches with those path parameters, a
 * bearer key exactly when the route needs one) and each worker's a message of its own queue.
 */
import { describe, expect, it } from 'vitest';
import { compilePath, fallbackRoute, matchRoute, routes, workers } from '#shared/platform/infra/routes.ts';
import { baselines, coldRequestEvents, coldRequestSubjects, eventTableGaps, functionIds, type ColdRequestContext } from '../bench/cold-request-events.ts';

const runs = 3;
const perRun = (prefix: string) => Array.from({ length: runs + 1 }, (_, n) => `${prefix}_${n}`);
const provider = { first_name: 'Ada', last_name: 'Quill', state: 'WA' as const };
const ctx: ColdRequestContext = {
  keys: { live: 'svc_live_standard', test: 'svc_test_standard', admin: 'svc_live_admin' },
  keyAccounts: Array.from({ length: runs + 1 }, (_, n) => ({ admin: `svc_live_owner_${n}`, rolled: `key_rolled_${n}`, revoked: `key_revoked_${n}` })),
  provider,
  bulk: [provider],
  hook: { webhook_url: 'https://93.184.215.14/cold-request', webhook_secret: 'cold-request-secret-0123456789' },
  verificationId: 'ver_cold',
  liveMonitor: 'mon_live',
  testMonitor: 'mon_test',
  doomedMonitors: perRun('mon_doomed'),
  rotatedMonitors: perRun('mon_rotated'),
  events: perRun('evt'),
  readyExport: 'exp_ready',
  pendingExports: perRun('exp_pending'),
};

interface HttpEventShape {
  routeKey: string;
  rawPath: string;
  headers: Record<string, string>;
  pathParameters?: Record<string, string>;
  requestContext: { http: { method: string } };
}

describe('cold-request events', () => {
  it('has an event for every route and worker, and none for a function that does not exist', () => {
    expect(eventTableGaps()).toEqual({ missing: [], unknown: [] });
    expect(Object.keys(coldRequestEvents).sort()).toEqual(functionIds().sort());
  });

  it('finds a missing function and an event of a function that is gone', () => {
    const { GetUsage: _, ...withoutUsage } = coldRequestEvents;
    expect(eventTableGaps({ ...withoutUsage, RetiredRoute: coldRequestEvents.Health! })).toEqual({ missing: ['GetUsage'], unknown: ['RetiredRoute'] });
    expect(() => coldRequestSubjects(ctx, withoutUsage)).toThrow('no cold-request event for GetUsage');
  });

  it('makes one subject per function, named by its own id, with a known baseline', () => {
    const subjects = coldRequestSubjects(ctx);
    expect(subjects.map((s) => s.id)).toEqual(functionIds());
    for (const s of subjects) expect(Object.keys(baselines)).toContain(s.baseline);
  });

  it("each route's event is a request of that route, keyed when the route needs a key, expecting a success status", () => {
    for (const s of coldRequestSubjects(ctx).filter((x) => x.kind !== 'worker' && x.id !== fallbackRoute.id)) {
      const route = routes.find((r) => r.id === s.id)!;
      expect(s.entry).toBe(route.entry);
      // A download's success is its redirect to the file (302), the status its OpenAPI entry documents.
      const success = (s.expectStatus! >= 200 && s.expectStatus! < 300) || (s.expectStatus === 302 && s.id === 'GetHistoryExportDownload');
      expect(success, `${s.id} expects ${s.expectStatus}`).toBe(true);
      for (let n = 0; n <= runs; n++) {
        const event = s.event(n) as HttpEventShape;
        expect(event.routeKey).toBe(`${route.method} ${route.path}`);
        expect(event.requestContext.http.method).toBe(route.method);
        const params = compilePath(route.path)(event.rawPath);
        expect(params, `${s.id}: ${event.rawPath} against ${route.path}`).toBeDefined();
        expect(event.pathParameters ?? {}).toEqual(params);
        expect(matchRoute(routes, route.method, event.rawPath).match?.route.id).toBe(s.id);
        expect(event.headers.authorization !== undefined, `${s.id}: bearer key`).toBe(route.auth === 'api_key');
      }
    }
  });

  it('functions that use up a resource get a fresh one at each invocation', () => {
    const subjects = coldRequestSubjects(ctx);
    for (const id of ['CreateApiKey', 'RollApiKey', 'RevokeApiKey', 'DeleteMonitor', 'RotateMonitorSecret', 'RedeliverEvent']) {
      const s = subjects.find((x) => x.id === id)!;
      const requests = Array.from({ length: runs + 1 }, (_, n) => {
        const e = s.event(n) as HttpEventShape;
        return `${e.rawPath} ${e.headers.authorization}`;
      });
      expect(new Set(requests).size, id).toBe(runs + 1);
    }
    expect(() => subjects.find((x) => x.id === 'DeleteMonitor')!.event(runs + 1)).toThrow(/no monitor to delete for invocation/);
  });

  it("the fallback's event matches no route, and each worker's event is a message of its own queue", () => {
    const subjects = coldRequestSubjects(ctx);
    const fallback = subjects.find((s) => s.id === fallbackRoute.id)!;
    const unmatched = fallback.event(0) as HttpEventShape;
    expect(matchRoute(routes, unmatched.requestContext.http.method, unmatched.rawPath).match).toBeUndefined();
    expect(fallback.expectStatus).toBe(404);
    for (const w of workers) {
      const s = subjects.find((x) => x.id === w.id)!;
      expect(s.kind).toBe('worker');
      expect(s.entry).toBe(w.entry);
      const { Records } = s.event(0) as { Records: { eventSourceARN: string; body: string }[] };
      expect(Records).toHaveLength(1);
      expect(Records[0]!.eventSourceARN.endsWith(`:${w.queue}`)).toBe(true);
      expect(() => JSON.parse(Records[0]!.body)).not.toThrow();
    }
  });
});
