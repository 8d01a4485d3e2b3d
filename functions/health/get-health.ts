import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';

export const handler = apiHandler('Health', {}, async () => json(200, { status: 'ok' }));
