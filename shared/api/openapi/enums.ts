/**
 * The named enums of the OpenAPI document (`components.schemas`): every set of values that means one
 * thing of the domain (a state, a profession, a license status, a plan, a key's mode…) is one schema,
 * and every field, query parameter and webhook payload that takes that set refers to it by `$ref`, so
 * that a generated client has one type per meaning instead of one inline union per field.
 *
 * The zod schemas keep their enums where they validate; the document finds each place whose `enum` is
 * exactly one of these sets (in any order) and replaces it with a reference, keeping the place's own
 * description. The values are the domain's constants wherever the code has one. A test checks that
 * every named enum is referred to and that no other set of values is written out twice.
 */
import { keyRoles } from '../../features/accounts/key-rules.ts';
import { keyModeSchema } from '../../contract/field-schemas.ts';
import { outcomeStatuses } from '../../domain/license-status.ts';
import { exclusionBases, matchBases, sanctionBases } from '../../domain/match-basis.ts';
import { professions } from '../../domain/professions.ts';
import { usStates } from '../../domain/us-states.ts';
import { exportStatuses } from '../../features/history/export-record.ts';
import { planNames } from '../../features/limits/plans.ts';
import { listableDeliveryStates } from '../../features/monitoring/checks/monitor-requests.ts';
import { answeredStatuses } from '../../features/monitoring/checks/monitor-snapshot.ts';
import { storedEventKinds } from '../../features/monitoring/delivery/webhook-event-schema.ts';
import { standings } from '../../features/records/record-outcome.ts';
import { sourceKinds } from '../../features/sources/health/source-health.ts';
import { sourceReportStatuses } from '../../domain/source-reports.ts';
import { deliveryErrors } from '../../features/webhooks/delivery-errors.ts';
import type { JsonSchema } from './json-schema.ts';
import { schemaRef } from './json-schema.ts';

export interface NamedEnum {
  readonly values: readonly string[];
  readonly description: string;
}

export const namedEnums: Readonly<Record<string, NamedEnum>> = {
  State: {
    values: Object.keys(usStates),
    description: 'A US state or DC by its two-letter code, in upper case, e.g. `WA`.',
  },
  Profession: {
    values: professions,
    description: 'A licensed profession the service verifies (the coverage says which each state verifies).',
  },
  LicenseStatus: {
    values: outcomeStatuses,
    description:
      'The `status` of a verification: a license status the board reported (`active`, `inactive`, `suspended`, `expired`, `revoked`), `not_found` (the board answered, no single match), or an outcome without a board answer (`source_unavailable`, `profession_not_covered`, `unsupported_state`).',
  },
  AnsweredLicenseStatus: {
    values: answeredStatuses,
    description: 'A license status as the board answered it: a board status, or `not_found`. What webhook events report as the change.',
  },
  Plan: { values: planNames, description: 'The plan of an account.' },
  Mode: { values: keyModeSchema.options, description: '`live` or `test`: the mode of a key, and of everything made with it.' },
  KeyRole: { values: keyRoles, description: 'What an API key may manage: `admin` every key of the account, `standard` the standard keys of its mode.' },
  KeyState: { values: ['active', 'expiring', 'expired', 'revoked'], description: 'Whether an API key works, and until when.' },
  QuotaPolicy: { values: ['hard_stop', 'overage', 'unlimited'], description: 'What happens past the monthly quota.' },
  MonitorStatus: { values: ['active', 'deleted'], description: 'The status of a monitor.' },
  EventType: {
    values: storedEventKinds,
    description: 'The kind of a webhook event: a change a check found, the end of a history export that named the monitor, or the test event.',
  },
  DeliveryStatus: { values: listableDeliveryStates, description: 'Where the delivery of a webhook event stands.' },
  DeliveryErrorKind: { values: deliveryErrors, description: 'Why a webhook delivery attempt failed, as a generic kind.' },
  ExportStatus: { values: [...exportStatuses, 'expired'], description: 'Where a history export stands.' },
  SourceStatus: { values: sourceReportStatuses, description: 'How a source answered a verification: `live`, `cached`, or `unavailable`.' },
  SourceKind: { values: sourceKinds, description: 'What kind of source verifications answer from.' },
  SourceUpdateMethod: {
    values: ['live', 'scheduled', 'operator_upload'],
    description:
      'How a source’s data reaches the service: `live`, read for each verification; `scheduled`, fetched from its publisher on a schedule; `operator_upload`, loaded by the operator from a downloaded file.',
  },
  SourceHealth: { values: ['ok', 'degraded', 'stale', 'unavailable'], description: 'The health of a source over the last 24 hours.' },
  EvidenceKind: { values: ['response', 'file'], description: 'What a piece of evidence is: an HTTP response of a source, or an ingested file.' },
  MatchBasis: { values: matchBases, description: 'A piece of evidence behind the match of a provider to a board record.' },
  ExclusionMatchBasis: { values: exclusionBases, description: 'How an OIG exclusion record matched the provider.' },
  SanctionMatchBasis: { values: sanctionBases, description: 'How a sanctions list row matched the provider.' },
  FormatConfidence: {
    values: ['confirmed', 'observed', 'inferred'],
    description: 'How well the service knows the format of a source it reads: tested on real rows, as described by others, or assumed.',
  },
  RefreshCadence: { values: ['daily', 'weekly', 'monthly', 'unknown'], description: 'How often a publisher republishes a source.' },
  RecordStanding: { values: standings, description: 'The outcome of a public record, judged for a reader.' },
};

/** The named enums as schemas of `components.schemas`. */
export function enumSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(namedEnums).map(([name, { values, description }]) => [name, { type: 'string', enum: [...values], description }]));
}

/** A set of values, whatever their order. */
export const enumKey = (values: readonly unknown[]): string => JSON.stringify(values.map(String).sort());

const byKey = new Map(Object.entries(namedEnums).map(([name, { values }]) => [enumKey(values), name]));

/** Keys under which a value is data, not a schema: left as they are. */
const dataKeys = new Set(['examples', 'example', 'default', 'const', 'enum', 'x-codeSamples']);

/** Keys whose value maps names (of properties, schemas, paths, statuses, media types…) to what they name. */
const mapKeys = new Set(['properties', 'patternProperties', '$defs', 'schemas', 'paths', 'webhooks', 'responses', 'content', 'headers']);

/**
 * `node` with every schema whose `enum` is a named set replaced by a reference to it (its other keys,
 * such as a description, kept beside the `$ref`; its `type: string` dropped, the enum says it).
 */
export function referToNamedEnums(node: unknown, isMap = false): unknown {
  if (Array.isArray(node)) return node.map((item) => referToNamedEnums(item));
  if (node === null || typeof node !== 'object') return node;
  const object = node as JsonSchema;
  const name = !isMap && Array.isArray(object.enum) && object.enum.every((v) => typeof v === 'string') ? byKey.get(enumKey(object.enum)) : undefined;
  if (name) {
    const { enum: _values, type, ...rest } = object;
    if (type !== undefined && type !== 'string') throw new Error(`An enum of ${name} values has type ${JSON.stringify(type)}`);
    return { $ref: schemaRef(name), ...rest };
  }
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => [key, !isMap && dataKeys.has(key) ? value : referToNamedEnums(value, !isMap && mapKeys.has(key))]),
  );
}
