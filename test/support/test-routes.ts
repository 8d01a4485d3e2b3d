/** Routes that exist only in tests, built with the same pipeline as the real ones. */
import type { RouteDefinition } from '#shared/platform/infra/routes.ts';

const testRoute = (r: Omit<RouteDefinition, 'uses' | 'summary'>): RouteDefinition => ({ ...r, uses: {}, summary: 'test only' });

export const testRoutes: RouteDefinition[] = [
  testRoute({ id: 'TestCharge', method: 'POST', path: '/test/charge', entry: 'test/support/handlers/charge.ts', auth: 'api_key' }),
  testRoute({ id: 'TestBoom', method: 'GET', path: '/test/boom', entry: 'test/support/handlers/boom.ts', auth: 'api_key' }),
  {
    id: 'TestAwsProbe',
    method: 'POST',
    path: '/test/aws-probe',
    entry: 'test/support/handlers/aws-probe.ts',
    auth: 'public',
    uses: { tables: { verifications: ['GetItem'] }, buckets: { certificates: ['GetObject', 'PutObject'], testCertificates: ['PutObject'] } },
    summary: 'test only',
  },
  testRoute({ id: 'TestSlow', method: 'GET', path: '/test/slow', entry: 'test/support/handlers/slow.ts', auth: 'public', timeoutSeconds: 2 }),
];

export function testRouteById(id: string): RouteDefinition {
  return testRoutes.find((r) => r.id === id)!;
}
