/** GET /v1/sources: the query it takes and the report it answers (the OpenAPI document's `Sources`). */
import * as z from 'zod';
import { usStates, type StateCode } from '../../../domain/us-states.ts';
import { sourceKinds } from './source-health.ts';

export const sourcesQuerySchema = z.strictObject({
  kind: z
    .enum(sourceKinds, { error: `kind must be one of ${sourceKinds.join(', ')}` })
    .optional()
    .meta({ description: 'Only sources of this kind.' }),
});

const states = ['ok', 'degraded', 'stale', 'unavailable'] as const;

export const sourceHealthSchema = z.strictObject({
  id: z
    .string()
    .meta({ description: 'Stable id: a sanctions list’s as in `sanctions.lists` (`oig_leie` for the OIG list), a roster’s, `nppes`, or `board_<state>`.' }),
  name: z.string().meta({ description: 'The source’s name, as in `sources` of a verification result.' }),
  kind: z.enum(sourceKinds).meta({
    description:
      '`exclusion_list` (the OIG LEIE), `sanctions_list`, `board_roster` (a board’s published roster file): ingested into the service’s store. `board_open_data`, `board_lookup` (a board’s own web search), `registry` (NPPES): read live for each verification.',
  }),
  jurisdiction: z
    .union([z.literal('federal'), z.enum(Object.keys(usStates) as StateCode[])])
    .meta({ description: '`federal`, or the state the source is about.' }),
  updated: z.enum(['scheduled', 'operator_upload', 'live']).meta({
    description:
      '`scheduled`: fetched from its publisher on a schedule; `operator_upload`: loaded by the operator from a downloaded file; `live`: read per verification.',
  }),
  state: z.enum(states).meta({
    description:
      '`ok`; `degraded`: answers are given but the data is ageing (past the policy’s warning age), checks of the publisher mostly failed in the last 24 hours, or (a live source) 10 % of calls failed or a value could not be read; `stale`: past the policy’s stale age, the source is not answered from (a sanctions list is reported `unavailable` in results, a roster’s state answers `source_unavailable`); `unavailable`: never loaded, its data no longer kept, or (a live source) nearly every call failed.',
  }),
  current_version: z.string().nullable().meta({ description: 'The ingested version answered from; null for a live source or one never loaded.' }),
  as_of: z.iso.date().nullable().meta({ description: 'The date the current version’s content stands for.' }),
  pending_review: z
    .strictObject({
      version: z.string().meta({ description: 'The held version.' }),
      as_of: z.iso.date().meta({ description: 'The date its content stands for.' }),
      held_at: z.iso.datetime({ offset: true }).meta({ description: 'When it was held.' }),
    })
    .nullable()
    .meta({
      description:
        'A newer file of the source held for the operator’s review (it changes more than the source usually does, or lifts a licensee’s restriction): not answered from unless accepted; `current_version` keeps answering. Null when none.',
    }),
  last_refresh_at: z.iso.datetime({ offset: true }).nullable().meta({ description: 'The last successful check of the publisher (or upload).' }),
  stale_at: z.iso.datetime({ offset: true }).nullable().meta({ description: 'When the source turns (or turned) stale without a new successful check.' }),
  freshness_policy: z
    .strictObject({
      measured_from: z.enum(['last_check', 'as_of']).meta({
        description: '`last_check`: age from the last successful check; `as_of`: from the older of the file’s date and its upload (operator uploads).',
      }),
      warn_after_days: z.int().meta({ description: 'Age from which the source is `degraded`.' }),
      stale_after_days: z.int().meta({ description: 'Age from which the source is `stale` and no longer answered from.' }),
    })
    .nullable()
    .meta({ description: 'How old the ingested data may be; null for a live source.' }),
  last_24h: z
    .strictObject({
      calls: z.int().meta({ description: 'Calls made to the source (downloads and checks for an ingested source).' }),
      failures: z.int().meta({ description: 'Calls or answers that gave no usable answer.' }),
      failure_rate: z.number().min(0).max(1).nullable().meta({ description: 'Failures over attempts; null without any.' }),
      median_latency_ms: z
        .int()
        .nullable()
        .meta({ description: 'The median call’s latency, as the upper bound of its bucket (50, 100, 200 … 12800 ms); null without calls.' }),
      unreadable_values: z.int().meta({ description: 'Values the source answered that no connector could read (answered as unavailable, never guessed).' }),
    })
    .meta({ description: 'Activity over the last 24 hours, aggregated across the service (counts reach it within a minute).' }),
});

export const sourcesReportSchema = z
  .strictObject({
    generated_at: z.iso.datetime({ offset: true }),
    data: z.array(sourceHealthSchema).meta({ description: 'Every source, ingested ones first.' }),
  })
  .meta({ title: 'Sources' });
