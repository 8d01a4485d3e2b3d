/**
 * The filters of the verification history (`GET /v1/verifications` and its CSV exports) and the plan
 * that answers them: which index to read, the key range of the creation time, and what is left to a
 * filter expression. Pure: the store (adapters/history-store.ts) runs the plan.
 *
 * Time range: `created_from` is inclusive, `created_to` exclusive; each a date (`2026-10-01`, midnight
 * UTC) or a date-time with an offset. An NPI reads the sparse `by_npi` index, a surname the sparse
 * `by_last_name` index (the surname normalised as verifications match names), anything else the
 * account-and-mode `by_owner` index; `state`, `status` and `verified` filter the projected summaries.
 */
import * as z from 'zod';
import { paginationQuery } from '../../contract/pagination.ts';
import { outcomeStatuses } from '../../domain/license-status.ts';
import { lastNameKey } from '../../domain/names/normalize.ts';
import { isStateCode, usStates } from '../../domain/us-states.ts';
import { monitorIdPattern, verificationIdPattern } from '../../platform/ids.ts';
import { isValidNpi } from '../sources/nppes/npi.ts';
import { maxNameLength, namePattern } from '../verification/verification-request.ts';
import { lastNameIndexKey, npiIndexKey } from '../verification/history-attributes.ts';

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** An ISO date (midnight UTC) or date-time with an offset, years 2000 to 9999, as the UTC instant it names; undefined when it is neither. */
export function instantOf(value: string): string | undefined {
  const dateOnly = datePattern.test(value);
  if (!dateOnly && !dateTimePattern.test(value)) return undefined;
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  // A month or day out of range is rolled over by Date: refuse it rather than read another day.
  const day = new Date(Date.UTC(y!, m! - 1, d!));
  if (y! < 2000 || day.getUTCMonth() !== m! - 1 || day.getUTCDate() !== d!) return undefined;
  const date = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const instantField = (name: string, description: string) =>
  z
    .string()
    .max(40, `${name} must be a date (YYYY-MM-DD) or a date-time with an offset`)
    .refine((v) => instantOf(v) !== undefined, `${name} must be a date (YYYY-MM-DD) or a date-time with an offset, e.g. 2026-10-01T00:00:00Z`)
    .optional()
    .meta({ description, examples: ['2026-10-01', '2026-10-01T08:00:00-05:00'] });

const filterFields = {
  created_from: instantField(
    'created_from',
    'Only verifications created at or after this time (inclusive): a date (midnight UTC) or a date-time with an offset.',
  ),
  created_to: instantField('created_to', 'Only verifications created before this time (exclusive): a date (midnight UTC) or a date-time with an offset.'),
  state: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => isStateCode(v), 'state must be a two-letter US state or DC code, e.g. "WA"')
    .optional()
    .meta({ enum: Object.keys(usStates), description: 'Only verifications of licenses of this state (the requested two-letter code; any case).' }),
  status: z
    .enum(outcomeStatuses, { error: `status must be one of ${outcomeStatuses.join(', ')}` })
    .optional()
    .meta({
      description: 'Only verifications with this outcome `status` (license status or other outcome).',
    }),
  npi: z
    .string()
    .regex(/^\d{10}$/, 'npi must be 10 digits with a valid check digit')
    .refine((v) => isValidNpi(v), 'npi must be 10 digits with a valid check digit')
    .optional()
    .meta({ description: 'Only verifications of this NPI (requested, or found by the verification).' }),
  last_name: z
    .string()
    .max(maxNameLength, `last_name must be at most ${maxNameLength} characters`)
    .transform((v) => v.normalize('NFC').trim().replace(/\s+/g, ' '))
    .refine((v) => namePattern.test(v) && lastNameKey(v) !== '', 'last_name may contain only letters, spaces, hyphens, apostrophes and periods')
    .optional()
    .meta({
      description:
        'Only verifications requested with this surname, matched as verifications match names: case, accents, apostrophes and periods ignored, hyphens and spaces alike (`García-López` finds `GARCIA LOPEZ`). A part alone does not find a two-part surname.',
    }),
};

/** `verified` in a query string: `true` or `false`. */
const verifiedQuery = z
  .enum(['true', 'false'], { error: 'verified must be true or false' })
  .transform((v) => v === 'true')
  .optional()
  .meta({ type: 'boolean', enum: undefined, description: 'Only verified (`true`) or unverified (`false`) results.' });

export const listVerificationsQuerySchema = z.strictObject({
  ...paginationQuery(verificationIdPattern, 'a verification id'),
  ...filterFields,
  verified: verifiedQuery,
});

export const createExportRequestSchema = z
  .strictObject({
    ...filterFields,
    verified: z
      .boolean({ error: 'verified must be true or false' })
      .optional()
      .meta({ description: 'Only verified (`true`) or unverified (`false`) results.' }),
    notify_monitor_id: z
      .string({ error: 'notify_monitor_id must be a string' })
      .regex(monitorIdPattern, { error: 'notify_monitor_id must be a monitor id (mon_ and 24 letters or digits)' })
      .optional()
      .meta({
        description:
          'Not a filter: an active monitor of yours (same mode as the key) whose `webhook_url` is sent `export.ready` when the file is written, or `export.failed` when it could not be, signed with its secret and retried like every event. Without it, poll the export, waiting its `Retry-After`.',
      }),
  })
  .meta({ title: 'History export request' });

/** The filters a history query or export was given, as parsed. */
export interface HistoryFilters {
  readonly created_from?: string;
  readonly created_to?: string;
  readonly state?: string;
  readonly status?: string;
  readonly verified?: boolean;
  readonly npi?: string;
  readonly last_name?: string;
}

export type HistoryIndex = 'by_owner' | 'by_npi' | 'by_last_name';

export interface HistoryPlan {
  readonly index: HistoryIndex;
  /** The index's partition key attribute and value. */
  readonly keyName: 'owner' | 'owner_npi' | 'owner_last_name';
  readonly keyValue: string;
  /** `created_key` at or after this (inclusive), when set. */
  readonly from?: string;
  /** `created_key` before this instant (exclusive), when set. */
  readonly before?: string;
  /** What the index keys do not already select, tested on the projected summary. */
  readonly match: { readonly state?: string; readonly status?: string; readonly verified?: boolean; readonly nameKey?: string };
}

/** Why the filters cannot select anything: the parameter at fault and a message. */
export class HistoryFilterError extends Error {
  constructor(
    readonly param: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The plan of a history query of `owner`; `snapshotBefore` (an export's request time) caps the range,
 * so that what is created after it is never included.
 */
export function planHistoryQuery(owner: string, filters: HistoryFilters, snapshotBefore?: string): HistoryPlan {
  const from = filters.created_from ? instantOf(filters.created_from) : undefined;
  const to = filters.created_to ? instantOf(filters.created_to) : undefined;
  if (from && to && from >= to) throw new HistoryFilterError('created_to', 'created_to must be later than created_from.');
  const before = to && snapshotBefore ? (to < snapshotBefore ? to : snapshotBefore) : (to ?? snapshotBefore);
  const nameKey = filters.last_name ? lastNameKey(filters.last_name) : undefined;
  const match = {
    ...(filters.state ? { state: filters.state } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.verified !== undefined ? { verified: filters.verified } : {}),
  };
  const range = { ...(from ? { from } : {}), ...(before ? { before } : {}) };
  if (filters.npi) {
    return { index: 'by_npi', keyName: 'owner_npi', keyValue: npiIndexKey(owner, filters.npi), ...range, match: { ...match, ...(nameKey ? { nameKey } : {}) } };
  }
  if (nameKey) return { index: 'by_last_name', keyName: 'owner_last_name', keyValue: lastNameIndexKey(owner, nameKey), ...range, match };
  return { index: 'by_owner', keyName: 'owner', keyValue: owner, ...range, match };
}

/** Whether the plan's range holds no instant (an export's snapshot before its `created_from`). */
export function planIsEmpty(plan: HistoryPlan): boolean {
  return plan.from !== undefined && plan.before !== undefined && plan.from >= plan.before;
}

/** Whether the plan leaves anything to a filter expression (the index alone does not select the page). */
export function plansFilter(plan: HistoryPlan): boolean {
  return Object.keys(plan.match).length > 0;
}

/**
 * The Query condition and filter of a plan, as DynamoDB expressions. The range's upper bound is an
 * instant without `#id`, so `BETWEEN from AND before` holds exactly the keys created before it.
 */
export function queryExpressions(plan: HistoryPlan) {
  const names: Record<string, string> = { '#pk': plan.keyName };
  const values: Record<string, unknown> = { ':pk': plan.keyValue };
  let condition = '#pk = :pk';
  if (plan.from || plan.before) {
    names['#ck'] = 'created_key';
    if (plan.from) values[':from'] = plan.from;
    if (plan.before) values[':before'] = plan.before;
    condition += plan.from && plan.before ? ' AND #ck BETWEEN :from AND :before' : plan.from ? ' AND #ck >= :from' : ' AND #ck < :before';
  }
  const filters: string[] = [];
  const fields = { state: 'state', status: 'status', verified: 'verified', nameKey: 'name_key' } as const;
  for (const [key, attribute] of Object.entries(fields) as [keyof typeof fields, string][]) {
    const value = plan.match[key];
    if (value === undefined) continue;
    names['#h'] = 'history';
    names[`#${key}`] = attribute;
    values[`:${key}`] = value;
    filters.push(`#h.#${key} = :${key}`);
  }
  return {
    KeyConditionExpression: condition,
    ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}
