/** GET /v1/openapi.json (public): the OpenAPI 3.1 document, generated from the schemas the handlers use (prebuilt in the bundle). */
import { publicHandler } from '#shared/api/http/pipeline-frame.ts';
import { openApiHttpResponse } from '#shared/api/openapi/docs-http.ts';
import { docsTexts } from '#shared/api/openapi/docs-source.ts';

export const handler = publicHandler('GetOpenApi', {}, async ({ event }) => openApiHttpResponse(await docsTexts(), event.headers?.['if-none-match']));
