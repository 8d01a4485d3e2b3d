/**
 * The cost at rest that the README's cost section and BENCHMARKS.md state (measured by the dynamo-calls
 * benchmark into bench-results.json) is the synthesised prod template's: its KMS keys, secrets, alarms and
 * the metrics they read, dashboards and the source archive's lifecycle. A change of the stack that changes
 * what it costs at rest fails here until `npm run bench -- --only dynamo-calls` measures it again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CostInputs } from '../bench/cost-model.ts';
import { stackAtRest } from '../bench/stack-at-rest.ts';

describe('the cost at rest stated from bench-results.json', () => {
  it('counts what the current prod template holds', () => {
    const results = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'bench-results.json'), 'utf8')) as {
      results: { id: string; data?: CostInputs }[];
    };
    const measured = results.results.find((s) => s.id === 'dynamo-calls')?.data?.atRest;
    expect(measured, 'bench-results.json has no dynamo-calls measurement').toBeDefined();
    expect(measured, 'the stack changed what it costs at rest: run `npm run bench -- --only dynamo-calls`').toEqual(stackAtRest());
  }, 600_000);
});
