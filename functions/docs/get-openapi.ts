/** GET /v1/openapi.json (public): the OpenAPI 3.1 document, generated from the schemas the handlers use. */
import { apiHandler } from '#shared/http/pipeline.ts';
import { openApiHttpResponse } from '#shared/openapi/docs-http.ts';

export const handler = apiHandler('GetOpenApi', {}, async ({ event }) => openApiHttpResponse(event.headers?.['if-none-match']));
