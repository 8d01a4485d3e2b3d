import { publicHandler } from '#shared/http/pipeline-frame.ts';
import { json } from '#shared/http/response.ts';

export const handler = publicHandler('Health', {}, async () => json(200, { status: 'ok' }));
