/**
 * The error object every error response carries (errors.ts builds it), as a schema: every code of the
 * catalogue with its HTTP status, and the extra fields some errors add. The OpenAPI document is generated
 * from it and the tests parse real error bodies with it.
 */
import * as z from 'zod';
import { errorCatalogue, type ErrorCode } from './error-catalogue.ts';

export const errorCodes = Object.keys(errorCatalogue) as ErrorCode[];

export const errorCodeSchema = z
  .union(
    errorCodes.map((code) => z.literal(code).meta({ title: errorCatalogue[code].title, 'x-http-status': errorCatalogue[code].status })) as [
      z.ZodLiteral<ErrorCode>,
      ...z.ZodLiteral<ErrorCode>[],
    ],
  )
  .meta({ description: 'Stable machine-readable code; `x-http-status` is the HTTP status it comes with.' });

export const errorObjectSchema = z.strictObject({
  code: errorCodeSchema,
  message: z.string().meta({ description: 'Human-readable; may change. It never echoes a key.' }),
  docs: z.url().meta({ description: 'Link to the section of the API reference for this code.' }),
  param: z.string().optional().meta({ description: 'The body field, query parameter, header or path parameter at fault, e.g. `state` or `providers[3].npi`.' }),
  retry_after: z
    .number()
    .int()
    .min(0)
    .optional()
    .meta({ description: 'Seconds to wait before retrying (per-minute limit, requests in progress, unavailable sources, a history export not written yet).' }),
  reset_at: z.iso.datetime().optional().meta({ description: 'When the monthly quota resets (Developer plan over its quota).' }),
  request_id: z.string().optional().meta({ description: 'On 500s: quote it to support (also in the `X-Request-Id` header).' }),
  allowed: z.array(z.string()).optional().meta({ description: 'On `invalid_profession`: every accepted profession value.' }),
  limit: z.number().int().min(0).optional().meta({
    description:
      'On `monitor_limit_reached`: how many active monitors the account may hold in this mode; on `api_key_limit_reached`: how many usable keys the account may hold.',
  }),
});

export const errorBodySchema = z.strictObject({ error: errorObjectSchema }).meta({ title: 'Error' });
