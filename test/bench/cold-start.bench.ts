/**
 * Cold start of every function: its bundle, built with the CDK stack's own esbuild settings, and its
 * initialisation time in a fresh Node process (init-timer.ts), beside an empty handler's bundle built
 * and loaded the same way, run by run.
 *
 * Reference handlers show the parts every function shares: the frame every route starts from (middy,
 * the Powertools logger and metrics, error shape, validation), and the authenticated pipeline
 * every API-key route adds (key check, limits, idempotency: the DynamoDB client), also without
 * source-mapped stack traces to show what those cost. A miss is explained from these and from what the
 * function's bundle holds beyond its pipeline.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { functionBundling } from '#shared/platform/infra/function-bundling.ts';
import { fallbackRoute, routes, workers } from '#shared/platform/infra/routes.ts';
import { bundleFunction, repoRoot, type FunctionBundle } from './function-bundles.ts';
import { fmt, kib, median, packageFamily, range, summarise, times, type Benchmark, type Figure } from './harness.ts';
import { initTimer } from './init-timer.ts';

const runs = 9;
const target = 3;

interface Subject {
  readonly id: string;
  readonly label: string;
  readonly kind: 'API' | 'worker' | 'reference';
  /** Path from the repository root, or absolute. */
  readonly entry: string;
  readonly memoryMb: number;
  /** API routes: which pipeline the handler is built on. */
  readonly auth?: 'api_key' | 'public';
  readonly nodeOptions?: string;
}

const noContent = `async () => ({ statusCode: 204, headers: {}, body: '' })`;

/** Reference handlers, written as files next to their bundles. */
const references: (Omit<Subject, 'entry' | 'memoryMb' | 'kind'> & { source: string })[] = [
  { id: 'EmptyHandler', label: 'Empty handler (the baseline)', source: `export const handler = ${noContent};\n` },
  {
    id: 'FrameOnly',
    label: 'Reference: the frame alone (middy; Powertools logger and metrics; error shape)',
    source: `import { framedHandler } from '${join(repoRoot, 'shared/api/http/pipeline-frame.ts')}';\nexport const handler = framedHandler(${noContent});\n`,
  },
  {
    id: 'AuthenticatedPipelineOnly',
    label: 'Reference: the authenticated pipeline alone (the frame + API-key check, limits, idempotency)',
    source: `import { apiHandler } from '${join(repoRoot, 'shared/api/http/pipeline.ts')}';\nexport const handler = apiHandler('GetAccount', {}, ${noContent});\n`,
  },
  {
    id: 'AuthenticatedPipelineWithSourceMaps',
    label: 'Reference: the same, with NODE_OPTIONS=--enable-source-maps (the functions map stacks only when an error is logged)',
    source: `import { apiHandler } from '${join(repoRoot, 'shared/api/http/pipeline.ts')}';\nexport const handler = apiHandler('GetAccount', {}, ${noContent});\n`,
    nodeOptions: '--enable-source-maps',
  },
];

const functions: Subject[] = [
  ...routes.map((r) => ({
    id: r.id,
    label: `${r.id} (${r.method} ${r.path})`,
    kind: 'API' as const,
    entry: r.entry,
    memoryMb: r.memoryMb ?? 512,
    auth: r.auth,
  })),
  { id: fallbackRoute.id, label: `${fallbackRoute.id} (unmatched routes)`, kind: 'API', entry: fallbackRoute.entry, memoryMb: 512, auth: 'public' },
  ...workers.map((w) => ({ id: w.id, label: `${w.id} (${w.queue} queue)`, kind: 'worker' as const, entry: w.entry, memoryMb: w.memoryMb ?? 512 })),
];

interface Measured {
  readonly subject: Subject;
  readonly bundle: FunctionBundle;
  readonly init: number[];
  readonly importMs: number[];
  /** Init ÷ the empty handler's init measured just before, one per run. */
  readonly ratio: number[];
}

function byFamily(bundle: FunctionBundle): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const p of bundle.parts) sizes.set(packageFamily(p.name), (sizes.get(packageFamily(p.name)) ?? 0) + p.bytes);
  return sizes;
}

/** What `bundle` holds beyond `base`, largest first. */
function partsBeyond(bundle: FunctionBundle, base: FunctionBundle, count: number): string {
  const baseBytes = byFamily(base);
  const extra = [...byFamily(bundle)]
    .map(([name, bytes]) => ({ name, bytes: bytes - (baseBytes.get(name) ?? 0) }))
    .filter((p) => p.bytes >= 1024)
    .sort((a, b) => b.bytes - a.bytes);
  if (extra.length === 0) return 'nothing of note';
  return extra
    .slice(0, count)
    .map((p) => `${p.name} ${kib(p.bytes)}`)
    .join(', ');
}

export const coldStartBenchmark: Benchmark = {
  id: 'cold-start',
  title: 'Cold start: bundle size and module initialisation of every function',
  async run() {
    const root = join(repoRoot, 'node_modules', '.cache', 'cold-start-bench');
    await rm(root, { recursive: true, force: true });
    await mkdir(root, { recursive: true });
    try {
      const time = await initTimer(root);
      const subjects: Subject[] = [];
      for (const ref of references) {
        const entry = join(root, `${ref.id}.ts`);
        await writeFile(entry, ref.source);
        subjects.push({ ...ref, kind: 'reference', entry, memoryMb: 512 });
      }
      subjects.push(...functions);
      const measured: Measured[] = [];
      for (const subject of subjects) {
        measured.push({ subject, bundle: await bundleFunction(subject.entry, join(root, subject.id)), init: [], importMs: [], ratio: [] });
      }
      const byId = (id: string) => measured.find((m) => m.subject.id === id)!;
      const empty = byId('EmptyHandler');
      const measure = (m: Measured) =>
        time({
          functionName: m.subject.id,
          bundleFile: m.bundle.file,
          memoryMb: m.subject.memoryMb,
          ...(m.subject.nodeOptions !== undefined ? { nodeOptions: m.subject.nodeOptions } : {}),
        });

      // Warm-up: every bundle into the file cache, as on a Lambda host where the code was just unpacked.
      for (const m of measured) await measure(m);
      // Each run follows an empty-handler run, so each ratio compares two runs made side by side.
      for (let r = 0; r < runs; r++) {
        for (const m of measured) {
          if (m === empty) continue;
          const base = await measure(empty);
          const own = await measure(m);
          empty.init.push(base.init);
          empty.importMs.push(base.importMs);
          m.init.push(own.init);
          m.importMs.push(own.importMs);
          m.ratio.push(own.init / base.init);
        }
      }

      const frame = byId('FrameOnly');
      const authenticated = byId('AuthenticatedPipelineOnly');
      const withMaps = byId('AuthenticatedPipelineWithSourceMaps');
      /** The pipeline a bundle is compared with: the authenticated pipeline for API-key routes, else the frame. */
      const pipelineOf = (m: Measured): Measured => {
        if (m === frame) return empty;
        return m.subject.auth === 'api_key' ? authenticated : frame;
      };
      const r = (m: Measured) => times(median(m.ratio));
      /** A missed function's own reason: the pipeline it is built on, and what it holds beyond. */
      const why = (m: Measured): string => {
        const base = pipelineOf(m);
        const on = base === authenticated ? `the authenticated pipeline (${r(authenticated)}× alone)` : `the frame (${r(frame)}× alone)`;
        return `built on ${on}; beyond it the bundle holds ${partsBeyond(m.bundle, base.bundle, 3)}`;
      };
      const publicMisses = (ids: string[]) =>
        ids.length ? ` Public routes that read a table or a key (${ids.join(', ')}) load the AWS SDK runtime and its client on top of the frame.` : '';

      const figures: Figure[] = [];
      const rows: string[][] = [];
      const missedPublic: string[] = [];
      for (const m of measured) {
        const { subject, bundle } = m;
        const isBaseline = m === empty;
        const targeted = subject.kind === 'API';
        figures.push(summarise(`${subject.id}: bundle`, 'KiB', [bundle.bytes / 1024]), summarise(`${subject.id}: init`, 'ms', m.init));
        let missed = false;
        if (!isBaseline) {
          const ratio = summarise(
            `${subject.id}: init ÷ the empty handler's`,
            '×',
            m.ratio,
            targeted ? { target: { op: '<=', value: target }, group: 'api-init' } : {},
          );
          missed = targeted && ratio.median > target;
          if (missed && subject.auth === 'public') missedPublic.push(subject.id);
          figures.push(missed ? { ...ratio, note: why(m) } : ratio);
        }
        rows.push([
          subject.label,
          subject.kind === 'API' ? (subject.auth === 'api_key' ? 'API, key' : 'API, public') : subject.kind,
          kib(bundle.bytes),
          range(m.init, fmt),
          fmt(median(m.importMs)),
          isBaseline ? '1' : range(m.ratio, times),
          targeted ? `<= ${target}` : '—',
          targeted ? (missed ? '**no**' : 'yes') : '—',
          isBaseline ? '—' : partsBeyond(bundle, pipelineOf(m).bundle, 3),
        ]);
      }
      const groupNote =
        `on this measure every API-key route starts from the authenticated pipeline, which alone is ${r(authenticated)}× the empty handler: the frame (middy with the Powertools logger and metrics, which stay on every function) is ${r(frame)}×, and the DynamoDB client the key check needs adds the AWS SDK runtime; ` +
        `NODE_OPTIONS=--enable-source-maps would add ${times(median(withMaps.ratio) - median(authenticated.ratio))}× by reading and parsing the bundle's source map at load (the pipeline with it: ${r(withMaps)}×); the functions run without it and map a stack only when an error is logged. ` +
        'Functions that verify add the given-name tables and the source clients; GetCertificatePdf keeps pdf-lib, node-forge and the fonts in its bundle (they are evaluated only when a PDF is first made).' +
        publicMisses(missedPublic);
      return {
        groups: [{ id: 'api-init', label: `Each API function's init <= ${target}× the empty handler's`, note: groupNote }],
        intro: [
          `Every function bundled with the stack's own esbuild settings (shared/platform/infra/function-bundling.ts: ESM, ${functionBundling.target}, minified, source maps, the AWS SDK bundled) and loaded in a fresh Node ${process.version} process on this machine (Lambda runs Node 22 on arm64), ${runs} times each after a warm-up.`,
          "**Init** is the wall time from the process start (its performance time origin) until `import()` of the bundle has resolved with the handler: Node starting plus the module loading and evaluating, the analogue of the Init Duration Lambda reports (where the runtime's own start is longer than a bare Node start, so the same code gives lower ratios).",
          "**× empty** divides it by the init of an empty handler's bundle measured just before it, run by run: the empty handler's init is what no code can remove, so the ratio says how much a function's own loading adds, and the 3× target allows a function twice the runtime's own start.",
          'The import alone is shown but not used for the ratio: an empty module imports in a few milliseconds, mostly fixed costs of the module loader, so a ratio of imports would measure noise.',
          `Each child runs with the function's Lambda start-up environment (no NODE_OPTIONS, the Powertools settings, the Lambda variables a function starts with).`,
          '**Beyond its pipeline** lists the largest parts of the bundle that the authenticated pipeline (API-key routes) or the frame (the others) does not hold.',
        ].join(' '),
        table: {
          columns: ['Function', 'Kind', 'Bundle', 'Init, ms (min–max)', 'Import alone, ms', '× empty (min–max)', 'Target', 'Met', 'Beyond its pipeline'],
          rows,
        },
        figures,
      };
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
};
