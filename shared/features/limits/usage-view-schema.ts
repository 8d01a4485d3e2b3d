/**
 * `GET /v1/usage`: its query and its body as `usageView` (usage-view.ts) builds it. The integration tests
 * parse real responses with this schema, and the OpenAPI document is generated from it.
 */
import * as z from 'zod';
import { minTestRequestsPerMinute, planNames } from './plans.ts';

const count = z.number().int().min(0);
/** The plan's limits in force for the account (`GET /v1/account`, `GET /v1/usage`). */
export const limitsSchema = z.strictObject({
  monthly_verifications: count.nullable().meta({ description: 'Live verifications included per calendar month (UTC); null: unlimited.' }),
  past_quota: z
    .enum(['hard_stop', 'overage', 'unlimited'])
    .meta({ description: 'Past the quota: refused (`hard_stop`, 429 with `reset_at`), billed per check (`overage`), or no quota.' }),
  overage_price_usd: z.number().nullable().meta({ description: 'Price of each verification past the quota.' }),
  requests_per_minute: count.meta({
    description: `Per-minute limit of the calling key's mode (\`mode\`), counted apart for each mode: the plan's (or the account's) for live keys; for test keys twice it, at least ${minTestRequestsPerMinute}.`,
  }),
  bulk: z.boolean().meta({ description: 'Whether `POST /v1/verify/bulk` is available.' }),
});

export const defaultUsageMonths = 2;
export const maxUsageMonths = 12;

export const usageQuerySchema = z.strictObject({
  months: z
    .string()
    .regex(/^\d+$/, 'months must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= maxUsageMonths, `months must be from 1 to ${maxUsageMonths}`)
    .optional()
    // On the wire a string of digits; the document gives it as an integer with its bounds.
    .meta({
      type: 'integer',
      minimum: 1,
      maximum: maxUsageMonths,
      pattern: undefined,
      description: `How many months, the current one first, 1 to ${maxUsageMonths}; default ${defaultUsageMonths} (this month and the previous).`,
    }),
});

const daySchema = z.strictObject({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .meta({ description: 'Day, `YYYY-MM-DD` (UTC).' }),
  live: count.meta({ description: 'Live verifications that day (charged to the quota).' }),
  test: count.meta({ description: 'Test verifications that day (never charged).' }),
});

const monthSchema = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .meta({ description: 'Billing month, `YYYY-MM` (UTC).' }),
  verifications: count.meta({ description: 'Live verifications charged that month: `included` plus `overage`.' }),
  included: count.meta({ description: 'Of which within the quota.' }),
  overage: count.meta({ description: 'Of which past the quota (billed at `overage_price_usd`).' }),
  test_verifications: count.meta({ description: 'Test verifications that month (never charged).' }),
  days: z.array(daySchema).meta({ description: 'Every day of the month so far (the whole month for a past one), oldest first.' }),
});

export const usageViewSchema = z
  .strictObject({
    account_id: z.string().meta({ description: 'Account id, `acct_…`.' }),
    plan: z.enum(planNames),
    mode: z.enum(['live', 'test']).meta({ description: 'Mode of the calling key. Either mode sees the whole account’s usage, live and test.' }),
    limits: limitsSchema,
    months: z.array(monthSchema).meta({ description: 'The months asked for, the current one first.' }),
  })
  .meta({ title: 'Usage' });
