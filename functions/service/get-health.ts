import { publicHandler } from '#shared/api/http/pipeline-frame.ts';
import { json } from '#shared/api/http/response.ts';

export const handler = publicHandler('Health', {}, async () => json(200, { status: 'ok' }));
