import { z } from 'zod';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { newId } from '#shared/ids.ts';
import { testRouteById } from '../test-routes.ts';
import { testServices } from '../test-services.ts';

/** Charges `units` verifications, like a verify call would; can fail after charging. */
const body = z.strictObject({
  units: z.number().int().min(1).max(100),
  fail_after_charge: z.boolean().optional(),
  name: z.string().min(1).max(100).optional(),
});

export const handler = apiHandler(testRouteById('TestCharge'), { body, services: testServices() }, async (req) => {
  await req.chargeVerifications(req.body.units);
  if (req.body.fail_after_charge) throw new Error('simulated failure after charging; internal detail xyz');
  return json(200, { charged: req.body.units, receipt: newId('rcpt') });
});
