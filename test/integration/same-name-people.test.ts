/**
 * Same-name people, through the API in every supported state: a real board row gets a namesake (the
 * same name, the same license type, another number). The name alone is `not_found` with the ambiguity
 * note, a DOB cannot separate them where the board has no birth years, and the NPI whose registry record
 * lists the first license resolves to that license, never the namesake's. In WA, which publishes birth
 * years, a DOB resolves them too.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenseNumbersAgree, letterPrefix } from '#shared/domain/license-numbers.ts';
import { normalizeName } from '#shared/domain/names/normalize.ts';
import type { StateCode } from '#shared/domain/us-states.ts';
import { field, type DatasetDefinition, type StateBoardDefinition } from '#shared/features/sources/boards/board-definition.ts';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

type Row = Record<string, string>;
interface Namesakes {
  readonly state: StateCode;
  readonly first: string;
  readonly last: string;
  readonly npi: string;
  readonly licenseNumber: string;
  readonly twinNumber: string;
  readonly birthYear: number | null;
}

/** The dataset where each state's pair is made: its main licensing dataset. */
const datasets: Record<string, string> = { WA: 'qxh8-f4bd', IL: 'pzzh-kp68', TX: 'tgb2-j935', CO: '7s5z-vewr', DE: 'pjnv-eaih' };

let data: SourceDataCopy;
let t: TestStack;
let key: string;
const pairs: Namesakes[] = [];

/** Another number of the same form, not yet used in the dataset: the last digit moved on. */
function nextNumber(number: string, used: Set<string>): string {
  let candidate = number;
  do {
    candidate = candidate.replace(/(\d)(\D*)$/, (_, d: string, rest: string) => `${(Number(d) + 1) % 10}${rest}`);
  } while (used.has(candidate));
  return candidate;
}

/** A person with an NPI whose registry record lists their license, and a name no other row of the state holds. */
async function makeNamesakes(state: StateCode, board: StateBoardDefinition, dataset: DatasetDefinition): Promise<Namesakes> {
  const file = join(data.dir, 'boards', `${dataset.id}.json`);
  const rows = JSON.parse(await readFile(file, 'utf8')) as Row[];
  const nppes = JSON.parse(await readFile(join(data.dir, 'nppes', `${state}.json`), 'utf8')) as {
    number: string | number;
    basic: { first_name?: string; last_name?: string };
    taxonomies: { license?: string; state?: string }[];
  }[];
  const f = dataset.fields;
  const nameKey = (r: Row) => `${normalizeName(field(r, f.firstName))}|${normalizeName(field(r, f.lastName))}`;
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(nameKey(r), (counts.get(nameKey(r)) ?? 0) + 1);
  for (const row of rows) {
    const number = field(row, f.licenseNumber);
    if (!field(row, f.firstName) || (counts.get(nameKey(row)) ?? 0) !== 1) continue;
    if (dataset.classify(row).kind !== 'profession') continue;
    const record = nppes.find(
      (r) =>
        normalizeName(r.basic.last_name ?? '') === normalizeName(field(row, f.lastName)) &&
        normalizeName(r.basic.first_name ?? '') === normalizeName(field(row, f.firstName)) &&
        r.taxonomies.some((tx) => tx.state === state && tx.license && licenseNumbersAgree(tx.license, number, board.licenseNumberPrefix ?? letterPrefix)),
    );
    if (!record) continue;
    const used = new Set(rows.map((r) => field(r, f.licenseNumber)));
    const twinNumber = nextNumber(number, used);
    const birthYear = f.birthYear ? Number(field(row, f.birthYear)) || null : null;
    const twin: Row = { ...row, [f.licenseNumber]: twinNumber, ...(f.birthYear && birthYear ? { [f.birthYear]: String(birthYear + 17) } : {}) };
    rows.push(twin);
    await writeFile(file, JSON.stringify(rows));
    return { state, first: field(row, f.firstName), last: field(row, f.lastName), npi: String(record.number), licenseNumber: number, twinNumber, birthYear };
  }
  throw new Error(`No person with a linked NPI in ${dataset.id}`);
}

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  for (const [state, id] of Object.entries(datasets) as [StateCode, string][]) {
    const board = stateBoards[state]!;
    pairs.push(await makeNamesakes(state, board, board.datasets.find((d) => d.id === id)!));
  }
  t = await startTestStack({ sourceDataDir: data.dir });
  key = (await t.issue({ plan: 'production', mode: 'live' })).api_key;
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

async function verify(body: Record<string, string>) {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe.each(Object.keys(datasets))('same-name people in %s', (state) => {
  const pair = () => pairs.find((p) => p.state === state)!;
  const request = () => ({ first_name: pair().first, last_name: pair().last, state });

  it('the name alone is not_found, ambiguous between 2 people, and says what resolves it', async () => {
    const result = await verify(request());
    expect(result).toMatchObject({ status: 'not_found', verified: false, license_number: null, match_confidence: null });
    expect(result.match_note).toEqual({ reason: 'ambiguous', candidate_people: 2, resolve_with: pair().birthYear ? ['npi', 'dob'] : ['npi'] });
    expect(JSON.stringify(result)).not.toContain(pair().twinNumber);
  });

  it("the NPI resolves it to its own person's license, never the namesake's", async () => {
    const result = await verify({ ...request(), npi: pair().npi });
    expect(result.license_number).toBe(pair().licenseNumber);
    expect(result.match_basis).toContain('npi_license_link');
    expect(result.match_note).toBeNull();
  });

  it('a DOB resolves it only where the board publishes birth years', async () => {
    const year = pair().birthYear ?? 1970;
    const result = await verify({ ...request(), dob: `${year}-06-15` });
    if (pair().birthYear) {
      expect(result.license_number).toBe(pair().licenseNumber);
      expect(result.match_basis).toContain('dob');
    } else {
      expect(result).toMatchObject({ status: 'not_found', match_note: { reason: 'ambiguous', candidate_people: 2, resolve_with: ['npi'] } });
    }
  });
});
