/** GET /v1/openapi.json (public): the OpenAPI 3.1 document, generated from the schemas the handlers use. */
import { publicHandler } from '#shared/http/pipeline-frame.ts';
import { openApiHttpResponse } from '#shared/openapi/docs-http.ts';

export const handler = publicHandler('GetOpenApi', {}, async ({ event }) => openApiHttpResponse(event.headers?.['if-none-match']));
