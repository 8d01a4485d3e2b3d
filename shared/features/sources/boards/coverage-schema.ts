/**
 * The body of `GET /v1/coverage`: the federal sources and `coverageMatrix()` (registry.ts). The
 * integration tests parse the real response with this schema, and the OpenAPI document is generated
 * from it.
 */
import * as z from 'zod';
import { professions } from '../../../domain/professions.ts';
import { usStates, type StateCode } from '../../../domain/us-states.ts';

export const coverageSchema = z
  .strictObject({
    federal_sources: z.array(z.string()).meta({ description: 'Sources checked for every state: the NPPES NPI Registry and the OIG exclusion list.' }),
    sanctions_lists: z
      .array(
        z.strictObject({
          list: z.string().meta({ description: 'Id of the list, as in `sanctions.lists` of a verification result.' }),
          name: z.string(),
          scope: z.enum(['federal', 'state']).meta({
            description:
              '`federal`: screened for every verification. `state`: a state’s Medicaid list, screened by name for verifications in `state`, and for any other state by the NPI supplied.',
          }),
          state: z
            .enum(Object.keys(usStates) as StateCode[])
            .optional()
            .meta({ description: 'The state whose list it is (`scope: state` only).' }),
          searched_by: z.enum(['name', 'npi']).meta({
            description:
              '`name`: rows are found by surname (or entity name) and NPI, then narrowed by identifiers; `npi`: the list names nobody and is searched by the NPI supplied only.',
          }),
          updated: z.enum(['scheduled', 'operator_upload']).meta({
            description:
              '`scheduled`: fetched from its publisher on a schedule; `operator_upload`: published only through a browser portal, loaded by the operator from a downloaded file (its `as_of` in each result says how fresh it is).',
          }),
          format_confidence: z.enum(['confirmed', 'observed', 'inferred']).meta({
            description:
              '`confirmed`: the connector is tested on real published rows of the list; `observed`: columns and values as third parties who read the real file describe them; `inferred`: built on assumptions. Below `confirmed`, a file that does not have the expected header is refused and the list reported unavailable.',
          }),
        }),
      )
      .meta({ description: 'The sanctions lists verifications screen (`sanctions` of the result), with their freshness reported per verification.' }),
    data: z
      .array(
        z.strictObject({
          state: z.enum(Object.keys(usStates) as StateCode[]).meta({ description: 'Two-letter code.' }),
          name: z.string().meta({ description: 'Full state name.' }),
          sources: z.array(
            z.strictObject({
              name: z.string().meta({ description: 'The licensing board source.' }),
              datasets: z.array(z.string()).meta({ description: 'Dataset ids (open data) or file names (a roster) read from it.' }),
              kind: z.enum(['open_data_query', 'board_lookup', 'roster_file']).meta({
                description:
                  '`open_data_query`: the board’s open-data datasets, queried live for each verification (a status cached at most 24 hours). `board_lookup`: the board’s own web search and licensee profiles, looked up live for each verification (cached as open data is). `roster_file`: a roster file the board publishes, ingested into the service’s store; each verification answers from the loaded file, and its `sources` entry carries the file’s date as `as_of`.',
              }),
              updated: z.enum(['live', 'scheduled', 'operator_upload']).meta({
                description:
                  '`live`: read per verification; `scheduled`: the roster is downloaded on a schedule; `operator_upload`: the roster is behind a sign-in portal and loaded by the operator from a downloaded file.',
              }),
              refresh: z.enum(['daily', 'weekly', 'monthly', 'unknown']).meta({ description: 'How often the publisher republishes this source.' }),
              current_only: z.boolean().meta({
                description: 'The source lists current licenses only: a provider absent from it is `not_found`, and a revocation is never seen there.',
              }),
              absent_means: z.string().meta({
                description:
                  'What a provider’s absence from this source means, in words: no license, current or past (a source of every status); no current license (a source of current licenses only); or what the source keeps where it is neither.',
              }),
              format_confidence: z
                .enum(['confirmed', 'observed', 'inferred'])
                .meta({ description: 'How well this source’s format is known (as the state’s).' }),
            }),
          ),
          professions_covered: z.array(z.enum(professions)).meta({ description: 'Professions the state verifies.' }),
          uncovered_profession: z.enum(['rejected_before_lookup', 'looked_up']).meta({
            description:
              'What a request for another profession gets: `profession_not_covered` before any lookup (`rejected_before_lookup`), or a real lookup that answers `not_found` (`looked_up`).',
          }),
          refresh: z.enum(['daily', 'weekly', 'monthly', 'unknown']).meta({
            description:
              'How often the board republishes its data (`unknown` where not published). Each verification reads the board live; a license status is cached for at most 24 hours (`cache_expires_at` of a result).',
          }),
          format_confidence: z.enum(['confirmed', 'observed', 'inferred']).meta({
            description:
              'How well the source’s format is known: `confirmed` (seen in real rows or official documents), `observed` (reported by others who read it), `inferred` (assumed where not recorded). Every answer is checked: rows not in the expected format make the source unavailable, never a wrong status.',
          }),
          format_notes: z.string().meta({ description: 'What is known or assumed about the source’s format.' }),
        }),
      )
      .meta({ description: 'Every supported state, by code.' }),
  })
  .meta({ title: 'Coverage' });
