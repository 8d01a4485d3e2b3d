/**
 * The body of `GET /v1/coverage`: the federal sources and `coverageMatrix()` (registry.ts). The
 * integration tests parse the real response with this schema, and the OpenAPI document is generated
 * from it.
 */
import * as z from 'zod';
import { professions } from '../../domain/professions.ts';
import { usStates, type StateCode } from '../../domain/us-states.ts';

export const coverageSchema = z
  .strictObject({
    federal_sources: z.array(z.string()).meta({ description: 'Sources checked for every state: the NPPES NPI Registry and the OIG exclusion list.' }),
    sanctions_lists: z
      .array(
        z.strictObject({
          list: z.string().meta({ description: 'Id of the list, as in `sanctions.lists` of a verification result.' }),
          name: z.string(),
          scope: z.enum(['federal', 'state']).meta({ description: '`federal`: screened for every verification; `state`: for the states it covers.' }),
        }),
      )
      .meta({
        description:
          'The sanctions lists every verification screens (`sanctions` of the result), with their freshness reported per verification. A list of NPIs alone (`nppes_deactivated`) is screened when the request gives an NPI.',
      }),
    data: z
      .array(
        z.strictObject({
          state: z.enum(Object.keys(usStates) as StateCode[]).meta({ description: 'Two-letter code.' }),
          name: z.string().meta({ description: 'Full state name.' }),
          sources: z.array(
            z.strictObject({
              name: z.string().meta({ description: 'The licensing board source.' }),
              datasets: z.array(z.string()).meta({ description: 'Dataset ids read from it.' }),
            }),
          ),
          professions_covered: z.array(z.enum(professions)).meta({ description: 'Professions the state verifies.' }),
          uncovered_profession: z.enum(['rejected_before_lookup', 'looked_up']).meta({
            description:
              'What a request for another profession gets: `profession_not_covered` before any lookup (`rejected_before_lookup`), or a real lookup that answers `not_found` (`looked_up`).',
          }),
        }),
      )
      .meta({ description: 'Every supported state, by code.' }),
  })
  .meta({ title: 'Coverage' });
