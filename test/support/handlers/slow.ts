import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { testRouteById } from '../test-routes.ts';

export const handler = apiHandler(testRouteById('TestSlow'), {}, async () => {
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  return json(200, { late: true });
});
