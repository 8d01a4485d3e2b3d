/**
 * One part (chunk) of a state's scaled sample: a share of each of its datasets' target row counts,
 * made from its own random stream and written to its own files, so that chunks can run in parallel
 * (scaled-workers.ts) and still give the same bytes as running them one after another.
 *
 *   boards:  <partsDir>/<dataset-id>.<state>-<chunk>.part   rows joined by ",\n" (no brackets)
 *   nppes:   <outDir>/nppes/<STATE>-<chunk>-NN.json          at most 100,000 records a file
 *
 * Each chunk also picks the LEIE rows for a few of its licensees whose license was revoked or
 * suspended, and returns them.
 */
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import { coRows } from './co-rows.ts';
import { deDisciplineRows, deLicenseRow } from './de-rows.ts';
import { ilRows } from './il-rows.ts';
import { JsonArrayFiles, JsonElementsFile } from './json-array-writer.ts';
import { type LeieRow, sampleRows } from './leie-file.ts';
import { advancedPracticeNursing, datasets, type OtherLicense, type Profession, professionsIn, professionWeights } from './license-catalog.ts';
import type { License, Person } from './model.ts';
import { NpiIssuer, npiCheckDigit } from './npi.ts';
import { planPersonNppes } from './nppes-plan.ts';
import { individualRecord } from './nppes-records.ts';
import { type LaunchState, launchStates } from './places.ts';
import { Rng } from './prng.ts';
import { GivenNames, ScaledPeople } from './scaled-population.ts';
import type { SodaRow } from './soda-json.ts';
import { SurnameShares } from './surname-shares.ts';
import { aprnRow, medicalBoardRow, nursingRow } from './tx-rows.ts';
import { UniqueNumbers } from './unique-numbers.ts';
import { waRow } from './wa-rows.ts';

export interface ChunkTask {
  readonly outDir: string;
  readonly partsDir: string;
  /** The seed text of the whole scaled sample (seed and scale). */
  readonly rootSeed: string;
  readonly state: LaunchState;
  readonly chunk: number;
  readonly chunks: number;
  /** Rows this chunk writes to each dataset (Texas: all four; other states: the license dataset). */
  readonly targets: Readonly<Record<string, number>>;
}

export interface ChunkResult {
  readonly state: LaunchState;
  readonly chunk: number;
  /** Board rows per dataset id. */
  readonly boardRows: Readonly<Record<string, number>>;
  /** NPPES files written (relative to outDir) with their record counts. */
  readonly nppesFiles: readonly { readonly file: string; readonly count: number }[];
  readonly people: number;
  readonly licenses: number;
  readonly leieRows: readonly LeieRow[];
}

/** The board datasets each state publishes. */
export const stateDatasets: Readonly<Record<LaunchState, readonly string[]>> = {
  WA: [datasets.WA],
  CO: [datasets.CO],
  IL: [datasets.IL],
  TX: [datasets.TX_MEDICAL, datasets.TX_RN, datasets.TX_VN, datasets.TX_APRN],
  DE: [datasets.DE, datasets.DE_DISCIPLINE],
};

/** The most chunks a state is cut into (each owns a residue class of NPIs and license numbers). */
export const maxChunks = 64;
/** Licensees with a revoked or suspended license kept per state as LEIE candidates (leie-file.ts lists about a third). */
const leieCandidatesPerState = 300;
const npiParts = launchStates.length * maxChunks + 1;
export const leieNpiPart = npiParts - 1;

export function partFile(partsDir: string, dataset: string, state: LaunchState, chunk: number): string {
  return join(partsDir, `${dataset}.${state}-${chunk}.part`);
}

/** How likely a licensee of the scaled sample has an individual NPI. */
export function scaledNpiShare(profession: Profession): number {
  if (profession === 'physician' || profession === 'physician_assistant' || advancedPracticeNursing.has(profession)) return 0.95;
  if (profession === 'registered_nurse') return 0.15;
  if (profession === 'practical_nurse') return 0.05;
  return 0.5;
}

/**
 * NPIs from one of several disjoint parts of the number space (the body modulo the number of parts),
 * so that chunks and states never issue the same NPI.
 */
export class PartitionedNpiIssuer extends NpiIssuer {
  private readonly issuedHere = new Set<number>();

  constructor(
    private readonly draws: Rng,
    private readonly part: number,
  ) {
    super(draws);
  }

  override next(): string {
    const slots = Math.floor(100_000_000 / npiParts);
    for (;;) {
      const body = this.draws.int(0, slots - 1) * npiParts + this.part;
      const firstNine = `${this.draws.chance(0.8) ? '1' : '2'}${String(body).padStart(8, '0')}`;
      const npi = Number(`${firstNine}${npiCheckDigit(firstNine)}`);
      if (this.issuedHere.has(npi)) continue;
      this.issuedHere.add(npi);
      return String(npi);
    }
  }
}

/** Keeps a fixed-size uniform sample of a stream (algorithm R). */
class Reservoir<T> {
  readonly items: T[] = [];
  private seen = 0;

  constructor(
    private readonly rng: Rng,
    private readonly size: number,
  ) {}

  offer(item: T): void {
    this.seen++;
    if (this.items.length < this.size) this.items.push(item);
    else {
      const j = this.rng.int(0, this.seen - 1);
      if (j < this.size) this.items[j] = item;
    }
  }
}

/** Non-healthcare licensees and businesses among each state's rows (WA and TX publish healthcare only). */
const otherShares: Readonly<Record<LaunchState, { readonly other: number; readonly business: number }>> = {
  WA: { other: 0, business: 0 },
  TX: { other: 0, business: 0 },
  CO: { other: 0.06, business: 0.01 },
  IL: { other: 0.27, business: 0.01 },
  DE: { other: 0.08, business: 0.02 },
};

const otherRoles: Readonly<Partial<Record<LaunchState, readonly (readonly [OtherLicense, number])[]>>> = {
  IL: [
    ['cpa', 8],
    ['detective', 6],
    ['barber', 3],
    ['cosmetologist', 5],
    ['real_estate_broker', 6],
    ['veterinarian', 3],
  ],
  CO: [
    ['cosmetologist', 6],
    ['co_code_ec', 3],
    ['co_code_pc', 3],
    ['co_code_unknown', 2],
  ],
  DE: [
    ['veterinarian', 2],
    ['real_estate_broker', 3],
  ],
};

const aprnWeights: readonly (readonly [Profession, number])[] = professionWeights.filter(([p]) => advancedPracticeNursing.has(p));
const medicalBoardWeights: readonly (readonly [Profession, number])[] = [
  ['physician', 78],
  ['physician_assistant', 20],
  ['acupuncturist', 2],
];

/** Texas: who the next person is, chosen by how many rows each dataset still lacks. */
type TexasKind = 'aprn' | 'rn' | 'vn' | 'medical';

class ChunkWriter {
  private readonly boards = new Map<string, JsonElementsFile>();
  private readonly nppes: JsonArrayFiles;
  private readonly rowRng: Rng;
  private readonly nppesRng: Rng;
  private readonly npis: PartitionedNpiIssuer;
  readonly leieCandidates: Reservoir<Person>;
  people = 0;
  licenses = 0;

  constructor(task: ChunkTask, rng: Rng) {
    const { state, chunk } = task;
    for (const id of stateDatasets[state]) this.boards.set(id, new JsonElementsFile(partFile(task.partsDir, id, state, chunk)));
    this.nppes = new JsonArrayFiles(join(task.outDir, 'nppes'), 'nppes', `${state}-${String(chunk + 1).padStart(2, '0')}`, 100_000);
    this.rowRng = rng.fork('rows');
    this.nppesRng = rng.fork('nppes');
    this.npis = new PartitionedNpiIssuer(rng.fork('npi'), launchStates.indexOf(state) * maxChunks + chunk);
    this.leieCandidates = new Reservoir(rng.fork('leie-candidates'), Math.ceil(leieCandidatesPerState / task.chunks));
  }

  rows(id: string): number {
    return this.boards.get(id)?.count ?? 0;
  }

  private push(id: string, row: SodaRow): void {
    this.boards.get(id)!.push(row);
  }

  private writeLicense(license: License): void {
    const r = this.rowRng;
    switch (license.kind.dataset) {
      case datasets.WA:
        this.push(datasets.WA, waRow(r, license));
        break;
      case datasets.CO:
        for (const row of coRows(r, license)) this.push(datasets.CO, row);
        break;
      case datasets.IL:
        for (const row of ilRows(r, license)) this.push(datasets.IL, row);
        break;
      case datasets.TX_MEDICAL:
        this.push(datasets.TX_MEDICAL, medicalBoardRow(r, license));
        break;
      case datasets.TX_RN:
        this.push(datasets.TX_RN, nursingRow(license, true));
        break;
      case datasets.TX_VN:
        this.push(datasets.TX_VN, nursingRow(license, false));
        break;
      case datasets.TX_APRN: {
        const row = aprnRow(r, license);
        if (row) this.push(datasets.TX_APRN, row);
        break;
      }
      case datasets.DE:
        this.push(datasets.DE, deLicenseRow(license));
        for (const row of deDisciplineRows(license)) this.push(datasets.DE_DISCIPLINE, row);
        break;
    }
    this.licenses++;
  }

  /** Writes the rows of a person's (or a business's) licenses, and a person's NPPES record. */
  write(holder: Person | { readonly licenses: readonly License[] }): void {
    for (const license of holder.licenses) this.writeLicense(license);
    if (!('sex' in holder)) return;
    this.people++;
    const person = holder;
    if (!person.profession) return;
    const plan = planPersonNppes(this.nppesRng, person, undefined, scaledNpiShare(person.profession), () => this.npis.next());
    if (plan) {
      person.nppes = plan;
      this.nppes.push(individualRecord(this.nppesRng, person));
    }
    if (person.licenses.some((l) => l.status.meaning === 'revoked' || l.status.meaning === 'suspended')) this.leieCandidates.offer(person);
  }

  close(): { boardRows: Record<string, number>; nppesFiles: readonly { file: string; count: number }[] } {
    const boardRows: Record<string, number> = {};
    for (const [id, file] of this.boards) boardRows[id] = file.close();
    return { boardRows, nppesFiles: this.nppes.close() };
  }
}

function fillTexas(people: ScaledPeople, writer: ChunkWriter, rng: Rng, targets: Readonly<Record<string, number>>): void {
  const lacking = (id: string): number => Math.max(0, (targets[id] ?? 0) - writer.rows(id));
  for (;;) {
    const aprn = lacking(datasets.TX_APRN);
    const kinds: (readonly [TexasKind, number])[] = [
      ['aprn', aprn],
      ['rn', Math.max(0, lacking(datasets.TX_RN) - aprn)],
      ['vn', lacking(datasets.TX_VN)],
      ['medical', lacking(datasets.TX_MEDICAL)],
    ];
    if (kinds.every(([, n]) => n === 0)) return;
    const kind = rng.weighted(kinds);
    const profession: Profession =
      kind === 'aprn' ? rng.weighted(aprnWeights) : kind === 'rn' ? 'registered_nurse' : kind === 'vn' ? 'practical_nurse' : rng.weighted(medicalBoardWeights);
    const person = people.person(profession);
    // The APRN-Active dataset lists only authorisations whose RN license is current.
    people.practice(person, { currentRn: kind === 'aprn' });
    writer.write(person);
  }
}

function fillState(state: Exclude<LaunchState, 'TX'>, people: ScaledPeople, writer: ChunkWriter, rng: Rng, targets: Readonly<Record<string, number>>): void {
  const main = stateDatasets[state][0]!;
  const wanted = targets[main] ?? 0;
  const available = new Set(professionsIn(state));
  const weights = professionWeights.filter(([p]) => available.has(p));
  const shares = otherShares[state];
  while (writer.rows(main) < wanted) {
    const x = rng.float();
    if (x < shares.business) {
      const org = people.pharmacy();
      people.licenseFor(org, 'pharmacy_business');
      writer.write(org);
    } else if (x < shares.business + shares.other) {
      const person = people.person(null);
      people.licenseFor(person, rng.weighted(otherRoles[state]!));
      writer.write(person);
    } else {
      const person = people.person(rng.weighted(weights));
      people.practice(person);
      if (state === 'IL' && rng.chance(0.03))
        people.licenseFor(person, rng.pick(['cpa', 'real_estate_broker', 'detective', 'barber', 'cosmetologist'] as const));
      if (state === 'CO' && rng.chance(0.03)) people.licenseFor(person, rng.pick(['co_code_ec', 'co_code_pc'] as const));
      writer.write(person);
    }
  }
}

let tables: { readonly names: GivenNames; readonly surnames: SurnameShares } | undefined;

export function generateChunk(task: ChunkTask): ChunkResult {
  tables ??= { names: new GivenNames(), surnames: SurnameShares.load() };
  const { state, chunk } = task;
  const rng = new Rng(task.rootSeed).fork(`state:${state}`).fork(`chunk:${chunk}`);
  const writer = new ChunkWriter(task, rng);
  const idBase = 100_000_000 * (launchStates.indexOf(state) + 1) + 1_000_000 * chunk;
  const people = new ScaledPeople(rng.fork('people'), state, tables.names, tables.surnames, new UniqueNumbers(chunk, task.chunks), idBase);
  const mix = rng.fork('mix');
  if (state === 'TX') fillTexas(people, writer, mix, task.targets);
  else fillState(state, people, writer, mix, task.targets);
  const { boardRows, nppesFiles } = writer.close();
  const leieRows = sampleRows(rng.fork('leie'), writer.leieCandidates.items, []);
  return { state, chunk, boardRows, nppesFiles, people: writer.people, licenses: writer.licenses, leieRows };
}

/** Worker side: answers each posted ChunkTask with `{ result }` or `{ error }`. */
export function serveChunks(): void {
  parentPort?.on('message', (task: ChunkTask) => {
    try {
      parentPort!.postMessage({ result: generateChunk(task) });
    } catch (error) {
      parentPort!.postMessage({ error: (error as Error).stack ?? String(error) });
    }
  });
}
