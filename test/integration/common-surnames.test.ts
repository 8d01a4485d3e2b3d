/**
 * The common case, not the edge case: every provider of the 20 commonest US surnames in every board
 * dataset, verified with their exact given name, a nickname of it and a one-letter typo of it, through
 * the real board search (given-name narrowed SoQL, complete paging) against the simulator serving
 * generated data with real surname shares. Each answer must be the one identity resolution gives over
 * the state's *whole* set of rows for that surname, read without any narrowing or paging: nothing the
 * narrowed queries leave out could have changed an answer, same-name people stay `not_found`, and a
 * unique person is found.
 *
 * Two sizes: the 20 surnames in every launch state at 2 % of the real row counts, and SMITH in Texas at
 * 20 %, where it holds thousands of licenses across the four Texas datasets. (The full size is measured
 * by `npm run bench`.)
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateCode } from '#shared/domain/us-states.ts';
import { matchGivenName, splitGivenName } from '#shared/domain/names/given-name-match.ts';
import { listedForms } from '#shared/domain/names/nicknames.ts';
import { lastNameKeys, normalizeName } from '#shared/domain/names/normalize.ts';
import { field, licenseNumberScopeOf } from '#shared/features/sources/boards/board-definition.ts';
import { BoardSearch, licensesFromRows } from '#shared/features/sources/boards/board-search.ts';
import type { BoardLicense } from '#shared/features/sources/license-record.ts';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';
import type { SodaRow } from '#shared/features/sources/soda/soda-client.ts';
import { resolveIdentity } from '#shared/features/verification/identity-resolution.ts';
import type { SourceCache } from '#shared/features/verification/source-cache.ts';
import { runVerification, type VerificationPorts } from '#shared/features/verification/verification-engine.ts';
import { sharedLookups } from '#shared/features/verification/verification-service.ts';
import { generateScaledSampleData } from '../../local/sample-data/scaled.ts';
import { SodaClient } from '#shared/features/sources/soda/soda-client.ts';
import { defaultFetchPolicy } from '#shared/features/sources/http-fetch.ts';
import { startSourceSimulator, type SourceSimulator } from '../../local/simulator/server.ts';

const commonest = [
  'SMITH',
  'JOHNSON',
  'WILLIAMS',
  'BROWN',
  'JONES',
  'GARCIA',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'LOPEZ',
  'GONZALEZ',
  'WILSON',
  'ANDERSON',
  'THOMAS',
  'TAYLOR',
  'MOORE',
  'JACKSON',
  'MARTIN',
];

const noCache: SourceCache = { get: async () => undefined, put: () => undefined, flush: async () => undefined };
const now = new Date('2026-11-20T12:00:00Z');

/** Every row of every dataset of a state, read straight from the files the simulator serves. */
async function readRows(dir: string, ids: readonly string[]): Promise<Map<string, SodaRow[]>> {
  const out = new Map<string, SodaRow[]>();
  const files = await readdir(join(dir, 'boards'));
  for (const id of ids) if (files.includes(`${id}.json`)) out.set(id, JSON.parse(await readFile(join(dir, 'boards', `${id}.json`), 'utf8')));
  return out;
}

/** A one-letter misspelling of `first` that the matcher takes for it at the typo tier, if there is one. */
function typoOf(first: string): string | undefined {
  const edits: string[] = [];
  for (let i = 1; i < first.length - 1; i++) edits.push(first.slice(0, i) + first[i + 1] + first[i] + first.slice(i + 2));
  for (let i = 1; i < first.length; i++) edits.push(first.slice(0, i) + first.slice(i + 1));
  for (let i = 1; i < first.length; i++) edits.push(first.slice(0, i) + first[i] + first.slice(i));
  return edits.find((typo) => typo !== first && matchGivenName(splitGivenName(typo), splitGivenName(first))?.tier === 'typo');
}

/** A nickname of `first` the matcher takes at the nickname tier, if the table has one. */
function nicknameOf(first: string): string | undefined {
  return listedForms(first).find((form) => matchGivenName(splitGivenName(form), splitGivenName(first))?.tier === 'nickname');
}

interface Tally {
  /** Licenses held under the surnames checked (providers, one or more licenses each). */
  licenses: number;
  checked: number;
  found: number;
  notFound: number;
  byVariant: Record<'exact' | 'nickname' | 'typo', number>;
  mismatches: string[];
}

async function checkState(
  state: StateCode,
  surnames: readonly string[],
  rowsByDataset: Map<string, SodaRow[]>,
  ports: VerificationPorts,
  tally: Tally,
): Promise<void> {
  const board = stateBoards[state]!;
  const discipline = board.disciplineDataset ? (rowsByDataset.get(board.disciplineDataset.id) ?? []) : [];
  const disciplined = new Set(discipline.map((row) => field(row, board.disciplineDataset!.licenseNumberField).toUpperCase()));
  for (const surname of surnames) {
    // The oracle's view: every license whose surname has this part, from every row, no query involved.
    const all: BoardLicense[] = [];
    for (const dataset of board.datasets) {
      const rows = (rowsByDataset.get(dataset.id) ?? []).filter((row) => lastNameKeys(field(row, dataset.fields.lastName)).includes(surname));
      all.push(...licensesFromRows(board, dataset, rows, disciplined));
    }
    const holders = all.filter((l) => lastNameKeys(l.lastName)[0] === surname && normalizeName(l.firstName) !== '');
    tally.licenses += holders.length;
    const asked = new Set<string>();
    for (const holder of holders) {
      const first = normalizeName(holder.firstName).split(/[ -]/)[0]!;
      const variants = { exact: first, nickname: nicknameOf(first), typo: typoOf(first) };
      for (const [variant, given] of Object.entries(variants) as [keyof Tally['byVariant'], string | undefined][]) {
        if (!given || asked.has(`${variant}|${given}`)) continue;
        asked.add(`${variant}|${given}`);
        const request = { first_name: given, last_name: surname, state };
        const expected = resolveIdentity({ firstName: given, lastName: surname, state }, all, { kind: 'none' }, { numberScope: licenseNumberScopeOf(board) });
        const outcome = await runVerification(request, ports, now);
        tally.checked++;
        tally.byVariant[variant]++;
        const label = `${state} ${given} ${surname} (${variant} of ${holder.firstName})`;
        if (expected.kind === 'match') {
          tally.found++;
          const numbers = expected.licenses.map((l) => `${l.datasetId}#${l.licenseNumber}`);
          if (outcome.status === 'not_found' || !outcome.license || !numbers.includes(`${outcome.license.datasetId}#${outcome.license.licenseNumber}`)) {
            tally.mismatches.push(`${label}: expected one of ${numbers.join(', ')}, got ${outcome.status} ${outcome.license?.licenseNumber ?? ''}`);
          }
        } else {
          tally.notFound++;
          if (outcome.status !== 'not_found')
            tally.mismatches.push(`${label}: expected not_found (${expected.reason}), got ${outcome.status} ${outcome.license?.licenseNumber}`);
        }
      }
    }
  }
}

function portsFor(): VerificationPorts {
  // This test is about the answers, not the latency: a busy machine must not turn a slow page into an outage.
  const boards = new BoardSearch(new SodaClient({ policy: { ...defaultFetchPolicy, timeoutMs: 20_000 } }));
  return sharedLookups({
    searchBoard: (board, query, deadline) => boards.search(board, query, deadline),
    lookupNpi: async () => null,
    searchRegistry: async () => [],
    currentExclusionList: async () => undefined,
    findExclusions: async () => [],
    findSanctions: async () => undefined,
    cache: noCache,
  });
}

const sizes = [
  {
    label: 'the 20 commonest surnames in every launch state, at 2 % of real size',
    scale: 0.02,
    states: ['TX', 'WA', 'IL', 'CO', 'DE'] as StateCode[],
    surnames: commonest,
  },
  { label: 'SMITH in Texas at 20 % of real size (thousands of Smiths)', scale: 0.2, states: ['TX'] as StateCode[], surnames: ['SMITH'] },
];

describe.each(sizes)('$label', ({ scale, states, surnames }) => {
  let dir: string;
  let simulator: SourceSimulator;
  const previousBaseUrl = process.env.SODA_BASE_URL;
  const previousLoopback = process.env.SOURCE_ALLOW_LOOPBACK;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'common-surnames-'));
    await generateScaledSampleData(dir, { scale, seed: '11', states: states as never });
    simulator = await startSourceSimulator({ dataDir: dir });
    process.env.SODA_BASE_URL = simulator.url;
    // The simulator is on this machine, as on the local stack.
    process.env.SOURCE_ALLOW_LOOPBACK = 'true';
  }, 180_000);
  afterAll(async () => {
    if (previousBaseUrl === undefined) delete process.env.SODA_BASE_URL;
    else process.env.SODA_BASE_URL = previousBaseUrl;
    if (previousLoopback === undefined) delete process.env.SOURCE_ALLOW_LOOPBACK;
    else process.env.SOURCE_ALLOW_LOOPBACK = previousLoopback;
    await simulator?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('are each answered as resolution over every row of the state would answer', async () => {
    const ports = portsFor();
    const tally: Tally = { licenses: 0, checked: 0, found: 0, notFound: 0, byVariant: { exact: 0, nickname: 0, typo: 0 }, mismatches: [] };
    for (const state of states) {
      const board = stateBoards[state]!;
      const ids = [...board.datasets.map((d) => d.id), ...(board.disciplineDataset ? [board.disciplineDataset.id] : [])];
      await checkState(state, surnames, await readRows(dir, ids), ports, tally);
    }
    console.log(
      `${tally.licenses} licenses; ${tally.checked} distinct verifications (exact ${tally.byVariant.exact}, nickname ${tally.byVariant.nickname}, typo ${tally.byVariant.typo}): ` +
        `${tally.found} found, ${tally.notFound} not_found (same-name people)`,
    );
    expect(tally.mismatches.slice(0, 20)).toEqual([]);
    expect(tally.byVariant.nickname).toBeGreaterThan(25);
    expect(tally.byVariant.typo).toBeGreaterThan(50);
    // Both kinds of answer occur: unique people found, same-name people never guessed.
    expect(tally.found).toBeGreaterThan(tally.checked * 0.2);
    expect(tally.notFound).toBeGreaterThan(10);
    if (surnames.length === 1) expect(tally.licenses).toBeGreaterThan(2_000);
  }, 300_000);
});
