import { apiHandler } from '#shared/api/http/pipeline.ts';
import { testRouteById } from '../test-routes.ts';
import { testServices } from '../test-services.ts';

export const handler = apiHandler(testRouteById('TestBoom'), { services: testServices }, async () => {
  throw new Error('database password is hunter2');
});
