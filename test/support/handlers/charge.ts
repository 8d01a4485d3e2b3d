import * as z from 'zod';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { newId } from '#shared/platform/ids.ts';
import { testRouteById } from '../test-routes.ts';
import { testServices } from '../test-services.ts';

/** Names for which the handler fails after charging (set by tests, to simulate a crash mid-request). */
export const failAfterCharge: Set<string> = ((globalThis as { __failAfterCharge?: Set<string> }).__failAfterCharge ??= new Set());

/** Charges `units` verifications, like a verify call would. */
const body = z.strictObject({
  units: z.number().int().min(1).max(100),
  name: z.string().min(1).max(100).optional(),
  delay_ms: z.number().int().min(0).max(2000).optional(),
});

export const handler = idempotentApiHandler(testRouteById('TestCharge'), { body, services: testServices }, async (req) => {
  await req.charger.charge(req.body.units);
  if (req.body.delay_ms) await new Promise((resolve) => setTimeout(resolve, req.body.delay_ms));
  if (req.body.name && failAfterCharge.has(req.body.name)) throw new Error('simulated failure after charging');
  return json(200, { charged: req.body.units, receipt: newId('rcpt') });
});
