/**
 * GET /docs (public): the API reference, one HTML page rendered from the OpenAPI document (prebuilt in
 * the bundle). Built with `framedHandler` (error shape, request log, request id) rather than
 * `apiHandler`: links to the page are shared through tools that append tracking parameters, so the
 * query string is ignored.
 */
import { framedHandler } from '#shared/api/http/pipeline-frame.ts';
import { apiReferenceHttpResponse } from '#shared/api/openapi/docs-http.ts';
import { docsTexts } from '#shared/api/openapi/docs-source.ts';

export const handler = framedHandler(async (event) => apiReferenceHttpResponse(await docsTexts(), event.headers?.['if-none-match']));
