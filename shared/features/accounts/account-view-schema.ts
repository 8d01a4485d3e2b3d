/**
 * The body of `GET /v1/account` as `accountView` (account-view.ts) builds it. The integration tests
 * parse real responses with this schema, and the OpenAPI document is generated from it.
 */
import * as z from 'zod';
import { planNames } from '../limits/plans.ts';
import { limitsSchema } from '../limits/usage-view-schema.ts';

const count = z.number().int().min(0);

export const accountViewSchema = z
  .strictObject({
    account_id: z.string().meta({ description: 'Account id, `acct_…`.' }),
    plan: z.enum(planNames),
    mode: z.enum(['live', 'test']).meta({ description: 'Mode of the calling key.' }),
    email: z.string().nullable().meta({ description: 'Where delivery-failure e-mails go.' }),
    limits: limitsSchema,
    usage: z.strictObject({
      month: z
        .string()
        .regex(/^\d{4}-\d{2}$/)
        .meta({ description: 'Billing month, `YYYY-MM` (UTC).' }),
      verifications: count.meta({ description: 'Live verifications this month.' }),
      included: count.meta({ description: 'Of which within the quota.' }),
      overage: count.meta({ description: 'Of which past the quota (billed).' }),
      remaining: count.nullable().meta({ description: 'Live verifications left within the quota; null: unlimited.' }),
      resets_at: z.iso.datetime().meta({ description: 'Start of the next billing month.' }),
    }),
  })
  .meta({ title: 'Account' });
